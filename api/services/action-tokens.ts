import { and, eq, gt, isNull } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db";
import { type ActionTokenPurpose, actionTokens } from "../db/schema";
import { addSeconds, nowIso } from "../lib/time";
import { randomToken, sha256 } from "../../core/tokens";

/**
 * Single-use links (activation, password reset, redirect-login): the link carries 32 random bytes;
 * only their SHA-256 is stored, so a database leak yields no usable links.
 */
export async function issueActionToken(
  db: Db,
  userId: number,
  purpose: ActionTokenPurpose,
  ttlSeconds: number,
  options: { revokeOlder?: boolean } = {},
) {
  const token = randomToken();
  const insert = db.insert(actionTokens).values({
    id: await sha256(token),
    user_id: userId,
    purpose,
    created_at: nowIso(),
    expires_at: addSeconds(ttlSeconds),
  });
  if (options.revokeOlder) {
    // One transaction, the revocation first: of two requests at once only the later link lives.
    await db.batch([revokeActionTokensStatement(db, userId, purpose), insert]);
  } else {
    await insert;
  }
  return token;
}

/** The statement that revokes every unused link of `purpose` of the user (for a `db.batch`). */
export function revokeActionTokensStatement(db: Db, userId: number, purpose: ActionTokenPurpose) {
  return db
    .update(actionTokens)
    .set({ used_at: nowIso() })
    .where(
      and(
        eq(actionTokens.user_id, userId),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.used_at),
      ),
    );
}

/**
 * The link `id` of `purpose` while it can still be used: not used and not expired at `now`. On
 * the table itself or an alias of it (the same rule read inside another statement).
 */
function liveLink(
  table: Record<"id" | "purpose" | "used_at" | "expires_at", AnySQLiteColumn>,
  id: string,
  purpose: ActionTokenPurpose,
  now: string,
) {
  return and(
    eq(table.id, id),
    eq(table.purpose, purpose),
    isNull(table.used_at),
    gt(table.expires_at, now),
  );
}

export type ConsumeResult =
  { ok: true; userId: number } | { ok: false; reason: "unknown" | "used" | "expired" };

/** Looks the token up without using it (to tell "unknown" from "expired" before other checks). */
export async function inspectActionToken(
  db: Db,
  token: string,
  purpose: ActionTokenPurpose,
): Promise<ConsumeResult> {
  if (!token) return { ok: false, reason: "unknown" };
  const row = await db.query.actionTokens.findFirst({
    where: and(eq(actionTokens.id, await sha256(token)), eq(actionTokens.purpose, purpose)),
  });
  if (!row) return { ok: false, reason: "unknown" };
  if (row.used_at) return { ok: false, reason: "used" };
  if (row.expires_at <= nowIso()) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.user_id };
}

/**
 * Atomically marks the token used; of two concurrent uses only one succeeds. With `allOfUser`,
 * the same statement also marks every other unused link of that purpose of the token's user
 * (a completed password reset revokes the older links): whichever of two links of one user is
 * used first claims both, and the other finds itself used.
 */
export async function consumeActionToken(
  db: Db,
  token: string,
  purpose: ActionTokenPurpose,
  options: { allOfUser?: boolean } = {},
): Promise<ConsumeResult> {
  const inspected = await inspectActionToken(db, token, purpose);
  if (!inspected.ok) return inspected;
  const now = nowIso();
  const id = await sha256(token);
  if (options.allOfUser) {
    // The user whose live link this is, read inside the same UPDATE (an alias: the same table).
    const link = alias(actionTokens, "link");
    const owner = db
      .select({ user_id: link.user_id })
      .from(link)
      .where(liveLink(link, id, purpose, now));
    const claimed = await db
      .update(actionTokens)
      .set({ used_at: now })
      .where(
        and(
          eq(actionTokens.purpose, purpose),
          isNull(actionTokens.used_at),
          eq(actionTokens.user_id, owner),
        ),
      )
      .returning({ id: actionTokens.id, user_id: actionTokens.user_id });
    const mine = claimed.find((row) => row.id === id);
    return mine ? { ok: true, userId: mine.user_id } : { ok: false, reason: "used" };
  }
  const claimed = await db
    .update(actionTokens)
    .set({ used_at: now })
    .where(liveLink(actionTokens, id, purpose, now))
    .returning({ userId: actionTokens.user_id });
  const first = claimed[0];
  return first ? { ok: true, userId: first.userId } : { ok: false, reason: "used" };
}
