import { z } from "zod";
import { isValidVat, PHONE_PATTERN } from "./validation";

/**
 * The allSmart API's request bodies (docs/api/all-smart.md). Kept apart from the card rules
 * (core/all-smart.ts), which the portal's forms import, so that they do not pull zod. Messages are
 * translation keys.
 */

const req = { error: "validate.require" };

/** POST /api/all-smart/flows: step 1. `website` is the honeypot field. */
export const allSmartVatStepSchema = z.object({
  hash: z.string(req).min(1, "validate.require").max(2000),
  vat: z
    .string(req)
    .trim()
    .refine((v) => isValidVat(v.replace(/\s+/g, "")), "allSmart:errors.invalidVat"),
  phone: z.string(req).trim().regex(PHONE_PATTERN, "allSmart:errors.invalidPhone"),
  choice: z.enum(["connect", "create"], { error: "allSmart:errors.choose" }),
  privacy: z.literal(true, { error: "allSmart:errors.privacy" }),
  terms: z.literal(true, { error: "validate.terms" }),
  website: z.string().max(200).optional(),
});

/** POST /api/all-smart/flows/:id/connect (the number is checked by the route: a failure counts). */
export const allSmartConnectSchema = z.object({ card_number: z.string(req).max(40) });
/** POST /api/all-smart/flows/:id/create (the date is checked by the route). */
export const allSmartCreateSchema = z.object({ birth_date: z.string(req).max(20) });

/**
 * `:id` of a flow: any string here, because a malformed id is answered 404 like an unknown one
 * (the id is a capability; the route checks its shape before the lookup).
 */
export const allSmartFlowParams = z.object({ id: z.string() });

/** POST /api/all-smart/dev/links (development only). */
export const devLinkSchema = z.object({
  purpose: z.enum(["all-smart", "change-address", "mymarket"]),
  id: z.number().int().positive(),
  expires_in: z.number().int().optional(),
});

/** POST /api/all-smart/dev/reset (development only). */
export const devResetSchema = z.object({ vat: z.string() });
