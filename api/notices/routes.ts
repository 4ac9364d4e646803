import { Hono } from "hono";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import type { ApiEnv } from "../types";
import { noticeListQuery, noticeParams } from "../../core/notices";
import { toApiNotice, visibleNotice, visibleNotices } from "./service";
import { data, documented } from "../lib/openapi";
import { apiNoticeSchema } from "../../core/contract";
import { z } from "zod";

const doc = documented("Notices");

/**
 * Mounted at /api/notices. Supplier-wide notices for every signed-in customer (they belong to no
 * one, so there is no owner to check), newest first, in the `Language` header's language.
 */
export const noticeRoutes = new Hono<ApiEnv>()
  .get(
    "/",
    doc({
      summary: "Supplier-wide notices, in the Language header's language",
      ok: data(z.array(apiNoticeSchema)),
    }),
    requireBearer,
    permit("read"),
    validate("query", noticeListQuery),
    async (c) => {
      const rows = await visibleNotices(c.get("db"), c.req.valid("query").limit ?? 50);
      return c.json({ data: rows.map((row) => toApiNotice(row, c.get("lang"))) });
    },
  )

  .get(
    "/:id",
    doc({ summary: "One notice", ok: data(apiNoticeSchema), errors: { 404: ["not_found"] } }),
    requireBearer,
    permit("read"),
    validate("param", noticeParams),
    async (c) => {
      const row = await visibleNotice(c.get("db"), Number(c.req.valid("param").id));
      if (!row) throw notFound();
      return c.json({ data: toApiNotice(row, c.get("lang")) });
    },
  );
