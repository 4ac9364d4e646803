import { isProduction } from "../api/lib/environment";
/** Security headers for every HTML response; the nonce matches the one React's scripts carry. */
export function withSecurityHeaders(
  response: Response,
  { nonce, env, url }: { nonce: string; env: Env; url: URL },
): Response {
  const headers = new Headers(response.headers);
  const isLocal = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (!isLocal && isProduction(env)) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF for the portal's own actions (design §3). React Router refuses a foreign `Origin` itself,
 * but lets a POST without one through; every browser sends `Origin` (or at least
 * `Sec-Fetch-Site`) with a POST, so a state-changing request must show that it comes from our
 * own pages. Returns the refusal, or null when the request may proceed. /api has its own rule
 * (api/middleware/csrf.ts), which also accepts bearer tokens.
 */
export function crossSiteRefusal(request: Request, url: URL): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("Origin");
  const site = request.headers.get("Sec-Fetch-Site");
  const sameOrigin = origin !== null ? origin === url.origin : site === "same-origin";
  if (sameOrigin) return null;
  return new Response("Forbidden", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Reads a refused request's body before the refusal is sent (up to `limit` bytes; a larger or
 * unsized body is cancelled). An answer sent while the client is still writing its body makes
 * wrangler's local proxy, and some HTTP/1.1 clients, drop the connection instead of showing it.
 */
export async function discardBody(request: Request, limit = 1 << 20): Promise<void> {
  if (!request.body) return;
  const length = Number(request.headers.get("Content-Length") ?? Number.NaN);
  try {
    if (Number.isFinite(length) && length <= limit) await request.arrayBuffer();
    else await request.body.cancel();
  } catch {
    // The client went away: there is no one left to answer.
  }
}

/** API answers are JSON, PDF or CSV: never let a browser sniff them into something else. */
export function withApiHeaders(response: Response): Response {
  if (response.headers.get("X-Content-Type-Options") === "nosniff") return response;
  const headers = new Headers(response.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
