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

const EXTERNAL_TIMEOUT_MS = 10_000;

function forwardedHeaders(request: Request, init: RequestInit): Headers {
  const headers = new Headers(init.headers);
  headers.set("Origin", new URL(request.url).origin);
  // The API throttles logins per IP: pass the browser's address along, not the Worker's.
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
  if (base) {
    return (path, init) => {
      const headers = forwardedHeaders(request, init);
      const ip = headers.get("cf-connecting-ip");
      if (ip) headers.set("x-forwarded-for", ip);
      return fetch(base + path, {
        ...init,
        headers,
        signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS),
      });
    };
  }
  return async (path, init) => {
    const url = new URL(`/api${path}`, request.url);
    return apiApp.fetch(
      new Request(url, { ...init, headers: forwardedHeaders(request, init) }),
      env,
      ctx,
    );
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
