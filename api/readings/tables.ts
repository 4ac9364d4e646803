import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../db/schema";

/** Table of migrations/0036_reading_keys.sql: the reading form's idempotency keys (#39). */
export const readingKeys = sqliteTable(
  "reading_keys",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    idempotency_key: text("idempotency_key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.idempotency_key] }),
    index("reading_keys_expiry").on(t.expires_at),
  ],
);
