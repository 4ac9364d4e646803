import type { AlertPayload, ApiAlert } from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * The signed-in person's own alert of one supply (api/alerts/routes.ts, #37 §2). A refusal is
 * given back, never a sign-out (the page's bearer check already passed).
 */
const soft = { onAuthFailure: "return" } as const;

/** GET /users/{id}/meters/{meterId}/alert: the alert (null: none), where it goes, its trips. */
export function getAlert(api: ApiClient, meterId: number) {
  return api.request<ApiAlert>("GET", `/users/${api.userId()}/meters/${meterId}/alert`, soft);
}

/** PUT /users/{id}/meters/{meterId}/alert: set it (idempotent); 400 names the field. */
export function putAlert(api: ApiClient, meterId: number, body: AlertPayload) {
  return api.request<ApiAlert>("PUT", `/users/${api.userId()}/meters/${meterId}/alert`, {
    ...soft,
    body,
  });
}
