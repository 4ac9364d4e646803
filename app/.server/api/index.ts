import type { RouterContextProvider } from "react-router";
import { apiApp } from "../../../api/app";
import { cloudflareContext } from "../../context";
import { getLocale } from "../../middleware/i18next";
import { getSession, type PortalSession } from "../../middleware/session";
import { createClient, type ApiClient, type Transport } from "./client";

export * from "./client";

export interface ApiClientArgs {
  env: Env;
  ctx: ExecutionContext;
  session: PortalSession;
  language: string;
  /** The incoming request: gives the origin (CSRF rule of the API) and the client's IP. */
  request: Request;
  /** Tests may inject a transport; otherwise in-process, or API_BASE_URL when set. */
  transport?: Transport;
}

/**
 * An external backend gets this much time, in all, for the API calls of one portal request, so a
 * page always answers within 4 s: with its data, or with the "service unavailable" page (503) or
 * the form's "try again" message. A slow call that runs out is aborted, never awaited.
 */
export const EXTERNAL_BUDGET_MS = 3_500;
/**
 * A write waits at most this long, so that after a failed write the page's loaders still have
 * time to render the form again with what the person typed and the "try again" message.
 */
export const EXTERNAL_WRITE_TIMEOUT_MS = 2_000;
/** A read that failed on the network or with 502/503/504 is tried once more if this much is left. */
const RETRY_MIN_REMAINING_MS = 800;
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * The headers of an API call: only the client's own (init) plus these. The API's limits key on
 * the client address, which is CF-Connecting-IP alone (api/lib/request.ts; Cloudflare's edge sets
 * it and overwrites whatever the browser sent): it is passed along, and no X-Forwarded-For,
 * X-Real-IP, Forwarded or other header a browser can send ever is.
 */
function forwardedHeaders(request: Request, init: RequestInit): Headers {
  const headers = new Headers(init.headers);
  headers.set("Origin", new URL(request.url).origin);
  const ip = request.headers.get("cf-connecting-ip");
  if (ip) headers.set("cf-connecting-ip", ip);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  return headers;
}

/**
 * In-process by default: the Hono app is called as a function, no network hop, same Worker.
 * With API_BASE_URL (e.g. https://billing.example/api) the same contract is spoken over HTTP.
 */
export function defaultTransport(env: Env, ctx: ExecutionContext, request: Request): Transport {
  const base = env.API_BASE_URL?.replace(/\/+$/, "");
  if (base) return externalTransport(base, request, requestDeadline(ctx));
  return async (path, init) => {
    const url = new URL(`/api${path}`, request.url);
    return apiApp.fetch(
      new Request(url, { ...init, headers: forwardedHeaders(request, init) }),
      env,
      ctx,
    );
  };
}

/** One budget per incoming request: every loader and action of it shares the same deadline. */
const deadlines = new WeakMap<ExecutionContext, number>();

function requestDeadline(ctx: ExecutionContext): number {
  let deadline = deadlines.get(ctx);
  if (deadline === undefined) {
    deadline = Date.now() + EXTERNAL_BUDGET_MS;
    deadlines.set(ctx, deadline);
  }
  return deadline;
}

/**
 * HTTP to API_BASE_URL within one shared time budget per portal request. Writes are sent once:
 * a write whose answer is lost is reported as failed, never repeated, so no reading or payment is
 * recorded twice. Reads get one more try on a network error or 502/503/504 while time remains.
 */
export function externalTransport(
  base: string,
  request: Request,
  deadline = Date.now() + EXTERNAL_BUDGET_MS,
  now: () => number = Date.now,
): Transport {
  // The backend is a server-to-server peer: its CSRF rule sees its own origin, not the browser's.
  const origin = new URL(base).origin;
  return async (path, init) => {
    const headers = forwardedHeaders(request, init);
    headers.set("Origin", origin);
    const method = (init.method ?? "GET").toUpperCase();
    const idempotent = method === "GET" || method === "HEAD";
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - now();
      if (remaining <= 0) throw new Error("API budget exhausted");
      const timeout = idempotent ? remaining : Math.min(remaining, EXTERNAL_WRITE_TIMEOUT_MS);
      try {
        const response = await fetch(base + path, {
          ...init,
          headers,
          signal: AbortSignal.timeout(timeout),
        });
        if (
          !idempotent ||
          attempt > 1 ||
          !RETRYABLE_STATUS.has(response.status) ||
          deadline - now() < RETRY_MIN_REMAINING_MS
        )
          return response;
        await response.body?.cancel();
      } catch (error) {
        if (!idempotent || attempt > 1 || deadline - now() < RETRY_MIN_REMAINING_MS) throw error;
      }
    }
  };
}

export function createApiClient(args: ApiClientArgs): ApiClient {
  return createClient({
    transport: args.transport ?? defaultTransport(args.env, args.ctx, args.request),
    session: args.session,
    language: args.language,
  });
}

/** The client for a loader/action: env, session and language taken from the router context. */
export function getApi({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const { env, ctx } = context.get(cloudflareContext);
  return createApiClient({
    env,
    ctx,
    session: getSession(context),
    language: getLocale(context),
    request,
  });
}
