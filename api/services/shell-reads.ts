import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";
import type { ApiBanner } from "../../core/contract";
import type { Db } from "../db";
import { IDS_IN, idsJson } from "../db/ids";
import { banners, messages, readings } from "../db/schema";

/*
 * The reads of what every signed-in portal page shows around its content: the user's messages
 * (the header's envelope and unread count), the selected supply's banners and, while its reading
 * period is open, its readings (the sidebar's "reading due" counter). Each is also an endpoint of
 * its own (GET …/messages, …/banners/:meterId, …/readings); GET /users/:u/meters/:m/shell answers
 * all three in ONE D1 batch (a fresh render's D1 calls cost mostly a fixed amount each).
 *
 * Plain SQL built once per isolate: every column of these tables is a plain integer or text whose
 * TypeScript name is its column name, so a row is what Drizzle's select() would give.
 */
const columnsOf = (table: Table) =>
  Object.values(getTableColumns(table))
    .map((column) => `"${column.name}"`)
    .join(", ");

export type MessageRow = typeof messages.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type ReadingRow = typeof readings.$inferSelect;

/**
 * The messages a person sees (#18): those of their account (addressed to any of its people), of
 * them the general ones and those about one of the person's supplies. Binds the user id 4 times.
 */
const VISIBLE_MESSAGE = `"user_id" IN (SELECT "id" FROM "users"
      WHERE "customer_id" = (SELECT "customer_id" FROM "users" WHERE "id" = ?))
    AND ("meter_id" IS NULL OR (SELECT "all_supplies" FROM "users" WHERE "id" = ?) = 1
      OR "meter_id" IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = ?))
    AND (SELECT "removed_at" FROM "users" WHERE "id" = ?) IS NULL`;
/** The person's own read mark (migrations/0013_message_reads.sql), as `read_status` 0 | 1. */
const READ_BY_PERSON = `EXISTS (SELECT 1 FROM "message_reads" AS "r"
      WHERE "r"."message_id" = "messages"."id" AND "r"."user_id" = ?) AS "read_status"`;
const MESSAGES_SQL = `SELECT ${columnsOf(messages).replace('"read_status"', READ_BY_PERSON)}
  FROM "messages" WHERE ${VISIBLE_MESSAGE} ORDER BY "c_stamp" DESC, "id" DESC`;

/** `VISIBLE_MESSAGE` for a Drizzle query of `messages`, its four parameters bound. */
export function visibleMessage(userId: number): SQL {
  const [first, ...rest] = VISIBLE_MESSAGE.split("?");
  return rest.reduce<SQL>(
    (condition, part) => sql`${condition}${userId}${sql.raw(part)}`,
    sql.raw(first ?? ""),
  );
}

/**
 * Banners for one supply on a day: those aimed at it, plus general ones (no supply) for every
 * division or its division, within their dates (inclusive, compared as days).
 */
const BANNERS_SQL = `SELECT ${columnsOf(banners)} FROM "banners"
  WHERE ("meter_id" = ? OR ("meter_id" IS NULL AND ("division" IS NULL OR "division" = ?)))
    AND ("active_from" IS NULL OR substr("active_from", 1, 10) <= ?)
    AND ("active_to" IS NULL OR substr("active_to", 1, 10) >= ?)
  ORDER BY "id"`;

/** Readings of the given supplies (any number, one JSON parameter), newest first. */
const READINGS_SQL = `SELECT ${columnsOf(readings)} FROM "readings"
  WHERE "meter_id" IN ${IDS_IN} ORDER BY "date_ins" DESC, "id" DESC`;

/** The messages the person sees, newest first. */
export function messagesStatement(db: Db, userId: number) {
  return db.$client.prepare(MESSAGES_SQL).bind(userId, userId, userId, userId, userId);
}

/** The banners shown with this supply on `today` (YYYY-MM-DD). */
export function bannersStatement(db: Db, meter: { id: number; division: number }, today: string) {
  return db.$client.prepare(BANNERS_SQL).bind(meter.id, meter.division, today, today);
}

/**
 * The readings of one supply dated on or after a day (YYYY-MM-DD; `date_ins` is an ISO date or
 * timestamp, so text order is date order), newest first: what the "reading due" check reads
 * while the reading period is open, not the supply's whole history.
 */
const READINGS_FROM_SQL = `SELECT ${columnsOf(readings)} FROM "readings"
  WHERE "meter_id" = ? AND "date_ins" >= ? ORDER BY "date_ins" DESC, "id" DESC`;

/** Every reading of these supplies, newest first. */
export function readingsStatement(db: Db, meterIds: number[]) {
  return db.$client.prepare(READINGS_SQL).bind(idsJson(meterIds));
}

/** One supply's readings dated on or after `from` (YYYY-MM-DD), newest first. */
export function readingsFromStatement(db: Db, meterId: number, from: string) {
  return db.$client.prepare(READINGS_FROM_SQL).bind(meterId, from);
}

/** A banner in the caller's language. */
export function toApiBanner(row: BannerRow, english: boolean): ApiBanner {
  return {
    id: row.id,
    title: english ? row.title_en : row.title_el,
    body: english ? row.body_en : row.body_el,
    url: row.url,
    kind: row.kind,
  };
}
