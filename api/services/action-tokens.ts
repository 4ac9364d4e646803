import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db";
import { type ActionTokenPurpose, actionTokens } from "../db/schema";
import { addSeconds, nowIso } from "../lib/time";
import { randomToken, sha256 } from "../lib/tokens";

/**
 * Single-use links (activation, password reset, redirect-login): the link carries 32 random bytes;
 * only their SHA-256 is stored, so a database leak yields no usable links.
 */
export async function issueActionToken(
  db: Db,
  userId: number,
  purpose: ActionTokenPurpose,
  ttlSeconds: number,
) {
  const token = randomToken();
  await db.insert(actionTokens).values({
    id: await sha256(token),
    user_id: userId,
    purpose,
    created_at: nowIso(),
    expires_at: addSeconds(ttlSeconds),
  });
  return token;
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

/** Atomically marks the token used; of two concurrent uses only one succeeds. */
export async function consumeActionToken(
  db: Db,
  token: string,
  purpose: ActionTokenPurpose,
): Promise<ConsumeResult> {
  const inspected = await inspectActionToken(db, token, purpose);
  if (!inspected.ok) return inspected;
  const now = nowIso();
  const claimed = await db
    .update(actionTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(actionTokens.id, await sha256(token)),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.used_at),
        gt(actionTokens.expires_at, now),
      ),
    )
    .returning({ userId: actionTokens.user_id });
  const first = claimed[0];
  return first ? { ok: true, userId: first.userId } : { ok: false, reason: "used" };
}
