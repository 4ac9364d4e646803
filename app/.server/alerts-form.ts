import { z } from "zod";

/**
 * The alerts page's form (/b2b/eidopoiiseis, #37 §2). The schema only reads what was posted (a
 * checkbox is on or missing, the figures are text as typed, "82,50"); whether the alert can be
 * saved is core/alerts.ts's rule, which the action and the API both run, so the messages are the
 * same whichever refuses it.
 */
export const alertFormSchema = z.object({
  enabled: z.boolean().default(false),
  amount: z.string().max(20).optional(),
  percent: z.string().max(10).optional(),
  email: z.boolean().default(false),
  sms: z.boolean().default(false),
});
export type AlertForm = z.infer<typeof alertFormSchema>;
