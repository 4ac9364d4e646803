import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ApiRedirectLoginPreview } from "../../core/contract";
import { users } from "../db/schema";
import { badRequest } from "../lib/errors";
import { validate } from "../lib/validate";
import { inspectActionToken } from "../services/action-tokens";
import type { ApiEnv } from "../types";
import { tokenSchema } from "../../core/contract";

/**
 * Mounted at /api/v2/auth/redirect-login. `POST /preview` says whom a redirect-login token would
 * sign in, WITHOUT using it: the portal's GET /redirect-login/{token} shows "Continue as {name}"
 * and only its POST spends the token (POST /api/v2/auth/redirect-login). Whoever holds the token
 * can sign in as that person anyway, so the first name is no secret from them; an unknown, used,
 * expired or no longer usable token answers exactly as the sign-in would (400 bad_token).
 * A POST with the token in the body rather than a GET with it in the path, so that it stays
 * out of URLs and logs.
 */
export const redirectLoginRoutes = new Hono<ApiEnv>().post(
  "/preview",
  validate("json", tokenSchema),
  async (c) => {
    const db = c.get("db");
    const inspected = await inspectActionToken(db, c.req.valid("json").token, "redirect-login");
    if (!inspected.ok) throw badRequest("bad_token");
    const user = await db.query.users.findFirst({ where: eq(users.id, inspected.userId) });
    if (!user || user.needs_activation || user.deactivated_at) throw badRequest("bad_token");
    const data: ApiRedirectLoginPreview = { user_id: user.id, name: user.welcome_name };
    return c.json({ data });
  },
);
