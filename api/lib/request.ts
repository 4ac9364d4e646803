import type { Context } from "hono";

/** Client IP as Cloudflare reports it; "unknown" when absent (local tools, tests without the header). */
export const clientIp = (c: Context) => c.req.header("cf-connecting-ip") ?? "unknown";

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
