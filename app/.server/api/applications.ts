import type {
  ApiApplicationDraft,
  ApiApplicationKind,
  ApiApplicationReceipt,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * Transfer and new-supply applications (api/applications/routes.ts), reachable signed out: the
 * draft's id (kept in the browser's cookie) authorises each call instead of a session.
 */

/** GET /applications/drafts/{id}: a draft, while it lasts. */
export function applicationDraft(api: ApiClient, id: string) {
  return api.request<ApiApplicationDraft>("GET", `/applications/drafts/${id}`, { auth: "none" });
}

/** POST /applications/drafts: a new draft of this kind. */
export function startApplicationDraft(api: ApiClient, kind: ApiApplicationKind) {
  return api.request<ApiApplicationDraft>("POST", "/applications/drafts", {
    auth: "none",
    body: { kind },
  });
}

/** PUT /applications/drafts/{id}/steps/{step}: one step's values (the API checks them again). */
export function saveApplicationStep(
  api: ApiClient,
  id: string,
  step: string,
  values: Record<string, unknown>,
) {
  return api.request<ApiApplicationDraft>("PUT", `/applications/drafts/${id}/steps/${step}`, {
    auth: "none",
    body: values,
  });
}

/** POST /applications/drafts/{id}/submit: the last step; the receipt's reference. */
export function submitApplication(api: ApiClient, id: string, body: Record<string, unknown>) {
  return api.request<ApiApplicationReceipt>("POST", `/applications/drafts/${id}/submit`, {
    auth: "none",
    body,
  });
}
