import { integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { users } from "../db/schema";

/** Table of migrations/0007_pages.sql (queried with db.select, not db.query). */

export const questionnaireAnswers = sqliteTable(
  "questionnaire_answers",
  {
    id: integer("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    period: text("period").notNull(),
    overall: integer("overall").notNull(),
    bills: integer("bills").notNull(),
    portal: integer("portal").notNull(),
    support: integer("support").notNull(),
    channel: text("channel", { enum: ["portal", "phone", "email", "store"] }).notNull(),
    comment: text("comment"),
    lang: text("lang", { enum: ["el", "en"] })
      .notNull()
      .default("el"),
    created_at: text("created_at").notNull(),
  },
  (t) => [unique().on(t.user_id, t.period)],
);
