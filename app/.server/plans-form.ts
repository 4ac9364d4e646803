import { z } from "zod";

/**
 * The payment-plan page's forms (/b2b/diakanonismos, #38 §1), for the action only (zod stays out
 * of the page's JavaScript, as app/.server/alerts-form.ts). Which counts are offered is the API's
 * rule (core/payment-plans.ts); here only what was posted is read.
 */
export const planFormSchema = z.object({
  supply: z.string().regex(/^\d{1,12}$/),
  count: z.string({ error: "plans:errors.countRequired" }).regex(/^\d{1,2}$/, "plans:errors.count"),
  // A checkbox is "on" or missing.
  accept: z.literal(true, { error: "plans:errors.accept" }),
});
export type PlanForm = z.infer<typeof planFormSchema>;

export const planIntentSchema = z.enum(["create", "pay", "withdraw"]);
