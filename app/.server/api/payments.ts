import type { z } from "zod";
import type {
  ApiPayLink,
  ApiPaymentOutcome,
  ApiPaymentResult,
  ApiPaymentStart,
  ApiReceipt,
  gatewayReturnSchema,
  linkOrderSchema,
  orderSchema,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * Card payments (api/payments/routes.ts): the signed-in customer's orders, and the signed pay
 * links (/pay, /instant-bill), which the link's hash authorises instead of a session.
 */

/** Which signed link: a bill notice's pay link or an instant bill. */
export type PayLinkPurpose = "pay" | "instant-bill";

/** POST /payments/orders: start a payment of some supplies' balances (euros). */
export function startOrder(api: ApiClient, body: z.input<typeof orderSchema>) {
  return api.request<ApiPaymentStart>("POST", "/payments/orders", { body });
}

/** GET /payments/receipts/{reference}: the receipt of the signed-in customer's payment. */
export function receipt(api: ApiClient, reference: string) {
  return api.request<ApiReceipt>("GET", `/payments/receipts/${encodeURIComponent(reference)}`);
}

/**
 * GET /payments/receipts/{reference}/pdf: the receipt as a PDF (#35 §7), passed on by the
 * resource route; an unreachable API is thrown (the error page), like the invoice's PDF.
 */
export async function receiptPdf(api: ApiClient, reference: string): Promise<Response> {
  const response = await api.file(
    "GET",
    `/payments/receipts/${encodeURIComponent(reference)}/pdf`,
    { accept: "*/*" },
  );
  if (!response) throw new Error("The API could not be reached");
  return response;
}

/**
 * GET /payments/results/{reference}: how the customer's payment ended. A lapsed session gives a
 * failure back: the result dialog is not worth ending the session over.
 */
export function paymentResult(api: ApiClient, reference: string) {
  return api.request<ApiPaymentResult>(
    "GET",
    `/payments/results/${encodeURIComponent(reference)}`,
    {
      onAuthFailure: "return",
    },
  );
}

/** GET /payments/links/{purpose}/{hash}: what a signed pay link names. */
export function payLink(api: ApiClient, purpose: PayLinkPurpose, hash: string) {
  return api.request<ApiPayLink>("GET", `/payments/links/${purpose}/${encodeURIComponent(hash)}`, {
    auth: "none",
  });
}

/** GET /payments/links/{purpose}/{hash}/receipts/{reference}: a receipt of that link's supply. */
export function payLinkReceipt(
  api: ApiClient,
  purpose: PayLinkPurpose,
  hash: string,
  reference: string,
) {
  return api.request<ApiReceipt>(
    "GET",
    `/payments/links/${purpose}/${encodeURIComponent(hash)}/receipts/${encodeURIComponent(reference)}`,
    { auth: "none" },
  );
}

/** GET /payments/links/{purpose}/{hash}/results/{reference}: how a link's payment ended. */
export function payLinkResult(api: ApiClient, purpose: string, hash: string, reference: string) {
  return api.request<ApiPaymentResult>(
    "GET",
    `/payments/links/${purpose}/${encodeURIComponent(hash)}/results/${encodeURIComponent(reference)}`,
    { auth: "none" },
  );
}

/** POST /payments/links/{purpose}/{hash}/orders: start a payment through the link (euros). */
export function startPayLinkOrder(
  api: ApiClient,
  purpose: PayLinkPurpose,
  hash: string,
  body: z.input<typeof linkOrderSchema>,
) {
  return api.request<ApiPaymentStart>(
    "POST",
    `/payments/links/${purpose}/${encodeURIComponent(hash)}/orders`,
    { auth: "none", body },
  );
}

/** POST /payments/return: the acquirer's signed return, verified and recorded once. */
export function paymentReturn(api: ApiClient, fields: z.input<typeof gatewayReturnSchema>) {
  return api.request<ApiPaymentOutcome>("POST", "/payments/return", {
    auth: "none",
    body: fields,
  });
}

/** POST /payments/orders/{id}/cancel: the customer left the acquirer's page. */
export function cancelOrder(api: ApiClient, orderId: string) {
  return api.request<{ return_to: string }>("POST", `/payments/orders/${orderId}/cancel`, {
    auth: "none",
  });
}

/** GET /short-links/{code}: the signed pay link a bill SMS's /p/{code} stands for (#36 §2). */
export function shortLink(api: ApiClient, code: string) {
  return api.request<{ path: string }>("GET", `/short-links/${encodeURIComponent(code)}`, {
    auth: "none",
  });
}
