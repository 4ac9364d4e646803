/**
 * allSmart loyalty card and billing-address change rules (spec §5, §8, §9). Pure
 * functions shared by the API's schemas and the portal's forms.
 */

/** Card numbers of this supplier: 16 digits, prefix 6270, the last digit a Luhn check digit. */
export const CARD_PREFIX = "6270";
export const CARD_LENGTH = 16;

/** Adults only (spec §5 "birth date must be an adult"). */
export const ADULT_AGE = 18;

/** Failed attempts allowed per hour (captcha "throttling without JS", design §4). */
export const MAX_FAILURES_PER_VAT = 5;
export const MAX_FAILURES_PER_IP = 100;

/** Hash links sent by email stay valid this long. */
export const LINK_TTL_SECONDS = 30 * 24 * 3600;
/** An allSmart application left half-way can be resumed for a day. */
export const FLOW_TTL_SECONDS = 24 * 3600;

/** Greek postal code: 5 digits, first digit 1-8. */
export const ZIP_PATTERN = /^[1-8]\d{4}$/;

/** Digits only; spaces and dashes as people type card numbers are dropped. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

/** The Luhn check digit for a payload of digits (the number without its last digit). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // Doubling starts at the payload's rightmost digit.
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 16 digits, the supplier's prefix, a correct check digit. */
export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  if (!/^\d{16}$/.test(digits) || !digits.startsWith(CARD_PREFIX)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits[CARD_LENGTH - 1]);
}

/** A card number from 11 serial digits: prefix + serial + check digit. */
export function cardNumberFromSerial(serial: string): string {
  if (!/^\d{11}$/.test(serial)) throw new Error("serial must be 11 digits");
  const payload = CARD_PREFIX + serial;
  return payload + String(luhnCheckDigit(payload));
}

/** 6270 1234 5678 9012: groups of four, as printed on the card. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

/**
 * Adult on `today` (both YYYY-MM-DD): the 18th birthday is today or earlier. Someone born on
 * 29 February comes of age on 1 March in a year without a 29 February (the day after 28
 * February ends, as Greek and most civil law counts it).
 */
export function isAdult(birthDate: string, today: string): boolean {
  if (!isIsoDate(birthDate) || !isIsoDate(today)) return false;
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  // Date.UTC rolls 29 Feb of a common year over to 1 March.
  const comesOfAge = new Date(Date.UTC(by + ADULT_AGE, bm - 1, bd)).toISOString().slice(0, 10);
  return comesOfAge <= today;
}
