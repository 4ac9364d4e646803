import { and, eq, gt, gte, isNotNull, lte, or, sql } from "drizzle-orm";
import { addDays } from "../../core/calendar";
import { athensToday } from "../../core/dates";
import { getDb } from "../db";
import { invoices, meters, readings, users } from "../db/schema";
import { logError } from "../../workers/log";
import { checkForecastAlerts } from "../alerts/trips";
import { endMissedPlans } from "../payment-plans/service";
import { notifyOverdue, notifyPlanEnded, notifyReadingPeriod, type NotifyContext } from "./events";
import { noticeEvents } from "./tables";
import { paymentPlans } from "../payment-plans/tables";

/**
 * The notices no batch call triggers (#36 §2), found by the hourly job (workers/app.ts
 * `scheduled`): a reading period that opens today (or opened and was not told yet), its reminder
 * two days before it closes when no reading came, and a bill that passed its due date in the last
 * week unpaid (unless a kept payment plan covers it), and a payment plan whose instalment was
 * missed (ended, then told). Each at most PER_RUN a run and once ever (notice_events), so a large bill run is
 * told over a few hours rather than in one burst, and a missed hour catches up. Then the alerts
 * people set, against their supply's forecast (api/alerts/trips.ts, its own bound and "once").
 */
export const PER_RUN = 500;
/** An overdue reminder is sent for bills due at most this many days ago (not for old debts). */
export const OVERDUE_WINDOW_DAYS = 7;

const ACTIVE = ["Active"];

export async function runScheduledNotices(env: Env, now = new Date()) {
  const db = getDb(env.DB);
  const ctx: NotifyContext = { db, env, now };
  const today = athensToday(now);
  const told = (prefix: string, id: unknown, suffix: unknown) =>
    sql`NOT EXISTS (SELECT 1 FROM ${noticeEvents} WHERE ${noticeEvents.event} = ${prefix} || ${id} || ':' || ${suffix})`;
  const wantsTold = or(eq(users.indication_email, 1), eq(users.indication_sms, 1));
  const master = and(
    eq(users.customer_id, meters.customer_id),
    eq(users.test_role, "master"),
    sql`${users.removed_at} IS NULL`,
  );
  const counts = { readingOpen: 0, readingReminder: 0, overdue: 0, planEnded: 0, failed: 0 };
  const each = async (what: keyof typeof counts, run: () => Promise<void>) => {
    try {
      await run();
      counts[what] += 1;
    } catch (error) {
      counts.failed += 1;
      logError(error, { id: what, where: "scheduled-notices" });
    }
  };

  const open = await db
    .select({ id: meters.id, closes: meters.indication_open_to })
    .from(meters)
    .innerJoin(users, master)
    .where(
      and(
        sql`${meters.status} IN ${ACTIVE}`,
        lte(meters.indication_open_from, today),
        gte(meters.indication_open_to, today),
        wantsTold,
        told("reading-open:", meters.id, meters.indication_open_to),
      ),
    )
    .limit(PER_RUN);
  for (const m of open) {
    await each("readingOpen", () => notifyReadingPeriod(ctx, m.id, { closes: m.closes! }, "open"));
  }

  const closing = await db
    .select({ id: meters.id, closes: meters.indication_open_to })
    .from(meters)
    .innerJoin(users, master)
    .where(
      and(
        sql`${meters.status} IN ${ACTIVE}`,
        lte(meters.indication_open_from, today),
        eq(meters.indication_open_to, addDays(today, 2)),
        wantsTold,
        told("reading-reminder:", meters.id, meters.indication_open_to),
        sql`NOT EXISTS (SELECT 1 FROM ${readings} WHERE ${readings.meter_id} = ${meters.id} AND ${readings.date_ins} >= ${meters.indication_open_from})`,
      ),
    )
    .limit(PER_RUN);
  for (const m of closing) {
    await each("readingReminder", () =>
      notifyReadingPeriod(ctx, m.id, { closes: m.closes! }, "reminder"),
    );
  }

  const overdue = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(meters, eq(meters.id, invoices.meter_id))
    .where(
      and(
        sql`${meters.status} IN ${ACTIVE}`,
        isNotNull(invoices.date_due),
        gt(invoices.remaining_cents, 0),
        sql`${invoices.date_due} < ${today}`,
        gte(invoices.date_due, addDays(today, -OVERDUE_WINDOW_DAYS)),
        sql`NOT EXISTS (SELECT 1 FROM ${noticeEvents} WHERE ${noticeEvents.event} = 'overdue:' || ${invoices.id})`,
        // While a payment plan is kept the overdue notices stop for the supply (#38 §1): its
        // instalments are what is due, and a missed one ends the plan with a notice of its own.
        sql`NOT EXISTS (SELECT 1 FROM ${paymentPlans} WHERE ${paymentPlans.meter_id} = ${meters.id}
          AND ${paymentPlans.status} = 'kept')`,
      ),
    )
    .limit(PER_RUN);
  for (const bill of overdue) await each("overdue", () => notifyOverdue(ctx, bill.id));

  // Payment plans with a missed instalment end, and the customer is told (#38 §1).
  const ended = await endMissedPlans(db, today).catch((error: unknown) => {
    logError(error, { id: "plans", where: "scheduled-notices" });
    return [];
  });
  for (const plan of ended) await each("planEnded", () => notifyPlanEnded(ctx, plan));

  // The alerts people set, against their supply's forecast (#37 §2, api/alerts/trips.ts).
  const alerts = await checkForecastAlerts(ctx).catch((error: unknown) => {
    logError(error, { id: "alerts", where: "scheduled-notices" });
    return null;
  });
  return { ...counts, ...(alerts ? { alerts } : {}) };
}
