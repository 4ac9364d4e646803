import type { MiddlewareFunction } from "react-router";
import { cloudflareContext } from "../context";
import { getLocale } from "../middleware/i18next";
import {
  cookieSecure,
  getNotice,
  getSession,
  getToast,
  isSignedIn,
  sessionCookieName,
  type SessionData,
} from "../middleware/session";
import { getApi } from "./api";
import { dataVersion } from "./api/users";
import { athensToday } from "../../core/dates";
import { newIdempotencyKey } from "../../core/idempotency";

/*
 * Reuse of rendered signed-in pages, in the way of key-based cache expiry: a page is a
 * function of the customer's data, the URL, the language, the session's UI state and the day, so
 * a response rendered once is valid for as long as all of those are the same. The customer's data
 * is represented by its *data version* (GET /api/users/{id}/data-version), which database triggers
 * raise on every write (migrations/0008_data_versions.sql); it is read on every request, through
 * the API, which also proves that the API session is still live. Nothing is ever served stale:
 * a changed balance, a new message or a sent reading changes the version and so the key.
 *
 * The cache lives in the isolate's memory (bounded, least recently used first out); it is not
 * shared between isolates and nothing of it leaves the Worker. The per-response CSP nonce is put
 * back into a reused page. A request with `Cache-Control: no-cache` (a browser's hard reload)
 * renders afresh, as does any request that carries a one-shot toast or notice.
 *
 * Routes opt in with `export const middleware = [pageCache]`: pages whose GET only reads.
 */

/** Bytes of page text the isolate keeps (UTF-16 length × 2 is the real cost; this is a bound). */
export const PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/** Session fields that do not change what a page shows (tokens rotate, timestamps tick). */
const VOLATILE: ReadonlySet<string> = new Set([
  "access_token",
  "refresh_token",
  "created_at",
  "last_seen",
  // The D1 position of the last write: the data version already says what changed.
  "d1_bookmark",
]);

export interface PageKeyInput {
  userId: number;
  version: string;
  url: string;
  locale: string;
  /** Athens and UTC calendar days: statuses, due dates, banner windows, the footer's year. */
  now: Date;
  session: Partial<SessionData> & Record<string, unknown>;
  /** The request's Cookie header without the session cookie (consent, language). */
  otherCookies: string;
}

/** The cache key: every input a cached route's render depends on, and nothing that ticks. */
export function pageKey(input: PageKeyInput): string {
  const ui = Object.keys(input.session)
    .filter((name) => !VOLATILE.has(name))
    .sort()
    .map((name) => `${name}=${JSON.stringify(input.session[name])}`)
    .join("&");
  return [
    input.userId,
    input.version,
    athensToday(input.now),
    input.now.toISOString().slice(0, 10),
    input.locale,
    input.url,
    ui,
    input.otherCookies,
  ].join("\n");
}

/** The Cookie header without one cookie, the rest in a stable order. */
export function cookiesWithout(header: string | null, name: string): string {
  if (!header) return "";
  return header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${name}=`))
    .sort()
    .join("; ");
}

/**
 * A stored page: its text cut at every occurrence of the per-response values it was rendered
 * with (the CSP nonce, and the reading form's idempotency key when the page has one); `slots`
 * says which value goes back into each cut.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  parts: string[];
  slots: number[];
  bytes: number;
}

/** `fresh`: the values to cut at, in the order fromCachedPage takes their replacements. */
export function toCachedPage(
  body: string,
  fresh: string | readonly string[],
  response: Response,
): CachedPage {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") headers.push([name, value]);
  });
  const tokens = typeof fresh === "string" ? [fresh] : fresh;
  const parts: string[] = [];
  const slots: number[] = [];
  const present = tokens.filter(Boolean);
  if (present.length === 0)
    return { status: response.status, headers, parts: [body], slots, bytes: body.length * 2 };
  const pattern = new RegExp(
    present.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
    "g",
  );
  let from = 0;
  for (const match of body.matchAll(pattern)) {
    parts.push(body.slice(from, match.index));
    slots.push(tokens.indexOf(match[0]));
    from = match.index + match[0].length;
  }
  parts.push(body.slice(from));
  return { status: response.status, headers, parts, slots, bytes: body.length * 2 };
}

/** The stored page with this response's values (same order as toCachedPage's) in place. */
export function fromCachedPage(page: CachedPage, fresh: string | readonly string[]): Response {
  const tokens = typeof fresh === "string" ? [fresh] : fresh;
  let body = page.parts[0] ?? "";
  for (let i = 0; i < page.slots.length; i++) {
    body += (tokens[page.slots[i] as number] ?? "") + (page.parts[i + 1] ?? "");
  }
  return new Response(body, { status: page.status, headers: page.headers });
}

/** A least-recently-used map bounded by the bytes of its pages. */
export class PageStore {
  private readonly pages = new Map<string, CachedPage>();
  private used = 0;
  readonly limit: number;

  constructor(limit = PAGE_CACHE_BYTES) {
    this.limit = limit;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.bytes > this.limit / 4) return;
    const old = this.pages.get(key);
    if (old) {
      this.used -= old.bytes;
      this.pages.delete(key);
    }
    this.pages.set(key, page);
    this.used += page.bytes;
    for (const [oldest, entry] of this.pages) {
      if (this.used <= this.limit) break;
      this.pages.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.used;
  }
}

const store = new PageStore();

function isCacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    response.body !== null &&
    (response.headers.get("content-type") ?? "").startsWith("text/")
  );
}

/** Route middleware: answer from the isolate's page cache when nothing the page shows changed. */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET" || /\bno-cache\b/.test(request.headers.get("cache-control") ?? ""))
    return next();
  const session = getSession(context);
  const userId = session.get("user_id");
  if (!isSignedIn(session) || typeof userId !== "number") return next();
  if (getToast(context) || getNotice(context)) return next();

  const { env, nonce, page } = context.get(cloudflareContext);
  let version: string | null;
  try {
    version = await dataVersion(getApi({ request, context }), userId);
  } catch (error) {
    // A redirect (the session ended) goes on; any other failure renders the page as usual.
    if (error instanceof Response) throw error;
    return next();
  }
  if (!version) return next();

  const url = new URL(request.url);
  const key = pageKey({
    userId,
    version,
    url: url.href,
    locale: getLocale(context),
    now: new Date(),
    session: session.data as PageKeyInput["session"],
    otherCookies: cookiesWithout(
      request.headers.get("cookie"),
      sessionCookieName(cookieSecure(env, url)),
    ),
  });
  const cached = store.get(key);
  // Every view gets its own form key (core/idempotency.ts), as it gets its own nonce: a key
  // served twice would make two readings one.
  if (cached) return fromCachedPage(cached, [nonce, newIdempotencyKey()]);

  const before = JSON.stringify(session.data);
  const response = await next();
  // A render that changed the session (a new selected supply, refreshed tokens) must not be
  // replayed without that change: keep only renders that left the session as it was.
  if (!isCacheable(response) || JSON.stringify(session.data) !== before) return response;
  const body = await response.text();
  store.set(key, toCachedPage(body, [nonce, page.formKey ?? ""], response));
  return new Response(body, response);
};
