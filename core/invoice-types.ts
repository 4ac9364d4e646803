/**
 * The kinds of ledger row of a supply (spec §3 Invoice): bills, credits and cancellations, and
 * "payment" for a payment. Without zod, so that pages that only list them ship no schema code;
 * the contract's `invoiceTypeSchema` is built from this list.
 */
export const INVOICE_TYPES = [
  "Clearance",
  "Advance",
  "Credit",
  "Cancelled",
  "payment",
  "Manual",
] as const;

export type InvoiceType = (typeof INVOICE_TYPES)[number];
