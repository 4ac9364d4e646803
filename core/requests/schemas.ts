/**
 * The request forms' fields (spec §3 "Name-change request", "Supply-cancellation request"). One
 * schema per form, used by the API (JSON body) and by the portal's action (form data, through
 * app/domain/requests.ts). Messages are translation keys: `validate.*` of the forms namespace or
 * `requests:errors.*`.
 */
import { z } from "zod";
import { isValidVat, PHONE_PATTERN } from "../validation";
import { CANCELLATION_REASONS } from "./rules";

const required = { error: "validate.require" };
const tooLong = "requests:errors.tooLong";

const text = (max: number) =>
  z.string(required).trim().min(1, "validate.require").max(max, tooLong);

/** Optional free text: an empty field is "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v || undefined);

const meterId = z.coerce.number(required).int("validate.require").positive("validate.require");

/** The draft id of an uploaded attachment (POST /api/requests/files). */
export const fileIdSchema = z.string(required).regex(/^[A-Za-z0-9_-]{16,64}$/, "validate.require");

export const nameChangeFields = {
  meter_id: meterId,
  vat: z.string(required).trim().refine(isValidVat, "validate.vat"),
  tax_office: text(80),
  bill_street: text(120),
  bill_street_no: text(10),
  bill_postal_code: z
    .string(required)
    .trim()
    .regex(/^\d{5}$/, "requests:errors.postalCode"),
  bill_city: text(80),
  contact_person: text(120),
  contact_phone: z.string(required).trim().regex(PHONE_PATTERN, "validate.phoneNumber"),
  reason: text(1000),
};

export const cancellationFields = {
  meter_id: meterId,
  reason: z.enum(CANCELLATION_REASONS, required),
  comments: optionalText(2000),
};

/**
 * A tariff switch (#37 §3): the supply, the product's key (products.name, as GET …/tariffs lists
 * it) and the terms accepted. No attachment. Whether the product may be switched to is the
 * service's check (core/tariff-switch.ts), not the schema's: it needs the supply and the list.
 */
export const tariffSwitchFields = {
  meter_id: meterId,
  product: z
    .string(required)
    .trim()
    .min(1, "validate.require")
    .max(64, tooLong)
    .regex(/^[A-Za-z0-9_-]+$/, "tariffs:errors.unknown_product"),
};

export const tariffSwitchBodySchema = z.object({
  ...tariffSwitchFields,
  accept_terms: z.literal(true, { error: "tariffs:errors.acceptTerms" }),
});

export type TariffSwitchBody = z.infer<typeof tariffSwitchBodySchema>;

export const nameChangeBodySchema = z.object({ ...nameChangeFields, file_id: fileIdSchema });
export const cancellationBodySchema = z.object({ ...cancellationFields, file_id: fileIdSchema });

export type NameChangeBody = z.infer<typeof nameChangeBodySchema>;
export type CancellationBody = z.infer<typeof cancellationBodySchema>;

/**
 * Path parameters of the request routes. Any string: an id that is malformed, unknown or another
 * customer's is answered 404 alike by the owner lookup, never 400.
 */
export const requestFileParams = z.object({ fileId: z.string() });
export const userRequestParams = z.object({ userId: z.string(), requestId: z.string() });
