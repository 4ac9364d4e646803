import {
  createContext,
  createCookieSessionStorage,
  createSession,
  type MiddlewareFunction,
  type RouterContextProvider,
  type SessionStorage,
} from "react-router";
import { cloudflareContext } from "../context";

import {
  ABSOLUTE_TIMEOUT_MS,
  clearSession,
  type FlashMessage,
  isSignedIn,
  LAST_SEEN_RESOLUTION_MS,
  type PortalSession,
  type SessionData,
  type SessionFlashData,
  sessionTimedOut,
} from "../.server/session-data";
import { isProduction } from "../../core/environment";

export * from "../.server/session-data";

/*
 * The portal's cookie session (design §3): signed with SESSION_SECRET, HttpOnly, SameSite=Lax,
 * Secure outside local http, idle timeout 30 min and absolute timeout 12 h. It carries the API
 * tokens and a little UI state; the cookie is written only when the data changed.
 */

interface SessionState {
  session: PortalSession;
  /** The request came with a signed-in session that had timed out; it was cleared. */
  expired: boolean;
  /** Flash values, read once per request so that several loaders can show them. */
  toast: FlashMessage | undefined;
  notice: FlashMessage | undefined;
}

const sessionContext = createContext<SessionState>();

function isLocalHttp(url: URL): boolean {
  return (
    url.protocol === "http:" &&
    (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]")
  );
}

/**
 * Secure cookies everywhere but local development over http: always in production (even if a
 * proxy hands the Worker an http:// URL), and on any non-loopback host.
 */
export function cookieSecure(env: { ENVIRONMENT?: string }, url: URL): boolean {
  return isProduction(env) || !isLocalHttp(url);
}

/**
 * A Secure cookie carries the `__Host-` prefix (browsers then refuse it unless it is Secure,
 * host-only and Path=/, so a sibling subdomain cannot plant or shadow it); plain local http
 * cannot use the prefix.
 */
export const sessionCookieName = (secure: boolean) => (secure ? "__Host-session" : "__session");

const storages = new Map<string, SessionStorage<SessionData, SessionFlashData>>();

/** One storage per (secret, secure) pair: the secret is only known per request on Workers. */
export function getSessionStorage(secret: string, secure: boolean) {
  if (!secret) throw new Error("SESSION_SECRET is not set (see .dev.vars)");
  const cacheKey = `${secure ? "s" : "i"}:${secret}`;
  let storage = storages.get(cacheKey);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, SessionFlashData>({
      cookie: {
        name: sessionCookieName(secure),
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        secrets: [secret],
        // The cookie lives as long as the absolute timeout; the idle timeout is enforced here.
        maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
      },
    });
    storages.set(cacheKey, storage);
  }
  return storage;
}

function snapshot(session: PortalSession): string {
  return JSON.stringify(session.data);
}

function withHeader(response: Response, name: string, value: string, append: boolean): Response {
  try {
    if (append) response.headers.append(name, value);
    else response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (e.g. a fetched Response): copy it.
    const copy = new Response(response.body, response);
    if (append) copy.headers.append(name, value);
    else copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Root middleware (after i18next): loads the session, applies the timeouts, runs the request
 * and commits the cookie only when the session data changed. Signed-in responses get
 * `Cache-Control: no-store` so that Back after logout shows nothing of the account.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context, pattern },
  next,
) => {
  const { env, ctx, page } = context.get(cloudflareContext);
  // For the Worker's request log (workers/log.ts): the route pattern, never the path
  // (React Router's has no leading slash: "b2b/logariasmoi/:invoiceId", "" for the index).
  if (typeof pattern === "string") page.route = `/${pattern.replace(/^\/+/, "")}`;
  const url = new URL(request.url);
  const secure = cookieSecure(env, url);
  const storage = getSessionStorage(env.SESSION_SECRET, secure);
  const cookieHeader = request.headers.get("Cookie");
  const hadCookie = (cookieHeader ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${sessionCookieName(secure)}=`));
  const session = await storage.getSession(cookieHeader);

  // Everything below (timeouts, last_seen, flash reads) changes `data` and so marks it dirty.
  const before = snapshot(session);
  const now = Date.now();
  let expired = false;
  const signedInAtStart = isSignedIn(session);
  const startUserId = signedInAtStart ? session.get("user_id") : undefined;
  if (signedInAtStart && sessionTimedOut(session.data, now)) {
    expired = true;
    const stale = { ...session.data };
    clearSession(session);
    // The API session would otherwise live on until its own 12 h limit: end it too, after the response.
    if (typeof ctx?.waitUntil === "function") {
      ctx.waitUntil(revokeApiSession(stale, { env, ctx, request }).catch(() => undefined));
    }
  } else if (signedInAtStart) {
    if (typeof session.get("created_at") !== "number") session.set("created_at", now);
    const lastSeen = session.get("last_seen");
    if (typeof lastSeen !== "number" || now - lastSeen >= LAST_SEEN_RESOLUTION_MS) {
      session.set("last_seen", now);
    }
  }

  // Flash values are read once here: root and page loaders run concurrently and may both want them.
  const toast = session.get("toast");
  const notice = session.get("notice");
  context.set(sessionContext, { session, expired, toast, notice });

  let response = await next();

  // For the request log: who made the request (after a sign-in, the new user; after a
  // sign-out, the one who left).
  const userId = isSignedIn(session) ? session.get("user_id") : startUserId;
  if (typeof userId === "number") page.userId = userId;

  const after = snapshot(session);
  const empty = after === "{}";
  if (!hadCookie && empty) {
    // Nothing to write.
  } else if (empty) {
    response = withHeader(response, "Set-Cookie", await storage.destroySession(session), true);
  } else if (after !== before) {
    response = withHeader(response, "Set-Cookie", await storage.commitSession(session), true);
  }

  if (signedInAtStart || isSignedIn(session) || expired) {
    response = withHeader(response, "Cache-Control", "no-store", false);
  }
  return response;
};

async function revokeApiSession(
  data: SessionData,
  { env, ctx, request }: { env: Env; ctx: ExecutionContext; request: Request },
): Promise<void> {
  if (!data.access_token || !data.refresh_token) return;
  // Imported lazily: the API client (and the in-process API) is only needed on this rare path.
  const [{ createApiClient }, { logout }] = await Promise.all([
    import("../.server/api"),
    import("../.server/api/auth"),
  ]);
  const session = createSession<SessionData, SessionFlashData>({
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    user_id: data.user_id,
  });
  await logout(createApiClient({ env, ctx, session, language: "el", request }));
}

function state(context: Readonly<RouterContextProvider>): SessionState {
  return context.get(sessionContext);
}

/** The request's session (react-router Session). Requires `sessionMiddleware` in the root. */
export function getSession(context: Readonly<RouterContextProvider>): PortalSession {
  return state(context).session;
}

/** True when this request arrived with a signed-in session that had timed out. */
export function sessionExpired(context: Readonly<RouterContextProvider>): boolean {
  return state(context).expired;
}

/** The toast flashed by the previous request (same value for every loader of this request). */
export function getToast(context: Readonly<RouterContextProvider>): FlashMessage | undefined {
  return state(context).toast;
}

/** The notice flashed by the previous request (login page, activation, reset). */
export function getNotice(context: Readonly<RouterContextProvider>): FlashMessage | undefined {
  return state(context).notice;
}
