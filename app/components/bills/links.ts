/** URLs of the bills pages and files (kept apart so pages link here without the table code). */
export const BILLS_PATH = "/b2b/logariasmoi";
export const invoiceHref = (id: number) => `${BILLS_PATH}/${id}`;
export const invoicePdfHref = (id: number) => `/b2b/invoice-pdf/${id}`;
export const exportHref = (scope: "meter" | "all", format: "csv" | "json") =>
  `/b2b/export?scope=${scope}&format=${format}`;
/**
 * The pay page for one supply; `amount` (euros) pre-fills what to pay, e.g. one bill's remaining
 * amount from that bill's page ("Pay this bill"). The pay page still checks it against the balance.
 */
export const payHref = (meterId: number, amount?: number) =>
  `/b2b/pay?meter=${meterId}${amount !== undefined ? `&amount=${amount.toFixed(2)}` : ""}`;
