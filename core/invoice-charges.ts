/**
 * The charges a bill is made of (spec §3 Invoice, the Dashboard charges), in bill order: the
 * fields of an invoice that add up to its current amount. The bill's explanation lists them in
 * this order (app/domain/bills.ts), and the data export has a column each (api/invoices/export.ts).
 */
export const CHARGE_KEYS = [
  "energy",
  "regulated",
  "municipality",
  "taxes",
  "collateral",
  "advance",
] as const;

export type ChargeKey = (typeof CHARGE_KEYS)[number];
