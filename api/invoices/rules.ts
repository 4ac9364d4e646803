import type { meters } from "../db/schema";
import type { Lang } from "../types";
import { PDF_TEMPLATE_VERSION } from "../pdf/invoice-pdf";

type MeterRow = typeof meters.$inferSelect;

/**
 * The supply number as the invoice PDF and the data export print it: the non-empty parts as
 * stored (core/supply-number.ts trims them), "-" when there are none.
 */
export function supplyNumberOf(
  meter: Pick<MeterRow, "division" | "per_code" | "id_code" | "next_code" | "pod">,
) {
  if (meter.division === 1) {
    return [meter.per_code, meter.id_code, meter.next_code].filter(Boolean).join("") || "-";
  }
  return meter.pod ?? "-";
}

const address = (parts: (string | null)[], place: (string | null)[]) =>
  [parts.filter(Boolean).join(" "), place.filter(Boolean).join(" ")].filter(Boolean).join(", ");

type Addresses = Pick<
  MeterRow,
  `${"phys" | "bill"}_${"street" | "street_no" | "postal_code" | "region"}`
>;

/** "Street 12, 12345 Region", without the parts that are missing. */
export const physAddress = (m: Addresses) =>
  address([m.phys_street, m.phys_street_no], [m.phys_postal_code, m.phys_region]);
export const billAddress = (m: Addresses) =>
  address([m.bill_street, m.bill_street_no], [m.bill_postal_code, m.bill_region]);

/**
 * R2 key of a cached PDF: per invoice, language, template version and RF code (#34), so a bill
 * whose code the billing system sends after its PDF was made gets a new PDF, never the old code.
 */
export const pdfCacheKey = (invoiceId: number, lang: Lang, rfCode: string | null = null) =>
  `invoices/${invoiceId}/v${PDF_TEMPLATE_VERSION}-${lang}${rfCode ? `-${rfCode}` : ""}.pdf`;

/**
 * R2 key of the billing system's own PDF of a bill (PUT /api/backoffice/invoices/{key}/pdf,
 * #36 §1): when there is one, the bill's download serves it in every language instead of the
 * portal's rendering.
 */
export const pdfBillingKey = (invoiceId: number) => `invoices/${invoiceId}/billing.pdf`;
