import { cookieSecure } from "../app/middleware/session";
import { paymentProvider } from "../api/payments/provider";

/**
 * Where a form may lead besides the portal: the pay forms answer with a redirect to Viva's
 * hosted page, which `form-action` governs too (without JavaScript the browser would block it).
 */
function formTargets(env: Env): string {
  const provider = paymentProvider(env);
  return provider.kind === "viva" ? ` ${new URL(provider.config.checkoutUrl).origin}` : "";
}

/** The portal's own page policy; the nonce matches the one React's scripts carry. */
function pagePolicy(nonce: string, formTo = ""): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (public/sw.js, #39): without this, worker-src falls back to
    // script-src, whose 'strict-dynamic' ignores 'self' and so would refuse it.
    "worker-src 'self'",
    `form-action 'self'${formTo}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

const HSTS = "max-age=31536000; includeSubDomains";

/** True when a Set-Cookie line carries the `Secure` attribute. */
function isSecureCookie(line: string): boolean {
  return line
    .split(";")
    .slice(1)
    .some((attribute) => attribute.trim().toLowerCase() === "secure");
}

/**
 * HSTS and `Secure` on every cookie wherever the portal is not plain local development over
 * http: always in production (whatever the host, even if a proxy hands the Worker an http URL),
 * and on any non-loopback host (the same rule as the session cookie, `cookieSecure`). One place
 * for every answer, so a cookie written anywhere (session, language, consent, drafts, one added
 * later) cannot leave without `Secure`.
 */
function applyTransportSecurity(headers: Headers, env: Env, url: URL): void {
  if (!cookieSecure(env, url)) return;
  headers.set("Strict-Transport-Security", HSTS);
  const cookies = headers.getSetCookie();
  if (cookies.every(isSecureCookie)) return;
  headers.delete("Set-Cookie");
  for (const line of cookies) {
    headers.append("Set-Cookie", isSecureCookie(line) ? line : `${line}; Secure`);
  }
}

function withHeaders(response: Response, headers: Headers): Response {
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Security headers for every portal answer (pages, resource routes, refusals). */
export function withSecurityHeaders(
  response: Response,
  { nonce, env, url }: { nonce: string; env: Env; url: URL },
): Response {
  const headers = new Headers(response.headers);
  // A route may set a policy of its own, stricter than the page's: user files are served with
  // `default-src 'none'; sandbox` so that an uploaded document can never run as the portal.
  // Keep it and send the page policy beside it: a browser enforces both, so neither can loosen
  // the other.
  if (headers.has("Content-Security-Policy")) {
    headers.append("Content-Security-Policy", pagePolicy(nonce, formTargets(env)));
  } else {
    headers.set("Content-Security-Policy", pagePolicy(nonce, formTargets(env)));
  }
  headers.set("X-Content-Type-Options", "nosniff");
  // Always this policy, even over a route's own `no-referrer`: under `no-referrer` a browser
  // sends `Origin: null` with the page's form posts, which the CSRF check refuses. This one
  // still keeps a signed link's path and query out of every cross-origin Referer.
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  applyTransportSecurity(headers, env, url);
  return withHeaders(response, headers);
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

/**
 * API answers are JSON, PDF or CSV: never let a browser sniff them into something else. They
 * get HSTS and `Secure` cookies under the same rule as pages.
 */
export function withApiHeaders(response: Response, { env, url }: { env: Env; url: URL }): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  applyTransportSecurity(headers, env, url);
  return withHeaders(response, headers);
}

/** Answers of the Worker itself (/healthz): the transport rule only. */
export function withTransportHeaders(response: Response, env: Env, url: URL): Response {
  const headers = new Headers(response.headers);
  applyTransportSecurity(headers, env, url);
  return withHeaders(response, headers);
}
