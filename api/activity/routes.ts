import { Hono } from "hono";
import { activityQuerySchema, apiActivityPageSchema, userParams } from "../../core/contract";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import { activityCsvOf, activityPage } from "./service";
import { data, documented, file } from "../lib/openapi";

const doc = documented("Activity");

/** A malformed user id is a missing one (404), as another customer's. */
const ownPath = validate("param", userParams, { invalid: "not_found" });

/**
 * The activity log (#18), mounted at /api: read only. No route changes or deletes an entry (the
 * database refuses both: migrations/0012_people.sql); the scheduled clean-up removes entries
 * older than two years (api/services/cleanup.ts). Every person of the account may read it; what
 * of it: api/activity/rules.ts.
 */
export const activityRoutes = new Hono<ApiEnv>()
  /** One page (50 entries, newest first), filtered by person, supply number and period. */
  .get(
    "/users/:userId/activity",
    doc({
      summary: "The account's activity log, a page at a time, with filters",
      ok: data(apiActivityPageSchema),
    }),
    requireBearer,
    permit("view_activity"),
    validate("query", activityQuerySchema),
    ownPath,
    ownUserPath,
    async (c) => {
      const data = await activityPage(c.get("db"), c.get("auth").userId, c.req.valid("query"));
      return c.json({ data });
    },
  )

  /** The same filters, every matching entry, as a CSV file in the Language header's language. */
  .get(
    "/users/:userId/activity.csv",
    doc({
      summary: "The activity log (same filters) as CSV",
      ok: file(["text/csv"], "activity.csv, as an attachment"),
    }),
    requireBearer,
    permit("view_activity"),
    validate("query", activityQuerySchema),
    ownPath,
    ownUserPath,
    async (c) => {
      const { userId } = c.get("auth");
      const { csv, filename } = await activityCsvOf(
        c.get("db"),
        userId,
        c.req.valid("query"),
        c.get("lang"),
      );
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "x-content-type-options": "nosniff",
      });
    },
  );
