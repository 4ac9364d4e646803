import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isoDate, timestamp, euros as eurosSchema } from "../../core/contract/common";
import { isValidRf, RF_PATTERN } from "../../core/rf";
import type { Db } from "../db";
import { inIds } from "../db/ids";
import { meters } from "../db/schema";
import { euros } from "../domain/money";
import { documented, json } from "../lib/openapi";
import { validate } from "../lib/validate";
import { auditStatementWhen } from "../services/audit";
import type { ApiEnv } from "../types";
import { requireService } from "../backoffice/auth";
import { applyKeyed, KEY_PATTERN, Refusal, runBatch, type BatchContext } from "../backoffice/batch";
import { batchAnswerSchema, batchContext, batchEnvelope } from "../backoffice/invoices";
import { paymentPlanInstalments, paymentPlans } from "./tables";

/**
 * The billing system's side of payment plans (#38 §1, docs/backoffice.md "Payment plans").
 *
 * - Out: the changes export (api/backoffice/changes.ts) sends every plan when it is set up and on
 *   each change of its status, kind `payment_plan`, with its schedule (`planExportData`).
 * - In: POST /api/backoffice/payment-plan-instalments, the later instalments as the billing system
 *   issues and collects them: each one's RF code, and the day it was paid (by RF through a bank
 *   or by direct debit; the money itself arrives through POST /payments as every payment does,
 *   which settles the balance). An instalment marked paid keeps the plan (the first) or
 *   completes it (the last), as the portal's own card payment of an instalment does.
 */

export const instalmentItemSchema = z
  .object({
    key: z.string().regex(KEY_PATTERN),
    plan_id: z
      .int()
      .positive()
      .meta({ description: "The portal's id of the plan (the changes export's plan_id)" }),
    n: z.int().min(1).max(24).meta({ description: "Which instalment, 1 = the first" }),
    rf_code: z
      .string()
      .regex(RF_PATTERN)
      .refine(isValidRf, "validate.invalid")
      .optional()
      .meta({ description: "The instalment's RF code (ISO 11649, no spaces), as a bill's" }),
    paid_at: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })])
      .optional()
      .meta({ description: "When it was paid (YYYY-MM-DD or an instant with offset)" }),
  })
  .strict()
  .refine((item) => item.rf_code !== undefined || item.paid_at !== undefined, {
    path: ["rf_code"],
    message: "validate.require",
  });
export type InstalmentItem = z.infer<typeof instalmentItemSchema>;

const KIND = "plan_instalment";

/** Sets what the item says of its instalment; the plan follows (kept, completed). */
async function applyInstalment(ctx: BatchContext, item: InstalmentItem): Promise<number> {
  const db = ctx.db;
  const [row] = await db
    .select({
      id: paymentPlanInstalments.id,
      status: paymentPlans.status,
      meter_id: paymentPlans.meter_id,
      customer_id: meters.customer_id,
    })
    .from(paymentPlanInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanInstalments.plan_id))
    .innerJoin(meters, eq(meters.id, paymentPlans.meter_id))
    .where(
      and(eq(paymentPlanInstalments.plan_id, item.plan_id), eq(paymentPlanInstalments.n, item.n)),
    );
  if (!row) throw new Refusal("unknown_instalment", "n");
  const paidAt =
    item.paid_at === undefined
      ? undefined
      : item.paid_at.length === 10
        ? `${item.paid_at}T00:00:00.000Z`
        : new Date(item.paid_at).toISOString();
  try {
    await db.batch([
      db
        .update(paymentPlanInstalments)
        .set({
          ...(item.rf_code === undefined ? {} : { rf_code: item.rf_code }),
          // Paid once: a later copy never moves the day it was first paid.
          ...(paidAt === undefined
            ? {}
            : { paid_at: sql`COALESCE(${paymentPlanInstalments.paid_at}, ${paidAt})` }),
        })
        .where(eq(paymentPlanInstalments.id, row.id)),
      db
        .update(paymentPlans)
        .set({
          status: sql`CASE WHEN EXISTS (SELECT 1 FROM payment_plan_instalments WHERE plan_id = ${item.plan_id} AND paid_at IS NULL) THEN 'kept' ELSE 'completed' END`,
        })
        .where(
          and(
            eq(paymentPlans.id, item.plan_id),
            inArray(paymentPlans.status, ["open", "kept"]),
            // Only once its first instalment is paid does a plan count as kept.
            sql`EXISTS (SELECT 1 FROM payment_plan_instalments WHERE plan_id = ${item.plan_id} AND n = 1 AND paid_at IS NOT NULL)`,
          ),
        ),
      auditStatementWhen(
        db,
        {
          action: "payment_plan_completed",
          customerId: row.customer_id,
          meterId: row.meter_id,
        },
        sql`changes() > 0 AND (SELECT status FROM payment_plans WHERE id = ${item.plan_id}) = 'completed' AND ${row.status} <> 'completed'`,
      ),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new Refusal("rf_in_use", "rf_code");
    throw error;
  }
  return row.id;
}

async function applyInstalmentItem(item: InstalmentItem, ctx: BatchContext) {
  return applyKeyed(ctx, KIND, item, {
    create: () => applyInstalment(ctx, item),
    update: async () => {
      await applyInstalment(ctx, item);
    },
  });
}

// ---- the changes export's data of a plan ------------------------------------------------------

export const planExportSchema = z.object({
  plan_id: z.int().positive(),
  status: z.enum(["open", "kept", "ended", "completed"]).meta({
    description:
      "open: set up, first instalment not paid yet; kept: first paid; completed: all paid; ended: end_reason",
  }),
  end_reason: z.enum(["missed", "withdrawn"]).nullable(),
  total: eurosSchema.meta({ description: "The overdue balance it covers, as at set-up" }),
  count: z.int(),
  interest_bp: z.int().meta({ description: "Yearly rate, basis points (0 for a registered one)" }),
  set_up_by: z.int().nullable().meta({ description: "The portal's person id who set it up" }),
  created_at: timestamp,
  ended_at: timestamp.nullable(),
  instalments: z.array(
    z.object({
      n: z.int(),
      due_date: isoDate,
      amount: eurosSchema,
      rf_code: z.string().nullable(),
      paid_at: timestamp.nullable(),
    }),
  ),
});
export type PlanExport = z.infer<typeof planExportSchema>;

/** The export's data of these plans, by id (a plan that no longer exists is absent). */
export async function planExportData(db: Db, ids: number[]): Promise<Map<number, PlanExport>> {
  if (ids.length === 0) return new Map();
  const [plans, instalments] = await Promise.all([
    db.select().from(paymentPlans).where(inIds(paymentPlans.id, ids)),
    db
      .select()
      .from(paymentPlanInstalments)
      .where(inIds(paymentPlanInstalments.plan_id, ids))
      .orderBy(asc(paymentPlanInstalments.plan_id), asc(paymentPlanInstalments.n)),
  ]);
  return new Map(
    plans.map((p) => [
      p.id,
      {
        plan_id: p.id,
        status: p.status,
        end_reason: p.end_reason,
        total: euros(p.total_cents),
        count: p.count,
        interest_bp: p.interest_bp,
        set_up_by: p.user_id,
        created_at: p.created_at,
        ended_at: p.ended_at,
        instalments: instalments
          .filter((i) => i.plan_id === p.id)
          .map((i) => ({
            n: i.n,
            due_date: i.due_date,
            amount: euros(i.amount_cents),
            rf_code: i.rf_code,
            paid_at: i.paid_at,
          })),
      },
    ]),
  );
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficePlanRoutes = new Hono<ApiEnv>().post(
  "/payment-plan-instalments",
  doc({
    summary: "Payment-plan instalments as the billing system issues and collects them (batch)",
    description:
      "Each item names a plan (the changes export's plan_id) and an instalment (n): its RF code, and/or the day it was paid. The money itself is a POST /payments item as every payment. A paid first instalment keeps the plan, the last one completes it. At most 500 items, each answered created, updated, unchanged or refused with a reason (unknown_instalment, rf_in_use, duplicate_key, validation).",
    ok: json(batchAnswerSchema),
    errors: { 400: ["validation"] },
  }),
  requireService("payments"),
  validate("json", batchEnvelope(instalmentItemSchema)),
  async (c) => {
    const { items } = c.req.valid("json");
    const ctx = batchContext(c);
    return c.json(
      await runBatch(items, instalmentItemSchema, ctx, applyInstalmentItem, "plan-instalments"),
    );
  },
);
