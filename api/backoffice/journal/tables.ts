import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/**
 * Table of migrations/0025_changes.sql (#36 §1; queried with db.select, not db.query): one row per
 * change the portal collected, written by triggers; read by the changes export
 * (api/backoffice/changes.ts), whose cursor is `seq`.
 */
export const changeJournal = sqliteTable("change_journal", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  kind: text("kind").notNull(),
  row_id: integer("row_id").notNull(),
  customer_id: integer("customer_id"),
  meter_id: integer("meter_id"),
  created_at: text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});
