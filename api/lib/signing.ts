/**
 * HMAC-SHA256 signed, purpose-bound, expiring tokens for hash links (/pay/{hash}, /instant-bill/{hash},
 * /all-smart/{hash}, /change-address/{hash}, /mymarket/{hash}).
 * Format: base64url(JSON {p: purpose, d: data, e: expiresAt}) "." base64url(HMAC(secret, payload)).
 * The purpose is inside the signed payload, so a /pay token never opens /all-smart.
 */
import { base64url, fromBase64url, hmacSha256, timingSafeEqual } from "../../core/tokens";

export type VerifyResult<T> = { ok: true; data: T } | { ok: false; reason: "invalid" | "expired" };

export async function signToken(
  secret: string,
  purpose: string,
  data: unknown,
  expiresAtEpochSeconds: number,
): Promise<string> {
  const payload = base64url(
    new TextEncoder().encode(JSON.stringify({ p: purpose, d: data, e: expiresAtEpochSeconds })),
  );
  return `${payload}.${await hmacSha256(secret, payload)}`;
}

export async function verifyToken<T = unknown>(
  secret: string,
  purpose: string,
  token: string,
  nowEpochSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifyResult<T>> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  if (!timingSafeEqual(await hmacSha256(secret, payload), signature))
    return { ok: false, reason: "invalid" };
  let parsed: { p?: unknown; d?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder().decode(fromBase64url(payload)));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (parsed.p !== purpose || typeof parsed.e !== "number") return { ok: false, reason: "invalid" };
  if (parsed.e <= nowEpochSeconds) return { ok: false, reason: "expired" };
  return { ok: true, data: parsed.d as T };
}
