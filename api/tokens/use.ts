import type { Context } from "hono";
import {
  TOKEN_LAST_USE_EVERY_MS,
  TOKEN_REQUESTS_PER_MINUTE,
  effectiveSupplies,
  parseScopes,
  tokenMayRead,
} from "../../core/access-tokens";
import { ApiError } from "../lib/errors";
import type { AccessClaims } from "../lib/jwt";
import { clientIp } from "../lib/request";
import { tokenRouteOf } from "../middleware/token-scopes";
import { auditStatement } from "../services/audit";
import { narrowToToken } from "../services/customers";
import { hit, refused, tooManyAttempts, type Limit } from "../services/throttle";
import type { ApiEnv } from "../types";
import { tokenIdOf } from "./service";

/** At most 60 requests a minute per token (throttle_counters, one atomic upsert per request). */
export const TOKEN_LIMIT: Limit = {
  scope: "access-token",
  max: TOKEN_REQUESTS_PER_MINUTE,
  windowSeconds: 60,
};

/** Requests answered for a personal access token (api/middleware/permit.ts reads it). */
const tokenRequests = new WeakSet<Request>();

export const isTokenRequest = (c: Context) => tokenRequests.has(c.req.raw);

/** Token requests without the `personal` scope: their answers leave out PERSONAL_FIELDS (#35). */
const impersonal = new WeakSet<Request>();

/** Whether this request's answer must leave out the person's details (core PERSONAL_FIELDS). */
export const hidesPersonal = (c: Context) => impersonal.has(c.req.raw);

interface TokenUseRow {
  id: string;
  user_id: number;
  name: string;
  scopes: string;
  all_supplies: number;
  expires_at: string;
  revoked_at: string | null;
  first_used_at: string | null;
  last_used_at: string | null;
  removed_at: string | null;
  user_all: number;
  token_meters: string;
  person_meters: string;
}

/** The token, its person and both supply lists, in one statement. */
const TOKEN_USE_SQL = `SELECT t.id, t.user_id, t.name, t.scopes, t.all_supplies, t.expires_at, t.revoked_at,
    t.first_used_at, t.last_used_at, u.removed_at, u.all_supplies AS user_all,
    (SELECT json_group_array(meter_id) FROM access_token_meters WHERE token_id = t.id) AS token_meters,
    (SELECT json_group_array(meter_id) FROM user_meters WHERE user_id = t.user_id) AS person_meters
  FROM access_tokens t JOIN users u ON u.id = t.user_id AND u.customer_id = t.customer_id
  WHERE t.id = ? LIMIT 1`;

const ids = (json: string) => new Set((JSON.parse(json) as number[]).filter(Number.isSafeInteger));

const unauthorized = () => new ApiError(401, "unauthorized");
const notPermitted = () => new ApiError(403, "not_permitted");
const notFound = () => new ApiError(404, "not_found");

/**
 * A request made with a personal access token (#19), from requireBearer. In this order: unknown,
 * expired, revoked or its person removed → 401; a write, or a route its scopes do not open →
 * 403 not_permitted; over 60 requests this minute → 429 with Retry-After; a supply it does not
 * reach → 404. It then reads as its person, on its supplies within theirs (narrowToToken), and
 * its first use and (at most once a minute) its last use are recorded.
 */
export async function useAccessToken(c: Context<ApiEnv>, secret: string): Promise<AccessClaims> {
  const db = c.get("db");
  const id = await tokenIdOf(secret);
  const row = await db.$client.prepare(TOKEN_USE_SQL).bind(id).first<TokenUseRow>();
  const now = new Date();
  const nowText = now.toISOString();
  if (!row || row.revoked_at || row.removed_at || row.expires_at <= nowText) throw unauthorized();
  tokenRequests.add(c.req.raw);

  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") throw notPermitted();
  const route = tokenRouteOf(c.req.routePath);
  const scopes = parseScopes(row.scopes);
  if (!tokenMayRead(scopes, route.need)) throw notPermitted();
  if (!scopes.includes("personal")) impersonal.add(c.req.raw);

  const [counted] = await hit(db, [{ limit: TOKEN_LIMIT, key: id }], now);
  const over = refused(counted ? [counted] : []);
  if (over) throw tooManyAttempts(c, over.window.retryAfter);

  const supplies = effectiveSupplies(
    row.all_supplies === 1 ? "all" : ids(row.token_meters),
    row.user_all === 1 ? "all" : ids(row.person_meters),
  );
  if (supplies !== "all") {
    narrowToToken(db, supplies);
    const meterId = c.req.param("meterId");
    if (meterId !== undefined && !supplies.has(Number(meterId))) throw notFound();
    if (route.supply === "invoice") {
      const invoice = await db.$client
        .prepare(`SELECT meter_id FROM invoices WHERE id = ?`)
        .bind(Number(c.req.param("id")))
        .first<{ meter_id: number }>();
      if (!invoice || !supplies.has(invoice.meter_id)) throw notFound();
    }
  }

  await recordUse(c, row, now);
  return { userId: row.user_id, sessionId: `token:${id.slice(0, 16)}` };
}

/**
 * The first use goes to the activity log (once: the update that sets first_used_at decides);
 * the last use (time, client address) is written when the stored one is a minute old or more.
 */
async function recordUse(c: Context<ApiEnv>, row: TokenUseRow, now: Date) {
  const db = c.get("db");
  const nowText = now.toISOString();
  const ip = clientIp(c);
  if (row.first_used_at === null) {
    const first = await db.$client
      .prepare(
        `UPDATE access_tokens SET first_used_at = ?, last_used_at = ?, last_used_ip = ?
         WHERE id = ? AND first_used_at IS NULL RETURNING id`,
      )
      .bind(nowText, nowText, ip, row.id)
      .first<{ id: string }>();
    if (first) {
      await auditStatement(db, {
        action: "token_first_use",
        userId: row.user_id,
        detail: { name: row.name },
        ip,
      }).run();
    }
    return;
  }
  const stale =
    row.last_used_at === null ||
    now.getTime() - Date.parse(row.last_used_at) >= TOKEN_LAST_USE_EVERY_MS;
  if (!stale) return;
  await db.$client
    .prepare(
      `UPDATE access_tokens SET last_used_at = ?, last_used_ip = ?
       WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)`,
    )
    .bind(nowText, ip, row.id, new Date(now.getTime() - TOKEN_LAST_USE_EVERY_MS).toISOString())
    .run();
}
