import type { z } from "zod";
import type { contactSchema } from "../../../core/contact";
import type { ApiClient } from "./client";

/** The contact form (api/contact/routes.ts). */

/** POST /contact: a message to customer service; the answer is its reference. */
export function contact(api: ApiClient, payload: z.input<typeof contactSchema>) {
  return api.request<{ reference: string }>("POST", "/contact", { auth: "none", body: payload });
}
