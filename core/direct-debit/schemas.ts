/**
 * zod schemas of the direct-debit calls. Messages are the portal's translation keys, so a form
 * shows exactly what the API refused next to the field (app/domain/direct-debit.ts re-exports).
 */
import { z } from "zod";
import { isValidVat } from "../validation";
import { cardDigits, expiryValid, expiryYear, validCardNumber, validCvv } from "../gateway";
import { CODE_PATTERN, normalizeCode } from "./rules";

const required = { error: "validate.require" };

export const ddVatSchema = z.object({
  afm: z.string(required).trim().min(1, "validate.require").refine(isValidVat, "validate.vat"),
});

export const ddCodeSchema = z.object({
  code: z
    .string(required)
    .transform(normalizeCode)
    .refine((value) => value.length > 0, "validate.require")
    .refine((value) => CODE_PATTERN.test(value), "directDebit:errors.codeFormat"),
});

/** The card fields (spec §5 Card: 16 digits and Luhn-valid, 3-digit CVV); the expiry is checked as a whole below. */
export function ddCardShape() {
  return {
    number: z
      .string(required)
      .transform(cardDigits)
      .refine((value) => value.length > 0, "validate.require")
      .refine(validCardNumber, "directDebit:errors.cardNumber"),
    cvv: z
      .string(required)
      .trim()
      .refine((value) => value.length > 0, "validate.require")
      .refine(validCvv, "directDebit:errors.cvv"),
    exp_month: z.coerce
      .number(required)
      .int("validate.require")
      .min(1, "validate.require")
      .max(12, "validate.require"),
    exp_year: z.coerce
      .string(required)
      .refine((value) => expiryYear(value) !== null, "validate.require")
      .transform((value) => expiryYear(value) ?? 0),
    holder: z
      .string(required)
      .trim()
      .min(2, "validate.require")
      .max(80, "directDebit:errors.tooLong"),
  };
}

type CardInput = { exp_month: number; exp_year: number };

/** `now` is read at validation time, so one schema object serves across month boundaries. */
function expiryRefine(value: CardInput, ctx: z.RefinementCtx, now: () => Date) {
  if (!expiryValid(value.exp_month, value.exp_year, now())) {
    ctx.addIssue({ code: "custom", path: ["exp_month"], message: "directDebit:errors.expiry" });
  }
}

/** PUT /direct-debit/flows/{token}/card. */
export function ddFlowCardSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      meter_id: z.coerce.number(required).int().positive("directDebit:errors.chooseSupply"),
      ...ddCardShape(),
    })
    .superRefine((value, ctx) => expiryRefine(value, ctx, now));
}

/** POST /direct-debit/flows/{token}/viva: with Viva only the supply (the card is entered at Viva). */
export const ddFlowSupplySchema = z.object({
  meter_id: z.coerce.number(required).int().positive("directDebit:errors.chooseSupply"),
});

/** PUT /users/{userId}/direct-debits/{meterId}. */
export function ddCardSchema(now: () => Date = () => new Date()) {
  return z.object(ddCardShape()).superRefine((value, ctx) => expiryRefine(value, ctx, now));
}
