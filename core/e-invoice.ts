/**
 * myDATA e-invoices (#20). Every issued document (not a payment) carries its MARK (Μοναδικός
 * Αριθμός Καταχώρησης): the 15-digit number the tax authority's myDATA gives it at registration.
 * The bill, its PDF and the CSV export show it, with a QR code of the portal's public verification
 * page, /e-invoice/{mark}, that shows what the authority's own public view shows: issuer, number,
 * date, amounts, MARK, and nothing of the customer.
 */

/** 15 digits, nothing else. */
export const MARK_PATTERN = /^\d{15}$/;

export function isMark(value: unknown): value is string {
  return typeof value === "string" && MARK_PATTERN.test(value);
}

/** "400000007919113" → "400 000 007 919 113": easier to read aloud and to compare by eye. */
export function formatMark(mark: string): string {
  return mark.replace(/(\d{3})(?=\d)/g, "$1 ");
}

/** The portal's public verification page of a MARK (app/routes.ts `/e-invoice/:mark`). */
export function eInvoicePath(mark: string): string {
  if (!isMark(mark)) throw new Error("not a MARK");
  return `/e-invoice/${mark}`;
}

/**
 * The VAT rate of energy supply in Greece (electricity and natural gas: the reduced 6 % rate).
 * The ledger keeps a bill's total and its charge columns, not a VAT line, so the public view's
 * net and VAT amounts are DERIVED from the total at this rate, not read from a stored split.
 */
export const ENERGY_VAT_RATE = 0.06;

/** Rounds half away from zero, so a credit note splits as the mirror of the bill it reverses. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) + 0; // + 0: never -0
}

/** A total in cents split into net + VAT: net = total / 1.06 to the cent, VAT = total − net. */
export function vatSplit(totalCents: number): { net_cents: number; vat_cents: number } {
  const net = roundHalfAway(totalCents / (1 + ENERGY_VAT_RATE));
  return { net_cents: net, vat_cents: totalCents - net };
}
