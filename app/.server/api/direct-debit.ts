import type { z } from "zod";
import type { ApiDdFlow, ApiDdFlowStart, ApiDirectDebit } from "../../../core/contract";
import type {
  ddCardSchema,
  ddCodeSchema,
  ddFlowCardSchema,
  ddVatSchema,
} from "../../../core/direct-debit/schemas";
import type { ApiClient } from "./client";

/**
 * Direct debit (api/direct-debit/routes.ts): a signed-in customer's direct debits per supply,
 * and the public set-up flow (VAT, SMS code, card), which the flow's token authorises.
 */

/** The bodies the endpoints validate (core/direct-debit/schemas.ts, shared with the forms). */
export type DirectDebitCard = z.infer<ReturnType<typeof ddCardSchema>>;
export type DirectDebitFlowCard = z.infer<ReturnType<typeof ddFlowCardSchema>>;
export type DirectDebitVat = z.infer<typeof ddVatSchema>;
export type DirectDebitCode = z.infer<typeof ddCodeSchema>;

/** GET /users/{id}/direct-debits: the signed-in customer's direct debits. */
export function directDebits(api: ApiClient) {
  return api.request<ApiDirectDebit[]>("GET", `/users/${api.userId()}/direct-debits`);
}

/** PUT /users/{id}/direct-debits/{meterId}: set up or change a supply's direct debit. */
export function saveDirectDebit(api: ApiClient, meterId: number, body: DirectDebitCard) {
  return api.request<ApiDirectDebit>("PUT", `/users/${api.userId()}/direct-debits/${meterId}`, {
    body,
  });
}

/** DELETE /users/{id}/direct-debits/{meterId}: cancel a supply's direct debit. */
export function cancelDirectDebit(api: ApiClient, meterId: number) {
  return api.request<null>("DELETE", `/users/${api.userId()}/direct-debits/${meterId}`);
}

/** POST /direct-debit/flows: start the public flow with a VAT number (sends the SMS code). */
export function startDirectDebitFlow(api: ApiClient, body: DirectDebitVat) {
  return api.request<ApiDdFlowStart>("POST", "/direct-debit/flows", { auth: "none", body });
}

/** GET /direct-debit/flows/{token}: where the flow stands. */
export function directDebitFlow(api: ApiClient, token: string) {
  return api.request<ApiDdFlow>("GET", `/direct-debit/flows/${token}`, { auth: "none" });
}

/** POST /direct-debit/flows/{token}/resend: a new SMS code. */
export function resendDirectDebitCode(api: ApiClient, token: string) {
  return api.request<ApiDdFlow>("POST", `/direct-debit/flows/${token}/resend`, { auth: "none" });
}

/** POST /direct-debit/flows/{token}/verify: the SMS code. */
export function verifyDirectDebitCode(api: ApiClient, token: string, body: DirectDebitCode) {
  return api.request<ApiDdFlow>("POST", `/direct-debit/flows/${token}/verify`, {
    auth: "none",
    body,
  });
}

/** PUT /direct-debit/flows/{token}/card: the card and the supplies it pays. */
export function saveDirectDebitFlowCard(api: ApiClient, token: string, body: DirectDebitFlowCard) {
  return api.request<ApiDdFlow>("PUT", `/direct-debit/flows/${token}/card`, {
    auth: "none",
    body,
  });
}

/** POST /direct-debit/flows/{token}/activate: the processing step. */
export function activateDirectDebitFlow(api: ApiClient, token: string) {
  return api.request<ApiDdFlow>("POST", `/direct-debit/flows/${token}/activate`, { auth: "none" });
}

/** POST /direct-debit/flows/{token}/viva: with Viva, the supply; the answer is Viva's page. */
export function startDirectDebitViva(api: ApiClient, token: string, body: { meter_id: number }) {
  return api.request<{ redirect_url: string }>("POST", `/direct-debit/flows/${token}/viva`, {
    auth: "none",
    body,
  });
}
