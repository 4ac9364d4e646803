import { and, eq, gt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import {
  MAX_FAILURES_PER_IP as ALL_SMART_MAX_PER_IP,
  MAX_FAILURES_PER_VAT as ALL_SMART_MAX_PER_VAT,
} from "../../core/all-smart";
import type { ApiErrorCode } from "../../core/contract";
import type { Db } from "../db";
import { throttleCounters } from "../db/schema";
import { ApiError } from "../lib/errors";
import { clientIp } from "../lib/request";
import { DAY, HOUR } from "../lib/time";
import type { ApiEnv } from "../types";

/**
 * Every throttle of the API on one D1 table, `throttle_counters` (migrations/0009): a row per
 * limit, key (VAT, client address, user id) and fixed UTC window, whose `expires_at` is the
 * window's end (the scheduled cleanup deletes rows past it).
 *
 * A check is ONE statement that counts and returns the new count (`INSERT … ON CONFLICT DO UPDATE
 * SET count = count + 1 RETURNING count`). Forty parallel requests therefore see forty different
 * counts and only the first `max` pass: there is no read-then-write gap to race through. Where only
 * failures should count (a right password), the event is counted first and taken back afterwards
 * (`refund`), so the check still comes before the work it guards.
 *
 * The client address is CF-Connecting-IP alone (api/lib/request.ts). Cloudflare's Rate Limiting
 * binding (`THROTTLE_BURST`, wrangler.toml) answers floods of the anonymous senders before they
 * reach D1; it is optional (absent or failing, the D1 counters still apply), while a D1 failure
 * refuses the request (503): the counters fail closed.
 */

export interface Limit {
  /** The `scope` column of the rows. */
  readonly scope: string;
  /** Events allowed in one window; the next one is refused. */
  readonly max: number;
  readonly windowSeconds: number;
}

/**
 * The limits (docs/api.md "Throttling" repeats them). Sign-in: the spec's daily lock per VAT (§8
 * "daily attempts exceeded, try tomorrow"); per client address at most 30 failed sign-ins an hour
 * and 100 a UTC day, checked before the VAT's counter, so one client locks at most 3 customers an
 * hour and 10 a day, and tries at most that many VATs. Successful sign-ins do not count.
 */
export const LIMITS = {
  loginVat: { scope: "login-vat", max: 10, windowSeconds: DAY },
  loginIpHour: { scope: "login-ip-hour", max: 30, windowSeconds: HOUR },
  loginIpDay: { scope: "login-ip-day", max: 100, windowSeconds: DAY },
  /** Password-reset requests per client address, whatever the VAT. */
  resetIp: { scope: "reset-ip", max: 10, windowSeconds: HOUR },
  /** Reset emails per user; beyond it the request is answered as usual and nothing is sent. */
  resetUser: { scope: "reset-user", max: 3, windowSeconds: HOUR },
  /** Direct-debit set-ups started (each sends an SMS code and shows a masked mobile). */
  directDebitIp: { scope: "dd-flow-ip", max: 10, windowSeconds: HOUR },
  contactIp: { scope: "contact-ip", max: 5, windowSeconds: HOUR },
  signupIp: { scope: "signup-ip", max: 10, windowSeconds: HOUR },
  /** Wrong current passwords (password, email and phone changes) per user. */
  currentPassword: { scope: "current-password", max: 5, windowSeconds: 15 * 60 },
  currentPasswordDay: { scope: "current-password-day", max: 10, windowSeconds: DAY },
  /** allSmart's captcha throttle (failures only; api/all-smart/throttle.ts). */
  allSmartVat: { scope: "all-smart-vat", max: ALL_SMART_MAX_PER_VAT, windowSeconds: HOUR },
  allSmartIp: { scope: "all-smart-ip", max: ALL_SMART_MAX_PER_IP, windowSeconds: HOUR },
  /** Unknown myDATA MARKs looked up on the public verification page, per client address. */
  eInvoiceIp: { scope: "e-invoice-ip", max: 30, windowSeconds: HOUR },
  /**
   * Invitation emails (#35): new invitations and re-sends per account a UTC day (a business
   * inviting its staff sends a few; this stops a mail relay), and re-sends to one address.
   */
  invitationsAccount: { scope: "invite-account", max: 20, windowSeconds: DAY },
  invitationResendsAddress: { scope: "invite-resend-address", max: 3, windowSeconds: DAY },
  /**
   * "This email or mobile is another customer's" answers (settings, invitations; #35) per person
   * and per client address: like the sign-in's, they tell whether someone is a customer.
   */
  inUseUser: { scope: "in-use-user", max: 5, windowSeconds: HOUR },
  inUseUserDay: { scope: "in-use-user-day", max: 10, windowSeconds: DAY },
  inUseIp: { scope: "in-use-ip", max: 20, windowSeconds: HOUR },
  /**
   * Bad service credentials on the back-office API (#36) per client address; past it a bad one is
   * 429 (a valid credential is still served: api/backoffice/auth.ts).
   */
  backofficeFailuresIp: { scope: "backoffice-fail-ip", max: 20, windowSeconds: HOUR },
} as const satisfies Record<string, Limit>;

export interface Window {
  start: string;
  end: string;
  /** Whole seconds until the window ends (at least 1): the `Retry-After`. */
  retryAfter: number;
}

/** The fixed window of `seconds` (aligned to the UTC epoch: hours, UTC days) that holds `now`. */
export function windowOf(seconds: number, now = new Date()): Window {
  const size = seconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return {
    start: new Date(start).toISOString(),
    end: new Date(start + size).toISOString(),
    retryAfter: Math.max(1, Math.ceil((start + size - now.getTime()) / 1000)),
  };
}

export interface Hit {
  limit: Limit;
  key: string;
  window: Window;
  /** The count after this event. */
  count: number;
  /** Within the limit. */
  ok: boolean;
}

/** One event counted: the row's new count (`INSERT … ON CONFLICT DO UPDATE … RETURNING`). */
function countStatement(db: Db, scope: string, key: string, window: Window) {
  return db
    .insert(throttleCounters)
    .values({ scope, key, window_start: window.start, expires_at: window.end, count: 1 })
    .onConflictDoUpdate({
      target: [throttleCounters.scope, throttleCounters.key, throttleCounters.window_start],
      set: { count: sql`${throttleCounters.count} + 1` },
    })
    .returning({ count: throttleCounters.count });
}

/** One counted event taken back, never below zero. */
function refundStatement(db: Db, hit: Hit) {
  return db
    .update(throttleCounters)
    .set({ count: sql`${throttleCounters.count} - 1` })
    .where(
      and(
        eq(throttleCounters.scope, hit.limit.scope),
        eq(throttleCounters.key, hit.key),
        eq(throttleCounters.window_start, hit.window.start),
        gt(throttleCounters.count, 0),
      ),
    );
}

/** Drizzle's batch wants a non-empty tuple; the callers return early on an empty list. */
const nonEmpty = <T extends BatchItem<"sqlite">>(items: T[]) => items as [T, ...T[]];

/**
 * Counts one event under each limit (one upsert each, all in one D1 batch: one round trip, one
 * transaction) and returns the counts. Never retried on a D1 error (api/db/resilient.ts: a
 * counting write), so the error reaches the caller and the request is refused.
 */
export async function hit(
  db: Db,
  checks: ReadonlyArray<{ limit: Limit; key: string }>,
  now = new Date(),
): Promise<Hit[]> {
  const prepared = checks.map(({ limit, key }) => {
    const window = windowOf(limit.windowSeconds, now);
    return {
      limit,
      key,
      window,
      statement: countStatement(db, limit.scope, key, window),
    };
  });
  if (prepared.length === 0) return [];
  const results = await db.batch(nonEmpty(prepared.map((p) => p.statement)));
  return prepared.map(({ limit, key, window }, i) => {
    // No row back would be a broken database: count it as over the limit (fail closed).
    const count = results[i]?.[0]?.count ?? Number.POSITIVE_INFINITY;
    return { limit, key, window, count, ok: count <= limit.max };
  });
}

/** Takes back counted events that turned out not to count (the password was right). */
export async function refund(db: Db, hits: readonly Hit[]) {
  if (hits.length === 0) return;
  try {
    await db.batch(nonEmpty(hits.map((h) => refundStatement(db, h))));
  } catch {
    // A lost refund leaves one failure too many on the counter: the safe side of a limit.
  }
}

/** The first refused check, or null when all passed. */
export const refused = (hits: readonly Hit[]) => hits.find((h) => !h.ok) ?? null;

/**
 * 429 with `Retry-After` (also in the error's message, which the portal reads). Thrown from a
 * handler: app.onError answers with the context's headers.
 */
export function tooManyAttempts(
  c: Context<ApiEnv>,
  retryAfter: number,
  code: Extract<
    ApiErrorCode,
    "too_many_attempts" | "daily_attempts_exceeded"
  > = "too_many_attempts",
  field?: string,
) {
  const seconds = String(Math.max(1, Math.ceil(retryAfter)));
  c.header("Retry-After", seconds);
  return new ApiError(429, code, { message: seconds, field });
}

/**
 * The Rate Limiting binding's period (wrangler.toml `simple.period`), the Retry-After of its 429.
 * Its limit (20) is above every hourly D1 limit: a person reaches the D1 limit first and is told
 * the real wait; only a flood is answered by the binding, without a D1 write.
 */
export const BURST_PERIOD_SECONDS = 60;

/**
 * Cloudflare's Rate Limiting binding: per location and eventually consistent, so only a cheap
 * first filter for floods. Absent (older config, a test server) or failing, it lets the request
 * through to the D1 counters, which are the limit.
 */
async function burstAllowed(env: Env, key: string): Promise<boolean> {
  const limiter = (env as { THROTTLE_BURST?: RateLimit }).THROTTLE_BURST;
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key })).success;
  } catch {
    return true;
  }
}

/**
 * The per-client limit of an anonymous endpoint that sends messages: the burst filter, then the
 * D1 counter of the client address. Throws the 429.
 */
export async function enforceClientLimit(c: Context<ApiEnv>, limit: Limit): Promise<void> {
  const ip = clientIp(c);
  if (!(await burstAllowed(c.env, `${limit.scope}:${ip}`))) {
    throw tooManyAttempts(c, BURST_PERIOD_SECONDS);
  }
  const [result] = await hit(c.get("db"), [{ limit, key: ip }]);
  if (!result?.ok) throw tooManyAttempts(c, result?.window.retryAfter ?? limit.windowSeconds);
}

// ---- sign-in (point 6) ----------------------------------------------------------------------

export type LoginReservation =
  | { ok: true; hits: Hit[] }
  | {
      ok: false;
      code: "too_many_attempts" | "daily_attempts_exceeded";
      retryAfter: number;
    };

/**
 * Counts a sign-in attempt BEFORE the password is checked: first per client address (a client
 * over its limit is refused without touching the VAT's counter, so it cannot go on to lock
 * customers), then per VAT (the spec's daily lock). The caller refunds the hits when the
 * password was right, so only failures (wrong password, unknown VAT) and refused attempts stay
 * counted.
 */
export async function reserveLoginAttempt(
  db: Db,
  vat: string,
  ip: string,
  now = new Date(),
): Promise<LoginReservation> {
  const byIp = await hit(
    db,
    [
      { limit: LIMITS.loginIpHour, key: ip },
      { limit: LIMITS.loginIpDay, key: ip },
    ],
    now,
  );
  const ipOver = byIp.filter((h) => !h.ok);
  if (ipOver.length > 0) {
    return {
      ok: false,
      code: "too_many_attempts",
      retryAfter: Math.max(...ipOver.map((h) => h.window.retryAfter)),
    };
  }
  const byVat = await hit(db, [{ limit: LIMITS.loginVat, key: vat }], now);
  const vatOver = refused(byVat);
  if (vatOver) {
    return { ok: false, code: "daily_attempts_exceeded", retryAfter: vatOver.window.retryAfter };
  }
  return { ok: true, hits: [...byIp, ...byVat] };
}

// ---- current password (point 11) ------------------------------------------------------------

/**
 * A check of the current password, counted before it is made (reserveCurrentPasswordCheck bound
 * to the request): the services that check a password call it at the right moment.
 */
export type ReserveCheck = () => Promise<Hit[]>;

/**
 * Counts a current-password check of a signed-in user before it is made: 5 wrong passwords per
 * 15 minutes and 10 per UTC day (the spec's daily sign-in allowance), then 429. The caller
 * refunds the hits when the password was right. The session is kept: the spec ends sessions on
 * sign-out, a password change or deactivation, not on a mistyped password; the limit is what
 * stops a guesser holding someone's session.
 */
export async function reserveCurrentPasswordCheck(
  c: Context<ApiEnv>,
  userId: number,
  field: string,
): Promise<Hit[]> {
  const key = String(userId);
  const hits = await hit(c.get("db"), [
    { limit: LIMITS.currentPassword, key },
    { limit: LIMITS.currentPasswordDay, key },
  ]);
  const over = hits.filter((h) => !h.ok);
  if (over.length > 0) {
    throw tooManyAttempts(
      c,
      Math.max(...over.map((h) => h.window.retryAfter)),
      "too_many_attempts",
      field,
    );
  }
  return hits;
}

// ---- invitations and "already used" answers (#35) -------------------------------------------

/**
 * Counts an answer that may say "this email or mobile belongs to another customer" BEFORE the
 * lookup, per person (5 an hour, 10 a UTC day) and per client address (20 an hour); over a limit
 * a generic 429 (no field: it says nothing of the address). The caller refunds the hits when the
 * address was free, so only "already used" answers stay counted.
 */
export async function reserveInUseAnswer(c: Context<ApiEnv>, userId: number): Promise<Hit[]> {
  const key = String(userId);
  const hits = await hit(c.get("db"), [
    { limit: LIMITS.inUseUser, key },
    { limit: LIMITS.inUseUserDay, key },
    { limit: LIMITS.inUseIp, key: clientIp(c) },
  ]);
  const over = hits.filter((h) => !h.ok);
  if (over.length > 0) throw tooManyAttempts(c, Math.max(...over.map((h) => h.window.retryAfter)));
  return hits;
}

/**
 * Counts an invitation email of an account (and, for a re-send, to that address) before it is
 * sent: over a limit 429 on the email field, nothing sent.
 */
export async function countInvitationEmail(
  c: Context<ApiEnv>,
  customerId: number,
  resentTo?: string,
): Promise<void> {
  const checks: Array<{ limit: Limit; key: string }> = [
    { limit: LIMITS.invitationsAccount, key: String(customerId) },
  ];
  if (resentTo !== undefined)
    checks.push({ limit: LIMITS.invitationResendsAddress, key: resentTo.toLowerCase() });
  const over = refused(await hit(c.get("db"), checks));
  if (over) throw tooManyAttempts(c, over.window.retryAfter, "too_many_attempts", "email");
}
