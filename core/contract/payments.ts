import { z } from "zod";
import { toCents, validCardNumber, validCvv } from "../gateway";
import { division, euros, id, isoDate, lang, timestamp } from "./common";
import { opaqueParam } from "./params";
import { rfCodeSchema } from "./invoices";

// ---- card payments (api/payments, api/gateway; docs/api.md "Payments") ----

/** POST /payments/orders and /payments/links/{purpose}/{hash}/orders: send the customer to `redirect_url`. */
export const apiPaymentStartSchema = z.object({
  order_id: z.string().meta({ description: "New for every attempt" }),
  reference: z
    .string()
    .meta({ description: "The payment number shown to the customer (checkout query t)" }),
  amount: euros.meta({ description: "Euros, the sum of the items" }),
  redirect_url: z.string().meta({ description: "The gateway's hosted card page" }),
});
export type ApiPaymentStart = z.infer<typeof apiPaymentStartSchema>;

/** POST /payments/return: what the verified gateway return did. */
export const apiPaymentOutcomeSchema = z.object({
  outcome: z
    .enum(["success", "fail", "cancelled", "mismatch", "already_processed", "already_paid"])
    .meta({
      description:
        "already_paid: approved by the card's bank, but what it was for had been paid meanwhile by another payment (another tab, a second order): not recorded, the authorisation is voided",
    }),
  reason: z.enum(["card_failed", "not_completed"]).nullable().meta({
    description: "For fail: card_failed (declined, expired card) or not_completed (timeout)",
  }),
  order_id: z.string(),
  reference: z.string(),
  amount: euros,
  return_to: z.string().meta({ description: "Portal path the customer goes back to" }),
});
export type ApiPaymentOutcome = z.infer<typeof apiPaymentOutcomeSchema>;

/** GET /payments/links/{purpose}/{hash}: the supply a /pay or /instant-bill link names. */
export const apiPayLinkSchema = z.object({
  purpose: z.enum(["pay", "instant-bill"]),
  meter_id: id,
  supply_number: z.string(),
  division,
  address: z.string(),
  holder: z.string(),
  package_print_descr: z.string(),
  package_name: z.string(),
  running_total: euros,
  last_invoice_due_date: isoDate.nullable(),
  rf_code: rfCodeSchema.nullable().meta({
    description: "RF payment code of the supply's latest bill (ISO 11649); null: no bill yet",
  }),
});
export type ApiPayLink = z.infer<typeof apiPayLinkSchema>;

export const apiReceiptSchema = z
  .object({
    reference: z.string(),
    amount: euros,
    completed_at: timestamp,
    card_last4: z.string().nullable(),
    source: z.enum(["portal", "ledger"]).optional().meta({
      description:
        "portal: paid in the portal (completed_at is the moment); ledger: a payment made elsewhere, known from the billing history (completed_at is its day, YYYY-MM-DD)",
    }),
    items: z.array(
      z.object({
        meter_id: id,
        supply_number: z.string(),
        address: z.string(),
        txn_no: z.string(),
        amount: euros,
      }),
    ),
  })
  .meta({ id: "ApiReceipt" });
export type ApiReceipt = z.infer<typeof apiReceiptSchema>;

/**
 * GET /payments/results/{reference} (signed in) and /payments/links/{purpose}/{hash}/results/
 * {reference}: one payment as the ledger recorded it, only for its owner (a customer whose
 * supplies it paid, or the supply a link names). The checkout dialog trusts this, not the URL.
 */
export const apiPaymentResultSchema = z.object({
  reference: z.string(),
  status: z.enum(["started", "success", "failed", "cancelled"]),
  amount: euros,
  completed_at: timestamp.nullable(),
});
export type ApiPaymentResult = z.infer<typeof apiPaymentResultSchema>;

/** POST /payments/orders/{orderId}/cancel: the order was cancelled; where its page goes back to. */
export const apiPaymentCancelledSchema = z.object({
  return_to: z.string().meta({ description: "The portal path the payment started from" }),
  reference: z.string().meta({ description: "The payment number" }),
});
export type ApiPaymentCancelled = z.infer<typeof apiPaymentCancelledSchema>;

/** Test acquirer: GET /gateway/sessions/{token}. */
export const apiGatewaySessionSchema = z.object({
  order_id: z.string(),
  amount: euros,
  description: z.string(),
  lang,
  cancel_url: z.string(),
  sca_required: z.boolean().meta({ description: "A 3-D Secure step follows an approval" }),
  state: z.enum(["open", "challenge", "done"]),
  card_last4: z.string().nullable(),
});
export type ApiGatewaySession = z.infer<typeof apiGatewaySessionSchema>;

export const apiGatewayNextSchema = z.object({
  next: z.enum(["challenge", "return"]),
  url: z.string(),
});
export type ApiGatewayNext = z.infer<typeof apiGatewayNextSchema>;

// ---- requests ----

export const PAY_LINK_PURPOSES = ["pay", "instant-bill"] as const;

/** Euros with at most 2 decimals, > 0. */
export const amountSchema = z
  .number({ error: "validate.amount" })
  .positive("validate.amount")
  .max(1_000_000, "validate.amount")
  .refine((v) => Math.abs(toCents(v) - v * 100) < 1e-6, "validate.amount")
  .meta({ description: "Euros, at most two decimals" });

/** POST /payments/orders: one or several of the caller's supplies. */
export const orderSchema = z.object({
  items: z
    .array(z.object({ meter_id: z.number().int().positive(), amount: amountSchema }))
    .min(1, "payments:errors.chooseSupply")
    // Every supply of the largest business customers (1,000); the order is stored and recorded
    // in a fixed number of statements whatever its size (payments/service.ts).
    .max(1000),
});

/** POST /payments/links/{purpose}/{hash}/orders. */
export const linkOrderSchema = z.object({
  amount: amountSchema,
  consent: z.literal(true, { error: "payments:errors.consent" }),
});

/** POST /payments/return: every field of the gateway's return, verbatim (their signature covers them). */
export const gatewayReturnSchema = z.record(z.string(), z.string());

/** POST /payments/dev/links (development only); `expires_in` may be negative for an expired link. */
export const devPayLinkSchema = z.object({
  meter_id: z.number().int().positive(),
  purpose: z.enum(PAY_LINK_PURPOSES),
  expires_in: z.number().int().optional().meta({ description: "Seconds; default 60 days" }),
});

/** A signed pay link: its purpose (an unknown one is a missing page) and the HMAC-signed hash. */
export const payLinkParams = z.object({
  purpose: z.enum(PAY_LINK_PURPOSES),
  hash: opaqueParam("The signed link (HMAC, purpose-bound, expiring)"),
});
export const payLinkReferenceParams = payLinkParams.extend({
  reference: opaqueParam("The payment number"),
});
export const referenceParams = z.object({ reference: opaqueParam("The payment number") });
export const orderParams = z.object({
  orderId: opaqueParam("ord_ + 128 random bits, handed only to the payer's browser"),
});

/** The test acquirer's hosted card form (POST /gateway/sessions/{token}/authorize). */
export const gatewayCardSchema = z.object({
  number: z.string().refine(validCardNumber, "payments:card.errors.number"),
  cvv: z.string().refine(validCvv, "payments:card.errors.cvv"),
  exp_month: z.string().regex(/^(0?[1-9]|1[0-2])$/, "payments:card.errors.expiry"),
  exp_year: z.string().regex(/^(\d{2}|\d{4})$/, "payments:card.errors.expiry"),
  holder: z.string().trim().min(2, "validate.require").max(80, "validate.require"),
});

/** The 3-D Secure step: the issuer's one-time code, or cancel. */
export const gatewayChallengeSchema = z.object({
  action: z.enum(["confirm", "cancel"]),
  code: z.string().max(12).optional(),
});

export const gatewaySessionParams = z.object({
  token: opaqueParam("The signed payment session the merchant created"),
});
