import type { ApiGatewayNext, ApiGatewaySession } from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * The built-in test acquirer (api/gateway/routes.ts): its payment session's token authorises
 * each call, never the customer's session.
 */

/** The card as the acquirer takes it. */
export interface GatewayCard {
  number: string;
  cvv: string;
  exp_month: string;
  exp_year: string;
  holder: string;
}

/** GET /gateway/sessions/{token}: the payment session. */
export function gatewaySession(api: ApiClient, token: string | undefined) {
  return api.request<ApiGatewaySession>("GET", `/gateway/sessions/${token}`, { auth: "none" });
}

/** POST /gateway/sessions/{token}/authorize: charge the card (or ask for 3-D Secure). */
export function authorizeCard(api: ApiClient, token: string | undefined, body: GatewayCard) {
  return api.request<ApiGatewayNext>("POST", `/gateway/sessions/${token}/authorize`, {
    auth: "none",
    body,
  });
}

/** POST /gateway/sessions/{token}/challenge: the 3-D Secure step's answer. */
export function answerChallenge(
  api: ApiClient,
  token: string | undefined,
  body: { action: string; code: string },
) {
  return api.request<ApiGatewayNext>("POST", `/gateway/sessions/${token}/challenge`, {
    auth: "none",
    body,
  });
}
