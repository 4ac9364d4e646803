import type { ApiRedirectLoginPreview, ApiUser } from "../../../core/contract";
import type { ApiClient } from "./client";

/** The signed-in user and the sign-in links (api/users, api/auth): one function per endpoint. */

/**
 * GET /v2/me for pages that only use the user to fill something in: a lapsed session is a
 * failure given back (the page goes on without it), never a sign-out.
 */
export function currentUser(api: ApiClient) {
  return api.request<ApiUser>("GET", "/v2/me", { onAuthFailure: "return" });
}

/** POST /v2/auth/redirect-login/preview: whom a redirect-login token names (consumes nothing). */
export function redirectLoginPreview(api: ApiClient, token: string) {
  return api.request<ApiRedirectLoginPreview>("POST", "/v2/auth/redirect-login/preview", {
    auth: "none",
    body: { token },
  });
}
