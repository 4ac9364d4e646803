import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { requests, users } from "../db/schema";

/** Table of migrations/0004_requests.sql (queried with db.select, not db.query). */

export const requestFiles = sqliteTable(
  "request_files",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    request_id: integer("request_id").references(() => requests.id),
    r2_key: text("r2_key").notNull().unique(),
    name: text("name").notNull(),
    content_type: text("content_type", {
      enum: ["application/pdf", "image/jpeg", "image/png"],
    }).notNull(),
    size: integer("size").notNull(),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
  },
  (t) => [
    index("request_files_user").on(t.user_id, t.created_at),
    uniqueIndex("request_files_request")
      .on(t.request_id)
      .where(sql`request_id IS NOT NULL`),
  ],
);
