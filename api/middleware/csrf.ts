import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/errors";
import type { ApiEnv } from "../types";
import { paymentProvider } from "../payments/provider";

/** Where Viva posts its payment events (api/payments/webhook.ts). */
export const VIVA_WEBHOOK_PATH = "/api/payments/viva/webhook";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request must prove it is not a cross-site form post: an Authorization
 * header (a browser cannot add one cross-site without a CORS preflight we never grant), an Origin
 * equal to ours, or Sec-Fetch-Site: same-origin. One exception: Viva's webhook (below).
 */
export const csrf = createMiddleware<ApiEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.header("authorization")) return next();
  // Viva's webhook is a server's POST without Origin; nothing in it is believed (it is read back
  // from Viva before anything is recorded: api/payments/webhook.ts). Only when Viva takes payments.
  if (c.req.path === VIVA_WEBHOOK_PATH && paymentProvider(c.env).kind === "viva") return next();
  const origin = c.req.header("origin");
  if (origin && origin === new URL(c.req.url).origin) return next();
  if (c.req.header("sec-fetch-site") === "same-origin") return next();
  throw new ApiError(403, "csrf");
});
