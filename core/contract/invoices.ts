import { CONSUMPTION_SOURCES } from "../figure-sources";
import { INVOICE_TYPES, type InvoiceType } from "../invoice-types";
import { z } from "zod";
import { euros, id, isoDate } from "./common";
import { positivePathId } from "./params";

export const invoiceTypeSchema = z.enum(INVOICE_TYPES);
export type { InvoiceType };

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
  })
  .meta({ id: "ApiInvoice" });
export type ApiInvoice = z.infer<typeof apiInvoiceSchema>;

// ---- requests ----

/** GET /invoices/{id}, /getInvoicePdf/{id}: anything but a positive number is a missing row. */
export const invoiceParams = z.object({ id: positivePathId });

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
