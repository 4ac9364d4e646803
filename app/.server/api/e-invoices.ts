import type { ApiEInvoice } from "../../../core/contract";
import type { ApiClient } from "./client";

/** GET /e-invoices/{mark}: the public view of an e-invoice (api/e-invoices/routes.ts). */
export function eInvoice(api: ApiClient, mark: string) {
  return api.request<ApiEInvoice>("GET", `/e-invoices/${encodeURIComponent(mark)}`, {
    auth: "none",
  });
}
