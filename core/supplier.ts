/**
 * The supplier that issues every invoice of the portal: the issuer the tax authority's public view
 * of an e-invoice names (core/e-invoice.ts), and the header of the PDF (api/pdf/labels.ts says the
 * same words in its own line). One legal name, in Greek as registered; the VAT number passes
 * core/validation.ts's check.
 */
export const SUPPLIER = {
  vat: "099999999",
  name: "NRG Α.Ε.",
} as const;
