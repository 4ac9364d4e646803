import { Hono, type Context } from "hono";
import { tokenCreateSchema, tokenParams, userParams } from "../../core/contract";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import type { ApiEnv } from "../types";
import { createToken, listTokens, revokeToken, type Caller } from "./service";

/** Path ids: a malformed one is a missing row (404), as another person's token is. */
const ownIds = { invalid: "not_found" } as const;
const ownPath = validate("param", userParams, ownIds);
const tokenPath = validate("param", tokenParams, ownIds);

/** Every role manages its own tokens (a token reaches only what its person sees). */
const ownTokens = permit("own_profile");

const callerOf = (c: Context<ApiEnv>): Caller => ({
  userId: c.get("auth").userId,
  ip: clientIp(c),
});

/**
 * Mounted at /api (api/app.ts). A person's personal access tokens (#19): bearer (a session only:
 * api/middleware/token-scopes.ts never lets a token in here), the caller's own `:userId`.
 */
export const tokenRoutes = new Hono<ApiEnv>()
  /** The person's tokens, newest first: never their secrets. */
  .get("/users/:userId/tokens", requireBearer, ownTokens, ownPath, ownUserPath, async (c) =>
    c.json({ data: await listTokens(c.get("db"), c.get("auth").userId) }),
  )

  /** A new token: 201 with the token and its secret, shown this once. */
  .post(
    "/users/:userId/tokens",
    requireBearer,
    ownTokens,
    validate("json", tokenCreateSchema),
    ownPath,
    ownUserPath,
    async (c) =>
      c.json({ data: await createToken(c.get("db"), callerOf(c), c.req.valid("json")) }, 201),
  )

  /** Revoke: the token stops working at once. 204. */
  .delete(
    "/users/:userId/tokens/:tokenId",
    requireBearer,
    ownTokens,
    tokenPath,
    ownUserPath,
    async (c) => {
      await revokeToken(c.get("db"), callerOf(c), c.req.valid("param").tokenId);
      return c.body(null, 204);
    },
  );
