import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { users } from "../db/schema";

/** Tables of migrations/0006_applications.sql (queried with db.select, not db.query). */

export const applicationDrafts = sqliteTable(
  "application_drafts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["transfer", "new_supply"] }).notNull(),
    data: text("data").notNull().default("{}"),
    completed: text("completed").notNull().default(""),
    user_id: integer("user_id").references(() => users.id),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
    expires_at: text("expires_at").notNull(),
  },
  (t) => [index("application_drafts_expiry").on(t.expires_at)],
);

export const applications = sqliteTable(
  "applications",
  {
    id: integer("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    kind: text("kind", { enum: ["transfer", "new_supply"] }).notNull(),
    status: text("status").notNull().default("received"),
    afm: text("afm").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    supply_number: text("supply_number"),
    payload: text("payload").notNull(),
    user_id: integer("user_id").references(() => users.id),
    lang: text("lang", { enum: ["el", "en"] })
      .notNull()
      .default("el"),
    ip: text("ip"),
    created_at: text("created_at").notNull(),
  },
  (t) => [
    // One open transfer per supply, even for two submissions at the same moment.
    uniqueIndex("applications_open_transfer")
      .on(t.supply_number)
      .where(sql`kind = 'transfer' AND status IN ('received','in_progress')`),
  ],
);

export const holderRegistry = sqliteTable("holder_registry", {
  afm: text("afm").primaryKey(),
  phone: text("phone").notNull(),
  name: text("name").notNull(),
});

export const applicationThrottle = sqliteTable(
  "application_throttle",
  {
    scope: text("scope", { enum: ["lookup", "submit"] }).notNull(),
    key: text("key").notNull(),
    period: text("period").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.period] })],
);
