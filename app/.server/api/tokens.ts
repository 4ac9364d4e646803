import type { ApiAccessToken, ApiCreatedToken, TokenCreatePayload } from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * The person's personal access tokens (api/tokens/routes.ts, #19): one function per endpoint. A
 * refusal is given back, never a sign-out (the page's bearer check already passed).
 */
const soft = { onAuthFailure: "return" } as const;

/** GET /users/{id}/tokens: the person's tokens, newest first (never a secret). */
export function listTokens(api: ApiClient, userId: number) {
  return api.request<ApiAccessToken[]>("GET", `/users/${userId}/tokens`, soft);
}

/** POST /users/{id}/tokens: a new token and its secret, this once (201). */
export function createToken(api: ApiClient, userId: number, body: TokenCreatePayload) {
  return api.request<ApiCreatedToken>("POST", `/users/${userId}/tokens`, { ...soft, body });
}

/** DELETE /users/{id}/tokens/{tokenId}: revoke at once (204). */
export function revokeToken(api: ApiClient, userId: number, tokenId: string) {
  return api.request<null>(
    "DELETE",
    `/users/${userId}/tokens/${encodeURIComponent(tokenId)}`,
    soft,
  );
}

/** The API's reference page (api/openapi/routes.ts), which the tokens page links to. */
export const API_REFERENCE_PATH = "/api/docs";

/** A token's first call, as the tokens page shows it: the person's bills (GET /users/{id}/invoices). */
export function tokenExamplePath(userId: number): string {
  return `/api/users/${userId}/invoices`;
}
