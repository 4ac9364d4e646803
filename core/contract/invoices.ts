import { CONSUMPTION_SOURCES } from "../figure-sources";
import { INVOICE_TYPES, type InvoiceType } from "../invoice-types";
import { z } from "zod";
import { euros, id, isoDate } from "./common";
import { positivePathId } from "./params";
import { MARK_PATTERN } from "../e-invoice";
import { isValidRf, RF_PATTERN } from "../rf";
import { TARIFF_COLOURS } from "../tariff-colours";

export const invoiceTypeSchema = z.enum(INVOICE_TYPES);
export type { InvoiceType };

/** myDATA MARK: the 15-digit registration number of an issued document (core/e-invoice.ts). */
export const markSchema = z.string().regex(MARK_PATTERN);

/** An RF payment code with valid check digits, without spaces (core/rf.ts). */
export const rfCodeSchema = z.string().regex(RF_PATTERN).refine(isValidRf);

/** A bill (or a payment: a ledger row of type "payment") of one supply. */
export const apiInvoiceSchema = z
  .object({
    id,
    meter_id: id,
    type: invoiceTypeSchema,
    invoice_no: z.string(),
    issue_date: isoDate,
    date_due: isoDate.nullable(),
    period_from: isoDate.nullable(),
    period_to: isoDate.nullable(),
    consumption_from: isoDate.nullable(),
    consumption_to: isoDate.nullable(),
    payment_date: isoDate.nullable(),
    ypoloipo: euros.meta({ description: "Previous balance, euros" }),
    total_value: euros.meta({ description: "This bill, euros" }),
    total: euros.meta({ description: "ypoloipo + total_value, euros, two decimals" }),
    remaining: euros.meta({ description: "Still unpaid, euros" }),
    energy: euros,
    regulated: euros,
    municipality: euros,
    taxes: euros,
    collateral: euros,
    advance: euros,
    day_kwh: z.number().meta({ description: "kWh" }),
    night_kwh: z.number().meta({ description: "kWh" }),
    pv_kwh: z.number().meta({ description: "kWh" }),
    consumption_source: z.enum(CONSUMPTION_SOURCES).nullable().meta({
      description:
        "Whether the billed consumption was metered (actual) or estimated; null for payments, credits and when not known",
    }),
    business_partner: z.string(),
    contract_account: z.string(),
    mark: markSchema
      .nullable()
      .meta({ description: "myDATA MARK, 15 digits; null for a payment (not a document)" }),
    rf_code: rfCodeSchema.nullable().meta({
      description:
        "The bill's RF payment code (ISO 11649, no spaces) for e-banking: the billing system's own, else built from the contract account and the bill number (core/rf.ts); null for a payment",
    }),
    tariff_colour: z.enum(TARIFF_COLOURS).nullable().meta({
      description:
        "The colour of the supply's product when the bill was issued (blue fixed, green special, yellow variable, orange dynamic; core/tariff-colours.ts), which the bill shows beside the amount payable; kept when the product changes later. null: none (gas, a payment, a bill from before colours)",
    }),
  })
  .meta({ id: "ApiInvoice" });
export type ApiInvoice = z.infer<typeof apiInvoiceSchema>;

/**
 * GET /e-invoices/{mark}, public: what the tax authority's public view of an e-invoice shows, and
 * nothing of the customer. Net and VAT are derived from the total (core/e-invoice.ts vatSplit).
 */
export const apiEInvoiceSchema = z
  .object({
    mark: markSchema,
    issuer_vat: z.string().meta({ description: "The supplier's VAT number (ΑΦΜ)" }),
    issuer_name: z.string(),
    invoice_no: z.string(),
    issue_date: isoDate,
    net: euros.meta({ description: "Net amount, euros (derived: total / 1.06)" }),
    vat: euros.meta({ description: "VAT, euros (derived: total − net)" }),
    total: euros.meta({ description: "The document's total, euros" }),
  })
  .meta({ id: "ApiEInvoice" });
export type ApiEInvoice = z.infer<typeof apiEInvoiceSchema>;

// ---- requests ----

/** GET /invoices/{id}, /getInvoicePdf/{id}: anything but a positive number is a missing row. */
export const invoiceParams = z.object({ id: positivePathId });

/** GET /e-invoices/{mark}: anything but 15 digits is an unknown MARK (404), never a 400. */
export const eInvoiceParams = z.object({ mark: z.string() });

/** GET /users/{userId}/export: all the customer's supplies, or one (`meter_id`). */
export const exportQuerySchema = z.object({
  format: z.enum(["csv", "json"]).default("json"),
  meter_id: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});

/** GET /users/{userId}/meters/{meterId}/invoices: `view=overview` only the rows the overview shows. */
export const meterInvoicesQuerySchema = z.object({
  view: z.enum(["all", "overview"]).default("all"),
});
