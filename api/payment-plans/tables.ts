import { index, integer, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { PLAN_END_REASONS, PLAN_STATUSES } from "../../core/payment-plans";
import { meters, users } from "../db/schema";

/**
 * Tables of migrations/0032_payment_plans.sql (#38 §1; queried with db.select): a supply's payment
 * plans and their instalments. The rules: core/payment-plans.ts.
 */
export const paymentPlans = sqliteTable(
  "payment_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id, { onDelete: "cascade" }),
    /** Who set it up (a master or admin). */
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: PLAN_STATUSES }).notNull().default("open"),
    /** The overdue balance it covers, as it was at set-up. */
    total_cents: integer("total_cents").notNull(),
    count: integer("count").notNull(),
    /** The yearly rate it was set up with, basis points. */
    interest_bp: integer("interest_bp").notNull().default(0),
    created_at: text("created_at").notNull(),
    ended_at: text("ended_at"),
    end_reason: text("end_reason", { enum: PLAN_END_REASONS }),
  },
  (t) => [
    uniqueIndex("payment_plans_one_live")
      .on(t.meter_id)
      .where(sql`status IN ('open', 'kept')`),
    index("payment_plans_status").on(t.status),
  ],
);

export const paymentPlanInstalments = sqliteTable(
  "payment_plan_instalments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    plan_id: integer("plan_id")
      .notNull()
      .references(() => paymentPlans.id, { onDelete: "cascade" }),
    n: integer("n").notNull(),
    /** YYYY-MM-DD. */
    due_date: text("due_date").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    /** The billing system's RF code of a later instalment (null for the first, paid by card). */
    rf_code: text("rf_code"),
    paid_at: text("paid_at"),
  },
  (t) => [
    unique().on(t.plan_id, t.n),
    uniqueIndex("payment_plan_instalments_rf")
      .on(t.rf_code)
      .where(sql`rf_code IS NOT NULL`),
  ],
);
