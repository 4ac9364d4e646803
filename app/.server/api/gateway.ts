import type { z } from "zod";
import type {
  ApiGatewayNext,
  ApiGatewaySession,
  gatewayCardSchema,
  gatewayChallengeSchema,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * The built-in test acquirer (api/gateway/routes.ts): its payment session's token authorises
 * each call, never the customer's session.
 */

/** GET /gateway/sessions/{token}: the payment session. */
export function gatewaySession(api: ApiClient, token: string | undefined) {
  return api.request<ApiGatewaySession>("GET", `/gateway/sessions/${token}`, { auth: "none" });
}

/** POST /gateway/sessions/{token}/authorize: charge the card (or ask for 3-D Secure). */
export function authorizeCard(
  api: ApiClient,
  token: string | undefined,
  body: z.input<typeof gatewayCardSchema>,
) {
  return api.request<ApiGatewayNext>("POST", `/gateway/sessions/${token}/authorize`, {
    auth: "none",
    body,
  });
}

/** POST /gateway/sessions/{token}/challenge: the 3-D Secure step's answer. */
export function answerChallenge(
  api: ApiClient,
  token: string | undefined,
  body: z.input<typeof gatewayChallengeSchema>,
) {
  return api.request<ApiGatewayNext>("POST", `/gateway/sessions/${token}/challenge`, {
    auth: "none",
    body,
  });
}
