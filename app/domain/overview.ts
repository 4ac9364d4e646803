import type { ApiInvoice, ApiMeter, ApiUser, InvoiceType } from "../../core/contract";
import { toCents } from "../../core/gateway";
import { billLines, type BillLine } from "../../core/bill-lines";
import { owes } from "../../core/balance";
import { isActiveMeterStatus, isIntermediateMeterStatus } from "../../core/meter-status";
import { resolveSelectedMeter, selectMeterOnLogin } from "./meters";

/**
 * The overview's rules (spec §2 "Banner", "Modals", §3 Dashboard/Invoice, §4 "Charts use the last
 * six Clearance invoices") and the supplies page's status, search and paging, as pure functions:
 * the loaders only fetch and project, so every rule here is unit tested (overview.test.ts).
 */

// ---------------------------------------------------------------------------------------------
// Money and the top banner

/** Spec §3: total = ypoloipo + total_value, to 2 decimals (summed in cents, so exact). */
export function billTotal(invoice: Pick<ApiInvoice, "ypoloipo" | "total_value">): number {
  return (toCents(invoice.ypoloipo) + toCents(invoice.total_value)) / 100;
}

/** Spec §2 Layout: the top banner is hidden when the selected meter is not Active or Stopped. */
export function showTopBanner(meter: Pick<ApiMeter, "status"> | null | undefined): boolean {
  return !!meter && isActiveMeterStatus(meter.status);
}

/** Spec §2 Banner: "Pay online" only when running_total is above 0. */
export function showPayButton(meter: Pick<ApiMeter, "running_total">): boolean {
  return toCents(meter.running_total) > 0;
}

/** Spec §2 Banner: the deadline date when something is owed, otherwise the last payment date. */
export function bannerDate(
  meter: Pick<ApiMeter, "running_total" | "last_invoice_due_date" | "last_payment_date">,
): { kind: "deadline" | "lastPayment"; date: string | null } {
  return showPayButton(meter)
    ? { kind: "deadline", date: meter.last_invoice_due_date }
    : { kind: "lastPayment", date: meter.last_payment_date };
}

/** Spec §2 Banner: the bill type heading is shown only for Clearance or Advance. */
export function billTypeHeading(
  invoice: Pick<ApiInvoice, "type"> | null | undefined,
): "Clearance" | "Advance" | null {
  return invoice?.type === "Clearance" || invoice?.type === "Advance" ? invoice.type : null;
}

/** Rows of the billing history that are bills (not payments, not reversals of a bill). */
const BILL_TYPES: readonly InvoiceType[] = ["Clearance", "Advance", "Manual", "Credit"];

export function isBill(invoice: Pick<ApiInvoice, "type">): boolean {
  return BILL_TYPES.includes(invoice.type);
}

type Dated = Pick<ApiInvoice, "id" | "issue_date">;

/** Newest first: by issue date, then by id (the ledger's own order, reversed). */
export function newestFirst<T extends Dated>(a: T, b: T): number {
  if (a.issue_date !== b.issue_date) return a.issue_date < b.issue_date ? 1 : -1;
  return b.id - a.id;
}

/** The last invoice the top banner and the dashboard show: the newest bill, whatever the API order. */
export function latestBill<T extends Dated & Pick<ApiInvoice, "type">>(
  history: readonly T[],
): T | null {
  return [...history].filter(isBill).sort(newestFirst)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Dashboard

export interface Dashboard {
  currentBill: number | null;
  totalDue: number;
  lastPayment: { amount: number; date: string | null };
  /**
   * The last bill's lines (core/bill-lines.ts: energy first, the same lines and words as the bill
   * page and the PDF) and their sum, the bill's current amount; null without a bill.
   */
  charges: { lines: BillLine[]; totalCents: number; consistent: boolean } | null;
  dayKwh: number | null;
  nightKwh: number | null;
  /** Only for supplies with PV (has_pv = 1); otherwise null and not shown. */
  pvKwh: number | null;
  hasNight: boolean;
  /** The last bill's consumption is estimated (issue #20): its kWh say so. */
  estimated: boolean;
  /** The billing period the charges and consumption belong to. */
  periodFrom: string | null;
  periodTo: string | null;
}

function dashboardCharges(bill: ApiInvoice): NonNullable<Dashboard["charges"]> {
  const lines = billLines(bill);
  return { lines: lines.lines, totalCents: lines.linesCents, consistent: lines.consistent };
}

/** Spec §3 Dashboard: the balance from the supply, the charges and consumption from its last bill. */
export function dashboard(
  meter: Pick<
    ApiMeter,
    "running_total" | "trn_value" | "last_payment_date" | "has_pv" | "has_night"
  >,
  bill: ApiInvoice | null,
): Dashboard {
  return {
    currentBill: bill ? bill.total_value : null,
    totalDue: meter.running_total,
    lastPayment: { amount: meter.trn_value, date: meter.last_payment_date },
    charges: bill ? dashboardCharges(bill) : null,
    dayKwh: bill?.day_kwh ?? null,
    nightKwh: meter.has_night === 1 ? (bill?.night_kwh ?? null) : null,
    pvKwh: meter.has_pv === 1 ? (bill?.pv_kwh ?? 0) : null,
    hasNight: meter.has_night === 1,
    estimated: bill?.consumption_source === "estimated",
    periodFrom: bill?.period_from ?? null,
    periodTo: bill?.period_to ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Charts: the last six Clearance invoices, and the same period a year earlier

type PeriodInvoice = Pick<
  ApiInvoice,
  | "id"
  | "type"
  | "issue_date"
  | "period_from"
  | "period_to"
  | "total_value"
  | "day_kwh"
  | "night_kwh"
  | "consumption_source"
>;

/** The date a Clearance "belongs to": the end of its billing period, else its issue date. */
export function periodEnd(invoice: Pick<ApiInvoice, "period_to" | "issue_date">): string {
  return (invoice.period_to ?? invoice.issue_date).slice(0, 10);
}

function byPeriodEndAsc<T extends PeriodInvoice>(a: T, b: T): number {
  const ea = periodEnd(a);
  const eb = periodEnd(b);
  if (ea !== eb) return ea < eb ? -1 : 1;
  return a.id - b.id;
}

/** Spec §4/§9: charts use the last six Clearance invoices, listed oldest → newest (left → right). */
export function lastSixClearance<T extends PeriodInvoice>(history: readonly T[]): T[] {
  return history
    .filter((i) => i.type === "Clearance")
    .sort(byPeriodEndAsc)
    .slice(-6);
}

export function consumptionKwh(invoice: Pick<ApiInvoice, "day_kwh" | "night_kwh">): number {
  return (invoice.day_kwh ?? 0) + (invoice.night_kwh ?? 0);
}

/** A row of a chart and of the data table beside it. */
export interface ChartPoint {
  /** Period end, YYYY-MM-DD (the table shows the whole period). */
  periodFrom: string | null;
  periodTo: string;
  amount: number;
  dayKwh: number;
  nightKwh: number;
  kwh: number;
  /** The bill's consumption is estimated (issue #20): drawn lighter, said in the table. */
  estimated: boolean;
}

export function chartPoints(invoices: readonly PeriodInvoice[]): ChartPoint[] {
  return invoices.map((i) => ({
    periodFrom: i.period_from,
    periodTo: periodEnd(i),
    amount: i.total_value,
    dayKwh: i.day_kwh,
    nightKwh: i.night_kwh,
    kwh: consumptionKwh(i),
    estimated: i.consumption_source === "estimated",
  }));
}

const DAY_MS = 86_400_000;

function utcDay(isoDate: string): number {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** The same calendar day a year earlier (29 February → 28 February). */
export function oneYearEarlier(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  const year = (y ?? 1970) - 1;
  const month = m ?? 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d ?? 1, lastDay);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** How far apart the periods may end and still count as "the same period a year earlier". */
export const YEAR_MATCH_TOLERANCE_DAYS = 31;

export interface YearComparison<T> {
  current: T;
  /** The Clearance of the same period a year earlier; null when there is none ("no data"). */
  previous: T | null;
  /** Change in percent (current vs previous), null without a previous period or from zero. */
  kwhChange: number | null;
  amountChange: number | null;
}

function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/**
 * Year-on-year pairing: the latest Clearance against the Clearance whose period ended one year
 * earlier, within ±31 days (the closest one if several). No Clearance at all → null; no older
 * period (a new supply, or history shorter than a year) → `previous: null`.
 */
export function yearOnYear<T extends PeriodInvoice>(
  history: readonly T[],
): YearComparison<T> | null {
  const clearances = history.filter((i) => i.type === "Clearance").sort(byPeriodEndAsc);
  const current = clearances.at(-1);
  if (!current) return null;
  const target = utcDay(oneYearEarlier(periodEnd(current)));
  let previous: T | null = null;
  let best = Infinity;
  for (const candidate of clearances) {
    if (candidate === current) continue;
    const distance = Math.abs(utcDay(periodEnd(candidate)) - target) / DAY_MS;
    if (distance <= YEAR_MATCH_TOLERANCE_DAYS && distance < best) {
      best = distance;
      previous = candidate;
    }
  }
  return {
    current,
    previous,
    kwhChange: previous ? percentChange(consumptionKwh(current), consumptionKwh(previous)) : null,
    amountChange: previous ? percentChange(current.total_value, previous.total_value) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Dialogs

type PayMeter = Pick<ApiMeter, "id" | "status" | "running_total">;

/**
 * Supplies the pay-several dialog lists: those that owe (core/balance.ts, Active or Stopped with a
 * balance: the same the overview, the pay page and the menu badge count, #35 §1).
 */
export function paySeveralMeters<M extends PayMeter>(meters: readonly M[]): M[] {
  return meters.filter(owes);
}

/**
 * Spec §2 Modals, "pay multiple meters": more than one supply that owes (#35: Stopped too), the
 * user needs no activation, it is not the first login, and no user pop-up is open. The portal
 * also keeps it closed once the user dismissed it in this session.
 */
export function showPaySeveral(input: {
  user: Pick<ApiUser, "needs_activation" | "first_login_settings_open">;
  meters: readonly PayMeter[];
  userPopupOpen: boolean;
  dismissedThisSession: boolean;
}): boolean {
  return (
    paySeveralMeters(input.meters).length > 1 &&
    input.user.needs_activation === 0 &&
    input.user.first_login_settings_open === 0 &&
    !input.userPopupOpen &&
    !input.dismissedThisSession
  );
}

/** The user pop-up is shown whenever the API still returns one (it returns null once dismissed). */
export function showUserPopup(user: Pick<ApiUser, "popup">): boolean {
  return user.popup !== null && user.popup !== undefined && user.popup.title.trim() !== "";
}

/** Where a pop-up's button may lead: a same-site path or an http(s) URL, nothing else. */
export function safePopupUrl(url: string | null | undefined): string | null {
  const value = (url ?? "").trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Meter selection (spec §4): the rules live in meters.ts (shared with the shell); re-exported here
// so the overview's tests cover them from the overview's side too.

export { resolveSelectedMeter, selectMeterOnLogin };

/** Billing history paging after a change of supply (spec §4, §9): page 1, size 10. */
export const BILLING_PAGING_RESET = { page: 1, size: 10 } as const;

// ---------------------------------------------------------------------------------------------
// The supplies page (/b2b/paroxes)

export type SupplyStatus = "active" | "waiting" | "inactive";

/** Onboarding statuses that ended without a supply: the application was cancelled or rejected. */
const FAILED_APPLICATION = new Set([
  "OpenCanceled",
  "OpenRejected",
  "Canceled",
  "Cancelled",
  "ThallisRejected",
]);

/**
 * Supply status of spec §3 ("active, waiting representation or inactive") from the meter status:
 * Active → active; onboarding statuses still in progress (OpenUnchecked, OpenChecked, Submitted,
 * ThallisConfirmed, OpenPending, …) → waiting representation; Stopped (supply cut, account still
 * open), Inactive, Terminated and failed applications → inactive.
 */
export function supplyStatus(meterStatus: string): SupplyStatus {
  if (meterStatus === "Active") return "active";
  if (isIntermediateMeterStatus(meterStatus) && !FAILED_APPLICATION.has(meterStatus)) {
    return "waiting";
  }
  return "inactive";
}

export const SUPPLY_PAGE_SIZE = 25;

export interface SupplyFilters {
  q: string;
  kind: "electricity" | "gas" | "";
  status: SupplyStatus | "";
  /** "owing": only the supplies that owe (core/balance.ts, #35 §7). */
  balance: "owing" | "";
  page: number;
}

/** Reads the supplies page's URL (GET form); anything unknown falls back to "all" / page 1. */
export function parseSupplyFilters(params: URLSearchParams): SupplyFilters {
  const kind = params.get("kind");
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    kind: kind === "electricity" || kind === "gas" ? kind : "",
    status: status === "active" || status === "waiting" || status === "inactive" ? status : "",
    balance: params.get("balance") === "owing" ? "owing" : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Case- and accent-insensitive ("αθηνα" finds "Αθήνα"). */
export function normaliseSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("el");
}

export interface SearchableSupply {
  kind: "electricity" | "gas";
  status: SupplyStatus;
  /** Everything the search box looks in: supply number, addresses, package, SAP id. */
  searchText: string;
  supplyNumber: string;
  /** The supply owes (core/balance.ts owes). */
  owing?: boolean;
}

export function matchesSupply(supply: SearchableSupply, filters: SupplyFilters): boolean {
  if (filters.kind && supply.kind !== filters.kind) return false;
  if (filters.balance === "owing" && !supply.owing) return false;
  if (filters.status && supply.status !== filters.status) return false;
  const query = filters.q;
  if (!query) return true;
  const digits = query.replace(/[\s-]/g, "");
  if (/^\d+$/.test(digits) && supply.supplyNumber.includes(digits)) return true;
  return normaliseSearch(supply.searchText).includes(normaliseSearch(query));
}
