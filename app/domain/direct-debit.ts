/**
 * Direct debit for the portal: the API's own rules and schemas (api/direct-debit), the
 * form schemas of each step, and how an API error becomes a message next to a field. Server code
 * only imports the schemas (route actions); components import nothing from here that pulls zod.
 */
import { z } from "zod";
import type { ApiErrorCode } from "../../core/contract";
import {
  ddCardSchema,
  ddCodeSchema,
  ddFlowCardSchema,
  ddFlowSupplySchema,
  ddVatSchema,
} from "../../core/direct-debit/schemas";

/** Step 1: the VAT. */
export const vatFormSchema = ddVatSchema;
/** Step 2: the code from the SMS. */
export const codeFormSchema = ddCodeSchema;
/** Step 3: the supply and the card. */
export const cardFormSchema = ddFlowCardSchema();
/** Step 3 with Viva: the supply only (the card is entered on Viva's page). */
export const vivaSupplyFormSchema = ddFlowSupplySchema;
/** Signed in: a new card for one supply. */
export const manageCardSchema = ddCardSchema();

/** The forms of /direct-debit post one of these intents. */
export const flowIntentSchema = z.enum(["start", "verify", "resend", "card", "viva", "restart"]);
export type FlowIntent = z.infer<typeof flowIntentSchema>;

/** The forms of /b2b/paroxes/{meterId}/direct-debit. */
export const manageIntentSchema = z.enum(["save", "cancel"]);

/** Where an API error is shown: next to a field, or above the form. */
export interface ShownError {
  field: string | null;
  key: string;
}

/**
 * The spec §8 message of a direct-debit failure. Validation errors already carry their key;
 * anything unexpected (a 5xx, an unreachable API) is the "generic failure" message.
 */
export function ddErrorMessage(failure: {
  code: ApiErrorCode;
  field?: string;
  message?: string;
}): ShownError {
  switch (failure.code) {
    case "validation":
      return failure.message
        ? { field: failure.field ?? null, key: failure.message }
        : { field: null, key: "directDebit:errors.failed" };
    case "dd_vat_not_found":
      return { field: "afm", key: "directDebit:errors.vatNotFound" };
    case "dd_no_mobile":
      return { field: "afm", key: "directDebit:errors.noMobile" };
    case "dd_wrong_code":
      return { field: "code", key: "directDebit:errors.wrongCode" };
    case "dd_code_expired":
      return { field: "code", key: "directDebit:errors.codeExpired" };
    case "dd_card_not_found":
      return { field: "number", key: "directDebit:errors.cardNotFound" };
    case "dd_card_declined":
      return { field: "number", key: "directDebit:errors.declined" };
    case "dd_card_expired":
      return { field: "number", key: "directDebit:errors.cardExpired" };
    case "dd_timeout":
      return { field: null, key: "directDebit:errors.timeout" };
    case "dd_sms_not_sent":
      return { field: null, key: "directDebit:errors.smsNotSent" };
    case "dd_session_expired":
      return { field: null, key: "directDebit:errors.sessionExpired" };
    case "dd_unavailable":
      return { field: null, key: "directDebit:errors.unavailable" };
    case "too_many_attempts":
      return { field: null, key: "directDebit:errors.tooManyAttempts" };
    case "not_found":
      return { field: "meter_id", key: "directDebit:errors.chooseSupply" };
    default:
      return { field: null, key: "directDebit:errors.failed" };
  }
}

/**
 * The spec §8 message of a Viva mandate that was not set up (checkout-return's `?failed=`):
 * declined at Viva, timed out (not completed yet), or the generic failure.
 */
export function vivaFailureKey(failed: string | null): string | null {
  if (failed === null) return null;
  if (failed === "declined") return "directDebit:errors.declined";
  if (failed === "timeout") return "directDebit:errors.timeout";
  return "directDebit:errors.failed";
}

/** Seconds to wait, from a 429's message (the API puts the Retry-After there). */
export function retryAfterSeconds(message: string | undefined): number | null {
  const seconds = Number(message);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** "in 3 minutes" granularity for the "too many attempts" message: whole minutes, at least 1. */
export function waitMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
