import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { meters } from "../db/schema";

/** Table of migrations/0003_all_smart.sql (queried with db.select, not db.query). */

export const addressChanges = sqliteTable(
  "address_changes",
  {
    id: integer("id").primaryKey(),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    same_as_supply: integer("same_as_supply").notNull(),
    street: text("street").notNull(),
    street_no: text("street_no").notNull(),
    city: text("city").notNull(),
    zip: text("zip").notNull(),
    area: text("area").notNull(),
    state: text("state").notNull(),
    comments: text("comments").notNull().default(""),
    previous: text("previous").notNull(),
    created_at: text("created_at").notNull(),
  },
  (t) => [index("address_changes_meter").on(t.meter_id, t.created_at)],
);
