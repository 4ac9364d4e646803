import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ApiPaymentPlan, ApiPlan, ApiPlanOption } from "../../core/contract";
import { isRegisteredOn, PAYMENT_PLAN } from "../../core/hardship";
import {
  instalmentCounts,
  instalmentState,
  isLivePlan,
  lastDayToPay,
  missedInstalment,
  nextInstalment,
  planEligibility,
  planInterestBasisPoints,
  planSchedule,
  type PlanEndReason,
} from "../../core/payment-plans";
import type { Db } from "../db";
import { meters, vulnerableRegistrations } from "../db/schema";
import { euros } from "../domain/money";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { auditStatement, auditStatementWhen } from "../services/audit";
import { ownMeter, type PersonScope } from "../services/customers";
import { paymentPlanInstalments, paymentPlans } from "./tables";

/**
 * Payment plans (#38 §1) on the API side: what the page shows, setting one up (race-safe: the
 * partial unique index of 0032 keeps one live plan per supply), withdrawing an unpaid one, and
 * the instalment an order pays. The rules are core/payment-plans.ts's; the recording of a paid
 * instalment is the card payment's own batch (api/payments/service.ts recordSuccess).
 */

type PlanRow = typeof paymentPlans.$inferSelect;
type InstalmentRow = typeof paymentPlanInstalments.$inferSelect;

/** The supply's live plan, or else its latest one, with its instalments. */
export async function latestPlan(db: Db, meterId: number) {
  const plans = await db
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.meter_id, meterId))
    .orderBy(desc(paymentPlans.id))
    .limit(5);
  const plan = plans.find((p) => isLivePlan(p.status)) ?? plans[0];
  if (!plan) return null;
  const instalments = await db
    .select()
    .from(paymentPlanInstalments)
    .where(eq(paymentPlanInstalments.plan_id, plan.id))
    .orderBy(asc(paymentPlanInstalments.n));
  return { plan, instalments };
}

export function toApiPlan(plan: PlanRow, instalments: InstalmentRow[], today: string): ApiPlan {
  // The schedule's split as it was set up: what of each amount is interest.
  const split = planSchedule({
    totalCents: plan.total_cents,
    count: plan.count,
    start: instalments[0]?.due_date ?? today,
    interestBasisPoints: plan.interest_bp,
  });
  return {
    id: plan.id,
    status: plan.status,
    end_reason: plan.end_reason,
    total: euros(plan.total_cents),
    count: plan.count,
    interest_bp: plan.interest_bp,
    created_at: plan.created_at,
    ended_at: plan.ended_at,
    instalments: instalments.map((i) => ({
      n: i.n,
      due_date: i.due_date,
      amount: euros(i.amount_cents),
      interest: euros(split[i.n - 1]?.interest_cents ?? 0),
      // An ended plan's unpaid instalments are not "due" any more: the page shows them missed.
      state: plan.status === "ended" && i.paid_at === null ? "missed" : instalmentState(i, today),
      last_day: lastDayToPay(i.due_date),
      rf_code: i.rf_code,
      paid_at: i.paid_at,
    })),
  };
}

async function registeredOn(db: Db, meterId: number, today: string) {
  const [row] = await db
    .select({
      registered_at: vulnerableRegistrations.registered_at,
      valid_to: vulnerableRegistrations.valid_to,
    })
    .from(vulnerableRegistrations)
    .where(eq(vulnerableRegistrations.meter_id, meterId));
  return isRegisteredOn(row, today);
}

function optionsFor(totalCents: number, registered: boolean, today: string): ApiPlanOption[] {
  const bp = planInterestBasisPoints(registered);
  return instalmentCounts(totalCents, registered).map((count) => {
    const schedule = planSchedule({ totalCents, count, start: today, interestBasisPoints: bp });
    return {
      count,
      schedule: schedule.map((i) => ({
        n: i.n,
        due_date: i.due_date,
        amount: euros(i.amount_cents),
        interest: euros(i.interest_cents),
      })),
      total: euros(schedule.reduce((sum, i) => sum + i.amount_cents, 0)),
    };
  });
}

/** The person's supply (404 for another's, as for a missing one). */
async function supplyOf(db: Db, person: PersonScope, meterId: number) {
  const meter = await ownMeter(db, person, meterId);
  if (!meter) throw notFound();
  return meter;
}

/** GET: may a plan be set up, on what terms, and the supply's plan. */
export async function paymentPlanOf(
  db: Db,
  person: PersonScope,
  meterId: number,
  today: string,
): Promise<ApiPaymentPlan> {
  const meter = await supplyOf(db, person, meterId);
  const [registered, latest] = await Promise.all([
    registeredOn(db, meter.id, today),
    latestPlan(db, meter.id),
  ]);
  const live = latest !== null && isLivePlan(latest.plan.status);
  const eligibility = planEligibility({
    role: person.role,
    supply: meter,
    hasLivePlan: live,
    today,
  });
  const overdue = eligibility.eligible ? meter.running_total_cents : 0;
  return {
    meter_id: meter.id,
    eligible: eligibility.eligible,
    reason: eligibility.eligible ? null : eligibility.reason,
    overdue: euros(Math.max(0, meter.running_total_cents)),
    registered,
    interest_bp: planInterestBasisPoints(registered),
    grace_days: PAYMENT_PLAN.graceDays,
    options: eligibility.eligible ? optionsFor(overdue, registered, today) : [],
    plan: latest ? toApiPlan(latest.plan, latest.instalments, today) : null,
  };
}

const isUniqueViolation = (error: unknown) => String(error).includes("UNIQUE");

/**
 * POST: sets up a plan of `count` instalments for the supply's overdue balance now. Refused when
 * the supply is not eligible (400 plan_not_eligible, 409 plan_open for a live plan) or the count
 * is not one offered (400, field count). Two set-ups at the same moment both pass the checks; the
 * partial unique index lets one INSERT through and the other fails: 409 plan_open.
 */
export async function createPlan(
  db: Db,
  person: PersonScope,
  meterId: number,
  count: number,
  today: string,
): Promise<{ plan: ApiPlan; firstInstalmentId: number }> {
  const meter = await supplyOf(db, person, meterId);
  const [registered, latest] = await Promise.all([
    registeredOn(db, meter.id, today),
    latestPlan(db, meter.id),
  ]);
  const eligibility = planEligibility({
    role: person.role,
    supply: meter,
    hasLivePlan: latest !== null && isLivePlan(latest.plan.status),
    today,
  });
  if (!eligibility.eligible) {
    if (eligibility.reason === "plan_open") throw new ApiError(409, "plan_open");
    if (eligibility.reason === "not_permitted") throw new ApiError(403, "not_permitted");
    throw badRequest("plan_not_eligible", undefined, eligibility.reason);
  }
  const totalCents = meter.running_total_cents;
  if (!instalmentCounts(totalCents, registered).includes(count)) {
    throw badRequest("plan_not_eligible", "count", "plans:errors.count");
  }
  const interestBp = planInterestBasisPoints(registered);
  const schedule = planSchedule({
    totalCents,
    count,
    start: today,
    interestBasisPoints: interestBp,
  });
  const now = nowIso();
  // The instalments find their plan by the one live plan of the supply (the unique index makes it
  // one row): no round trip for the new id between the two inserts of one batch.
  const livePlan = sql`(SELECT id FROM payment_plans WHERE meter_id = ${meter.id} AND status = 'open')`;
  const rows = JSON.stringify(schedule.map((i) => [i.n, i.due_date, i.amount_cents]));
  try {
    await db.batch([
      db.insert(paymentPlans).values({
        meter_id: meter.id,
        user_id: person.userId,
        status: "open",
        total_cents: totalCents,
        count,
        interest_bp: interestBp,
        created_at: now,
      }),
      db.insert(paymentPlanInstalments).select(
        sql`SELECT NULL, ${livePlan}, json_extract(value, '$[0]'), json_extract(value, '$[1]'),
            json_extract(value, '$[2]'), NULL, NULL FROM json_each(${rows})`,
      ),
      auditStatement(db, {
        action: "payment_plan_created",
        userId: person.userId,
        meterId: meter.id,
        detail: { amount: (totalCents / 100).toFixed(2), instalments: count },
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "plan_open");
    throw error;
  }
  const created = await latestPlan(db, meter.id);
  const first = created?.instalments[0];
  if (!created || !first) throw new ApiError(500, "error");
  return { plan: toApiPlan(created.plan, created.instalments, today), firstInstalmentId: first.id };
}

/**
 * The instalment a portal payment pays: the next unpaid one of the supply's live plan (the first
 * while the plan is open). Null without a live plan or when all are paid.
 */
export async function payableInstalment(db: Db, meterId: number) {
  const latest = await latestPlan(db, meterId);
  if (!latest || !isLivePlan(latest.plan.status)) return null;
  const next = nextInstalment(latest.instalments);
  return next ? { plan: latest.plan, instalment: next } : null;
}

/** The person withdraws an open plan whose first instalment is unpaid (409 otherwise). */
export async function withdrawPlan(db: Db, person: PersonScope, meterId: number) {
  const meter = await supplyOf(db, person, meterId);
  const result = await db.batch([
    db
      .update(paymentPlans)
      .set({ status: "ended", end_reason: "withdrawn", ended_at: nowIso() })
      .where(and(eq(paymentPlans.meter_id, meter.id), eq(paymentPlans.status, "open")))
      .returning({ id: paymentPlans.id }),
    auditStatementWhen(
      db,
      {
        action: "payment_plan_ended",
        userId: person.userId,
        meterId: meter.id,
        detail: { reason: "withdrawn" },
      },
      sql`changes() > 0`,
    ),
  ]);
  if (result[0].length === 0) throw new ApiError(409, "plan_not_open");
}

/** A plan the hourly job ended: whose it is, for the notice and the message. */
export interface EndedPlan {
  planId: number;
  meterId: number;
  customerId: number;
  missedN: number;
  missedDue: string;
  missedCents: number;
}

/**
 * The hourly job (api/notify/scheduled.ts): every live plan with an instalment unpaid more than
 * graceDays after its date ends ('missed'); the balance is overdue again as it was. Each plan is
 * ended by a conditional UPDATE, so two runs at once end it once, and only the run that ended it
 * reports it (for the one notice).
 */
export async function endMissedPlans(db: Db, today: string): Promise<EndedPlan[]> {
  // The instalments whose last day to pay is before today: a cheap pre-filter in SQL (the grace is
  // added in SQLite's date arithmetic), the rule itself decided by core/payment-plans.ts.
  const rows = await db
    .select({
      plan_id: paymentPlans.id,
      meter_id: paymentPlans.meter_id,
      customer_id: meters.customer_id,
      n: paymentPlanInstalments.n,
      due_date: paymentPlanInstalments.due_date,
      amount_cents: paymentPlanInstalments.amount_cents,
      paid_at: paymentPlanInstalments.paid_at,
    })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.plan_id))
    .innerJoin(meters, eq(meters.id, paymentPlans.meter_id))
    .where(
      and(
        inArray(paymentPlans.status, ["open", "kept"]),
        isNull(paymentPlanInstalments.paid_at),
        sql`date(${paymentPlanInstalments.due_date}, ${`+${PAYMENT_PLAN.graceDays} days`}) < ${today}`,
      ),
    )
    .orderBy(asc(paymentPlans.id), asc(paymentPlanInstalments.n));
  const byPlan = new Map<number, typeof rows>();
  for (const row of rows) byPlan.set(row.plan_id, [...(byPlan.get(row.plan_id) ?? []), row]);
  const ended: EndedPlan[] = [];
  for (const [planId, instalments] of byPlan) {
    const missed = missedInstalment(instalments, today);
    if (!missed) continue;
    if (await endPlan(db, planId, missed.meter_id, missed.customer_id, "missed")) {
      ended.push({
        planId,
        meterId: missed.meter_id,
        customerId: missed.customer_id,
        missedN: missed.n,
        missedDue: missed.due_date,
        missedCents: missed.amount_cents,
      });
    }
  }
  return ended;
}

/** Ends a live plan once (false when it was no longer live) with its activity log entry. */
async function endPlan(
  db: Db,
  planId: number,
  meterId: number,
  customerId: number,
  reason: PlanEndReason,
) {
  const [updated] = await db.batch([
    db
      .update(paymentPlans)
      .set({ status: "ended", end_reason: reason, ended_at: nowIso() })
      .where(and(eq(paymentPlans.id, planId), inArray(paymentPlans.status, ["open", "kept"])))
      .returning({ id: paymentPlans.id }),
    // No person acted: the account is the supply's.
    auditStatementWhen(
      db,
      {
        action: "payment_plan_ended",
        meterId,
        customerId,
        detail: { reason },
      },
      sql`changes() > 0`,
    ),
  ]);
  return updated.length > 0;
}
