/**
 * Pure rules of the direct-debit flow (spec §2 "Other flows", §8 "Direct debit"): the
 * one-time SMS code's lifecycle and throttles, the test issuer's answers for a card, and the
 * monthly charge day. Shared by the API (api/direct-debit) and the portal (app/domain/direct-debit.ts
 * re-exports them), so both always agree. WebCrypto only: runs in Workers, browsers and Node.
 */
import { cardDigits, TEST_CARDS } from "../gateway";

/** The one-time code: 6 digits. */
export const CODE_LENGTH = 6;
/** A code is valid for 10 minutes after it was sent. */
export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong guesses allowed per flow; the fifth wrong one ends the flow (it must restart). */
export const MAX_GUESSES = 5;
/** A new code at most once a minute… */
export const RESEND_INTERVAL_SECONDS = 60;
/** …and at most 5 times an hour per flow. */
export const MAX_RESENDS_PER_HOUR = 5;
/** A flow (VAT → code → card → activation) lives 30 minutes from its start. */
export const FLOW_TTL_SECONDS = 30 * 60;
/**
 * New flows (each sends an SMS) per VAT per hour: stops anyone from flooding a customer's mobile
 * by restarting the flow, while a person who mistypes a few times is never blocked.
 */
export const MAX_FLOWS_PER_VAT_PER_HOUR = 20;
/** The charge day is kept within 1–28 so that every month has it. */
export const LAST_CHARGE_DAY = 28;

export const CODE_PATTERN = /^\d{6}$/;

/** A uniformly random 6-digit code (rejection sampling: no modulo bias). */
export function generateCode(): string {
  const limit = Math.floor(0xffffffff / 1_000_000) * 1_000_000;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return String(value % 1_000_000).padStart(CODE_LENGTH, "0");
  }
}

/** Digits only, as people type them ("123 456" → "123456"). */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

export type CodeCheck =
  | { result: "ok" }
  | { result: "wrong"; attemptsLeft: number }
  /** The code is older than CODE_TTL_SECONDS: ask for a new one. */
  | { result: "expired" }
  /** Too many wrong guesses (this one included): the flow is over. */
  | { result: "locked" };

/**
 * The outcome of one guess. `guesses` counts the wrong guesses made before this one; `matches`
 * is the constant-time comparison of the hashes. A guess at a locked flow never succeeds.
 */
export function checkCode(
  state: { guesses: number; codeExpiresAt: string | null },
  matches: boolean,
  now = new Date(),
): CodeCheck {
  if (state.guesses >= MAX_GUESSES) return { result: "locked" };
  if (!state.codeExpiresAt || Date.parse(state.codeExpiresAt) <= now.getTime()) {
    return { result: "expired" };
  }
  if (matches) return { result: "ok" };
  const used = state.guesses + 1;
  if (used >= MAX_GUESSES) return { result: "locked" };
  return { result: "wrong", attemptsLeft: MAX_GUESSES - used };
}

export type ResendCheck = { ok: true } | { ok: false; retryAfter: number };

/**
 * May another code be sent? `lastSentAt` is the newest send of any kind, `resendsInHour` the
 * resends of the last hour (oldest first). Answers how many seconds to wait otherwise.
 */
export function checkResend(
  lastSentAt: string | null,
  resendsInHour: string[],
  now = new Date(),
): ResendCheck {
  const t = now.getTime();
  if (lastSentAt) {
    const wait = Date.parse(lastSentAt) + RESEND_INTERVAL_SECONDS * 1000 - t;
    if (wait > 0) return { ok: false, retryAfter: Math.ceil(wait / 1000) };
  }
  const recent = resendsInHour
    .map((stamp) => Date.parse(stamp))
    .filter((stamp) => stamp > t - 3600_000)
    .sort((a, b) => a - b);
  if (recent.length >= MAX_RESENDS_PER_HOUR) {
    const oldest = recent[recent.length - MAX_RESENDS_PER_HOUR] ?? t;
    return { ok: false, retryAfter: Math.max(1, Math.ceil((oldest + 3600_000 - t) / 1000)) };
  }
  return { ok: true };
}

/** "6944123456" → "69••••••56": enough to recognise one's own number, not to learn it. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 5) return "•".repeat(mobile.length);
  return `${mobile.slice(0, 2)}${"•".repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

// ---------------------------------------------------------------------------------------------
// Cards

/**
 * The test issuer's cards for direct debit (README "Test cards", docs/api/direct-debit.md). The
 * payment test cards keep their meaning; one more number fails for no reason the issuer gives,
 * and any other Luhn-valid number is unknown to the issuer ("card not found").
 */
export const DD_TEST_CARDS = {
  success: TEST_CARDS.success,
  declined: TEST_CARDS.declined,
  expired: TEST_CARDS.expired,
  timeout: TEST_CARDS.timeout,
  failure: "4000000000000259",
  notFound: "4000000000000317",
} as const;

export type DdCardOutcome =
  "approved" | "not_found" | "declined" | "expired" | "timeout" | "failed";

/** What the test issuer answers when asked to register a (format-valid) card for direct debit. */
export function ddCardOutcome(number: string): DdCardOutcome {
  const digits = cardDigits(number);
  if (digits === TEST_CARDS.success || digits === TEST_CARDS.threeDSecure) return "approved";
  if (digits === TEST_CARDS.declined) return "declined";
  if (digits === TEST_CARDS.expired) return "expired";
  if (digits === TEST_CARDS.timeout) return "timeout";
  if (digits === DD_TEST_CARDS.failure) return "failed";
  return "not_found";
}

export type CardBrand = "visa" | "mastercard" | "amex" | "card";

export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "card";
}

/** "•••• 1111". */
export function maskedCard(last4: string): string {
  return `•••• ${last4}`;
}

// ---------------------------------------------------------------------------------------------
// Monthly charge

/**
 * The day of the month the card is charged: the supply's bill due day (the newest bill's due
 * date), else the day of activation; days 29–31 become 28 so that every month has the day.
 */
export function chargeDay(lastInvoiceDueDate: string | null, today: string): number {
  const source =
    lastInvoiceDueDate && /^\d{4}-\d{2}-\d{2}/.test(lastInvoiceDueDate)
      ? lastInvoiceDueDate
      : today;
  const day = Number(source.slice(8, 10));
  if (!Number.isInteger(day) || day < 1) return 1;
  return Math.min(day, LAST_CHARGE_DAY);
}

/** The next date (YYYY-MM-DD, UTC calendar) on `day` of a month, strictly after `today`. */
export function nextChargeDate(day: number, today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const current = Number(today.slice(8, 10));
  const date = new Date(Date.UTC(year, current < day ? month : month + 1, day));
  return date.toISOString().slice(0, 10);
}
