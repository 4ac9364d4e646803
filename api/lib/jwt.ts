import { sign, verify } from "hono/jwt";

/** Access tokens: HS256, 15 minutes, sub = user id (string), sid = server session id. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return sign(
    { sub: String(claims.userId), sid: claims.sessionId, iat, exp: iat + ACCESS_TOKEN_SECONDS },
    secret,
    "HS256",
  );
}

/** Returns null for any invalid, tampered or expired token. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const payload = await verify(token, secret, "HS256");
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== "string") return null;
    return { userId, sessionId };
  } catch {
    return null;
  }
}
