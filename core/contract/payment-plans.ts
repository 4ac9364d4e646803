import { z } from "zod";
import { euros, isoDate, timestamp } from "./common";
import { PLAN_END_REASONS, PLAN_STATUSES } from "../payment-plans";

// ---- payment plans (GET/POST /users/{id}/meters/{meterId}/payment-plan, #38 §1) ----
// The rules (who may, the counts, the schedule, missed instalments) are core/payment-plans.ts's.

const count = z.int().min(2).max(24);

/** What POST takes: the number of instalments and the customer's acceptance of the terms. */
export const paymentPlanPayloadSchema = z.object({
  count: z.union([count, z.string().regex(/^\d{1,2}$/)]).meta({
    description: "Monthly instalments, one of `options[].count`",
  }),
  accept_terms: z.literal(true).meta({ description: "The customer accepted the plan's terms" }),
});
export type PaymentPlanPayload = z.infer<typeof paymentPlanPayloadSchema>;

const instalmentSchema = z.object({
  n: z.int().positive(),
  due_date: isoDate,
  amount: euros,
  /** Of it, interest (0 without interest). */
  interest: euros,
});

export const apiPlanOptionSchema = z.object({
  count,
  schedule: z.array(instalmentSchema),
  total: euros.meta({ description: "What the customer pays in all, interest included" }),
});
export type ApiPlanOption = z.infer<typeof apiPlanOptionSchema>;

export const apiPlanInstalmentSchema = instalmentSchema.extend({
  state: z.enum(["paid", "due", "late", "missed", "upcoming"]),
  last_day: isoDate.meta({ description: "After this day unpaid, the plan ends" }),
  rf_code: z.string().nullable().meta({
    description:
      "The billing system's RF code (null for the first, paid by card, and until issued)",
  }),
  paid_at: timestamp.nullable(),
});
export type ApiPlanInstalment = z.infer<typeof apiPlanInstalmentSchema>;

export const apiPlanSchema = z.object({
  id: z.int().positive(),
  status: z.enum(PLAN_STATUSES),
  end_reason: z.enum(PLAN_END_REASONS).nullable(),
  total: euros,
  count,
  interest_bp: z.int().nonnegative(),
  created_at: timestamp,
  ended_at: timestamp.nullable(),
  instalments: z.array(apiPlanInstalmentSchema),
});
export type ApiPlan = z.infer<typeof apiPlanSchema>;

/** GET's answer: may a plan be set up, on what terms, and the supply's latest plan. */
export const apiPaymentPlanSchema = z.object({
  meter_id: z.int().positive(),
  eligible: z.boolean(),
  reason: z
    .enum(["not_permitted", "not_payable", "not_overdue", "below_minimum", "plan_open"])
    .nullable()
    .meta({ description: "Why not, when not eligible" }),
  overdue: euros.meta({ description: "The balance a plan would cover now" }),
  registered: z
    .boolean()
    .meta({ description: "On the vulnerable register: up to 24, no interest" }),
  interest_bp: z.int().nonnegative().meta({ description: "The yearly rate a new plan carries" }),
  grace_days: z.int().positive(),
  options: z.array(apiPlanOptionSchema),
  /** The live plan (open or kept), or else the latest one, or null. */
  plan: apiPlanSchema.nullable(),
});
export type ApiPaymentPlan = z.infer<typeof apiPaymentPlanSchema>;
