import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Tables of migrations/0024_notices.sql (#36 §2). */

export const noticeEvents = sqliteTable("notice_events", {
  /** "bill:<invoice id>", "payment:<billing-system key>", … (api/notify/events.ts). */
  event: text("event").primaryKey(),
  customer_id: integer("customer_id"),
  created_at: text("created_at").notNull(),
});

export const shortLinks = sqliteTable(
  "short_links",
  {
    code: text("code").primaryKey(),
    path: text("path").notNull(),
    expires_at: text("expires_at").notNull(),
    created_at: text("created_at").notNull(),
  },
  (t) => [index("short_links_expires").on(t.expires_at)],
);
