import { sql, type SQL } from "drizzle-orm";
import { activityDetail, type ActivityAction, type ActivityDetail } from "../../core/activity";
import type { Db } from "../db";
import { auditLog } from "../db/schema";

/** Every action the log knows (core/activity.ts); kept as a name for the callers before #18. */
export type AuditAction = ActivityAction;

export interface AuditEntry {
  action: ActivityAction;
  /** Who acted; null for an unknown login name. */
  userId?: number | null;
  /** The supply acted on. */
  meterId?: number | null;
  /** The person acted on (people changes). */
  subjectUserId?: number | null;
  /** What changed (core/activity.ts: secrets are dropped), or a short note. */
  detail?: ActivityDetail | string | null;
  ip?: string | null;
  /**
   * The account, when no signed-in person acted (a signed link, the public direct-debit flow);
   * otherwise the acting person's account is taken.
   */
  customerId?: number | null;
}

/** The detail as stored: a note as it is, changes as JSON without secrets. */
export function storedDetail(detail: AuditEntry["detail"]): string | null {
  if (detail === undefined || detail === null) return null;
  return typeof detail === "string" ? detail : activityDetail(detail);
}

/**
 * The statement that appends one entry to the activity log (audit_log, append-only: migration
 * 0012). The account is the acting person's, or else the person acted on's; found in the same
 * statement. For a D1 batch beside the write it records.
 */
export function auditStatement(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    action: entry.action,
    user_id: entry.userId ?? null,
    customer_id: accountOf(entry),
    meter_id: entry.meterId ?? null,
    subject_user_id: entry.subjectUserId ?? null,
    detail: storedDetail(entry.detail),
    ip: entry.ip ?? null,
  });
}

/** The entry's account: given, or the acting (else the acted-on) person's, read in the statement. */
function accountOf(entry: AuditEntry): SQL | number | null {
  if (entry.customerId !== undefined && entry.customerId !== null) return entry.customerId;
  const owner = entry.userId ?? entry.subjectUserId ?? null;
  return owner === null ? null : sql`(SELECT customer_id FROM users WHERE id = ${owner})`;
}

/** The values of an entry, in the column order of `AUDIT_INSERT`, the account as a sub-select. */
function auditValues(entry: AuditEntry): unknown[] {
  const owner = entry.userId ?? entry.subjectUserId ?? null;
  return [
    entry.action,
    entry.userId ?? null,
    entry.customerId ?? null,
    owner,
    entry.meterId ?? null,
    entry.subjectUserId ?? null,
    storedDetail(entry.detail),
    entry.ip ?? null,
  ];
}

const AUDIT_INSERT = `INSERT INTO audit_log (action, user_id, customer_id, meter_id, subject_user_id, detail, ip)
  SELECT ?, ?, COALESCE(?, (SELECT customer_id FROM users WHERE id = ?)), ?, ?, ?, ? WHERE `;

/**
 * The entry as a statement of a Drizzle batch, written only when `when` holds inside the batch
 * (e.g. the write it records happened: a guarded INSERT that may have written nothing).
 */
export function auditStatementWhen(db: Db, entry: AuditEntry, when: SQL) {
  const [action, userId, customerId, owner, meterId, subjectId, detail, ip] = auditValues(entry);
  // INSERT … SELECT of every column in the table's order (Drizzle's insert-from-sql).
  return db.insert(auditLog).select(
    sql`SELECT NULL, ${userId}, ${action}, ${detail}, ${ip}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
        COALESCE(${customerId}, (SELECT customer_id FROM users WHERE id = ${owner})), ${meterId},
        ${subjectId} WHERE ${when}`,
  );
}

/**
 * One entry per supply in ONE statement, whatever their number (a business has up to 1,000
 * supplies: one INSERT each would be that many queries): the supplies and their details travel
 * as one JSON parameter. None when `perSupply` is empty.
 */
export function auditPerSupplyStatement(
  db: Db,
  entry: Omit<AuditEntry, "meterId" | "detail">,
  perSupply: readonly { meterId: number; detail: ActivityDetail }[],
) {
  if (perSupply.length === 0) return null;
  const rows = JSON.stringify(
    perSupply.map(({ meterId, detail }) => ({ m: meterId, d: storedDetail(detail) })),
  );
  const [action, userId, customerId, owner, , subjectId, , ip] = auditValues(entry);
  return db.insert(auditLog).select(
    sql`SELECT NULL, ${userId}, ${action}, json_extract(value, '$.d'), ${ip},
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
        COALESCE(${customerId}, (SELECT customer_id FROM users WHERE id = ${owner})),
        json_extract(value, '$.m'), ${subjectId} FROM json_each(${rows})`,
  );
}

/**
 * The same for a raw D1 batch (`db.$client.batch`): `when` is SQL text with `?` parameters,
 * bound after the entry's own.
 */
export function auditD1StatementWhen(
  d1: D1Database,
  entry: AuditEntry,
  when: string,
  ...params: unknown[]
) {
  return d1.prepare(AUDIT_INSERT + when).bind(...auditValues(entry), ...params);
}

export async function audit(db: Db, entry: AuditEntry) {
  await auditStatement(db, entry);
}
