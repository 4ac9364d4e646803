import { isDevelopment } from "./environment";

/**
 * The one origin that emailed and texted links are built on (activation, password reset…).
 * Never the request's own `Host`, nor `X-Forwarded-Host` or any other header: a client sets
 * those at will, and a reset link pointing at the attacker's host hands them the token.
 *
 * - `PUBLIC_ORIGIN` when set: it must be an http(s) origin and nothing more (no path, query,
 *   credentials), https outside local development; anything else throws (fail closed: no link
 *   is sent rather than a wrong one).
 * - Otherwise in production `https://${PRODUCTION_HOST}` (wrangler.toml).
 * - Otherwise in development (`ENVIRONMENT=development`), the request's origin when it is a
 *   loopback address (127.0.0.1, localhost, [::1]), so local links work on any port; any other
 *   request host falls back to the production host as above.
 */
export interface PublicOriginEnv {
  PUBLIC_ORIGIN?: string | undefined;
  PRODUCTION_HOST?: string | undefined;
  ENVIRONMENT?: string | undefined;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A host name as a configuration may give it: letters, digits, dots, dashes, an optional port. */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

export class PublicOriginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PublicOriginError";
  }
}

function configuredOrigin(value: string, env: PublicOriginEnv): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicOriginError("PUBLIC_ORIGIN is not a URL");
  }
  const allowed = isDevelopment(env) ? ["https:", "http:"] : ["https:"];
  if (!allowed.includes(url.protocol)) {
    throw new PublicOriginError(`PUBLIC_ORIGIN must be ${allowed.join(" or ")}`);
  }
  // An origin and nothing else: "https://my.nrg.gr" or with a trailing "/", not a path or query.
  if (
    url.username ||
    url.password ||
    url.pathname !== "/" ||
    url.search ||
    url.hash ||
    value.replace(/\/$/, "") !== url.origin
  ) {
    throw new PublicOriginError("PUBLIC_ORIGIN must be an origin such as https://my.nrg.gr");
  }
  return url.origin;
}

function productionOrigin(env: PublicOriginEnv): string {
  const host = env.PRODUCTION_HOST?.trim() ?? "";
  if (!HOST.test(host)) {
    throw new PublicOriginError("Set PUBLIC_ORIGIN, or PRODUCTION_HOST to a host name");
  }
  return new URL(`https://${host}`).origin;
}

export function publicOrigin(env: PublicOriginEnv, requestUrl: string | URL): string {
  const configured = env.PUBLIC_ORIGIN?.trim();
  if (configured) return configuredOrigin(configured, env);
  if (isDevelopment(env)) {
    let request: URL | null;
    try {
      request = new URL(requestUrl);
    } catch {
      request = null;
    }
    if (
      request &&
      (request.protocol === "http:" || request.protocol === "https:") &&
      LOOPBACK.has(request.hostname)
    ) {
      return request.origin;
    }
  }
  return productionOrigin(env);
}

/** An absolute link for a path of the portal ("/reset-password/…"), on the public origin. */
export function publicLink(env: PublicOriginEnv, requestUrl: string | URL, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) {
    throw new PublicOriginError("a link path must start with a single /");
  }
  return new URL(path, publicOrigin(env, requestUrl)).href;
}
