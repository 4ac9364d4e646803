/**
 * Idempotency keys of the reading form (#39): the page renders a fresh random key into the form
 * (a hidden field); the API records it with the first successful answer, and the same key again
 * returns that answer and records nothing. This stops a double post without JavaScript and lets
 * a reading typed offline be replayed as often as the connection comes and goes.
 *
 * A key belongs to the person who sent it: the API looks it up by (person, key), so another
 * person's key is simply unknown to them (it can neither replay nor reveal the first answer).
 * No signature is needed: 128 random bits cannot be guessed, and a key is worth nothing to
 * anyone but the person it was rendered for.
 */

/** 16 random bytes in base64url: 22 characters. Longer keys (other API clients) are accepted. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{22,64}$/;

/** The hidden field of a form that carries its key (and the API body's field). */
export const FORM_KEY_FIELD = "idempotency_key";

/** How long the API remembers a key's answer: a queued reading is replayed well within it. */
export const IDEMPOTENCY_DAYS = 30;

/** A fresh key (Web Crypto: the Worker and the browser alike). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A key as a form or a body carries it, or null for none or one of the wrong shape. */
export function parseIdempotencyKey(value: unknown): string | null {
  return typeof value === "string" && IDEMPOTENCY_KEY.test(value) ? value : null;
}

/** What a request asks for, in one string: the same key must always mean the same request. */
export function readingFingerprint(
  route: "reading" | "correction",
  body: { meter_id: number; day: number; night?: number | null; reading_id?: number },
): string {
  return [route, body.meter_id, body.day, body.night ?? "", body.reading_id ?? ""].join(":");
}

/** The first answer recorded for a key. */
export interface RecordedAnswer {
  fingerprint: string;
  status: number;
  body: string;
  expires_at: string;
}

export type ReplayDecision =
  /** Never seen (or forgotten): judge the request as new. */
  | { kind: "new" }
  /** The same request again: answer as the first time, record nothing. */
  | { kind: "replay"; status: number; body: string }
  /** The key of another request: refused, so that a reused key never records a second reading. */
  | { kind: "conflict" };

/**
 * What to do with a request whose key is `recorded` (null: not seen). An expired record counts
 * as unseen: the hourly clean-up deletes it soon after, and the request is judged on its own
 * (the reading rules refuse a value not above the previous reading anyway).
 */
export function replayDecision(
  recorded: RecordedAnswer | null,
  fingerprint: string,
  now: Date,
): ReplayDecision {
  if (!recorded || recorded.expires_at <= now.toISOString()) return { kind: "new" };
  if (recorded.fingerprint !== fingerprint) return { kind: "conflict" };
  return { kind: "replay", status: recorded.status, body: recorded.body };
}

/** When a key recorded at `now` is forgotten (ISO 8601, UTC: the format of every `*_at`). */
export function idempotencyExpiry(now: Date): string {
  return new Date(now.getTime() + IDEMPOTENCY_DAYS * 86_400_000).toISOString();
}
