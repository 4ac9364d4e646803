/**
 * Validation rules of spec §5: the predicates the API's schemas and the portal's forms both use,
 * so a form never accepts what the API refuses, and the messages as translation keys of the
 * "forms" namespace. Pure functions.
 */

/** Greek VAT (ΑΦΜ): 9 digits; sum of d_i * 2^(8-i) for i = 0..7, mod 11, mod 10 equals d_8. */
export function isValidVat(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === "000000000") return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(value[8]);
}

export const PHONE_PATTERN = /^69\d{8}$/;

/** Electricity: the 9-digit per_code; gas: the 14-digit pod. */
export const SUPPLY_NUMBER_PATTERN = /^(\d{9}|\d{14})$/;

/** At least 8 characters, one upper, one lower, one digit; only letters, digits and ~!@#$%^&*_-+=\(){}[]:,.? */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /^[A-Za-z\d~!@#$%^&*_\-+=\\(){}[\]:,.?]+$/.test(value)
  );
}

export const MESSAGES = {
  require: "validate.require",
  notValidEmail: "validate.notValidEmail",
  phoneNumber: "validate.phoneNumber",
  vat: "validate.vat",
  loginName: "validate.loginName",
  supplyNumber: "validate.supplyNumber",
  passwordRules: "validate.passwordRules",
  passwordsMatch: "validate.passwordsMatch",
  terms: "validate.terms",
  number: "validate.number",
  digits: "validate.digits",
  amount: "validate.amount",
  amountMax: "validate.amountMax",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = "~!@#$%^&*_-+=\\(){}[]:,.?";

/** The VAT number as typed: spaces are tolerated and removed. */
export function normaliseDigits(value: string): string {
  return value.replace(/\s+/g, "");
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isValidSupplyNumber(value: string): boolean {
  return SUPPLY_NUMBER_PATTERN.test(value);
}

/** An email as sign-in and password reset take it: no spaces, one @, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;

/**
 * The login name as typed, as `users.username` holds it (#18): a VAT without its spaces, or an
 * email trimmed and lower-cased (invited people sign in with their email, stored lower-case).
 */
export function normaliseLoginName(value: string): string {
  const trimmed = value.trim();
  return trimmed.includes("@") ? trimmed.toLowerCase() : normaliseDigits(trimmed);
}

/** A login name the portal sends: a valid VAT (9 digits) or an email (after normalising). */
export function isValidLoginName(value: string): boolean {
  return value.includes("@") ? EMAIL_PATTERN.test(value) && value.length <= 254 : isValidVat(value);
}
