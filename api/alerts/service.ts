import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alertIssues, parseAmount, parsePercent, type AlertSettings } from "../../core/alerts";
import type { AlertPayload, ApiAlert } from "../../core/contract";
import type { Db } from "../db";
import { alerts, alertTrips, users } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { toE164 } from "../messages/sms";
import { ownMeterSummary, personOf } from "../services/customers";

/**
 * The caller's own alert of one of their supplies (#37 §2, core/alerts.ts). The supply must be
 * one the person sees (their account's, and for a business `user` one they were given): any
 * other is a 404, as a missing one. A removed person is refused by `personOf` (404).
 */

/** How many of an alert's trips the page lists. */
const TRIPS_SHOWN = 10;

async function ownSupply(db: Db, userId: number, meterId: number) {
  const person = await personOf(db, userId);
  const meter = await ownMeterSummary(db, person, meterId);
  if (!meter) throw notFound();
  return meter;
}

/** The person's own address and mobile: where their alert's notices go. */
async function contactOf(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.registration_email, phone: users.registration_phone })
    .from(users)
    .where(eq(users.id, userId));
  return { email: row?.email || null, mobile: toE164(row?.phone ?? "") };
}

const euros = (cents: number | null) => (cents === null ? null : cents / 100);

export async function getAlert(db: Db, userId: number, meterId: number): Promise<ApiAlert> {
  await ownSupply(db, userId, meterId);
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.user_id, userId), eq(alerts.meter_id, meterId)));
  const trips = row
    ? await db
        .select()
        .from(alertTrips)
        .where(eq(alertTrips.alert_id, row.id))
        .orderBy(desc(alertTrips.created_at), desc(alertTrips.id))
        .limit(TRIPS_SHOWN)
    : [];
  return {
    alert: row
      ? {
          enabled: row.enabled === 1,
          amount: euros(row.amount_cents),
          percent: row.percent,
          email: row.email === 1,
          sms: row.sms === 1,
          updated_at: row.updated_at,
        }
      : null,
    contact: await contactOf(db, userId),
    trips: trips.map((t) => {
      const [from = "", to = ""] = t.period_key.split("/");
      return {
        period_from: from,
        period_to: to,
        source: t.source,
        amount: t.amount_cents / 100,
        reference: euros(t.reference_cents),
        created_at: t.created_at,
      };
    }),
  };
}

/** The payload as core/alerts.ts reads it. */
export function alertSettingsOf(payload: AlertPayload): AlertSettings {
  return {
    enabled: payload.enabled,
    amountCents: parseAmount(payload.amount),
    percent: parsePercent(payload.percent),
    email: payload.email,
    sms: payload.sms,
  };
}

/**
 * PUT: saved as it is sent (idempotent: the same alert again changes nothing, not even its
 * `updated_at`). A changed alert is checked against the forecast in the next hourly run
 * (checked_at emptied). 400 with the field and the message key of the first issue.
 */
export async function putAlert(
  db: Db,
  userId: number,
  meterId: number,
  payload: AlertPayload,
): Promise<ApiAlert> {
  await ownSupply(db, userId, meterId);
  const settings = alertSettingsOf(payload);
  const [issue] = alertIssues(settings, await contactOf(db, userId));
  if (issue) throw badRequest("validation", issue.field, issue.message);
  const values = {
    enabled: settings.enabled ? 1 : 0,
    amount_cents: settings.amountCents,
    percent: settings.percent,
    email: settings.email ? 1 : 0,
    sms: settings.sms ? 1 : 0,
  };
  const [current] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.user_id, userId), eq(alerts.meter_id, meterId)));
  const same =
    current &&
    current.enabled === values.enabled &&
    current.amount_cents === values.amount_cents &&
    current.percent === values.percent &&
    current.email === values.email &&
    current.sms === values.sms;
  if (!same) {
    const now = new Date().toISOString();
    await db
      .insert(alerts)
      .values({ user_id: userId, meter_id: meterId, ...values, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: [alerts.user_id, alerts.meter_id],
        set: { ...values, updated_at: now, checked_at: null },
      });
  }
  return getAlert(db, userId, meterId);
}

/**
 * The statements that delete the alerts `where` finds, their trips first (the foreign key): for
 * the removal of a person (api/people/service.ts), in the caller's batch.
 */
export function deleteAlertsStatements(db: Db, where: SQL) {
  return [
    db
      .delete(alertTrips)
      .where(inArray(alertTrips.alert_id, db.select({ id: alerts.id }).from(alerts).where(where))),
    db.delete(alerts).where(where),
  ] as const;
}
