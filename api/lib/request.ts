import type { Context } from "hono";

/**
 * The client address every limit keys on: CF-Connecting-IP alone, which Cloudflare's edge sets on
 * every request (overwriting one the client sent). Never X-Forwarded-For, X-Real-IP, Forwarded or
 * True-Client-IP: a client writes those. Absent (a local tool), all such requests share one
 * "unknown" address, so a missing header never escapes a limit.
 *
 * `wrangler dev` sets the header to the socket's address (127.0.0.1) but keeps one the client
 * sent; the tests use that to act as distinct clients. Only the edge makes it trustworthy.
 */
export const clientIp = (c: Context) => c.req.header("cf-connecting-ip")?.trim() || "unknown";

/** Decodes `Authorization: Basic base64(username:password)`; null when malformed. */
export function parseBasicAuth(
  header: string | undefined,
): { username: string; password: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    const binary = atob(match[1]);
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (ch) => ch.charCodeAt(0)),
    );
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
