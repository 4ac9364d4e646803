import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  alertTrips as tripsOf,
  billsAPeriod,
  PERIOD_BILL_TYPES,
  periodKeyOf,
  SAME_PERIOD_WINDOW_DAYS,
  samePeriodLastYear,
  type AlertCheck,
  type PeriodBill,
} from "../../core/alerts";
import { athensToday } from "../../core/dates";
import { publicOrigin } from "../../core/public-origin";
import { quietRelease } from "../../core/quiet-hours";
import { supplyNumber } from "../../core/supply-number";
import { logError } from "../../workers/log";
import type { Db } from "../db";
import { alerts, customers, messages, meters, userMeters, users } from "../db/schema";
import { meterForecast } from "../forecast/service";
import { toE164 } from "../messages/sms";
import type { NotifyContext } from "../notify/events";
import {
  alertTrippedEmail,
  alertTrippedInbox,
  alertTrippedSms,
  type AlertFacts,
} from "../notify/templates";
import { sendEmail, sendSms } from "../services/outbox";

/**
 * When an alert a person set trips (#37 §2, core/alerts.ts): (a) a bill written for its supply
 * (api/backoffice/invoices.ts, the one place the invoices batch and the bill run create bills),
 * (b) the hourly job against the supply's forecast (api/notify/scheduled.ts), at most
 * ALERTS_PER_RUN a run, the ones checked longest ago first, so every alert is checked in turn
 * however many there are.
 *
 * A trip is first a row of alert_trips, written only when no trip of the alert covers the same
 * bill period (core/alerts.ts decision 7): one statement, so two runs at once write one row, and
 * only the call that wrote it sends the notice: to the person who set it (their own email and/or
 * mobile, in their language) and a message in THEIR inbox (messages.user_id), never the account's.
 * An alert that is off, a removed person, or a supply no longer given to them: nothing.
 */
export const ALERTS_PER_RUN = 200;

/** The forecast's explanation page, which the notices of a forecast trip link to. */
export const FORECAST_PATH = "/b2b/provlepsi";
const billPath = (invoiceId: number) => `/b2b/logariasmoi/${invoiceId}`;

const targetColumns = {
  alertId: alerts.id,
  meterId: alerts.meter_id,
  enabled: alerts.enabled,
  amountCents: alerts.amount_cents,
  percent: alerts.percent,
  email: alerts.email,
  sms: alerts.sms,
  userId: users.id,
  name: users.welcome_name,
  lang: users.lang,
  personEmail: users.registration_email,
  phone: users.registration_phone,
  lifeSupport: customers.life_support,
  division: meters.division,
  per_code: meters.per_code,
  id_code: meters.id_code,
  next_code: meters.next_code,
  pod: meters.pod,
};

/**
 * The alerts that may trip: on, of a person not removed, on a supply of their own account that
 * they still see (every supply, or one given to them).
 */
function liveAlerts(db: Db) {
  return db
    .select(targetColumns)
    .from(alerts)
    .innerJoin(users, and(eq(users.id, alerts.user_id), isNull(users.removed_at)))
    .innerJoin(
      meters,
      and(eq(meters.id, alerts.meter_id), eq(meters.customer_id, users.customer_id)),
    )
    .innerJoin(customers, eq(customers.id, meters.customer_id))
    .$dynamic();
}

const seesSupply = or(
  eq(users.all_supplies, 1),
  sql`EXISTS (SELECT 1 FROM ${userMeters} WHERE ${userMeters.user_id} = ${users.id} AND ${userMeters.meter_id} = ${meters.id})`,
);

type Target = Awaited<ReturnType<ReturnType<typeof liveAlerts>["execute"]>>[number];

/** The supply's bills that can be "the same period last year" of a period ending `periodTo`. */
async function lastYearBills(db: Db, meterId: number, periodTo: string): Promise<PeriodBill[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT "type", "period_to", "total_value_cents" AS "cents" FROM "invoices"
        WHERE "meter_id" = ? AND "type" IN (${PERIOD_BILL_TYPES.map(() => "?").join(", ")})
          AND "period_to" BETWEEN date(?, '-1 year', '-${SAME_PERIOD_WINDOW_DAYS + 1} days')
                              AND date(?, '-1 year', '+${SAME_PERIOD_WINDOW_DAYS + 1} days')`,
    )
    .bind(meterId, ...PERIOD_BILL_TYPES, periodTo, periodTo)
    .all<PeriodBill>();
  return results;
}

/**
 * The trip's row, unless a trip of the alert already covers this bill period (an overlapping
 * one, or the same key) or the alert was turned off meanwhile: true only for the call that wrote
 * it. SQLite runs the one statement alone, so the check and the write cannot be split by another.
 */
const TRIP_SQL = `INSERT INTO "alert_trips" ("alert_id", "period_key", "source", "amount_cents", "reference_cents", "created_at")
  SELECT ?1, ?2, ?3, ?4, ?5, ?6
  WHERE EXISTS (SELECT 1 FROM "alerts" WHERE "id" = ?1 AND "enabled" = 1)
    AND NOT EXISTS (SELECT 1 FROM "alert_trips" t WHERE t."alert_id" = ?1
      AND substr(t."period_key", 1, 10) < ?8 AND substr(t."period_key", 12, 10) > ?7)
  ON CONFLICT ("alert_id", "period_key") DO NOTHING
  RETURNING "id"`;

async function recordTrip(
  db: Db,
  alertId: number,
  trip: { periodKey: string; source: string; amountCents: number; referenceCents: number | null },
  now: Date,
): Promise<boolean> {
  const [from, to] = trip.periodKey.split("/");
  const { results } = await db.$client
    .prepare(TRIP_SQL)
    .bind(
      alertId,
      trip.periodKey,
      trip.source,
      trip.amountCents,
      trip.referenceCents,
      now.toISOString(),
      from,
      to,
    )
    .all();
  return results.length > 0;
}

/** Checks one alert against one figure; a trip recorded now sends its notice. */
async function checkOne(
  ctx: NotifyContext,
  target: Target,
  check: AlertCheck,
  path: string,
): Promise<boolean> {
  const verdict = tripsOf(
    { enabled: target.enabled === 1, amountCents: target.amountCents, percent: target.percent },
    check,
  );
  if (!verdict.trips) return false;
  if (!(await recordTrip(ctx.db, target.alertId, verdict, ctx.now))) return false;
  const [from = "", to = ""] = verdict.periodKey.split("/");
  const origin = publicOrigin(ctx.env, ctx.requestUrl ?? "https://invalid.invalid/");
  const euros = (cents: number | null) => (cents === null ? null : cents / 100);
  const facts: AlertFacts = {
    name: target.name,
    supply: supplyNumber(target) || String(target.meterId),
    source: verdict.source,
    from,
    to,
    amount: verdict.amountCents / 100,
    threshold: euros(verdict.thresholdCents),
    reference: euros(verdict.referenceCents),
    overPercent: verdict.overPercent,
    url: new URL(path, origin).href,
  };
  await ctx.db.insert(messages).values({
    user_id: target.userId,
    meter_id: target.meterId,
    // The inbox is the portal's own page: the link is a path, which it shows as a link.
    ...alertTrippedInbox({ ...facts, url: path }),
    type: "alert",
    category: "billing",
    read_status: 0,
    c_stamp: ctx.now.toISOString(),
  });
  const lang = target.lang ?? "el";
  const notBefore = target.lifeSupport === 1 ? null : quietRelease(ctx.now, target.alertId);
  if (target.email === 1 && target.personEmail) {
    await sendEmail(ctx.db, {
      to: target.personEmail,
      ...alertTrippedEmail[lang](facts),
      template: "alert_tripped",
      lang,
      link: path,
      userId: target.userId,
      notBefore,
    });
  }
  const mobile = toE164(target.phone ?? "");
  if (target.sms === 1 && mobile) {
    await sendSms(ctx.db, {
      to: mobile,
      ...alertTrippedSms[lang](facts),
      template: "alert_tripped_sms",
      lang,
      link: path,
      userId: target.userId,
      notBefore,
    });
  }
  return true;
}

/** What a new bill is checked with: its own charges for its period (core/alerts.ts decision 6). */
export interface WrittenBill {
  id: number;
  meterId: number;
  type: string;
  period_from: string | null;
  period_to: string | null;
  /** This period's charges, in cents (total_value_cents: not the balance carried over). */
  cents: number;
}

/** (a) A bill was written: every live alert of its supply against the bill's own charges. */
export async function checkBillAlerts(ctx: NotifyContext, bill: WrittenBill): Promise<number> {
  if (!billsAPeriod(bill)) return 0;
  const targets = await liveAlerts(ctx.db).where(
    and(eq(alerts.meter_id, bill.meterId), eq(alerts.enabled, 1), seesSupply),
  );
  if (targets.length === 0) return 0;
  const periodTo = bill.period_to!.slice(0, 10);
  const check: AlertCheck = {
    periodKey: periodKeyOf(bill.period_from!, periodTo),
    source: "bill",
    amountCents: bill.cents,
    lastYearCents: samePeriodLastYear(
      await lastYearBills(ctx.db, bill.meterId, periodTo),
      periodTo,
    ),
  };
  let tripped = 0;
  for (const target of targets) {
    if (await checkOne(ctx, target, check, billPath(bill.id))) tripped += 1;
  }
  return tripped;
}

/**
 * (b) The hourly job: up to ALERTS_PER_RUN live alerts of Active supplies, never checked first,
 * then the ones checked longest ago, against their supply's forecast (one forecast per supply);
 * each is marked checked (checked_at, which raises no data version) whatever came of it, so the
 * next run takes the next ones. A failed one is logged and the others go on.
 */
export async function checkForecastAlerts(
  ctx: NotifyContext,
): Promise<{ checked: number; tripped: number; failed: number }> {
  const today = athensToday(ctx.now);
  const targets = await liveAlerts(ctx.db)
    .where(and(eq(alerts.enabled, 1), eq(meters.status, "Active"), seesSupply))
    .orderBy(sql`${alerts.checked_at} IS NOT NULL`, asc(alerts.checked_at), asc(alerts.id))
    .limit(ALERTS_PER_RUN);
  const counts = { checked: 0, tripped: 0, failed: 0 };
  const checks = new Map<number, Promise<AlertCheck | null>>();
  const checkOf = (meterId: number) => {
    let found = checks.get(meterId);
    if (!found) {
      found = (async () => {
        const forecast = await meterForecast(ctx.db, meterId, today);
        if (forecast.kind !== "forecast") return null;
        const { from, to } = forecast.period;
        return {
          periodKey: periodKeyOf(from, to),
          source: "forecast" as const,
          amountCents: forecast.centralCents,
          lastYearCents: samePeriodLastYear(await lastYearBills(ctx.db, meterId, to), to),
        };
      })();
      checks.set(meterId, found);
    }
    return found;
  };
  for (const target of targets) {
    try {
      const check = await checkOf(target.meterId);
      if (check && (await checkOne(ctx, target, check, FORECAST_PATH))) counts.tripped += 1;
      counts.checked += 1;
    } catch (error) {
      counts.failed += 1;
      logError(error, { id: `alert-${target.alertId}`, where: "alerts-forecast" });
    }
  }
  // D1 binds at most 100 parameters a statement: the ids in slices.
  const ids = targets.map((t) => t.alertId);
  for (let i = 0; i < ids.length; i += 90) {
    await ctx.db
      .update(alerts)
      .set({ checked_at: ctx.now.toISOString() })
      .where(inArray(alerts.id, ids.slice(i, i + 90)));
  }
  return counts;
}
