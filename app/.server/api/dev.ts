import type { ApiOutboxMessage } from "../../../core/contract";
import type { ApiClient } from "./client";

/** Development only (api/dev/routes.ts): 404 in production. */

/** GET /dev/outbox: the emails and text messages the API would have sent. */
export function outbox(api: ApiClient) {
  return api.request<ApiOutboxMessage[]>("GET", "/dev/outbox", { auth: "none" });
}
