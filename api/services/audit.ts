import type { Db } from "../db";
import { auditLog } from "../db/schema";

export type AuditAction =
  | "login_success"
  | "login_failure"
  | "signup"
  | "activation"
  | "password_reset_request"
  | "password_reset"
  | "password_change"
  | "logout"
  | "deactivate"
  | "redirect_login";

export async function audit(
  db: Db,
  entry: { action: AuditAction; userId?: number | null; detail?: string; ip?: string | null },
) {
  await db.insert(auditLog).values({
    action: entry.action,
    user_id: entry.userId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
