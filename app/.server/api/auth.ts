import type { z } from "zod";
import type { ApiTokens, resetConfirmSchema, signupSchema } from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * Signing in and out, signing up and the account's links (api/auth/routes.ts, api/auth/signup.ts,
 * mounted at /v2/auth and /signup): one function per endpoint. Most are called signed out.
 */

function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** POST /v2/auth/login with Basic credentials (UTF-8) and no body: the token pair. */
export function login(api: ApiClient, vat: string, password: string) {
  return api.request<ApiTokens>("POST", "/v2/auth/login", {
    auth: { basic: base64Utf8(`${vat}:${password}`) },
  });
}

/** POST /v2/auth/redirect-login: the token pair a one-time redirect-login token stands for. */
export function redirectLogin(api: ApiClient, token: string) {
  return api.request<ApiTokens>("POST", "/v2/auth/redirect-login", {
    auth: "none",
    body: { token },
  });
}

/** POST /signup: a new account (the activation link is emailed). */
export function signup(api: ApiClient, payload: z.input<typeof signupSchema>) {
  return api.request<{ ok: true }>("POST", "/signup", { auth: "none", body: payload });
}

/** POST /v2/auth/activate: the emailed activation link's id. */
export function activate(api: ApiClient, id: string) {
  return api.request<null>("POST", "/v2/auth/activate", { auth: "none", body: { id } });
}

/** POST /v2/auth/password-reset: email a reset link (the same answer for an unknown VAT). */
export function passwordReset(api: ApiClient, afm: string) {
  return api.request<null>("POST", "/v2/auth/password-reset", { auth: "none", body: { afm } });
}

/** POST /v2/auth/password-reset/confirm: the emailed token and the new password. */
export function passwordResetConfirm(api: ApiClient, payload: z.input<typeof resetConfirmSchema>) {
  return api.request<null>("POST", "/v2/auth/password-reset/confirm", {
    auth: "none",
    body: payload,
  });
}

/**
 * POST /v2/auth/logout: revokes the API session. Never throws: the portal session is cleared by
 * the caller anyway. Nothing is sent when the session has no access token.
 */
export async function logout(api: ApiClient): Promise<void> {
  const id = api.session.get("user_id");
  if (!api.session.get("access_token")) return;
  await api
    .request<null>("POST", "/v2/auth/logout", {
      body: { user_id: id },
      onAuthFailure: "return",
    })
    .catch(() => undefined);
}

/** POST /v2/auth/redirect-token: a one-time token that signs this user in elsewhere. */
export function redirectToken(api: ApiClient) {
  return api.request<{ token: string }>("POST", "/v2/auth/redirect-token");
}

/** POST /v2/auth/deactivate: closes the account `username`. */
export function deactivate(api: ApiClient, username: string) {
  return api.request<null>("POST", "/v2/auth/deactivate", { body: { username } });
}
