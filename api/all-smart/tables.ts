import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "../db/schema";

/** Tables of migrations/0003_all_smart.sql (queried with db.select, not db.query). */

export const loyaltyCards = sqliteTable(
  "loyalty_cards",
  {
    card_number: text("card_number").primaryKey(),
    customer_id: integer("customer_id").references(() => customers.id),
    origin: text("origin", { enum: ["issued", "portal"] }).notNull(),
    birth_date: text("birth_date"),
    phone: text("phone"),
    created_at: text("created_at").notNull(),
    linked_at: text("linked_at"),
  },
  (t) => [
    uniqueIndex("loyalty_cards_customer")
      .on(t.customer_id)
      .where(sql`customer_id IS NOT NULL`),
  ],
);

export const allSmartFlows = sqliteTable(
  "all_smart_flows",
  {
    id: text("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    vat: text("vat").notNull(),
    phone: text("phone").notNull(),
    choice: text("choice", { enum: ["connect", "create"] }).notNull(),
    draft_card_number: text("draft_card_number"),
    draft_birth_date: text("draft_birth_date"),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    card_number: text("card_number"),
    lang: text("lang", { enum: ["el", "en"] })
      .notNull()
      .default("el"),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
    completed_at: text("completed_at"),
  },
  (t) => [index("all_smart_flows_customer").on(t.customer_id)],
);
