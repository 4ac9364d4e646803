import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isoDate } from "../../core/contract/common";
import {
  apiVulnerableApplicationSchema,
  socialTariffCategorySchema,
  vulnerableCategorySchema,
} from "../../core/contract/hardship";
import { athensToday } from "../../core/dates";
import { isOpenApplication } from "../../core/vulnerable";
import { socialTariffs, vulnerableRegistrations } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { data, documented, empty, file } from "../lib/openapi";
import { nowIso } from "../lib/time";
import { INVALID_KEY, validate } from "../lib/validate";
import { certificateResponse } from "../hardship/routes";
import { toApiApplication } from "../hardship/service";
import { vulnerableApplications, vulnerableCertificates } from "../hardship/tables";
import type { ApiEnv } from "../types";
import { requireService } from "./auth";
import { KEY_PATTERN, knownKey } from "./batch";

/**
 * #38 §2 §3: what the billing system decides about a supply's hardship rights, one supply or one
 * application at a time (docs/backoffice.md, ADR 0033).
 *
 * - `PUT|DELETE /supplies/{key}/social-tariff` (scope `supplies`): the supply's ΚΟΤ as the state
 *   approved it (category, household size, the period it covers), or its end. The item is the
 *   whole state: sent again, it is `unchanged` and writes nothing.
 * - `PUT|DELETE /supplies/{key}/vulnerable-registration` (scope `register`): the supply's place on
 *   the register (a ΚΟΤ beneficiary joins by right, so the billing system may register a supply
 *   nobody applied for), or its end.
 * - `PUT /vulnerable-applications/{id}/decision` (scope `register`): an application of the
 *   changes export (kind `vulnerable_application`) goes in review, or is approved (which also
 *   writes the registration) or rejected with its reason. A decided application stays decided:
 *   a different decision afterwards is 409 `already_decided`; the same decision again is
 *   `unchanged`.
 * - `GET /vulnerable-applications/{id}/certificate` (scope `register`): the doctor's certificate,
 *   while it is kept (30 days after the decision).
 *
 * A supply is named by the billing system's key (a supplies batch sent or claimed it); an unknown
 * key is 404, as is an unknown application.
 */

const doc = documented("Back office");

const supplyParams = z.object({ key: z.string().regex(KEY_PATTERN) });
const applicationParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, INVALID_KEY),
});

export const socialTariffItemSchema = z
  .object({
    category: socialTariffCategorySchema.meta({ description: "ΚΟΤ category: A (Α) or B (Β)" }),
    household_size: z
      .int()
      .min(1)
      .max(20)
      .meta({ description: "People in the household: sets the four-month cap" }),
    valid_from: isoDate.meta({ description: "First day the approval covers" }),
    valid_to: isoDate.meta({ description: "Last day it covers (the annual renewal is due)" }),
  })
  .strict()
  .refine((v) => v.valid_to >= v.valid_from, { path: ["valid_to"], message: INVALID_KEY });

export const registrationItemSchema = z
  .object({
    category: vulnerableCategorySchema,
    registered_at: isoDate.meta({ description: "First day on the register" }),
    valid_to: isoDate
      .nullable()
      .meta({ description: "Last day on the register (null: until further notice)" }),
  })
  .strict()
  .refine((v) => v.valid_to === null || v.valid_to >= v.registered_at, {
    path: ["valid_to"],
    message: INVALID_KEY,
  });

export const decisionItemSchema = z
  .object({
    status: z.enum(["in_review", "approved", "rejected"]),
    reason: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .nullable()
      .optional()
      .meta({ description: "Why, in the customer's words (shown on the page); a rejection's" }),
    registered_at: isoDate
      .optional()
      .meta({ description: "approved: first day on the register (default: today, Athens)" }),
    valid_to: isoDate
      .nullable()
      .optional()
      .meta({ description: "approved: last day on the register (default null: open-ended)" }),
  })
  .strict()
  .refine((v) => v.status !== "rejected" || Boolean(v.reason), {
    path: ["reason"],
    message: "validate.required",
  });

const outcomeSchema = z.object({
  key: z.string(),
  meter_id: z.int(),
  outcome: z.enum(["created", "updated", "unchanged"]),
});

async function supplyOf(c: { get: (k: "db") => ApiEnv["Variables"]["db"] }, key: string) {
  const known = await knownKey(c.get("db"), "supply", key);
  if (!known) throw notFound();
  return known.portalId;
}

export const backofficeHardshipRoutes = new Hono<ApiEnv>()
  .put(
    "/supplies/:key/social-tariff",
    doc({
      summary: "A supply's social residential tariff (ΚΟΤ): category, household, period",
      description:
        "The whole state: sent again unchanged, it writes nothing. The supply's page shows the category, the period and when to renew, and its four-month cap (by household size) with the kWh of its bills.",
      ok: data(outcomeSchema),
      errors: { 400: ["validation"], 404: ["not_found"] },
    }),
    requireService("supplies"),
    validate("param", supplyParams, { invalid: "not_found" }),
    validate("json", socialTariffItemSchema),
    async (c) => {
      const { key } = c.req.valid("param");
      const item = c.req.valid("json");
      const meterId = await supplyOf(c, key);
      const db = c.get("db");
      const [current] = await db
        .select()
        .from(socialTariffs)
        .where(eq(socialTariffs.meter_id, meterId));
      const same =
        current &&
        current.category === item.category &&
        current.household_size === item.household_size &&
        current.valid_from === item.valid_from &&
        current.valid_to === item.valid_to;
      if (!same) {
        const row = { ...item, updated_at: nowIso() };
        await db
          .insert(socialTariffs)
          .values({ meter_id: meterId, ...row })
          .onConflictDoUpdate({ target: socialTariffs.meter_id, set: row });
      }
      const outcome = same ? "unchanged" : current ? "updated" : "created";
      return c.json({ data: { key, meter_id: meterId, outcome } });
    },
  )
  .delete(
    "/supplies/:key/social-tariff",
    doc({
      summary: "End a supply's ΚΟΤ (idempotent)",
      ok: empty("Ended, or there was none"),
      errors: { 404: ["not_found"] },
    }),
    requireService("supplies"),
    validate("param", supplyParams, { invalid: "not_found" }),
    async (c) => {
      const meterId = await supplyOf(c, c.req.valid("param").key);
      await c.get("db").delete(socialTariffs).where(eq(socialTariffs.meter_id, meterId));
      return c.body(null, 204);
    },
  )
  .put(
    "/supplies/:key/vulnerable-registration",
    doc({
      summary: "A supply's place on the vulnerable-customers register",
      description:
        "The whole state (category, first and last day). While it is in force the supply's register page shows what it gives, and payment plans allow 24 interest-free instalments.",
      ok: data(outcomeSchema),
      errors: { 400: ["validation"], 404: ["not_found"] },
    }),
    requireService("register"),
    validate("param", supplyParams, { invalid: "not_found" }),
    validate("json", registrationItemSchema),
    async (c) => {
      const { key } = c.req.valid("param");
      const item = c.req.valid("json");
      const meterId = await supplyOf(c, key);
      const outcome = await writeRegistration(c.get("db"), meterId, item);
      return c.json({ data: { key, meter_id: meterId, outcome } });
    },
  )
  .delete(
    "/supplies/:key/vulnerable-registration",
    doc({
      summary: "Take a supply off the vulnerable-customers register (idempotent)",
      ok: empty("Removed, or it was not registered"),
      errors: { 404: ["not_found"] },
    }),
    requireService("register"),
    validate("param", supplyParams, { invalid: "not_found" }),
    async (c) => {
      const meterId = await supplyOf(c, c.req.valid("param").key);
      await c
        .get("db")
        .delete(vulnerableRegistrations)
        .where(eq(vulnerableRegistrations.meter_id, meterId));
      return c.body(null, 204);
    },
  )
  .put(
    "/vulnerable-applications/:id/decision",
    doc({
      summary: "Decide a register application (in review, approved, rejected)",
      description:
        "The application's id is the changes export's `row_id` (kind vulnerable_application). approved also registers the supply (registered_at, default today; valid_to, default open-ended); rejected needs its reason. A decided application is final: another decision is 409 already_decided, the same one again is unchanged. Its certificate is deleted 30 days after the decision.",
      ok: data(
        z.object({
          application: apiVulnerableApplicationSchema,
          outcome: z.enum(["updated", "unchanged"]),
        }),
      ),
      errors: { 400: ["validation"], 404: ["not_found"], 409: ["already_decided"] },
    }),
    requireService("register"),
    validate("param", applicationParams, { invalid: "not_found" }),
    validate("json", decisionItemSchema),
    async (c) => {
      const db = c.get("db");
      const id = Number(c.req.valid("param").id);
      const item = c.req.valid("json");
      const [row] = await db
        .select()
        .from(vulnerableApplications)
        .where(eq(vulnerableApplications.id, id));
      if (!row) throw notFound();
      const reason = item.reason ?? null;
      let outcome: "updated" | "unchanged" = "updated";
      if (!isOpenApplication(row.status)) {
        if (row.status !== item.status) throw new ApiError(409, "already_decided");
        outcome = "unchanged";
      } else if (row.status === item.status && row.reason === reason) {
        outcome = "unchanged";
      } else {
        const now = nowIso();
        const decided = item.status !== "in_review";
        await db
          .update(vulnerableApplications)
          .set({
            status: item.status,
            reason,
            updated_at: now,
            ...(decided ? { decided_at: now } : {}),
          })
          .where(eq(vulnerableApplications.id, id));
        if (item.status === "approved") {
          await writeRegistration(db, row.meter_id, {
            category: row.category,
            registered_at: item.registered_at ?? athensToday(),
            valid_to: item.valid_to ?? null,
          });
        }
      }
      const [after] = await db
        .select()
        .from(vulnerableApplications)
        .where(eq(vulnerableApplications.id, id));
      const [certificate] = await db
        .select()
        .from(vulnerableCertificates)
        .where(eq(vulnerableCertificates.application_id, id));
      return c.json({
        data: { application: toApiApplication(after ?? row, certificate ?? null), outcome },
      });
    },
  )
  .get(
    "/vulnerable-applications/:id/certificate",
    doc({
      summary: "A register application's doctor's certificate (health data)",
      description: "While it is kept: 404 once deleted, 30 days after the decision. Never cached.",
      ok: file(["application/pdf", "image/jpeg", "image/png"], "The certificate"),
      errors: { 404: ["not_found"] },
    }),
    requireService("register"),
    validate("param", applicationParams, { invalid: "not_found" }),
    async (c) => {
      const id = Number(c.req.valid("param").id);
      const [row] = await c
        .get("db")
        .select()
        .from(vulnerableCertificates)
        .where(eq(vulnerableCertificates.application_id, id));
      if (!row) throw notFound();
      const object = await c.env.FILES.get(row.r2_key);
      if (!object) throw notFound();
      return certificateResponse(object.body, row);
    },
  );

/** Upserts the supply's registration; the outcome as a batch item's. */
async function writeRegistration(
  db: ApiEnv["Variables"]["db"],
  meterId: number,
  item: z.infer<typeof registrationItemSchema>,
): Promise<"created" | "updated" | "unchanged"> {
  const [current] = await db
    .select()
    .from(vulnerableRegistrations)
    .where(eq(vulnerableRegistrations.meter_id, meterId));
  if (
    current &&
    current.category === item.category &&
    current.registered_at === item.registered_at &&
    current.valid_to === item.valid_to
  )
    return "unchanged";
  const row = { ...item, updated_at: nowIso() };
  await db
    .insert(vulnerableRegistrations)
    .values({ meter_id: meterId, ...row })
    .onConflictDoUpdate({ target: vulnerableRegistrations.meter_id, set: row });
  return current ? "updated" : "created";
}
