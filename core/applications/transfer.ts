import { z } from "zod";
import { TARIFF_CATEGORIES, type TransferStep } from "./rules";
import {
  isValidPhone,
  isValidSupplyNumber,
  isValidVat,
  MESSAGES,
  normaliseDigits,
} from "../validation";

/**
 * The transfer flow (/metavasi, spec §2 "Transfer flow", errors of spec §8): one zod schema per
 * step, used by the page's action and again by the API (api/applications) before it saves the
 * step or the application. Messages are translation keys. Page components take the option lists
 * from ./rules.ts, which has no zod.
 */

export const TRANSFER_MESSAGES = {
  phoneInvalid: "transfer:errors.phoneInvalid",
  emailInvalid: "transfer:errors.emailInvalid",
  phoneNotFound: "transfer:errors.phoneNotFound",
  vatNotFound: "transfer:errors.vatNotFound",
} as const;

const required = { error: MESSAGES.require };

const digits = z
  .string(required)
  .transform(normaliseDigits)
  .refine((value) => value.length > 0, MESSAGES.require);

export const vatField = digits.refine(isValidVat, MESSAGES.vat);
export const supplyNumberField = digits.refine(isValidSupplyNumber, MESSAGES.supplyNumber);

/** Honeypot: people never see it, so any value means a bot (the API answers `captcha`). */
export const honeypot = { website: z.string().max(0, "transfer:errors.spam").optional() };

export const transferContactSchema = z.object({
  phone: digits.refine(isValidPhone, TRANSFER_MESSAGES.phoneInvalid),
  email: z
    .string(required)
    .trim()
    .max(254, TRANSFER_MESSAGES.emailInvalid)
    .pipe(z.email(TRANSFER_MESSAGES.emailInvalid)),
  // "VAT not found" (spec §8) is a VAT that fails its check digit: one no register knows yet is a
  // new customer switching in, and goes on (api/applications/service.ts checkHolder, #35 §5).
  afm: digits.refine(isValidVat, TRANSFER_MESSAGES.vatNotFound),
  ...honeypot,
});

export const transferTariffSchema = z.object({
  tariff: z.enum(TARIFF_CATEGORIES, required),
  ...honeypot,
});

export const transferSupplySchema = z.object({
  supply_number: supplyNumberField,
  ...honeypot,
});

export const TRANSFER_STEP_SCHEMAS = {
  contact: transferContactSchema,
  tariff: transferTariffSchema,
  supply: transferSupplySchema,
} satisfies Record<TransferStep, z.ZodType>;

/** Everything the steps collected: what the review shows and the API stores. */
export const transferApplicationSchema = transferContactSchema
  .omit({ website: true })
  .extend(transferTariffSchema.omit({ website: true }).shape)
  .extend(transferSupplySchema.omit({ website: true }).shape);
export type TransferApplication = z.infer<typeof transferApplicationSchema>;

/** The review step: the customer confirms the details (`message`: the flow's translation key). */
export const consentSchema = (message: string) =>
  z.object({
    consent: z.boolean({ error: message }).refine((checked) => checked, message),
    ...honeypot,
  });

export const transferSubmitSchema = consentSchema("transfer:errors.consent");
