/**
 * allSmart loyalty card forms (spec §2 "allSmart", §5, §8): one zod schema per step, used by the
 * actions only (the page components get Conform's lastResult). The card and age rules are the
 * API's own (core/all-smart.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { isAdult, isIsoDate, isValidCardNumber } from "../../core/all-smart";
import { isValidVat, PHONE_PATTERN } from "../../core/validation";

const required = { error: "validate.require" };
const checked = (message: string) =>
  z.preprocess((v) => v === "on" || v === true, z.literal(true, { error: message }));

/** Step 1 (/all-smart/{hash}): VAT, mobile, link or create, privacy, terms, honeypot. */
export const vatStepSchema = z.object({
  vat: z
    .string(required)
    .transform((v) => v.replace(/\s+/g, ""))
    .refine(isValidVat, "allSmart:errors.invalidVat"),
  phone: z.string(required).trim().regex(PHONE_PATTERN, "allSmart:errors.invalidPhone"),
  choice: z.enum(["connect", "create"], { error: "allSmart:errors.choose" }),
  privacy: checked("allSmart:errors.privacy"),
  terms: checked("validate.terms"),
  // Honeypot: people leave it empty.
  website: z.string().optional(),
});

/** Step 2a (/all-smart-connect): the card number as printed, spaces allowed. */
export const connectSchema = z.object({
  card_number: z.string(required).trim().refine(isValidCardNumber, "allSmart:errors.invalidCard"),
});

/** Step 2b (/all-smart-create): an adult's birth date (YYYY-MM-DD, the date input's value). */
export function createCardSchema(today: string) {
  return z.object({
    birth_date: z
      .string(required)
      .trim()
      .refine((v) => isIsoDate(v) && v <= today, "allSmart:errors.birthDate")
      .refine((v) => !isIsoDate(v) || v > today || isAdult(v, today), "allSmart:errors.minor"),
  });
}

/** The spec §8 allSmart message for an API error code. */
export function allSmartErrorKey(code: string): string {
  switch (code) {
    case "card_invalid":
      return "allSmart:errors.invalidCard";
    case "card_exists":
      return "allSmart:errors.cardExists";
    case "too_many_attempts":
      return "allSmart:errors.tooMany";
    case "minor":
      return "allSmart:errors.minor";
    case "vat_not_registered":
      return "allSmart:errors.vatNotRegistered";
    case "no_eligible_meters":
      return "allSmart:errors.noEligibleMeters";
    case "captcha":
      return "allSmart:errors.captcha";
    case "link_expired":
      return "allSmart:errors.expiredLink";
    case "bad_token":
      return "allSmart:errors.wrongLink";
    default:
      return "allSmart:errors.failed";
  }
}

/**
 * An API refusal as an allSmart form shows it: the API's own words for a refused value, else the
 * spec's message for the code; next to `field` (a field of the form the API named), else above.
 */
export function allSmartReply(
  submission: {
    reply: (options: {
      fieldErrors?: Record<string, string[]>;
      formErrors?: string[];
    }) => SubmissionResult<string[]>;
  },
  result: { code: string; message?: string },
  field: string | null,
): SubmissionResult<string[]> {
  const message =
    result.code === "validation" && result.message ? result.message : allSmartErrorKey(result.code);
  return field
    ? submission.reply({ fieldErrors: { [field]: [message] } })
    : submission.reply({ formErrors: [message] });
}
