import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/errors";
import type { ApiEnv } from "../types";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request must prove it is not a cross-site form post: an Authorization
 * header (a browser cannot add one cross-site without a CORS preflight we never grant), an Origin
 * equal to ours, or Sec-Fetch-Site: same-origin.
 */
export const csrf = createMiddleware<ApiEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.header("authorization")) return next();
  const origin = c.req.header("origin");
  if (origin && origin === new URL(c.req.url).origin) return next();
  if (c.req.header("sec-fetch-site") === "same-origin") return next();
  throw new ApiError(403, "csrf");
});
