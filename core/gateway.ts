/**
 * Pure rules of card payments, shared by the test acquirer (api/gateway), the payments API
 * (api/payments) and the portal's forms (app/domain/payments.ts re-exports them).
 * Runs in Workers, browsers and Node (WebCrypto only).
 */
import { hmacSha256, timingSafeEqual } from "./tokens";

/** Digits only: spaces and dashes people type between groups are removed. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

/** The Luhn (mod 10) check of a card number (spec §5: 16 digits, and a real card number). */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 16 digits and Luhn-valid. */
export function validCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d{16}$/.test(digits) && luhnValid(digits);
}

/** Expiry year as typed: "27" or "2027" → 2027; null when not a year. */
export function expiryYear(value: string | number): number | null {
  const text = String(value).trim();
  if (/^\d{2}$/.test(text)) return 2000 + Number(text);
  if (/^\d{4}$/.test(text)) return Number(text);
  return null;
}

/**
 * A card is valid through the last day of its expiry month (spec §5: month/year not expired).
 * Compared in UTC calendar months, as card schemes do.
 */
export function expiryValid(month: string | number, year: string | number, now = new Date()) {
  const m = Number(String(month).trim());
  const y = expiryYear(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || y === null) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = y * 12 + (m - 1);
  return expiry >= current && expiry <= current + 20 * 12;
}

export function validCvv(value: string): boolean {
  return /^\d{3}$/.test(value.trim());
}

/**
 * Strong customer authentication (PSD2): the test acquirer asks for the 3-D Secure step above
 * 30 € (the low-value exemption limit), and always for the 3-D Secure test card.
 */
export const SCA_THRESHOLD_CENTS = 3000;

/**
 * Test cards of the built-in acquirer (README "Test cards"). All are Luhn-valid; any other valid
 * number is declined like a real issuer would decline an unknown card.
 */
export const TEST_CARDS = {
  success: "4111111111111111",
  declined: "4000000000000002",
  expired: "4000000000000069",
  timeout: "4000000000000119",
  threeDSecure: "4000000000003220",
} as const;

/** The 3-D Secure code the test issuer accepts. */
export const TEST_3DS_CODE = "1234";

export type CardOutcome = "approved" | "declined" | "expired" | "timeout";

/** What the test issuer answers for a card number (after the format checks passed). */
export function testCardOutcome(number: string): { outcome: CardOutcome; forceSca: boolean } {
  const digits = cardDigits(number);
  if (digits === TEST_CARDS.success) return { outcome: "approved", forceSca: false };
  if (digits === TEST_CARDS.threeDSecure) return { outcome: "approved", forceSca: true };
  if (digits === TEST_CARDS.expired) return { outcome: "expired", forceSca: false };
  if (digits === TEST_CARDS.timeout) return { outcome: "timeout", forceSca: false };
  return { outcome: "declined", forceSca: false };
}

// ---------------------------------------------------------------------------------------------
// Amounts

/** Euros (number, up to 2 decimals) → integer cents; rounding away binary noise. */
export function toCents(euros: number): number {
  return Math.round(Number((euros * 100).toPrecision(12)));
}

/**
 * An amount as a person types it: "12,34", "12.34", "1.234,56" (Greek grouping), "12". Returns
 * cents, or null when it is not a valid amount with at most two decimals.
 */
export function parseAmount(input: string): number | null {
  let text = input.trim().replace(/\s|€/g, "");
  if (text === "") return null;
  // "1.234,56": dots group thousands when a comma holds the decimals.
  if (text.includes(",")) {
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(text) && !/^\d+(,\d{1,2})?$/.test(text)) return null;
    text = text.replaceAll(".", "").replace(",", ".");
  } else if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    return null;
  }
  const value = Number(text);
  if (!Number.isFinite(value) || value > 1_000_000) return null;
  return toCents(value);
}

/** Translation keys of the forms namespace (spec §5 payment amount). */
export type AmountError = "validate.amount" | "validate.amountMax";

/** Valid, greater than 0, at most the total due. */
export function amountError(cents: number | null, dueCents: number): AmountError | null {
  if (cents === null || !Number.isInteger(cents) || cents <= 0) return "validate.amount";
  if (cents > dueCents) return "validate.amountMax";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Signed gateway messages: HMAC-SHA256 over ALL fields, in a canonical order.

/** `k1=v1&k2=v2…` with keys sorted and both sides percent-encoded; `sig` itself excluded. */
export function canonicalString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== "sig")
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(fields[key] ?? "")}`)
    .join("&");
}

/** The `sig` of a set of fields. */
export function signFields(secret: string, fields: Record<string, string>): Promise<string> {
  return hmacSha256(secret, canonicalString(fields));
}

/** Recomputes the signature over every other field and compares in constant time. */
export async function verifyFields(secret: string, fields: Record<string, string>) {
  const given = fields.sig;
  if (!given) return false;
  return timingSafeEqual(await signFields(secret, fields), given);
}

/**
 * The key the merchant and the test acquirer share. A real acquirer issues one (GATEWAY_SECRET);
 * otherwise it is derived from LINK_SECRET with its own label, so it never equals a key used for
 * anything else.
 */
export function merchantKey(env: { LINK_SECRET: string; GATEWAY_SECRET?: string }) {
  if (env.GATEWAY_SECRET) return Promise.resolve(env.GATEWAY_SECRET);
  return hmacSha256(env.LINK_SECRET, "test-acquirer/merchant-key/v1");
}
