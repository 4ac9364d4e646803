import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  TOKEN_PREFIX,
  TOKEN_RANDOM_BYTES,
  TOKENS_PER_PERSON,
  expiryOf,
  parseScopes,
  storedScopes,
  tokenStatus,
} from "../../core/access-tokens";
import type { ApiAccessToken, ApiCreatedToken, ValidTokenCreate } from "../../core/contract";
import { base64url } from "../../core/tokens";
import type { Db } from "../db";
import { accessTokenMeters, accessTokens } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { auditStatement } from "../services/audit";
import { personOf, personSupplies } from "../services/customers";
import { TOKEN_ERRORS } from "./messages";

export interface Caller {
  userId: number;
  ip: string;
}

/** The SHA-256 of a secret, hex: a token's id. Only this is ever stored. */
export async function tokenIdOf(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new secret: `nrg_` and 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return TOKEN_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(TOKEN_RANDOM_BYTES)));
}

type TokenRow = typeof accessTokens.$inferSelect;

function toApiToken(row: TokenRow, meterIds: number[], now: Date): ApiAccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    all_supplies: row.all_supplies === 1,
    meter_ids: meterIds,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    status: tokenStatus(row, now),
  };
}

/** The person's tokens, newest first, with their chosen supplies. */
export async function listTokens(db: Db, userId: number): Promise<ApiAccessToken[]> {
  await personOf(db, userId);
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.user_id, userId))
    .orderBy(desc(accessTokens.created_at), desc(accessTokens.id));
  const chosen = rows.filter((r) => r.all_supplies === 0).map((r) => r.id);
  const links =
    chosen.length === 0
      ? []
      : await db
          .select()
          .from(accessTokenMeters)
          .where(
            inArray(
              accessTokenMeters.token_id,
              // At most TOKENS_PER_PERSON live ones, but revoked ones stay listed: one JSON list.
              sql`(SELECT value FROM json_each(${JSON.stringify(chosen)}))`,
            ),
          );
  const now = new Date();
  return rows.map((row) =>
    toApiToken(
      row,
      links.filter((l) => l.token_id === row.id).map((l) => l.meter_id),
      now,
    ),
  );
}

/**
 * A new token of the caller: the supplies must be the person's (else 400 on `meter_ids`), the
 * expiry within a year (400 on `expires_on`), at most TOKENS_PER_PERSON live ones. One batch:
 * the token, its supplies and the activity log entry. The secret is in the answer only.
 */
export async function createToken(
  db: Db,
  caller: Caller,
  input: ValidTokenCreate,
): Promise<ApiCreatedToken> {
  const person = await personOf(db, caller.userId);
  const now = new Date();
  const expires = expiryOf(input.expires_on, now);
  if (!expires) throw badRequest("validation", "expires_on", TOKEN_ERRORS.expiry);
  const meterIds = input.all_supplies === 1 ? [] : input.meter_ids;
  if (meterIds.length > 0) {
    const own = await db.$client
      .prepare(
        `SELECT count(*) AS n FROM meters WHERE customer_id = ? AND id IN (SELECT value FROM json_each(?))`,
      )
      .bind(person.customerId, JSON.stringify(meterIds))
      .first<{ n: number }>();
    const mine = await personSupplies(db, person);
    const allMine = mine === "all" || meterIds.every((id) => mine.has(id));
    if ((own?.n ?? 0) !== meterIds.length || !allMine)
      throw badRequest("validation", "meter_ids", TOKEN_ERRORS.supplyNotYours);
  }
  const live = await db.$client
    .prepare(
      `SELECT count(*) AS n FROM access_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?`,
    )
    .bind(caller.userId, now.toISOString())
    .first<{ n: number }>();
  if ((live?.n ?? 0) >= TOKENS_PER_PERSON)
    throw badRequest("validation", "name", TOKEN_ERRORS.tooMany);

  const secret = newSecret();
  const id = await tokenIdOf(secret);
  const row: TokenRow = {
    id,
    user_id: caller.userId,
    customer_id: person.customerId,
    name: input.name,
    scopes: storedScopes(input.scopes),
    all_supplies: input.all_supplies,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    revoked_at: null,
    first_used_at: null,
    last_used_at: null,
    last_used_ip: null,
  };
  const audit = auditStatement(db, {
    action: "token_create",
    userId: caller.userId,
    detail: { name: input.name, scopes: row.scopes, expires: row.expires_at.slice(0, 10) },
    ip: caller.ip,
  });
  const insert = db.insert(accessTokens).values(row);
  if (meterIds.length > 0) {
    await db.batch([
      insert,
      db.insert(accessTokenMeters).values(meterIds.map((meter_id) => ({ token_id: id, meter_id }))),
      audit,
    ]);
  } else {
    await db.batch([insert, audit]);
  }
  return { token: toApiToken(row, meterIds, now), secret };
}

/** Revokes one of the caller's tokens at once (another's or a missing one: 404). Idempotent. */
export async function revokeToken(db: Db, caller: Caller, tokenId: string): Promise<void> {
  await personOf(db, caller.userId);
  const [found] = await db
    .select({ name: accessTokens.name, revoked_at: accessTokens.revoked_at })
    .from(accessTokens)
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.user_id, caller.userId)))
    .limit(1);
  if (!found) throw notFound();
  if (found.revoked_at) return;
  await db.batch([
    db
      .update(accessTokens)
      .set({ revoked_at: nowIso() })
      .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revoked_at))),
    auditStatement(db, {
      action: "token_revoke",
      userId: caller.userId,
      detail: { name: found.name },
      ip: caller.ip,
    }),
  ]);
}
