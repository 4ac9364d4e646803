import { redirect } from "react-router";
import type { ApiErrorCode, ApiTokens } from "../../../core/contract";
import { clearSession, type FlashMessage, type PortalSession } from "../session-data";

/**
 * Typed client of the portal API (spec §7, core/contract/). Loaders and actions never read D1:
 * they call this. It adds the bearer token from the session and the Language header, refreshes
 * the access token once on 401 and retries, and turns a failed refresh or a 403 of the session
 * (`endsSession`) into a logout (session cleared, redirect to /login); a 403 `not_permitted` (the
 * person's role, #18) is an ordinary failure the page shows. Each endpoint has its one function
 * in the module of its resource (users.ts, auth.ts, payments.ts, …), which calls `request`,
 * `read` or `file` here. The transport is injected (index.ts wires the in-process Hono app or an
 * external API_BASE_URL), which keeps this module testable with a fake.
 */

/** Sends one request to the API; `path` is relative to the API base (e.g. "/v2/me"). */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** D1's Sessions API bookmark, sent and answered by the API (api/middleware/context.ts). */
export const BOOKMARK_HEADER = "x-d1-bookmark";

/** A bookmark as D1 gives it: short printable ASCII; anything else is not kept. */
const BOOKMARK = /^[\x21-\x7e]{1,256}$/;

/**
 * Read your own writes (docs/decisions, "read your own writes"): every call carries the bookmark
 * of the session's last write, and a write's answer replaces it. Reads never replace it (a read's
 * bookmark says nothing the write's did not, and a page that only reads leaves the session as
 * it was, which the page cache relies on).
 */
export function withBookmark(session: PortalSession, headers: Headers): void {
  const bookmark = session.get("d1_bookmark");
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
}

export function keepBookmark(session: PortalSession, method: string, response: Response): void {
  // Only a signed-in session keeps one: a visitor's anonymous calls must not start a cookie.
  if (method === "GET" || method === "HEAD" || !session.get("access_token")) return;
  const bookmark = response.headers.get(BOOKMARK_HEADER);
  if (bookmark && BOOKMARK.test(bookmark) && bookmark !== session.get("d1_bookmark")) {
    session.set("d1_bookmark", bookmark);
  }
}

export interface ApiFailure {
  ok: false;
  /** HTTP status; 0 when the API could not be reached. */
  status: number;
  code: ApiErrorCode;
  field?: string;
  message?: string;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/** Thrown by `read` (the resource modules' reads: me, userMeters, …) when the API answers with an error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  constructor(failure: ApiFailure) {
    super(`API error ${failure.status} ${failure.code}`);
    this.name = "ApiError";
    this.status = failure.status;
    this.code = failure.code;
  }
  /** Unreachable, timed out or a 5xx: the backend's trouble, worth trying again later. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export interface ClientOptions {
  transport: Transport;
  session: PortalSession;
  language: string;
  /** Where to send the user when the API session is gone; default "/login". */
  loginPath?: string;
  now?: () => number;
}

type Auth = "bearer" | "none" | { basic: string } | { token: string };

export interface RequestOptions {
  body?: unknown;
  auth?: Auth;
  /**
   * "logout" (default for bearer calls): a failed refresh or a 403 of the session (`endsSession`)
   * clears the session and throws a redirect to /login. "return": give the failure back instead
   * (used by logout itself).
   */
  onAuthFailure?: "logout" | "return";
  /** Which part of the success body is the result: `data` (default), `bannersToDisplay`, or all. */
  unwrap?: "data" | "bannersToDisplay" | "body";
}

/** What a call sends: a JSON body, or a body as it is (multipart, bytes), and what it accepts. */
interface Content {
  json?: unknown;
  body?: BodyInit;
  /** Default application/json. */
  accept?: string;
}

/** A session failure handed back (soft calls): the status, and the API's answer if there was one. */
interface Refusal {
  refused: 401 | 403;
  response: Response | null;
}

const isRefusal = (sent: Response | null | Refusal): sent is Refusal =>
  sent !== null && !(sent instanceof Response);

/** Refreshes in flight, per session: concurrent loaders must not rotate the same refresh token twice. */
const refreshes = new WeakMap<PortalSession, Promise<string | null>>();

const EXPIRY_MARGIN_MS = 5_000;

/** The `exp` claim of a JWT in ms, or null if the token is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replaceAll("-", "+").replaceAll("_", "/"));
    const claims = JSON.parse(json) as { exp?: unknown };
    return typeof claims.exp === "number" ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Whether the API's refusal ends the portal session (#18). A 401 that a refresh did not cure, and
 * a 403 of the session: `forbidden`, `csrf`, or an answer without a readable code. A 403
 * `not_permitted` is the person's role, not their session: the page says so and the person stays
 * signed in.
 */
export function endsSession(status: number, code: ApiErrorCode | null): boolean {
  if (status === 401) return true;
  return status === 403 && code !== "not_permitted";
}

/** The error code of an answer, read from a copy (the caller reads the body on). */
async function errorCodeOf(response: Response): Promise<ApiErrorCode | null> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } } | null;
    const code = body?.error?.code;
    return typeof code === "string" ? (code as ApiErrorCode) : null;
  } catch {
    return null;
  }
}

function failure(status: number, code: ApiErrorCode, field?: string, message?: string): ApiFailure {
  const result: ApiFailure = { ok: false, status, code };
  if (field) result.field = field;
  if (message) result.message = message;
  return result;
}

async function readFailure(response: Response): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: an HTML error page of a proxy, an empty body, …
  }
  const error = (body as { error?: { code?: unknown; field?: unknown; message?: unknown } } | null)
    ?.error;
  // 5xx never leaks the backend's message to the user; the UI shows "an error occurred".
  if (response.status >= 500 || !error || typeof error.code !== "string") {
    return failure(
      response.status,
      response.status === 401 ? "unauthorized" : response.status === 403 ? "forbidden" : "error",
    );
  }
  return failure(
    response.status,
    error.code as ApiErrorCode,
    typeof error.field === "string" ? error.field : undefined,
    typeof error.message === "string" ? error.message : undefined,
  );
}

export function createClient(options: ClientOptions) {
  const { transport, session, language } = options;
  const loginPath = options.loginPath ?? "/login";
  const now = options.now ?? Date.now;

  /**
   * One request as it goes out: the Language header, the session's D1 bookmark, and either a
   * JSON body or a body sent as it is (multipart, bytes) with its own Accept. null when the API
   * could not be reached (network failure, the time budget spent).
   */
  async function send(method: string, path: string, content: Content, authorization?: string) {
    const headers = new Headers({
      Accept: content.accept ?? "application/json",
      Language: language,
    });
    if (authorization) headers.set("Authorization", authorization);
    withBookmark(session, headers);
    const init: RequestInit = { method, headers };
    if (content.json !== undefined) {
      headers.set("Content-Type", "application/json");
      init.body = JSON.stringify(content.json);
    } else if (content.body !== undefined) {
      // FormData sets its own multipart Content-Type with the boundary.
      init.body = content.body;
    }
    let response: Response;
    try {
      response = await transport(path, init);
    } catch {
      return null; // network failure
    }
    keepBookmark(session, method, response);
    return response;
  }

  async function readSuccess<T>(
    response: Response,
    unwrap: RequestOptions["unwrap"],
  ): Promise<ApiResult<T>> {
    if (response.status === 204) return { ok: true, status: 204, data: null as T };
    const text = await response.text().catch(() => null);
    if (text === null) return failure(502, "error");
    if (text === "") return { ok: true, status: response.status, data: null as T };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return failure(502, "error");
    }
    if (unwrap === "body") return { ok: true, status: response.status, data: body as T };
    const key = unwrap ?? "data";
    if (!body || typeof body !== "object" || !(key in body)) return failure(502, "error");
    return { ok: true, status: response.status, data: (body as Record<string, unknown>)[key] as T };
  }

  async function toResult<T>(response: Response | null, unwrap: RequestOptions["unwrap"]) {
    if (!response) return failure(0, "error");
    if (response.ok) return readSuccess<T>(response, unwrap);
    return readFailure(response);
  }

  /** POST /v2/auth/refresh-token with the refresh token; stores the rotated pair. */
  async function doRefresh(): Promise<string | null> {
    const refreshToken = session.get("refresh_token");
    if (!refreshToken) return null;
    const response = await send("POST", "/v2/auth/refresh-token", {}, `Bearer ${refreshToken}`);
    const result = await toResult<ApiTokens>(response, "data");
    if (!result.ok || !result.data?.access_token || !result.data.refresh_token) return null;
    session.set("access_token", result.data.access_token);
    session.set("refresh_token", result.data.refresh_token);
    return result.data.access_token;
  }

  /** Refreshes once per session at a time; if another call already rotated `stale`, reuse that. */
  function refreshFrom(stale: string | undefined): Promise<string | null> {
    const current = session.get("access_token");
    if (current && current !== stale) return Promise.resolve(current);
    let pending = refreshes.get(session);
    if (!pending) {
      pending = doRefresh().finally(() => refreshes.delete(session));
      refreshes.set(session, pending);
    }
    return pending;
  }

  async function accessToken(): Promise<string | null> {
    const token = session.get("access_token");
    if (!token) return null;
    const expiry = jwtExpiry(token);
    // An access token known to be expired is refreshed before the call: one round trip less.
    if (expiry !== null && expiry - EXPIRY_MARGIN_MS <= now()) return refreshFrom(token);
    return token;
  }

  function endSession(notice: FlashMessage): never {
    clearSession(session);
    session.flash("notice", notice);
    throw redirect(loginPath);
  }

  /** A session failure: ended here (a redirect to /login is thrown), or handed back when soft. */
  function refuse(status: 401 | 403, response: Response | null, soft: boolean): Refusal {
    if (!soft) endSession({ type: "error", key: "auth:notice.sessionEnded" });
    return { refused: status, response };
  }

  /**
   * The one authorised send every bearer call goes through, JSON, files and uploads alike: the
   * session's access token (refreshed first when it is known to be expired), one refresh and one
   * retry on 401, and a failed refresh or a 403 of the session (`endsSession`; never
   * `not_permitted`, which is answered as it is) ends the session, unless `soft`, when the
   * refusal is handed back with the API's answer (if there was one). A body sent twice on retry
   * must be re-readable (JSON, FormData, bytes; never a stream). The time budget is the
   * transport's: every call of a portal request shares it (index.ts).
   */
  async function authorised(
    method: string,
    path: string,
    content: Content,
    soft: boolean,
  ): Promise<Response | null | Refusal> {
    let token = await accessToken();
    if (!token) return refuse(401, null, soft);
    let response = await send(method, path, content, `Bearer ${token}`);
    if (response?.status === 401) {
      token = await refreshFrom(token);
      if (!token) return refuse(401, response, soft);
      response = await send(method, path, content, `Bearer ${token}`);
      if (response?.status === 401) return refuse(401, response, soft);
    }
    if (response?.status === 403 && endsSession(403, await errorCodeOf(response))) {
      return refuse(403, response, soft);
    }
    return response;
  }

  async function request<T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const auth = opts.auth ?? "bearer";
    const content: Content = { json: opts.body };
    if (auth === "none") return toResult<T>(await send(method, path, content), opts.unwrap);
    if (typeof auth === "object" && "basic" in auth) {
      return toResult<T>(await send(method, path, content, `Basic ${auth.basic}`), opts.unwrap);
    }
    if (typeof auth === "object") {
      return toResult<T>(await send(method, path, content, `Bearer ${auth.token}`), opts.unwrap);
    }
    const sent = await authorised(method, path, content, opts.onAuthFailure === "return");
    if (isRefusal(sent)) {
      return failure(sent.refused, sent.refused === 401 ? "unauthorized" : "forbidden");
    }
    return toResult<T>(sent, opts.unwrap);
  }

  /**
   * A call whose answer is not JSON, or whose body is not: a file (PDF, CSV, ICS, an image) or
   * an upload (multipart). The API's answer as it is, for the caller to read or stream on; null
   * when there is no session or the API could not be reached. Session failures are the caller's
   * to show (the bill's page says "forbidden"; the next page load signs out): a failed refresh
   * gives back the 401, a 403 the 403, and neither clears the session here.
   */
  async function file(
    method: string,
    path: string,
    opts: { body?: BodyInit; accept: string },
  ): Promise<Response | null> {
    const sent = await authorised(method, path, { body: opts.body, accept: opts.accept }, true);
    return isRefusal(sent) ? sent.response : sent;
  }

  /** For reads whose failure is not the user's business: data, or an ApiError thrown. */
  async function read<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const result = await request<T>("GET", path, opts);
    if (!result.ok) throw new ApiError(result);
    return result.data;
  }

  /** The signed-in user's id from the session (a session without one is treated as ended). */
  function userId(): number {
    const id = session.get("user_id");
    if (typeof id !== "number") endSession({ type: "error", key: "auth:notice.sessionEnded" });
    return id;
  }

  return {
    /** Generic call for endpoints added later (same auth/refresh/logout behaviour). */
    request,
    read,
    file,
    userId,
    /**
     * The session the client speaks for, for the calls whose request depends on it (logout
     * names the user, and is skipped when there is no API session). Only read, never written.
     */
    session,
    /** Rotates the token pair now; false when the refresh token is no longer accepted. */
    async refresh(): Promise<boolean> {
      return (await refreshFrom(session.get("access_token"))) !== null;
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
