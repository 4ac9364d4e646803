import { and, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { ApiNotice } from "../../core/contract";
import type { Db } from "../db";
import type { Lang } from "../types";
import { athensToday } from "../../core/dates";
import { notices } from "./tables";

type NoticeRow = Omit<typeof notices.$inferSelect, "expires_at">;

const columns = {
  id: notices.id,
  published_at: notices.published_at,
  importance: notices.importance,
  title_el: notices.title_el,
  title_en: notices.title_en,
  body_el: notices.body_el,
  body_en: notices.body_en,
};

export const toApiNotice = (row: NoticeRow, lang: Lang): ApiNotice => ({
  id: row.id,
  published_at: row.published_at,
  importance: row.importance,
  title: lang === "en" ? row.title_en : row.title_el,
  body: lang === "en" ? row.body_en : row.body_el,
});

/** Published (on or before today) and not expired (last day today or later), Greek dates. */
function visible(today: string) {
  return and(
    lte(notices.published_at, today),
    or(isNull(notices.expires_at), gte(notices.expires_at, today)),
  );
}

/** The visible notices, newest first. */
export function visibleNotices(db: Db, limit: number): Promise<NoticeRow[]> {
  return db
    .select(columns)
    .from(notices)
    .where(visible(athensToday()))
    .orderBy(desc(notices.published_at), desc(notices.id))
    .limit(limit);
}

/** One visible notice, or undefined (unpublished and expired ones are not found either). */
export async function visibleNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(notices)
    .where(and(visible(athensToday()), eq(notices.id, id)))
    .limit(1);
  return row;
}
