/**
 * The activity log (#18, /b2b/istoriko): what a person did on the account, kept in `audit_log`
 * (migrations/0012_people.sql) for two years and never changed. One list of actions, shared by the
 * API that writes and filters entries, the seed and the portal that names them in both languages
 * (locales/<lang>/activity.json, key `actions.<action>`).
 */
export const ACTIVITY_ACTIONS = [
  // Signing in and the person's own account.
  "login_success",
  "login_failure",
  "logout",
  "signup",
  "activation",
  "password_reset_request",
  "password_reset",
  "password_change",
  "deactivate",
  "redirect_login",
  "settings_update",
  "avatar_update",
  // Writes on a supply.
  "payment",
  "reading_submit",
  "reading_correct",
  "supply_settings_change",
  "direct_debit_change",
  "request_submitted",
  "address_change",
  // People.
  "person_invite",
  "person_change",
  "person_remove",
  "invitation_revoke",
  "invitation_accept",
  "master_transfer",
  // Personal access tokens (#19).
  "token_create",
  "token_first_use",
  "token_revoke",
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export function isActivityAction(value: string): value is ActivityAction {
  return (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/**
 * What an entry says changed, stored as JSON in `audit_log.detail`: each field's value, or its old
 * and new value as a pair. Never a password, a card number, a CVV or a code: `activityDetail`
 * drops any field whose name says it is one.
 */
export type ActivityDetail = Record<string, string | number | [string | null, string | null]>;

const SECRET_FIELD = /pass|card|cvv|cvc|pan|code|token|otp|secret/i;

/** The JSON stored for `detail`, without any secret field; null when nothing is left. */
export function activityDetail(detail: ActivityDetail | undefined): string | null {
  if (!detail) return null;
  const kept = Object.entries(detail).filter(([field]) => !SECRET_FIELD.test(field));
  return kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept));
}

/** The detail read back; a legacy free-text detail (before #18) is kept as `{ note }`. */
export function parseActivityDetail(stored: string | null): ActivityDetail {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as ActivityDetail;
  } catch {
    // Not JSON: a note written before the activity log existed.
  }
  return { note: stored };
}

/** Entries older than this many days are removed by the scheduled cleanup (two years). */
export const ACTIVITY_RETENTION_DAYS = 731;

/**
 * The earliest day the activity log's period filter accepts (YYYY-MM-DD): two years before
 * `today`, the log keeping no more (29 February rolls over to 1 March).
 */
export function oldestActivityDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 2);
  return date.toISOString().slice(0, 10);
}
