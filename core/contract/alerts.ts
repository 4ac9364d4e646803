import { z } from "zod";

// ---- alerts the customer sets (GET/PUT /users/{id}/meters/{meterId}/alert, #37 §2) ----
// The rules (ranges, what an alert that is on needs, when it trips) are core/alerts.ts's.

const euros = z.number().meta({ description: "Euros, two decimals" });

/** What PUT takes: the amount in euros (a number, or text with a comma or a dot), the percentage. */
export const alertPayloadSchema = z.object({
  enabled: z.boolean(),
  amount: z
    .union([z.number(), z.string().max(20)])
    .nullable()
    .meta({
      description: "Warn when the forecast or a new bill exceeds this many euros; null: not set",
    }),
  percent: z
    .union([z.int(), z.string().max(10)])
    .nullable()
    .meta({
      description:
        "Warn when it exceeds the same period last year by this many per cent (1–500); null: not set",
    }),
  email: z.boolean(),
  sms: z.boolean(),
});
export type AlertPayload = z.infer<typeof alertPayloadSchema>;

const alertTripSchema = z.object({
  period_from: z.string(),
  period_to: z.string(),
  source: z.enum(["forecast", "bill"]),
  amount: euros,
  /** Last year's charges the percentage compared with, when there were any. */
  reference: euros.nullable(),
  created_at: z.string(),
});
export type ApiAlertTrip = z.infer<typeof alertTripSchema>;

/** GET's answer: the caller's alert of the supply (null: none set), where it goes, its last trips. */
export const apiAlertSchema = z.object({
  alert: z
    .object({
      enabled: z.boolean(),
      amount: euros.nullable(),
      percent: z.int().nullable(),
      email: z.boolean(),
      sms: z.boolean(),
      updated_at: z.string(),
    })
    .nullable(),
  /** The person's own address and mobile the notices go to (null: none). */
  contact: z.object({ email: z.string().nullable(), mobile: z.string().nullable() }),
  /** The alert's last trips, newest first (at most 10). */
  trips: z.array(alertTripSchema),
});
export type ApiAlert = z.infer<typeof apiAlertSchema>;
