import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  apiAccessTokenSchema,
  apiCreatedTokenSchema,
  tokenCreateSchema,
  tokenParams,
  userParams,
} from "../../core/contract";
import { data, documented, empty } from "../lib/openapi";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import type { ApiEnv } from "../types";
import { createToken, listTokens, revokeToken, type Caller } from "./service";

const doc = documented("Access tokens");

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
  .get(
    "/users/:userId/tokens",
    doc({
      summary: "The person's personal access tokens, newest first (never their secrets)",
      description:
        "Revoked and expired tokens stay listed for 30 days. A session's bearer only: a personal access token is refused here (403 not_permitted).",
      ok: data(z.array(apiAccessTokenSchema)),
    }),
    requireBearer,
    ownTokens,
    ownPath,
    ownUserPath,
    async (c) => c.json({ data: await listTokens(c.get("db"), c.get("auth").userId) }),
  )

  /** A new token: 201 with the token and its secret, shown this once. */
  .post(
    "/users/:userId/tokens",
    doc({
      summary: "Create a read-only personal access token; its secret is in this answer only",
      description:
        "Scopes: bills, payments, readings, consumption, and personal (a separate opt-in). Supplies: all the person sees, or chosen among them. Expiry: after today, at most a year. Only the SHA-256 of the secret is stored.",
      ok: data(apiCreatedTokenSchema, 201, "The token and its secret"),
    }),
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
    doc({
      summary: "Revoke a personal access token: it stops working at once",
      ok: empty(),
    }),
    requireBearer,
    ownTokens,
    tokenPath,
    ownUserPath,
    async (c) => {
      await revokeToken(c.get("db"), callerOf(c), c.req.valid("param").tokenId);
      return c.body(null, 204);
    },
  );
