import { z } from "zod";
import type {
  allSmartConnectSchema,
  allSmartCreateSchema,
  allSmartVatStepSchema,
} from "../all-smart-schemas";
import { id, timestamp } from "./common";

// ---- signed-link pages: allSmart, address change, my market (docs/api/all-smart.md) ----

/** GET /all-smart/links/{hash}: whom the link was sent to (prefills the VAT step). */
export const apiAllSmartLinkSchema = z.object({
  vat: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  has_card: z.boolean(),
});
export type ApiAllSmartLink = z.infer<typeof apiAllSmartLinkSchema>;

/** An allSmart application in progress (GET /all-smart/flows/{id} and the step answers). */
export const apiAllSmartFlowSchema = z.object({
  id: z.string(),
  vat: z.string(),
  name: z.string(),
  phone: z.string(),
  choice: z.enum(["connect", "create"]),
  status: z.enum(["open", "done"]),
  draft_card_number: z
    .string()
    .nullable()
    .meta({ description: "What was last typed at the card step (a reload never loses it)" }),
  draft_birth_date: z.string().nullable(),
  card_number: z.string().nullable().meta({ description: "The linked or created card, once done" }),
  expires_at: timestamp,
});
export type ApiAllSmartFlow = z.infer<typeof apiAllSmartFlowSchema>;

export const apiAddressSchema = z.object({
  street: z.string(),
  street_no: z.string(),
  postal_code: z.string(),
  region: z.string(),
});
export type ApiAddress = z.infer<typeof apiAddressSchema>;

/** GET /change-address/links/{hash}: the supply the link names. */
export const apiChangeAddressLinkSchema = z.object({
  meter_id: id,
  supply_number: z.string(),
  holder: z.string(),
  supply_address: apiAddressSchema,
  billing_address: apiAddressSchema,
  last_change: z
    .object({
      same_as_supply: z.boolean(),
      area: z.string(),
      state: z.string(),
      comments: z.string(),
      created_at: timestamp,
    })
    .nullable()
    .meta({ description: "The last change sent through a link for this supply, if any" }),
});
export type ApiChangeAddressLink = z.infer<typeof apiChangeAddressLinkSchema>;

/** GET /mymarket/links/{hash}: what the "my market" page of that customer shows. */
export const apiMyMarketSchema = z.object({
  name: z.string(),
  electricity: z.boolean(),
  gas: z.boolean(),
  card_last4: z
    .string()
    .nullable()
    .meta({ description: "Last four digits of the allSmart card, or null without a card" }),
  offers: z
    .array(z.string())
    .meta({ description: "Offer ids for this customer, best first (texts are the portal's)" }),
});
export type ApiMyMarket = z.infer<typeof apiMyMarketSchema>;

/** GET /all-smart/dev/links (not in production). */
export const apiDemoLinkSchema = z.object({
  purpose: z.enum(["all-smart", "change-address", "mymarket"]),
  label: z.string(),
  path: z.string(),
});
export type ApiDemoLink = z.infer<typeof apiDemoLinkSchema>;

/** What POST /all-smart/flows takes (validated with core/all-smart-schemas.ts). */
export type AllSmartVatStepPayload = z.input<typeof allSmartVatStepSchema>;
/** What POST /all-smart/flows/{id}/connect takes. */
export type AllSmartConnectPayload = z.input<typeof allSmartConnectSchema>;
/** What POST /all-smart/flows/{id}/create takes. */
export type AllSmartCreatePayload = z.input<typeof allSmartCreateSchema>;
