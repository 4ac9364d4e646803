import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { VULNERABLE_CATEGORIES } from "../../core/vulnerable";
import { meters, users } from "../db/schema";

/** Tables of migrations/0033_vulnerable_applications.sql (#38 §2 §3; queried with db.select). */

export const vulnerableApplications = sqliteTable(
  "vulnerable_applications",
  {
    id: integer("id").primaryKey(),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    category: text("category", { enum: VULNERABLE_CATEGORIES }).notNull(),
    /** JSON array of core/vulnerable.ts VulnerableDeclaration. */
    declarations: text("declarations").notNull().default("[]"),
    status: text("status", {
      enum: ["submitted", "in_review", "approved", "rejected"],
    })
      .notNull()
      .default("submitted"),
    /** ISO 8601 UTC (the clean-up compares it with the run's time). */
    decided_at: text("decided_at"),
    reason: text("reason"),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vulnerable_applications_open")
      .on(t.meter_id)
      .where(sql`status IN ('submitted', 'in_review')`),
    index("vulnerable_applications_meter").on(t.meter_id, t.id),
    index("vulnerable_applications_decided")
      .on(t.decided_at)
      .where(sql`decided_at IS NOT NULL`),
  ],
);

/** A life-support application's certificate: health data, its own table and R2 prefix. */
export const vulnerableCertificates = sqliteTable("vulnerable_certificates", {
  application_id: integer("application_id")
    .primaryKey()
    .references(() => vulnerableApplications.id, { onDelete: "cascade" }),
  r2_key: text("r2_key").notNull().unique(),
  name: text("name").notNull(),
  content_type: text("content_type", {
    enum: ["application/pdf", "image/jpeg", "image/png"],
  }).notNull(),
  size: integer("size").notNull(),
  created_at: text("created_at").notNull(),
});

/** Information cards a person closed (per person: it stays closed without JavaScript). */
export const dismissedCards = sqliteTable(
  "dismissed_cards",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    card: text("card", { enum: ["social_tariff"] }).notNull(),
    dismissed_at: text("dismissed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.card] })],
);
