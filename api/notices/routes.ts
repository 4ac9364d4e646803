import { Hono } from "hono";
import { z } from "zod";
import type { ApiNotice } from "../contract";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import type { ApiEnv, Lang } from "../types";
import { athensToday } from "../../core/dates";

interface NoticeRow {
  id: number;
  published_at: string;
  importance: ApiNotice["importance"];
  title_el: string;
  title_en: string;
  body_el: string;
  body_en: string;
}

const toApiNotice = (row: NoticeRow, lang: Lang): ApiNotice => ({
  id: row.id,
  published_at: row.published_at,
  importance: row.importance,
  title: lang === "en" ? row.title_en : row.title_el,
  body: lang === "en" ? row.body_en : row.body_el,
});

/** Published (on or before today) and not expired (last day today or later), Greek dates. */
const VISIBLE = "published_at <= ?1 AND (expires_at IS NULL OR expires_at >= ?1)";
const COLUMNS = "id, published_at, importance, title_el, title_en, body_el, body_en";

const idParam = z.object({ id: z.string().regex(/^\d{1,12}$/) });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

/**
 * Mounted at /api/notices. Supplier-wide notices for every signed-in customer (they belong to no
 * one, so there is no owner to check), newest first, in the `Language` header's language.
 */
export const noticeRoutes = new Hono<ApiEnv>()
  .get("/", requireBearer, validate("query", listQuery), async (c) => {
    const limit = c.req.valid("query").limit ?? 50;
    const { results } = await c
      .get("db")
      .$client.prepare(
        `SELECT ${COLUMNS} FROM notices WHERE ${VISIBLE} ORDER BY published_at DESC, id DESC LIMIT ?2`,
      )
      .bind(athensToday(), limit)
      .all<NoticeRow>();
    return c.json({ data: results.map((row: NoticeRow) => toApiNotice(row, c.get("lang"))) });
  })

  .get("/:id", requireBearer, validate("param", idParam), async (c) => {
    const row = await c
      .get("db")
      .$client.prepare(`SELECT ${COLUMNS} FROM notices WHERE ${VISIBLE} AND id = ?2`)
      .bind(athensToday(), Number(c.req.valid("param").id))
      .first<NoticeRow>();
    if (!row) throw notFound();
    return c.json({ data: toApiNotice(row, c.get("lang")) });
  });
