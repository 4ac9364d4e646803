import type { ApiClient } from "./client";

/** Development only (api/dev/routes.ts): 404 in production. */

/** A row of the development outbox (GET /dev/outbox). */
export interface OutboxMessage {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  user_id: number | null;
  created_at: string;
}

/** GET /dev/outbox: the emails and text messages the API would have sent. */
export function outbox(api: ApiClient) {
  return api.request<OutboxMessage[]>("GET", "/dev/outbox", { auth: "none" });
}
