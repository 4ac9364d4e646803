import {
  isValidPassword,
  isValidVat,
  PHONE_PATTERN,
  SUPPLY_NUMBER_PATTERN,
} from "../../api/domain/rules";

/**
 * Validation rules of spec §5. The predicates are the API's own (api/domain/rules.ts), so a form
 * never accepts what the API refuses. Messages are translation keys of the "forms" namespace.
 */
export { isValidPassword, isValidVat, PHONE_PATTERN, SUPPLY_NUMBER_PATTERN };

export const MESSAGES = {
  require: "validate.require",
  notValidEmail: "validate.notValidEmail",
  phoneNumber: "validate.phoneNumber",
  vat: "validate.vat",
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
