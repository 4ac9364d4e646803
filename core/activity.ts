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
  // Payment plans (#38 §1): set up, paid in full or ended (a missed instalment, withdrawn).
  "payment_plan_created",
  "payment_plan_completed",
  "payment_plan_ended",
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
  // The billing system's calls on the back-office API (#36; no account: the operator's log).
  "backoffice_call",
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export function isActivityAction(value: string): value is ActivityAction {
  return (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/**
 * Every field an entry's detail may hold, each with a label in both languages
 * (locales/<lang>/activity.json, key `fields.<field>`; tests/unit/activity-labels.test.ts).
 */
export const ACTIVITY_FIELDS = [
  "amount",
  "day",
  "night",
  "reading",
  "email",
  "phone",
  "notify_email",
  "notify_sms",
  "language",
  "skin",
  "ebill",
  "sms",
  "direct_debit",
  "kind",
  "address",
  "reason",
  "username",
  "name",
  "role",
  "supplies",
  "note",
  "scopes",
  "expires",
  "resent",
  "instalments",
  // Ids for the machine (a master hand-over's people): never shown to a person.
  "from",
  "to",
] as const;

export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

/** Fields kept for the record but never shown: ids a person cannot read (the subject is named). */
export const ACTIVITY_HIDDEN_FIELDS: readonly ActivityField[] = ["from", "to"];

/** Why a sign-in failed or what else an entry notes: codes, shown by their label only. */
export const ACTIVITY_REASONS = [
  "wrong_credentials",
  "no_user",
  "throttled",
  "throttled_ip",
  "activation_resent",
  // Why a payment plan ended (core/payment-plans.ts PLAN_END_REASONS).
  "missed",
  "withdrawn",
] as const;

export type ActivityReason = (typeof ACTIVITY_REASONS)[number];

/** The locale key of a field's label: its own, or the generic one for a field no longer written. */
export function activityFieldKey(field: string): string {
  return (ACTIVITY_FIELDS as readonly string[]).includes(field)
    ? `fields.${field}`
    : "fields.other";
}

/** Whether a stored field is shown to a person (ids for the machine are not). */
export function activityFieldShown(field: string): boolean {
  return !(ACTIVITY_HIDDEN_FIELDS as readonly string[]).includes(field);
}

/**
 * What an entry says changed, stored as JSON in `audit_log.detail`: each field's value, or its old
 * and new value as a pair. Never a password, a card number, a CVV or a code: `activityDetail`
 * drops any field whose name says it is one. Its fields are ACTIVITY_FIELDS only, so every writer
 * (api/, seed/) names a field that has a label in both languages.
 */
export type ActivityDetail = Partial<
  Record<ActivityField, string | number | [string | null, string | null]>
>;

const SECRET_FIELD = /pass|card|cvv|cvc|pan|code|token|otp|secret/i;

/** The JSON stored for `detail`, without any secret field; null when nothing is left. */
export function activityDetail(detail: ActivityDetail | undefined): string | null {
  if (!detail) return null;
  const kept = Object.entries(detail).filter(([field]) => !SECRET_FIELD.test(field));
  return kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept));
}

/**
 * The detail read back; a free-text detail (before #18, or a sign-in failure's code with the name
 * typed: "no_user 123456789") is read as `{ reason, username }` when it starts with a known code,
 * else kept as `{ note }`.
 */
export function parseActivityDetail(stored: string | null): ActivityDetail {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as ActivityDetail;
  } catch {
    // Not JSON: a note written before the activity log existed.
  }
  const [first = "", ...rest] = stored.trim().split(/\s+/);
  if ((ACTIVITY_REASONS as readonly string[]).includes(first)) {
    const username = rest.join(" ");
    return username ? { reason: first, username } : { reason: first };
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
