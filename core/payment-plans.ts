/**
 * The rules of a payment plan (διακανονισμός, #38 §1) a customer sets up themselves: who may,
 * the instalment counts offered, the schedule, the interest, when an instalment is missed and
 * what a covered bill shows. Pure: the API, the page, the hourly job and the tests read the same
 * functions. The figures are core/hardship.ts PAYMENT_PLAN (each with its source).
 *
 * A plan's life (api/payment-plans/): `open` when set up (its first instalment not paid yet:
 * nothing changes for the customer), `kept` once the first instalment is paid (the covered bills
 * show "in a payment plan", the overdue notices stop), `completed` when every instalment is paid,
 * `ended` when one is missed or the customer withdraws an unpaid plan (the balance is overdue again).
 */
import { isOverdue } from "./balance";
import { athensDayOf } from "./dates";
import { PAYMENT_PLAN } from "./hardship";
import { can } from "./permissions";
import { isActiveMeterStatus } from "./meter-status";
import type { Role } from "./contract/users";

export const PLAN_STATUSES = ["open", "kept", "ended", "completed"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Why a plan ended: an instalment missed, or the customer withdrew it before paying the first. */
export const PLAN_END_REASONS = ["missed", "withdrawn"] as const;
export type PlanEndReason = (typeof PLAN_END_REASONS)[number];

/** A plan that holds its supply: at most one per supply (the partial unique index of 0032). */
export const isLivePlan = (status: string) => status === "open" || status === "kept";

export interface PlanSupply {
  status: string;
  running_total_cents: number;
  last_invoice_due_date: string | null;
}

export type Ineligibility =
  "not_permitted" | "not_payable" | "not_overdue" | "below_minimum" | "plan_open";

/**
 * May this person set up a plan for this supply today? Reasons in the order the page explains
 * them: a business `user` cannot (manage_supply, #18); the supply must be Active or Stopped
 * (what can be paid, spec §5), overdue (core/balance.ts) by at least the minimum, and without a
 * live plan.
 */
export function planEligibility(input: {
  role: Role;
  supply: PlanSupply;
  hasLivePlan: boolean;
  today: string;
}): { eligible: true } | { eligible: false; reason: Ineligibility } {
  const { supply } = input;
  const refuse = (reason: Ineligibility) => ({ eligible: false as const, reason });
  if (!can(input.role, "manage_supply")) return refuse("not_permitted");
  if (!isActiveMeterStatus(supply.status)) return refuse("not_payable");
  if (input.hasLivePlan) return refuse("plan_open");
  const overdue = isOverdue(
    {
      status: supply.status,
      running_total: supply.running_total_cents / 100,
      last_invoice_due_date: supply.last_invoice_due_date,
    },
    input.today,
  );
  if (!overdue) return refuse("not_overdue");
  if (supply.running_total_cents < PAYMENT_PLAN.minOverdueCents) return refuse("below_minimum");
  return { eligible: true };
}

/** The most instalments a customer may choose: more for one on the vulnerable register. */
export function maxInstalments(registered: boolean): number {
  return registered ? PAYMENT_PLAN.maxInstalmentsVulnerable : PAYMENT_PLAN.maxInstalments;
}

/**
 * The counts offered for a balance: 2 up to the maximum, each instalment at least the minimum
 * (the smallest one, without the first's remainder, is floor(total / n)). A small balance is
 * offered fewer; one below two minimum instalments none.
 */
export function instalmentCounts(totalCents: number, registered: boolean): number[] {
  const byAmount = Math.floor(totalCents / PAYMENT_PLAN.minInstalmentCents);
  const top = Math.min(maxInstalments(registered), byAmount);
  const counts: number[] = [];
  for (let n = PAYMENT_PLAN.minInstalments; n <= top; n++) counts.push(n);
  return counts;
}

/** The yearly rate a plan carries, basis points: never any for a registered customer. */
export function planInterestBasisPoints(
  registered: boolean,
  configured: number = PAYMENT_PLAN.interestBasisPoints,
): number {
  return registered ? 0 : configured;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `start` (YYYY-MM-DD) plus `months`, on the same day of the month, clamped to its last day. */
export function addMonthsClamped(start: string, months: number): string {
  const [y, m, d] = start.slice(0, 10).split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // Day 0 of the next month is the last day of this one (UTC: no time zone can shift it).
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** `day` (YYYY-MM-DD) plus `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface ScheduledInstalment {
  /** 1 for the first (due on the start day), then one a month. */
  n: number;
  due_date: string;
  /** What the customer pays: principal plus interest, cents. */
  amount_cents: number;
  principal_cents: number;
  interest_cents: number;
}

/**
 * The schedule of a plan: the first instalment due on `start` (today), then monthly on the same
 * day (month-end clamped). The balance is split in whole cents that add up exactly: the remainder
 * of the division goes on the first. Interest is simple, monthly, on the principal still unpaid
 * in the month before each instalment (so the first, due now, carries none), rounded per
 * instalment to the cent: interest_k = round(unpaid_k × bp / 10 000 / 12).
 */
export function planSchedule(input: {
  totalCents: number;
  count: number;
  start: string;
  interestBasisPoints: number;
}): ScheduledInstalment[] {
  const { totalCents, count, start, interestBasisPoints } = input;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count ${count}`);
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`total ${totalCents}`);
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  const schedule: ScheduledInstalment[] = [];
  let unpaid = totalCents;
  for (let k = 0; k < count; k++) {
    const principal = k === 0 ? base + remainder : base;
    const interest = k === 0 ? 0 : Math.round((unpaid * interestBasisPoints) / 120_000);
    schedule.push({
      n: k + 1,
      due_date: addMonthsClamped(start, k),
      amount_cents: principal + interest,
      principal_cents: principal,
      interest_cents: interest,
    });
    unpaid -= principal;
  }
  return schedule;
}

export interface PlanInstalment {
  n: number;
  due_date: string;
  paid_at: string | null;
}

/** The last day an instalment may still be paid before it counts as missed. */
export const lastDayToPay = (dueDate: string) => addDays(dueDate, PAYMENT_PLAN.graceDays);

/** Missed: unpaid more than graceDays after its date (paid on the last grace day is in time). */
export function isMissed(instalment: PlanInstalment, today: string): boolean {
  return instalment.paid_at === null && today.slice(0, 10) > lastDayToPay(instalment.due_date);
}

export type InstalmentState = "paid" | "due" | "late" | "missed" | "upcoming";

/**
 * What the schedule shows for an instalment: paid; missed (past its grace); late (past its date,
 * within the grace); due (today is its date, or it is the next unpaid one whose date has come);
 * upcoming.
 */
export function instalmentState(instalment: PlanInstalment, today: string): InstalmentState {
  if (instalment.paid_at !== null) return "paid";
  const day = today.slice(0, 10);
  if (isMissed(instalment, day)) return "missed";
  if (day > instalment.due_date) return "late";
  if (day === instalment.due_date) return "due";
  return "upcoming";
}

/** The first instalment that ends the plan today, or null. */
export function missedInstalment<I extends PlanInstalment>(
  instalments: readonly I[],
  today: string,
): I | null {
  return [...instalments].sort((a, b) => a.n - b.n).find((i) => isMissed(i, today)) ?? null;
}

/** The next instalment to pay (the lowest unpaid), or null when all are paid. */
export function nextInstalment<I extends PlanInstalment>(instalments: readonly I[]): I | null {
  return [...instalments].sort((a, b) => a.n - b.n).find((i) => i.paid_at === null) ?? null;
}

/**
 * The status a bill shows. A kept plan covers the supply's bills issued up to the day it was set
 * up: such a bill that is still unpaid shows "in a payment plan" instead of overdue. A bill
 * issued later is the customer's to pay as usual, and is overdue as usual.
 */
export function coveredByPlan(
  bill: { issue_date: string },
  plan: { status: string; created_at: string } | null | undefined,
): boolean {
  if (!plan || plan.status !== "kept") return false;
  // The plan's day in Athens, as every date the customer sees.
  return bill.issue_date.slice(0, 10) <= (athensDayOf(plan.created_at) ?? "");
}
