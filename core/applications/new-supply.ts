import { z } from "zod";
import {
  FAX_PATTERN,
  isValidIdNumber,
  normaliseIdNumber,
  OWNERSHIP,
  POSTAL_CODE_PATTERN,
  SUPPLY_COUNT_MAX,
  SUPPLY_COUNT_MIN,
  SUPPLY_TYPES,
} from "./rules";
import { consentSchema, honeypot, vatField } from "./transfer";
import { isValidPhone, MESSAGES, normaliseDigits } from "../validation";

/**
 * The new-supply application (/nea-paroxi; spec §3 "New-supply fields": mobile, ID number, fax,
 * supply type, owner/lessee, supply count), plus who applies and where. The page's action and the
 * API (api/applications) validate with this same schema.
 */

export const NEW_SUPPLY_MESSAGES = {
  idNumber: "newSupply:errors.idNumber",
  fax: "newSupply:errors.fax",
  supplyCount: "newSupply:errors.supplyCount",
  postalCode: "newSupply:errors.postalCode",
  tooLong: "newSupply:errors.tooLong",
} as const;

const required = { error: MESSAGES.require };

const text = (max: number) =>
  z.string(required).trim().min(1, MESSAGES.require).max(max, NEW_SUPPLY_MESSAGES.tooLong);

/** Whole number 1–99, typed (a string) or sent as a number by the portal. */
const supplyCount = z
  .union([z.string(), z.number()], required)
  .transform((value) => String(value).trim())
  .refine((value) => value.length > 0, { message: MESSAGES.require, abort: true })
  .refine((value) => /^\d{1,3}$/.test(value), {
    message: NEW_SUPPLY_MESSAGES.supplyCount,
    abort: true,
  })
  .transform(Number)
  .refine(
    (count) => count >= SUPPLY_COUNT_MIN && count <= SUPPLY_COUNT_MAX,
    NEW_SUPPLY_MESSAGES.supplyCount,
  );

export const newSupplyDetailsSchema = z.object({
  name: text(120),
  afm: vatField,
  email: z
    .string(required)
    .trim()
    .max(254, MESSAGES.notValidEmail)
    .pipe(z.email(MESSAGES.notValidEmail)),
  mobile: z
    .string(required)
    .transform(normaliseDigits)
    .refine((value) => value.length > 0, { message: MESSAGES.require, abort: true })
    .refine(isValidPhone, MESSAGES.phoneNumber),
  id_number: z
    .string(required)
    .transform(normaliseIdNumber)
    .refine((value) => value.length > 0, { message: MESSAGES.require, abort: true })
    .refine(isValidIdNumber, NEW_SUPPLY_MESSAGES.idNumber),
  fax: z
    .string()
    .optional()
    .transform((value) => (value ? normaliseDigits(value) : undefined))
    .refine((value) => value === undefined || value === "" || FAX_PATTERN.test(value), {
      message: NEW_SUPPLY_MESSAGES.fax,
    })
    .transform((value) => value || undefined),
  supply_type: z.enum(SUPPLY_TYPES, required),
  ownership: z.enum(OWNERSHIP, required),
  supply_count: supplyCount,
  address: text(200),
  postal_code: z
    .string(required)
    .transform(normaliseDigits)
    .refine((value) => value.length > 0, { message: MESSAGES.require, abort: true })
    .refine((value) => POSTAL_CODE_PATTERN.test(value), NEW_SUPPLY_MESSAGES.postalCode),
  city: text(80),
  ...honeypot,
});

export const NEW_SUPPLY_STEP_SCHEMAS = { details: newSupplyDetailsSchema };

export const newSupplyApplicationSchema = newSupplyDetailsSchema.omit({ website: true });
export type NewSupplyApplication = z.infer<typeof newSupplyApplicationSchema>;

export const newSupplySubmitSchema = consentSchema("newSupply:errors.consent");
