import { and, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { supplyNumberColumns } from "../db/supply-columns";
import { supplyNumber } from "../../core/supply-number";
import type {
  ApiRequest,
  ApiRequestFile,
  ApiRequestKind,
  ApiRequestStatus,
} from "../../core/contract";
import type { Db } from "../db";
import { messages, meters, requests, users } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { addSeconds, nowIso } from "../lib/time";
import { auditStatement } from "../services/audit";
import { personMeterIds } from "../services/customers";
import type { Lang } from "../types";
import { randomToken } from "../../core/tokens";
import {
  DRAFT_TTL_SECONDS,
  REQUEST_KINDS,
  openProblemOf,
  requestBlocker,
  type RequestKind,
} from "../../core/requests/rules";
import { CONFIRMATION } from "./messages";
import { requestFiles } from "./tables";

const meterColumns = {
  id: meters.id,
  status: meters.status,
  ...supplyNumberColumns,
};
export type MeterRow = Pick<typeof meters.$inferSelect, keyof typeof meterColumns>;

const fileColumns = {
  id: requestFiles.id,
  r2_key: requestFiles.r2_key,
  name: requestFiles.name,
  content_type: requestFiles.content_type,
  size: requestFiles.size,
};
export type FileRow = Pick<typeof requestFiles.$inferSelect, keyof typeof fileColumns>;

interface RequestRow {
  id: number;
  reference: string;
  kind: ApiRequestKind;
  status: ApiRequestStatus;
  meter_id: number;
  payload: string;
  created_at: string;
  file_name: string | null;
  file_type: ApiRequestFile["content_type"] | null;
  file_size: number | null;
}

/** One of the caller's supplies (never a removed one), or 404 as for a missing one. */
export async function ownMeter(db: Db, userId: number, meterId: number): Promise<MeterRow> {
  const [meter] = await db
    .select(meterColumns)
    .from(meters)
    .where(and(eq(meters.id, meterId), sql`${meters.id} IN ${personMeterIds(userId)}`))
    .limit(1);
  if (!meter) throw notFound();
  return meter;
}

/** A draft upload of the caller that no request uses yet and that has not expired; else 404. */
export async function ownDraft(db: Db, userId: number, fileId: string): Promise<FileRow> {
  const [file] = await db
    .select(fileColumns)
    .from(requestFiles)
    .where(
      and(
        eq(requestFiles.id, fileId),
        eq(requestFiles.user_id, userId),
        isNull(requestFiles.request_id),
        gt(requestFiles.expires_at, nowIso()),
      ),
    )
    .limit(1);
  if (!file) throw notFound();
  return file;
}

/**
 * The requests of the caller's supplies (and `extra`) of the kinds of core/requests/rules.ts, with
 * their file: on an account of several people, whoever made them.
 */
function selectRequests(db: Db, userId: number, extra?: SQL) {
  return db
    .select({
      id: requests.id,
      reference: requests.reference,
      kind: sql<ApiRequestKind>`${requests.kind}`,
      status: sql<ApiRequestStatus>`${requests.status}`,
      meter_id: sql<number>`${requests.meter_id}`,
      payload: requests.payload,
      created_at: requests.created_at,
      file_name: requestFiles.name,
      file_type: requestFiles.content_type,
      file_size: requestFiles.size,
    })
    .from(requests)
    .leftJoin(requestFiles, eq(requestFiles.request_id, requests.id))
    .where(
      and(
        sql`${requests.meter_id} IN ${personMeterIds(userId)}`,
        inArray(requests.kind, [...REQUEST_KINDS]),
        extra,
      ),
    );
}

export function toApiRequest(row: RequestRow): ApiRequest {
  let fields: Record<string, string> = {};
  try {
    const parsed = JSON.parse(row.payload) as Record<string, unknown>;
    fields = Object.fromEntries(
      Object.entries(parsed)
        .filter(([key, value]) => key !== "lang" && value !== null && value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
  } catch {
    // A payload that is not JSON shows no fields rather than failing the whole list.
  }
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    meter_id: row.meter_id,
    created_at: row.created_at,
    fields,
    file:
      row.file_name && row.file_type && row.file_size !== null
        ? { name: row.file_name, content_type: row.file_type, size: row.file_size }
        : null,
  };
}

/** The caller's requests, newest first. */
export async function userRequests(db: Db, userId: number): Promise<ApiRequest[]> {
  const rows = await selectRequests(db, userId).orderBy(
    desc(requests.created_at),
    desc(requests.id),
  );
  return rows.map(toApiRequest);
}

/** One request of the caller; a malformed, unknown or foreign id is a 404 alike. */
export async function ownRequest(db: Db, userId: number, requestId: string): Promise<RequestRow> {
  if (!/^\d{1,12}$/.test(requestId)) throw notFound();
  const [row] = await selectRequests(db, userId, eq(requests.id, Number(requestId))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The attachment of a request, or undefined. */
export async function requestFile(db: Db, requestId: number): Promise<FileRow | undefined> {
  const [file] = await db
    .select(fileColumns)
    .from(requestFiles)
    .where(eq(requestFiles.request_id, requestId))
    .limit(1);
  return file;
}

/** Drafts past their time: rows and R2 objects go (a few per upload, so the work stays small). */
export async function purgeExpiredDrafts(db: Db, bucket: R2Bucket) {
  const expired = await db
    .select({ id: requestFiles.id, r2_key: requestFiles.r2_key })
    .from(requestFiles)
    .where(and(isNull(requestFiles.request_id), lte(requestFiles.expires_at, nowIso())))
    .limit(20);
  const [first, ...rest] = expired.map((r) =>
    db.delete(requestFiles).where(and(eq(requestFiles.id, r.id), isNull(requestFiles.request_id))),
  );
  if (!first) return;
  await bucket.delete(expired.map((r) => r.r2_key));
  await db.batch([first, ...rest]);
}

/** A new draft upload of the caller, valid for DRAFT_TTL_SECONDS. */
export async function insertDraft(
  db: Db,
  draft: { id: string; userId: number; key: string; name: string } & Pick<
    FileRow,
    "content_type" | "size"
  >,
) {
  const now = new Date();
  await db.insert(requestFiles).values({
    id: draft.id,
    user_id: draft.userId,
    r2_key: draft.key,
    name: draft.name,
    content_type: draft.content_type,
    size: draft.size,
    created_at: nowIso(now),
    expires_at: addSeconds(DRAFT_TTL_SECONDS, now),
  });
}

const isUniqueViolation = (error: unknown, index: string) => {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text) && text.includes(index);
};

/**
 * Saves a request, its file link and the confirmation message in one D1 batch (one transaction).
 * The reference needs the row id, so the row is found again by its placeholder reference (random,
 * unique) and the reference and message text are completed inside the database. The partial
 * unique indexes requests_open_per_supply and requests_open_switch_per_supply (0030) refuse a
 * second open request of the kind for the supply, even from two concurrent submissions; the
 * unique file key refuses one draft used twice. A tariff switch has no file (`file` null).
 */
export async function createRequest(
  db: Db,
  input: {
    userId: number;
    kind: RequestKind;
    meter: MeterRow;
    fields: Record<string, unknown>;
    file: FileRow | null;
    ip: string;
  },
): Promise<ApiRequest> {
  const { userId, kind, meter, fields, file, ip } = input;
  const existing = await db
    .select({ meter_id: requests.meter_id, kind: requests.kind, status: requests.status })
    .from(requests)
    .where(and(eq(requests.meter_id, meter.id), eq(requests.kind, kind)));
  const blocker = requestBlocker(kind, meter, existing);
  if (blocker === "not_active" || blocker === "not_normal") {
    throw badRequest("request_not_allowed", "meter_id", blocker);
  }
  if (blocker) throw badRequest("request_already_open", "meter_id", blocker);

  const [user] = await db
    .select({ lang: users.lang })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const lang: Lang = user?.lang === "en" ? "en" : "el";
  // The confirmation in both languages (0021): the inbox shows the one of the page's language.
  const message = CONFIRMATION.el[kind];
  const english = CONFIRMATION.en[kind];
  const now = nowIso();
  // A tariff switch names its product in the message (the one the customer accepted the terms of).
  const product = typeof fields.product_descr === "string" ? fields.product_descr : "";
  const content = message.content
    .replace("{supply}", supplyNumber(meter))
    .replace("{product}", product);
  const contentEn = english.content
    .replace("{supply}", supplyNumber(meter))
    .replace("{product}", product);
  const pending = `pending-${randomToken(12)}`;
  const byPending = eq(requests.reference, pending);
  // The real reference, from the row's id: written last, so that every statement before it finds
  // the row by its placeholder (a request without a file has no other key of its own).
  const reference = sql<string>`'REQ-' || substr(${requests.created_at}, 1, 4) || '-' || printf('%06d', ${requests.id})`;
  const fileLink = file
    ? [
        db
          .update(requestFiles)
          .set({
            request_id: sql`(${db.select({ id: requests.id }).from(requests).where(byPending)})`,
          })
          .where(
            and(
              eq(requestFiles.id, file.id),
              eq(requestFiles.user_id, userId),
              isNull(requestFiles.request_id),
            ),
          ),
      ]
    : [];
  let id: number | undefined;
  try {
    const [inserted] = await db.batch([
      db
        .insert(requests)
        .values({
          reference: pending,
          user_id: userId,
          meter_id: meter.id,
          kind,
          status: "submitted",
          payload: JSON.stringify({ ...fields, lang }),
          file_key: file?.r2_key ?? null,
          created_at: now,
        })
        .returning({ id: requests.id }),
      ...fileLink,
      // Insert-from-select: the message's text takes the reference the row is given below.
      db.insert(messages).select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            user_id: sql<number>`${userId}`.as("user_id"),
            meter_id: sql<number>`${meter.id}`.as("meter_id"),
            title: sql<string>`${message.title}`.as("title"),
            content: sql<string>`replace(${content}, '{ref}', ${reference})`.as("content"),
            title_en: sql<string>`${english.title}`.as("title_en"),
            content_en: sql<string>`replace(${contentEn}, '{ref}', ${reference})`.as("content_en"),
            type: sql<"confirm">`'confirm'`.as("type"),
            category: sql<string>`'requests'`.as("category"),
            read_status: sql<number>`0`.as("read_status"),
            c_stamp: sql<string>`${now}`.as("c_stamp"),
          })
          .from(requests)
          .where(byPending),
      ),
      auditStatement(db, {
        action: "request_submitted",
        userId,
        meterId: meter.id,
        detail: { kind },
        ip,
      }),
      db.update(requests).set({ reference }).where(byPending),
    ]);
    id = inserted[0]?.id;
  } catch (error) {
    if (isUniqueViolation(error, "requests.meter_id")) {
      throw badRequest("request_already_open", "meter_id", openProblemOf(kind));
    }
    if (isUniqueViolation(error, "requests.file_key")) throw notFound();
    throw error;
  }
  if (id === undefined) throw new ApiError(500, "error");
  const [row] = await selectRequests(db, userId, eq(requests.id, id)).limit(1);
  if (!row) throw new ApiError(500, "error");
  return toApiRequest(row);
}
