import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import {
  parseServiceToken,
  serviceSecretHash,
  storedScopes,
  type ServiceScope,
} from "../../core/service-credentials";
import { timingSafeEqual } from "../../core/tokens";
import { ApiError, notFound } from "../lib/errors";
import { clientIp } from "../lib/request";
import { bearerToken } from "../middleware/auth";
import { auditStatement } from "../services/audit";
import { hit, LIMITS, refused, tooManyAttempts } from "../services/throttle";
import type { ApiEnv } from "../types";
import { logError } from "../../workers/log";
import type { ServiceClient } from "./batch";
import { backofficeClients } from "./tables";

/**
 * The gate of the back-office API (#36 §1, docs/decisions/0030-backoffice-api.md).
 *
 * - Only a service credential (`Authorization: Bearer nrgbo_<id>_<secret>`) opens these routes: a
 *   session's JWT, a personal access token, a cookie or nothing is 401 unauthorized, and so is an
 *   unknown, rotated-away or revoked credential (one answer for all: nothing tells which).
 * - A credential without the route's scope is 403 forbidden.
 * - Failed credentials count per client address (LIMITS.backofficeFailuresIp); past the limit a
 *   bad credential is 429 with Retry-After. A valid credential is still served: whoever shares
 *   the billing system's address cannot lock it out.
 * - Every call that passed the gate is in the activity log (action `backoffice_call`, the
 *   client's name, the route and the status) and sets the client's last use (once a minute).
 * - With API_BASE_URL the portal speaks to an external backend, which owns its data: the routes
 *   are off (404 not_found).
 */

/** The scope each middleware needs, for the OpenAPI document and the security suite. */
const scopes = new WeakMap<object, ServiceScope>();
export const serviceScopeOf = (handler: unknown): ServiceScope | undefined =>
  typeof handler === "function" ? scopes.get(handler) : undefined;

/** A client's last use is written at most this often. */
const LAST_USE_EVERY_MS = 60_000;

async function findClient(
  c: Context<ApiEnv>,
  bearer: string | null,
): Promise<(ServiceClient & { lastUsedAt: string | null }) | null> {
  const parsed = bearer ? parseServiceToken(bearer) : null;
  if (!parsed) return null;
  const [row] = await c
    .get("db")
    .select()
    .from(backofficeClients)
    .where(eq(backofficeClients.id, parsed.id))
    .limit(1);
  const hash = await serviceSecretHash(parsed.secret);
  if (!row || row.revoked_at !== null || !timingSafeEqual(hash, row.secret_hash)) return null;
  return {
    id: row.id,
    name: row.name,
    scopes: storedScopes(row.scopes),
    lastUsedAt: row.last_used_at,
  };
}

/** The route's gate: a live service credential with `scope` (see above). */
export function requireService(scope: ServiceScope): MiddlewareHandler<ApiEnv> {
  const middleware = createMiddleware<ApiEnv>(async (c, next) => {
    if (c.env.API_BASE_URL) throw notFound();
    const client = await findClient(c, bearerToken(c.req.header("authorization")));
    if (!client) {
      const hits = await hit(c.get("db"), [
        { limit: LIMITS.backofficeFailuresIp, key: clientIp(c) },
      ]);
      const over = refused(hits);
      if (over) throw tooManyAttempts(c, over.window.retryAfter);
      throw new ApiError(401, "unauthorized");
    }
    if (!client.scopes.includes(scope)) {
      await record(c, client, 403);
      throw new ApiError(403, "forbidden");
    }
    c.set("service", { id: client.id, name: client.name, scopes: client.scopes });
    try {
      await next();
    } finally {
      await record(c, client, c.res.status, client.lastUsedAt);
    }
  });
  scopes.set(middleware, scope);
  return middleware;
}

/** The call's activity-log entry and the client's last use, in one D1 batch; never fails a call. */
async function record(
  c: Context<ApiEnv>,
  client: ServiceClient,
  status: number,
  lastUsedAt: string | null = null,
) {
  const db = c.get("db");
  const now = new Date();
  const entry = auditStatement(db, {
    action: "backoffice_call",
    detail: `${client.name} ${c.req.method} ${c.req.routePath.replace(/^\/api/, "")} ${status}`,
    ip: clientIp(c),
  });
  const stale = !lastUsedAt || now.getTime() - Date.parse(lastUsedAt) >= LAST_USE_EVERY_MS;
  try {
    if (stale) {
      await db.batch([
        entry,
        db
          .update(backofficeClients)
          .set({ last_used_at: now.toISOString() })
          .where(eq(backofficeClients.id, client.id)),
      ]);
    } else {
      await entry;
    }
  } catch (error) {
    logError(error, { id: client.name, route: c.req.routePath, where: "backoffice-log" });
  }
}
