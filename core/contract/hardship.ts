import { z } from "zod";
import { VULNERABLE_CATEGORIES, VULNERABLE_DECLARATIONS } from "../vulnerable";
import { isoDate, timestamp } from "./common";

// ---- #38 §2 the social residential tariff (GET /users/{id}/meters/{meterId}/social-tariff) ----
// The rules (the period, its kWh, the cap, renewal) are core/social-tariff.ts's.

export const socialTariffCategorySchema = z.enum(["A", "B"]);

/** The caller's view of one supply's ΚΟΤ. */
export const apiSocialTariffSchema = z.object({
  /** The billing system's ΚΟΤ of the supply; null: none (or it is a gas supply). */
  tariff: z
    .object({
      category: socialTariffCategorySchema,
      household_size: z.int(),
      valid_from: isoDate,
      valid_to: isoDate,
      /** not_yet | due (renew now) | lapsed (valid_to has passed). */
      renewal: z.enum(["not_yet", "due", "lapsed"]),
      /** €/kWh off up to the cap. */
      discount_per_kwh: z.number(),
    })
    .nullable(),
  /** The current four-month period's consumption from the supply's bills, against the cap. */
  progress: z
    .object({
      period_from: isoDate,
      period_to: isoDate,
      used_kwh: z.int(),
      cap_kwh: z.int(),
      remaining_kwh: z.int(),
      over: z.boolean(),
    })
    .nullable(),
  /** The state's portal where the annual application is made. */
  application_url: z.string(),
  /** The caller closed the "who is entitled" card. */
  card_dismissed: z.boolean(),
});
export type ApiSocialTariff = z.infer<typeof apiSocialTariffSchema>;

/** GET /invoices/{id}/social-tariff: the ΚΟΤ discount within the bill, or null. */
export const apiBillSocialTariffSchema = z
  .object({
    kwh: z.int().meta({ description: "kWh of the bill the discount covers" }),
    per_kwh: z.number().meta({ description: "€/kWh off (the category's)" }),
    amount: z.number().meta({ description: "Euros, negative: the discount" }),
  })
  .nullable();
export type ApiBillSocialTariff = z.infer<typeof apiBillSocialTariffSchema>;

// ---- #38 §3 the vulnerable-customers register ----

export const vulnerableCategorySchema = z.enum(VULNERABLE_CATEGORIES);
export const vulnerableDeclarationSchema = z.enum(VULNERABLE_DECLARATIONS);
export const applicationStatusSchema = z.enum(["submitted", "in_review", "approved", "rejected"]);

/** A value of a multipart form: text or a file; a name sent twice gives all its values. */
const formValue = z.union([z.string(), z.instanceof(File)]);
const formField = z.union([formValue, z.array(formValue)]).optional();

/**
 * POST /users/{id}/meters/{meterId}/vulnerable-application (multipart). Any form passes here: the
 * handler judges it in the order its answers need (the category, the registration and any open
 * application, the declarations, then the certificate's count, size and bytes), each refusal
 * naming its field (core/vulnerable.ts, core/requests/rules.ts).
 */
export const vulnerableApplicationFormSchema = z.object({
  category: formField.meta({ description: "life_support, over_70_alone or social_tariff" }),
  declarations: formField.meta({ description: "Each declaration the category needs, repeated" }),
  certificate: formField.meta({
    description: "life_support: the doctor's certificate (PDF, JPEG or PNG, at most 5 MB)",
  }),
});

export const apiVulnerableApplicationSchema = z.object({
  id: z.int(),
  category: vulnerableCategorySchema,
  declarations: z.array(vulnerableDeclarationSchema),
  status: applicationStatusSchema,
  reason: z.string().nullable(),
  decided_at: timestamp.nullable(),
  created_at: timestamp,
  /** The certificate, while it is kept (null: none, or already deleted). */
  certificate: z.object({ name: z.string(), content_type: z.string(), size: z.int() }).nullable(),
  /**
   * A life-support application's certificate is deleted on this day, 30 days after the decision
   * (null: not decided yet, or no certificate was needed); past it, `certificate` is null.
   */
  certificate_deleted_on: isoDate.nullable(),
});
export type ApiVulnerableApplication = z.infer<typeof apiVulnerableApplicationSchema>;

/** GET /users/{id}/meters/{meterId}/vulnerable: the registration and the latest application. */
export const apiVulnerableSchema = z.object({
  registration: z
    .object({
      category: vulnerableCategorySchema,
      registered_at: timestamp,
      valid_to: isoDate.nullable(),
    })
    .nullable(),
  /** registration is in force today (core/hardship.ts isRegisteredOn). */
  registered: z.boolean(),
  application: apiVulnerableApplicationSchema.nullable(),
  /** The supply has a ΚΟΤ valid today: the social_tariff category joins by right. */
  has_social_tariff: z.boolean(),
  /** The caller may apply (the master, and no open application, not registered). */
  may_apply: z.boolean(),
});
export type ApiVulnerable = z.infer<typeof apiVulnerableSchema>;
