/** URLs of the bills pages and files (kept apart so pages link here without the table code). */
export const BILLS_PATH = "/b2b/logariasmoi";
export const invoiceHref = (id: number) => `${BILLS_PATH}/${id}`;
export const invoicePdfHref = (id: number) => `/b2b/invoice-pdf/${id}`;
export const exportHref = (scope: "meter" | "all", format: "csv" | "json") =>
  `/b2b/export?scope=${scope}&format=${format}`;
export const payHref = (meterId: number) => `/b2b/pay?meter=${meterId}`;
