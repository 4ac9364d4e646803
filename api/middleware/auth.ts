import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/errors";
import { type AccessClaims, verifyAccessToken } from "../lib/jwt";
import { assertOwnUser, findLiveSessionAndAccount } from "../services/customers";
import { isAccessTokenSecret, redactPersonal } from "../../core/access-tokens";
import { hidesPersonal, useAccessToken } from "../tokens/use";
import { executionContextOf } from "./context";
import type { ApiEnv } from "../types";

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

type Verdict = { ok: true; claims: AccessClaims } | { ok: false; status: 401 | 403 };

/**
 * Verdicts on bearer tokens, per incoming request. A portal page calls the API several times
 * in-process with the same token and the same ExecutionContext (app/.server/api/index.ts): the
 * signature check and the session read are done once for all of them, for reads only. Any write
 * forgets the request's verdicts first (a logout or password change revokes sessions), so a read
 * after a write checks again. Over HTTP every request has its own context: nothing is shared.
 */
const verdicts = new WeakMap<object, Map<string, Promise<Verdict>>>();

async function judge(c: Context<ApiEnv>, token: string | null): Promise<Verdict> {
  const claims = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  if (!claims) return { ok: false, status: 401 };
  // On a page's reads the user, supplies and data version come in the same round trip.
  const session = await findLiveSessionAndAccount(c.get("db"), claims.sessionId, claims.userId);
  if (!session || session.user_id !== claims.userId) return { ok: false, status: 403 };
  return { ok: true, claims };
}

/** Drops the request's remembered verdicts on every write (mounted before the routes). */
export const forgetVerdictsOnWrite = createMiddleware<ApiEnv>(async (c, next) => {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") {
    const ctx = executionContextOf(c);
    if (ctx) verdicts.delete(ctx);
  }
  await next();
});

/**
 * Bearer access token. Missing, invalid or expired JWT → 401 unauthorized (the portal refreshes and
 * retries); a valid JWT whose server session is missing, revoked or past its absolute expiry → 403
 * forbidden (the portal logs out). One D1 round trip per incoming request (see `verdicts`).
 *
 * A bearer that starts with `nrg_` is a personal access token instead (#19): an expired, revoked
 * or unknown one, or one of a removed person, is 401; a write or a route its scopes do not open is
 * 403 not_permitted; it reaches only its supplies within its person's (api/tokens/use.ts).
 */
export const requireBearer = createMiddleware<ApiEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (token && isAccessTokenSecret(token)) {
    // A personal access token (#19): read-only, its scopes and supplies (api/tokens/use.ts).
    c.set("auth", await useAccessToken(c, token));
    assertOwnPath(c);
    await next();
    // Without the personal scope no answer carries the person's details (#35): every
    // PERSONAL_FIELDS value blanked, whichever route answered.
    if (hidesPersonal(c) && c.res.headers.get("content-type")?.includes("application/json")) {
      const body: unknown = await c.res.clone().json();
      c.res = new Response(JSON.stringify(redactPersonal(body)), c.res);
    }
    return;
  }
  const method = c.req.method;
  const ctx = method === "GET" || method === "HEAD" ? executionContextOf(c) : null;
  let verdict: Promise<Verdict>;
  if (ctx && token) {
    let known = verdicts.get(ctx);
    if (!known) verdicts.set(ctx, (known = new Map()));
    const remembered = known.get(token);
    verdict = remembered ?? judge(c, token);
    if (!remembered) {
      known.set(token, verdict);
      // A failed check (a D1 error) is not remembered: the next call tries again.
      verdict.catch(() => known.delete(token));
    }
  } else {
    verdict = judge(c, token);
  }
  const result = await verdict;
  if (!result.ok)
    throw new ApiError(result.status, result.status === 401 ? "unauthorized" : "forbidden");
  c.set("auth", result.claims);
  assertOwnPath(c);
  await next();
});

/**
 * A path's `:userId` (or `/users/:id`, `/user/:id`) must be the caller's own: else 404 at once,
 * BEFORE the route validates a body or query (#35), so a stranger's path answers the same 404
 * whatever is sent. Routes still check it themselves (ownUserPath, assertOwnUser).
 */
function assertOwnPath(c: Context<ApiEnv>) {
  const params = c.req.param() as Record<string, string | undefined>;
  const route = c.req.routePath;
  const pathUser = params.userId ?? (/\/users?\/:id(\/|$)/.test(route) ? params.id : undefined);
  if (pathUser !== undefined) assertOwnUser(c.get("auth").userId, pathUser);
}

/**
 * After requireBearer and the path's validation: the path's `:userId` must be the bearer's own,
 * else 404 as for a missing one (core/contract/params.ts keeps the id as the path's text).
 */
export const ownUserPath = createMiddleware<ApiEnv, string, { out: { param: { userId: string } } }>(
  async (c, next) => {
    assertOwnUser(c.get("auth").userId, c.req.valid("param").userId);
    await next();
  },
);
