/**
 * Personal access tokens (#19, docs/decisions/0020-personal-access-tokens.md): the rules the API
 * and the portal share. A token is read-only; each scope opens a family of read endpoints
 * (api/middleware/token-scopes.ts says which), and `personal` (the person's own details) is a
 * separate opt-in.
 */

import { athensMidnight, athensToday } from "./dates";

export const TOKEN_SCOPES = ["bills", "payments", "readings", "consumption", "personal"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The scopes a new token gets ticked by default (the portal's form): all but personal details. */
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = [
  "bills",
  "payments",
  "readings",
  "consumption",
];

export function isTokenScope(value: string): value is TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}

/** Prefix of every secret: tells a token from a session JWT at a glance (and to secret scanners). */
export const TOKEN_PREFIX = "nrg_";
/** Random bytes of a secret (base64url after the prefix): 32, i.e. 256 bits. */
export const TOKEN_RANDOM_BYTES = 32;
/** A token's name: 1 to 60 characters. */
export const TOKEN_NAME_MAX = 60;
/** At most a year; the form proposes 90 days. */
export const TOKEN_MAX_DAYS = 366;
export const TOKEN_DEFAULT_DAYS = 90;
/** At most this many live tokens per person (a list, not a pool). */
export const TOKENS_PER_PERSON = 20;
/** Requests per token per minute; the next one is 429 with Retry-After. */
export const TOKEN_REQUESTS_PER_MINUTE = 60;
/** The last use is written at most once a minute per token. */
export const TOKEN_LAST_USE_EVERY_MS = 60_000;

/** Looks like a personal access token (not a session JWT): the auth middleware's switch. */
export function isAccessTokenSecret(bearer: string): boolean {
  return bearer.startsWith(TOKEN_PREFIX);
}

const DAY_MS = 86_400_000;

/** The latest expiry allowed for a token made at `createdAt`: one year later. */
export function maxExpiry(createdAt: Date): Date {
  const latest = new Date(createdAt);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

/** Athens's day `n` days after `day` (both YYYY-MM-DD). */
const daysAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The form's default expiry day (YYYY-MM-DD, Athens): 90 days from today. */
export function defaultExpiryDay(now: Date): string {
  return daysAfter(athensToday(now), TOKEN_DEFAULT_DAYS);
}

/** The earliest expiry day the form offers (YYYY-MM-DD, Athens): tomorrow. */
export function minExpiryDay(now: Date): string {
  return daysAfter(athensToday(now), 1);
}

/** The latest expiry day the form offers (YYYY-MM-DD, Athens). */
export function maxExpiryDay(now: Date): string {
  return athensToday(maxExpiry(now));
}

/**
 * The moment a token chosen to expire on `day` (YYYY-MM-DD, an Athens day, #35 §3) stops working:
 * the end of that day in Athens, cut to a year after `now`. Null when the day is not after
 * today in Athens or beyond a year.
 */
export function expiryOf(day: string, now: Date): Date | null {
  const next = /^\d{4}-\d{2}-\d{2}$/.test(day) ? athensMidnight(daysAfter(day, 1)) : null;
  if (!next || !athensMidnight(day)) return null;
  if (day < minExpiryDay(now) || day > maxExpiryDay(now)) return null;
  const end = new Date(next.getTime() - 1);
  const latest = maxExpiry(now);
  return end.getTime() > latest.getTime() ? latest : end;
}

/** Scopes as stored (comma-separated, in TOKEN_SCOPES order, unknown names dropped). */
export function storedScopes(scopes: Iterable<string>): string {
  const wanted = new Set(scopes);
  return TOKEN_SCOPES.filter((s) => wanted.has(s)).join(",");
}

export function parseScopes(stored: string): TokenScope[] {
  const listed = new Set(stored.split(","));
  return TOKEN_SCOPES.filter((s) => listed.has(s));
}

export type TokenStatus = "active" | "expired" | "revoked";

export function tokenStatus(
  token: { revoked_at: string | null; expires_at: string },
  now: Date,
): TokenStatus {
  if (token.revoked_at) return "revoked";
  return token.expires_at <= now.toISOString() ? "expired" : "active";
}

/**
 * What a read route needs of a token: a scope; any one of several (`anyOf`); every one of several
 * (`allOf`: a download that holds bills, payments and readings); `"any"` (the supplies list: any
 * scope opens it, so that a client finds the supply ids it reads); or `"never"` (session only:
 * settings, people, the tokens themselves, the portal's frame, the activity log, checkout returns).
 */
export type RouteNeed =
  | TokenScope
  | { anyOf: readonly TokenScope[] }
  | { allOf: readonly TokenScope[] }
  | "any"
  | "never";

/** May a token with `scopes` use a route that needs `need`? */
export function tokenMayRead(scopes: readonly TokenScope[], need: RouteNeed): boolean {
  if (need === "never") return false;
  if (need === "any") return scopes.length > 0;
  if (typeof need === "string") return scopes.includes(need);
  if ("anyOf" in need) return need.anyOf.some((s) => scopes.includes(s));
  return need.allOf.every((s) => scopes.includes(s));
}

/** The supplies a token reaches now: its own list (or all) within the person's current ones. */
export function effectiveSupplies(
  token: "all" | ReadonlySet<number>,
  person: "all" | ReadonlySet<number>,
): "all" | ReadonlySet<number> {
  if (token === "all") return person;
  if (person === "all") return token;
  return new Set([...token].filter((id) => person.has(id)));
}

/**
 * The fields of the API's answers that are the person's details (#35): what a token without the
 * `personal` scope never reads, on any route. Names of the contract's fields (core/contract/*;
 * tests/security/probe-35.test.ts checks each against the zod schemas and that every field that
 * looks personal is listed here or named as not personal). A token without `personal` gets them
 * blank (""), so every answer keeps its shape.
 */
export const PERSONAL_FIELDS = [
  // The holder and the person: name, VAT number, contact details, sign-in name, picture.
  "name",
  "employee_name",
  "welcome_name",
  "afm",
  "vat",
  "username",
  "email",
  "phone",
  "registration_email",
  "registration_phone",
  "mobile_masked",
  // The alert's channels (#37 §2): the person's own mobile its SMS go to.
  "mobile",
  "avatar",
  "img",
  "img_name",
  "holder",
  // Where the supplies are and where their bills go.
  "address",
  "supply_address",
  "billing_address",
  "street",
  "street_no",
  "postal_code",
  "region",
  "municipality",
  "phys_street",
  "phys_street_no",
  "phys_postal_code",
  "phys_region",
  "bill_street",
  "bill_street_no",
  "bill_postal_code",
  "bill_region",
  "regions",
  // Where the e-bill and the bill SMS are sent.
  "eBill_email",
  "sms_number",
  // Where the person signs in from, and a draft application's birth date.
  "ip",
  "last_used_ip",
  "draft_birth_date",
] as const;

/**
 * Fields whose names look personal but are not the person's details, each with the reason
 * (tests/security/probe-35.test.ts asks every such field of the contract to be in one list).
 */
export const NOT_PERSONAL_FIELDS: Readonly<Record<string, string>> = {
  indication_email: "a 0/1 switch: whether reading reminders come by email, not an address",
  needs_activation: "a 0/1 state of the sign-in",
  package_name: "the supplier's tariff name",
  issuer_vat: "the supplier's VAT number on an e-invoice (the issuer)",
  issuer_name: "the supplier's name on an e-invoice (the issuer)",
};

const PERSONAL = new Set<string>(PERSONAL_FIELDS);

export const isPersonalField = (field: string): boolean => PERSONAL.has(field);

/**
 * `value` (a JSON answer) with every personal field's text blanked, at any depth: a personal
 * field's strings (itself, or inside it) become "", the rest keeps its shape.
 */
export function redactPersonal<T>(value: T, blank = false): T {
  if (typeof value === "string") return (blank ? "" : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactPersonal(v, blank)) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = redactPersonal(v, blank || PERSONAL.has(key));
  return out as T;
}
