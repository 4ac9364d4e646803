import type { ApiInvoice } from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * Bills (api/invoices/routes.ts): one function per endpoint. Files come back as the API's answer
 * for the route to pass on; their session failures are the route's to show (client.ts, `file`).
 */

/** GET /invoices/{id}: one bill of the signed-in customer. */
export function invoice(api: ApiClient, id: string) {
  return api.request<ApiInvoice>("GET", `/invoices/${id}`);
}

/** GET /users/{id}/meters/{meterId}/invoices: a supply's billing history (throws ApiError). */
export function meterInvoices(api: ApiClient, userId: number, meterId: number) {
  return api.read<ApiInvoice[]>(`/users/${userId}/meters/${meterId}/invoices`);
}

/** GET /users/{id}/meters/{meterId}/invoices?view=overview: the rows the overview charts. */
export function overviewInvoices(api: ApiClient, userId: number, meterId: number) {
  return api.read<ApiInvoice[]>(`/users/${userId}/meters/${meterId}/invoices?view=overview`);
}

/**
 * GET /getInvoicePdf/{id}: the bill's PDF. An unreachable API is thrown (the error page), as
 * the download has always done; a session failure comes back as the API's 401 or 403.
 */
export async function invoicePdf(api: ApiClient, id: string): Promise<Response> {
  return reached(await api.file("GET", `/getInvoicePdf/${id}`, { accept: "*/*" }));
}

/** GET /users/{id}/export?format=…&meter_id=…: "Download my data" (CSV or JSON). */
export async function exportData(
  api: ApiClient,
  userId: number,
  query: URLSearchParams,
): Promise<Response> {
  return reached(await api.file("GET", `/users/${userId}/export?${query}`, { accept: "*/*" }));
}

function reached(response: Response | null): Response {
  if (!response) throw new Error("The API could not be reached");
  return response;
}
