import {
  forecastFrom,
  forecastStatements,
  FORECAST_STATEMENTS,
  type ForecastBillRow,
  type ForecastProductRow,
  type ForecastReadingRow,
} from "../forecast/service";
import { and, eq } from "drizzle-orm";
import type {
  ApiAccount,
  ApiBanner,
  ApiInvoice,
  ApiMessage,
  ApiShellReads,
  metersQuerySchema,
  passwordChangeSchema,
  shellQuerySchema,
} from "../../core/contract";
import type { z } from "zod";
import type { Db } from "../db";
import { messageReads, messages, users } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { hashPassword, verifyPassword } from "../lib/password";
import { nowIso } from "../lib/time";
import { athensToday } from "../../core/dates";
import { toApiReading } from "../readings/service";
import { revokeActionTokensStatement } from "../services/action-tokens";
import { audit } from "../services/audit";
import {
  customerMeters,
  customerMeterSummaries,
  dataVersionOf,
  loadApiUser,
  meterInvoices,
  overviewInvoicesStatement,
  ownMeterSummary,
  personOf,
  visibleMetersByIds,
  visibleMetersByIdsStatement,
} from "../services/customers";
import { toApiInvoice, toApiMessage, toApiMeter, toApiMeterSummary } from "../services/serialize";
import {
  bannersStatement,
  messagesStatement,
  readingsFromStatement,
  readingsStatement,
  toApiBanner,
  type BannerRow,
  type MessageRow,
  type ReadingRow,
  visibleMessage,
} from "../services/shell-reads";
import { revokeUserSessions } from "../services/sessions";
import { refund, type ReserveCheck } from "../services/throttle";
import type { Lang } from "../types";

type MeterRow = Parameters<typeof toApiMeter>[0];
type InvoiceRow = Parameters<typeof toApiInvoice>[0];

/** The user (as /v2/me) and the summaries of their supplies (as …/meters?view=summary). */
export async function accountOf(db: Db, userId: number, en = false): Promise<ApiAccount> {
  const user = await loadApiUser(db, userId, en);
  const summaries = await customerMeterSummaries(db, await personOf(db, userId));
  return { user, meters: summaries.map(toApiMeterSummary) };
}

/** The customer's data version and the supplier-wide ones, as one text; 404 without the user. */
export async function dataVersion(db: Db, userId: number): Promise<{ version: string }> {
  // Usually already read with the bearer check (services/customers.ts).
  const row = await dataVersionOf(db, userId);
  if (!row) throw notFound();
  return { version: `${row.customer}.${row.own ?? 0}.${row.shared ?? 0}` };
}

/** GET …/meters: the summaries, some full rows, or every full row with or without its invoices. */
export async function userMeters(db: Db, userId: number, query: z.infer<typeof metersQuerySchema>) {
  const person = await personOf(db, userId);
  if (query.view === "summary") {
    const summaries = await customerMeterSummaries(db, person);
    return summaries.map(toApiMeterSummary);
  }
  const rows = query.ids
    ? await visibleMetersByIds(db, person, query.ids.split(",").map(Number))
    : await customerMeters(db, person);
  const flag = query.billing_history;
  if (flag !== "true" && flag !== "1") return rows.map((m) => toApiMeter(m));
  const invoices = await meterInvoices(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) =>
    toApiMeter(
      m,
      invoices.filter((i) => i.meter_id === m.id),
    ),
  );
}

/** Every invoice of the person's supplies. */
export async function userInvoices(db: Db, userId: number): Promise<ApiInvoice[]> {
  // The ids from the supply summaries read with the bearer check (no round trip of their own).
  const rows = await customerMeterSummaries(db, await personOf(db, userId));
  const invoices = await meterInvoices(
    db,
    rows.map((m) => m.id),
  );
  return invoices.map(toApiInvoice);
}

/** The person's messages in the request's language (Greek where one has no English). */
export async function userMessages(db: Db, userId: number, en = false): Promise<ApiMessage[]> {
  const { results: rows } = await messagesStatement(db, userId).all<MessageRow>();
  return rows.map((row) => toApiMessage(row, en));
}

/**
 * Marks one of the messages the person sees read (services/shell-reads.ts: the account's, general
 * or about one of their supplies) for this person only: the account's other people still see it
 * unread (migrations/0013_message_reads.sql). 404 for another's or a missing one.
 */
export async function markMessageRead(db: Db, userId: number, messageId: number) {
  const visible = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), visibleMessage(userId)));
  if (visible.length === 0) throw notFound();
  await db
    .insert(messageReads)
    .values({ message_id: messageId, user_id: userId })
    .onConflictDoNothing();
}

/** One of the caller's supplies, from the summaries the page already read; else 404. */
async function ownSupply(db: Db, userId: number, meterId: number) {
  const person = await personOf(db, userId);
  const meter = await ownMeterSummary(db, person, meterId);
  if (!meter) throw notFound();
  return { person, meter };
}

/** The banners of one of the caller's supplies that are shown today. */
export async function meterBanners(
  db: Db,
  userId: number,
  meterId: number,
  en: boolean,
): Promise<ApiBanner[]> {
  const { meter } = await ownSupply(db, userId, meterId);
  const { results: rows } = await bannersStatement(db, meter, athensToday()).all<BannerRow>();
  return rows.map((b) => toApiBanner(b, en));
}

/** What every signed-in page shows around its content, in ONE D1 batch (see the route). */
export async function shellReads(
  db: Db,
  userId: number,
  meterId: number,
  query: z.infer<typeof shellQuerySchema>,
  en: boolean,
): Promise<ApiShellReads> {
  const { person, meter } = await ownSupply(db, userId, meterId);
  const ids = query.ids ? query.ids.split(",").map(Number) : [];
  const from = query.readings_from;
  const withReadings = query.readings === "1" || from !== undefined;
  const withInvoices = query.invoices === "overview";
  const statements = [
    messagesStatement(db, userId),
    bannersStatement(db, meter, athensToday()),
    visibleMetersByIdsStatement(db, person, ids),
  ];
  const readingsAt = withReadings
    ? statements.push(
        from !== undefined
          ? readingsFromStatement(db, meter.id, from)
          : readingsStatement(db, [meter.id]),
      ) - 1
    : -1;
  const invoicesAt = withInvoices
    ? statements.push(overviewInvoicesStatement(db, meter.id)) - 1
    : -1;
  // The forecast only for an Active supply (#37 §1): a stopped one has no next bill.
  const today = athensToday();
  const withForecast = query.forecast === "1" && meter.status === "Active";
  const forecastAt = withForecast
    ? statements.push(...forecastStatements(db, meter.id, today)) - FORECAST_STATEMENTS
    : -1;
  const answers = await db.$client.batch(statements);
  const rowsAt = <T>(index: number) => (answers[index]?.results ?? []) as T[];
  const forecast =
    query.forecast !== "1"
      ? {}
      : {
          forecast: withForecast
            ? forecastFrom(
                rowsAt<ForecastBillRow>(forecastAt),
                rowsAt<ForecastProductRow>(forecastAt + 1)[0],
                rowsAt<ForecastReadingRow>(forecastAt + 2),
                today,
              )
            : null,
        };
  return {
    ...forecast,
    messages: rowsAt<MessageRow>(0).map((row) => toApiMessage(row, en)),
    banners: rowsAt<BannerRow>(1).map((b) => toApiBanner(b, en)),
    readings: withReadings ? rowsAt<ReadingRow>(readingsAt).map(toApiReading) : null,
    meters: rowsAt<MeterRow>(2).map((m) => toApiMeter(m)),
    invoices: withInvoices ? rowsAt<InvoiceRow>(invoicesAt).map(toApiInvoice) : null,
  };
}

/** Saves the profile's language; 404 when the user row is gone. */
export async function saveLanguage(db: Db, userId: number, lang: Lang) {
  const updated = await db
    .update(users)
    .set({ lang })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound();
}

export async function dismissPopup(db: Db, userId: number) {
  await db.update(users).set({ popup_dismissed_at: nowIso() }).where(eq(users.id, userId));
}

/** The user's picture from R2 with its content type, or 404 when there is none. */
export async function avatarOf(db: Db, files: R2Bucket, userId: number) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  const object = user?.avatar_key ? await files.get(user.avatar_key) : null;
  if (!user || !object) throw notFound();
  return {
    body: object.body,
    contentType: user.avatar_type ?? object.httpMetadata?.contentType ?? "application/octet-stream",
  };
}

/** Changing the password ends every other session of the user; this one stays signed in. */
export async function changePassword(
  db: Db,
  who: { userId: number; sessionId: string; ip: string | null },
  body: z.infer<typeof passwordChangeSchema>,
  reserveCheck: ReserveCheck,
) {
  const { userId, sessionId } = who;
  if (body.password !== body.password_confirmation)
    throw badRequest("passwords_mismatch", "password_confirmation");
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound();
  // Counted before the check (429 over the limit), taken back when the password was right.
  const attempt = await reserveCheck();
  if (!(await verifyPassword(body.old_password, user.password_hash)))
    throw badRequest("wrong_credentials", "old_password");
  await refund(db, attempt);
  if (body.password === body.old_password)
    throw badRequest("validation", "password", "validate.passwordSameAsOld");
  // The new password and the end of every reset link sent before it, in one transaction.
  await db.batch([
    db
      .update(users)
      .set({ password_hash: await hashPassword(body.password), password_changed_at: nowIso() })
      .where(eq(users.id, userId)),
    revokeActionTokensStatement(db, userId, "reset"),
  ]);
  await revokeUserSessions(db, userId, "password_change", sessionId);
  await audit(db, { action: "password_change", userId, ip: who.ip });
}
