import { sql } from "drizzle-orm";
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
  const owner = entry.userId ?? entry.subjectUserId ?? null;
  return db.insert(auditLog).values({
    action: entry.action,
    user_id: entry.userId ?? null,
    customer_id: owner === null ? null : sql`(SELECT customer_id FROM users WHERE id = ${owner})`,
    meter_id: entry.meterId ?? null,
    subject_user_id: entry.subjectUserId ?? null,
    detail: storedDetail(entry.detail),
    ip: entry.ip ?? null,
  });
}

export async function audit(db: Db, entry: AuditEntry) {
  await auditStatement(db, entry);
}
