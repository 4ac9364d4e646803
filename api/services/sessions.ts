import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { ApiTokens } from "../../core/contract";
import type { Db } from "../db";
import { refreshTokens, sessions } from "../db/schema";
import { signAccessToken } from "../lib/jwt";
import { HOUR, addSeconds, nowIso } from "../lib/time";
import { randomToken, sha256 } from "../../core/tokens";

/** Absolute session lifetime (design §3); refresh tokens never outlive their session. */
export const SESSION_SECONDS = 12 * HOUR;

/**
 * A refresh token presented again within this many seconds of its first use is treated as the
 * same client racing itself (parallel loaders refreshing at once), not as theft: it gets a fresh
 * pair for the same session. Later reuse revokes the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 5;

export async function findLiveSession(db: Db, sessionId: string) {
  const now = nowIso();
  return db.query.sessions.findFirst({
    where: and(
      eq(sessions.id, sessionId),
      isNull(sessions.revoked_at),
      gt(sessions.expires_at, now),
    ),
  });
}

async function issuePair(
  db: Db,
  jwtSecret: string,
  userId: number,
  sessionId: string,
  expiresAt: string,
): Promise<ApiTokens> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({
    token_hash: await sha256(refresh),
    session_id: sessionId,
    created_at: nowIso(),
    expires_at: expiresAt,
  });
  return {
    access_token: await signAccessToken(jwtSecret, { userId, sessionId }),
    refresh_token: refresh,
    user_id: userId,
  };
}

export async function createSession(db: Db, jwtSecret: string, userId: number): Promise<ApiTokens> {
  const id = randomToken(16);
  const expiresAt = addSeconds(SESSION_SECONDS);
  await db
    .insert(sessions)
    .values({ id, user_id: userId, created_at: nowIso(), expires_at: expiresAt });
  return issuePair(db, jwtSecret, userId, id, expiresAt);
}

export type RefreshResult =
  | { ok: true; tokens: ApiTokens }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "ended" };

/** Rotation: the presented token is marked used and a new pair is issued for the same session. */
export async function rotateRefreshToken(
  db: Db,
  jwtSecret: string,
  refreshToken: string,
): Promise<RefreshResult> {
  const now = new Date();
  const hash = await sha256(refreshToken);
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.token_hash, hash) });
  if (!row) return { ok: false, reason: "unknown" };
  const session = await findLiveSession(db, row.session_id);
  if (!session) return { ok: false, reason: "ended" };
  if (row.expires_at <= nowIso(now)) return { ok: false, reason: "expired" };

  if (row.used_at) {
    const usedAgo = (now.getTime() - Date.parse(row.used_at)) / 1000;
    if (usedAgo > REFRESH_REUSE_GRACE_SECONDS) {
      await revokeSession(db, session.id, "refresh_reuse");
      return { ok: false, reason: "reused" };
    }
  } else {
    // Conditional update: of two concurrent first uses only one wins the claim; the other is a
    // reuse inside the grace window and still gets a pair.
    await db
      .update(refreshTokens)
      .set({ used_at: nowIso(now) })
      .where(and(eq(refreshTokens.token_hash, hash), isNull(refreshTokens.used_at)));
  }
  return {
    ok: true,
    tokens: await issuePair(db, jwtSecret, session.user_id, session.id, session.expires_at),
  };
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/**
 * The statement that ends every live session of the user, or every one but `exceptSessionId`,
 * unexecuted: for a `db.batch([...])` next to the write that makes the sessions stale (a person's
 * removal or role change, api/people/service.ts).
 */
export function revokeUserSessionsStatement(
  db: Db,
  userId: number,
  reason: string,
  exceptSessionId?: string,
) {
  const conditions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  return db
    .update(sessions)
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where(and(...conditions));
}

/** Ends every live session of the user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: string,
  exceptSessionId?: string,
) {
  await revokeUserSessionsStatement(db, userId, reason, exceptSessionId);
}
