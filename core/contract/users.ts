import { z } from "zod";
import { bit, id, lang } from "./common";
import { METER_IDS_LIMIT } from "../limits";
import { apiMeterSummarySchema } from "./meters";
import { pathId } from "./params";

/** The account's status, derived from its supplies (spec §1). */
export const userStatusSchema = z.enum(["active", "intermediate", "inactive"]);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A person's role (core/permissions.ts); `viewer` only looks (#38 §4, ADR 0034). */
export const roleSchema = z.enum(["master", "admin", "user", "viewer"]);
export type Role = z.infer<typeof roleSchema>;

export const apiUserSchema = z
  .object({
    id,
    username: z.string().meta({
      description: "The sign-in name: the VAT number (ΑΦΜ), or an invited person's email",
    }),
    afm: z.string().meta({ description: "The account's VAT number (ΑΦΜ), whoever the person is" }),
    name: z.string(),
    welcome_name: z.string(),
    lang,
    nrg_skin: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    registration_email: z.string(),
    registration_phone: z.string().nullable(),
    indication_email: bit,
    indication_sms: bit,
    needs_activation: bit,
    first_login_settings_open: bit,
    avatar: z
      .object({
        img_name: z.string(),
        img: z.string().meta({ description: "URL under /api/user/{id}/avatar" }),
      })
      .nullable(),
    status: userStatusSchema.meta({ description: "Derived from the supplies (spec §1)" }),
    popup: z
      .object({ title: z.string(), body: z.string(), button_title: z.string(), url: z.string() })
      .nullable()
      .meta({ description: "null once dismissed" }),
    sap_id: z.string(),
    test_role: roleSchema.nullable(),
    all_supplies: bit.meta({
      description: "1: every supply of the account; 0: only the supplies given to this person",
    }),
    is_legal_person: bit,
    employee_name: z.string().nullable(),
    trusted_copies_for: z.string().nullable().meta({
      description:
        "The account whose notices this person receives copies of (#38 §4: the master chose them), or null",
    }),
    managers: z.array(z.object({ name: z.string(), role: roleSchema })).meta({
      description:
        "Who pays and files requests for a person whose role may not (the master, the admins of their supplies); empty for those who may",
    }),
  })
  .meta({ id: "ApiUser" });
export type ApiUser = z.infer<typeof apiUserSchema>;

/** GET /users/{id}/account: the user and the summaries of their supplies, in one call. */
export const apiAccountSchema = z.object({
  user: apiUserSchema,
  meters: z.array(apiMeterSummarySchema),
});
export type ApiAccount = z.infer<typeof apiAccountSchema>;

/** GET /users/{id}/data-version: changes on every write of the data a page shows. */
export const apiDataVersionSchema = z.object({
  version: z.string().meta({ description: "Opaque; compare for equality only" }),
});

export const apiTokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: id,
});
export type ApiTokens = z.infer<typeof apiTokensSchema>;

/** Whom a redirect-login token would sign in (POST /v2/auth/redirect-login/preview). */
export const apiRedirectLoginPreviewSchema = z.object({
  user_id: id,
  name: z
    .string()
    .meta({ description: "The name the portal greets them with (first name, or the employee's)" }),
});
export type ApiRedirectLoginPreview = z.infer<typeof apiRedirectLoginPreviewSchema>;

// ---- requests ----

/** `ids=1,2,3`: supply ids (at most METER_IDS_LIMIT). */
const meterIdList = z
  .string()
  .regex(new RegExp(`^\\d{1,12}(,\\d{1,12}){0,${METER_IDS_LIMIT - 1}}$`))
  .optional()
  .meta({ description: `Comma-separated supply ids, at most ${METER_IDS_LIMIT}` });

/** GET /users/{userId}/meters. */
export const metersQuerySchema = z.object({
  billing_history: z.enum(["true", "false", "1", "0"]).optional(),
  view: z.enum(["summary"]).optional(),
  ids: meterIdList,
});

/** GET /users/{userId}/meters/{meterId}/shell. */
export const shellQuerySchema = z.object({
  readings: z.enum(["0", "1"]).optional(),
  readings_from: z.iso.date().optional(),
  ids: meterIdList,
  invoices: z.enum(["overview"]).optional(),
  /** The supply's next-bill forecast (#37 §1): the overview and the bills page. */
  forecast: z.enum(["0", "1"]).optional(),
});

/** GET /users/{id}: the caller's own id. */
export const userIdParams = z.object({ id: pathId });

/** GET /user/{id}/avatar (a malformed id is a validation error here, not a missing row). */
export const avatarParams = z.object({ id: z.string().regex(/^\d+$/) });

/** PUT /update_notification: marks one of the caller's messages read. */
export const notificationReadSchema = z.object({ id: z.coerce.number().int().positive() });

/** PUT /user/language. */
export const languageSchema = z.object({ lang });
