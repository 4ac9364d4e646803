import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { type Db, getDb } from "../db";
import { readOnly } from "../services/customers";
import { delayFrom, faultRateFrom, resilientD1, tripCounterOf } from "../db/resilient";
import type { ApiEnv, Lang } from "../types";

const BOOKMARK_HEADER = "x-d1-bookmark";

/** `Language: en` selects English; anything else is Greek (the default). */
export const language = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("language")?.trim().toLowerCase();
  c.set("lang", (header === "en" ? "en" : "el") satisfies Lang);
  await next();
});

/**
 * The D1 session and handle shared by the read-only API calls of one page request, per bookmark
 * they send (the portal sends the same one on every call of a request, or none).
 */
const pageReads = new WeakMap<object, Map<string, { session: D1DatabaseSession; db: Db }>>();

/** The Worker request's ExecutionContext: shared by the in-process API calls of one page request. */
export function executionContextOf(c: Context<ApiEnv>): object | null {
  try {
    return c.executionCtx;
  } catch {
    return null; // no context (tests calling app.request without one)
  }
}

/**
 * One D1 session per request (D1 Sessions API). A caller that sends back the bookmark of its last
 * write in `x-d1-bookmark` reads its own writes even from a read replica (the portal keeps it in
 * its session: docs/decisions, "read your own writes"); without one, the first query goes to the
 * primary ("first-primary"), so a caller that keeps no bookmark never reads stale data.
 * Transient D1 errors are retried where that is safe (db/resilient.ts).
 *
 * The in-process calls of one page request share its `ExecutionContext`: their GETs share one
 * session and one read-only handle, whose memo (services/customers.ts `remembered`) answers the
 * same user or supply list once per page instead of once per call. Any write call of that
 * request drops the shared handles first, so what is read after a write is read afresh.
 */
export const database = createMiddleware<ApiEnv>(async (c, next) => {
  const bookmark = c.req.header(BOOKMARK_HEADER) ?? "";
  const ctx = executionContextOf(c);
  const reads = c.req.method === "GET" || c.req.method === "HEAD";
  if (ctx && !reads) pageReads.delete(ctx);
  let shared = ctx && reads ? pageReads.get(ctx) : undefined;
  if (ctx && reads && !shared) pageReads.set(ctx, (shared = new Map()));
  const trips = tripCounterOf(ctx);
  if (trips && bookmark) trips.bookmarked++;
  let entry = shared?.get(bookmark);
  if (!entry) {
    const session = c.env.DB.withSession(bookmark || "first-primary");
    const db = getDb(
      resilientD1(session, {
        faultRate: faultRateFrom(c.env),
        delayMs: delayFrom(c.env),
        trips,
      }),
    );
    entry = { session, db };
    if (shared) {
      readOnly(db);
      shared.set(bookmark, entry);
    }
  }
  c.set("db", entry.db);
  await next();
  const latest = entry.session.getBookmark();
  if (latest) c.header(BOOKMARK_HEADER, latest);
});
