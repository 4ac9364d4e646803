import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/errors";
import { verifyAccessToken } from "../lib/jwt";
import { findLiveSession } from "../services/sessions";
import type { ApiEnv } from "../types";

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Bearer access token. Missing, invalid or expired JWT → 401 unauthorized (the portal refreshes and
 * retries); a valid JWT whose server session is missing, revoked or past its absolute expiry → 403
 * forbidden (the portal logs out). One indexed D1 read per call.
 */
export const requireBearer = createMiddleware<ApiEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  const claims = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  if (!claims) throw new ApiError(401, "unauthorized");
  const session = await findLiveSession(c.get("db"), claims.sessionId);
  if (!session || session.user_id !== claims.userId) throw new ApiError(403, "forbidden");
  c.set("auth", claims);
  await next();
});
