import { createMiddleware } from "hono/factory";
import { getDb } from "../db";
import { faultRateFrom, resilientD1 } from "../db/resilient";
import type { ApiEnv, Lang } from "../types";

const BOOKMARK_HEADER = "x-d1-bookmark";

/** `Language: en` selects English; anything else is Greek (the default). */
export const language = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("language")?.trim().toLowerCase();
  c.set("lang", (header === "en" ? "en" : "el") satisfies Lang);
  await next();
});

/**
 * One D1 session per request (D1 Sessions API). A caller that sends back the bookmark of its last
 * answer in `x-d1-bookmark` reads its own writes even from a read replica; without one, the first
 * query goes to the primary ("first-primary"), so a caller that keeps no bookmark never reads stale data.
 * Transient D1 errors are retried where that is safe (db/resilient.ts).
 */
export const database = createMiddleware<ApiEnv>(async (c, next) => {
  const bookmark = c.req.header(BOOKMARK_HEADER);
  const session = c.env.DB.withSession(bookmark || "first-primary");
  c.set("db", getDb(resilientD1(session, { faultRate: faultRateFrom(c.env) })));
  await next();
  const latest = session.getBookmark();
  if (latest) c.header(BOOKMARK_HEADER, latest);
});
