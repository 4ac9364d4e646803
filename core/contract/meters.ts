import { z } from "zod";
import { apiInvoiceSchema } from "./invoices";
import { bit, division, euros, id, isoDate } from "./common";

export const apiMeterSchema = z
  .object({
    id,
    status: z
      .string()
      .meta({ description: "Active, Stopped, an intermediate (onboarding) status, or Inactive" }),
    is_main: bit,
    meter_type: z.enum(["home", "shared", "professional"]),
    sap_id: z.string(),
    division,
    category: z.string(),
    voltage_type: z.string(),
    phys_street: z.string(),
    phys_street_no: z.string(),
    phys_postal_code: z.string(),
    phys_region: z.string(),
    bill_street: z.string(),
    bill_street_no: z.string(),
    bill_postal_code: z.string(),
    bill_region: z.string(),
    per_code: z.string().nullable(),
    id_code: z.string().nullable(),
    next_code: z.string().nullable(),
    pod: z.string().nullable(),
    package_print_descr: z.string(),
    package_name: z.string(),
    running_total: euros.meta({ description: "What the supply owes now, euros" }),
    trn_value: euros,
    last_payment_date: isoDate.nullable(),
    last_invoice_due_date: isoDate.nullable(),
    billing_history: z
      .object({ data: z.array(apiInvoiceSchema) })
      .optional()
      .meta({ description: "Only with ?billing_history=true" }),
    eBill: bit,
    sms_bill: bit,
    eBill_email: z.string().nullable(),
    sms_number: z.string().nullable(),
    ebill_enable_edit: bit,
    agreed_power: z.string().nullable(),
    representation_date: isoDate.nullable(),
    next_reading_date: isoDate.nullable(),
    has_night: bit,
    has_pv: bit,
    indication_open_from: isoDate
      .nullable()
      .meta({ description: "First day of the customer's reading period" }),
    indication_open_to: isoDate.nullable().meta({ description: "Last day of the reading period" }),
    last_actual_reading_date: isoDate.nullable().meta({
      description: "Date of the newest actual (not estimated) reading the portal counts, or null",
    }),
    billing_period_from: isoDate.nullable().meta({
      description: "Start of the billing period of the supply's newest bill, or null",
    }),
    payment_plan: z
      .object({
        since: z.string().meta({ description: "When the plan was set up (its bills are covered)" }),
        next_n: z.int().positive(),
        next_due_date: isoDate,
        next_amount: euros,
      })
      .nullable()
      .optional()
      .meta({
        description:
          "A kept payment plan (#38 §1) and its next instalment: the bills it covers are not overdue; null without one",
      }),
  })
  .meta({ id: "ApiMeter" });
export type ApiMeter = z.infer<typeof apiMeterSchema>;

/**
 * A supply as every signed-in page needs it for the whole list (GET /users/{id}/meters?view=summary):
 * which supplies there are, which one is selected on login, the account's status, who owes, and the
 * sidebar's counters. A page reads full rows only for the supplies it shows (`?ids=`): the
 * 200-supply account's list is 200 short rows instead of 200 × 38 columns.
 */
export const apiMeterSummarySchema = apiMeterSchema.pick({
  id: true,
  status: true,
  is_main: true,
  division: true,
  category: true,
  voltage_type: true,
  running_total: true,
  indication_open_from: true,
  indication_open_to: true,
});
export type ApiMeterSummary = z.infer<typeof apiMeterSummarySchema>;
