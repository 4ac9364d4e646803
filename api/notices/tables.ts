import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Table of migrations/0007_pages.sql (queried with db.select, not db.query). */

export const notices = sqliteTable(
  "notices",
  {
    id: integer("id").primaryKey(),
    published_at: text("published_at").notNull(),
    expires_at: text("expires_at"),
    importance: text("importance", { enum: ["normal", "important", "urgent"] })
      .notNull()
      .default("normal"),
    title_el: text("title_el").notNull(),
    title_en: text("title_en").notNull(),
    body_el: text("body_el").notNull(),
    body_en: text("body_en").notNull(),
  },
  (t) => [index("notices_published").on(t.published_at)],
);
