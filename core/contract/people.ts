import { z } from "zod";
import { passwordSchema } from "./auth";
import { bit, id, timestamp } from "./common";
import { opaqueParam, pathId } from "./params";
import { roleSchema } from "./users";

// ---- the people of an account and their invitations (#18, api/people) ----

/** The path of one person of the account: the caller's own id, then the person's. */
export const personParams = z.object({ userId: pathId, personId: pathId });

/** The emailed invitation's token (/prosklisi/{token}): whoever holds it may accept it. */
export const invitationParams = z.object({ token: opaqueParam("An invitation's token") });

/** The roles a person can be given: the master is only ever handed over (…/master). */
export const personRoleSchema = z.enum(["admin", "user", "viewer"], { error: "validate.require" });
export type PersonRole = z.infer<typeof personRoleSchema>;

/** 0|1 as JSON sends it, or "0"/"1" and true/false. */
const flag = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()], {
    error: "validate.require",
  })
  .transform((v) => (v === 1 || v === "1" || v === true ? 1 : 0));

/** The supplies given: ids of the account's supplies (at most the 1000 of a large account). */
const meterIds = z
  .array(z.coerce.number().int().positive())
  .max(1000)
  .transform((ids) => [...new Set(ids)]);

/** Without all supplies, at least one must be chosen. */
const SUPPLIES_REQUIRED = "people:errors.suppliesRequired";

/** The invitee's name is refused with this key (locales, namespace people). */
export const NAME_INVALID = "people:errors.nameInvalid";
/** A person's name: at most this many characters. */
export const PERSON_NAME_MAX = 80;

/**
 * One word of a person's name: letters (any script, with their accents), joined by a hyphen or
 * an apostrophe, and a dot only at its end (an initial: "Κ."). No digits, no symbols, no dot
 * inside a word: the name is typed by the inviter and shown in the invitation email, so nothing
 * of it may read as a link ("www.evil.example", "http://…") or a phone number (#35).
 */
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*\.?$/u;

/** Whether `name` (trimmed) is a person's name: words of letters separated by single spaces. */
export function isPersonName(name: string): boolean {
  const words = name.split(" ");
  return name.length <= PERSON_NAME_MAX && words.every((word) => NAME_WORD.test(word));
}

/** The invitee's name: spaces collapsed, letters only (isPersonName). */
const personName = z
  .string({ error: "validate.require" })
  .transform((v) => v.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "validate.require").refine(isPersonName, NAME_INVALID));

/**
 * POST /users/{id}/people: invite a person. `meter_ids` counts only with `all_supplies: 0` and
 * must then name at least one supply of the account that the inviting person has.
 */
export const inviteSchema = z
  .object({
    name: personName,
    email: z
      .string({ error: "validate.require" })
      .trim()
      .toLowerCase()
      .pipe(z.email("validate.notValidEmail"))
      .pipe(z.string().max(200)),
    role: personRoleSchema,
    all_supplies: flag,
    meter_ids: meterIds.default([]),
  })
  .refine((v) => v.all_supplies === 1 || v.meter_ids.length > 0, {
    path: ["meter_ids"],
    message: SUPPLIES_REQUIRED,
  });
export type InvitePayload = z.input<typeof inviteSchema>;
export type ValidInvite = z.output<typeof inviteSchema>;

/**
 * PATCH /users/{id}/people/{personId}: any of role and supplies. `meter_ids` replaces the list of
 * a person without all supplies; sent with `all_supplies: 0` it must not be empty.
 */
export const personChangeSchema = z
  .object({
    role: personRoleSchema.optional(),
    all_supplies: flag.optional(),
    meter_ids: meterIds.optional(),
  })
  .refine((v) => v.all_supplies !== 0 || (v.meter_ids?.length ?? 0) > 0, {
    path: ["meter_ids"],
    message: SUPPLIES_REQUIRED,
  });
export type PersonChangePayload = z.input<typeof personChangeSchema>;
export type ValidPersonChange = z.output<typeof personChangeSchema>;

/** POST /v2/invitations/{token}/accept: the new person's password (the sign-up rules). */
export const invitationAcceptSchema = z.object({
  password: passwordSchema,
  password_confirmation: z.string(),
});
export type InvitationAcceptPayload = z.input<typeof invitationAcceptSchema>;

/**
 * GET /users/{id}/people/supplies: the supplies the caller may give, narrowed by `q` (supply
 * number or address, any part), `region` (city or postal code) and `category` (tariff).
 */
export const supplyChoicesQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
});
export type SupplyChoicesQuery = z.input<typeof supplyChoicesQuerySchema>;

export const personStatusSchema = z.enum(["active", "invited", "invitation_expired"]);
export type PersonStatus = z.infer<typeof personStatusSchema>;

/** One person of the account, as the people page lists them. */
export const apiPersonSchema = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    all_supplies: bit,
    meter_ids: z.array(id).meta({ description: "The supplies given; empty with all_supplies 1" }),
    supply_count: z
      .number()
      .int()
      .meta({ description: "Supplies given; with all_supplies 1, all" }),
    last_login_at: timestamp.nullable(),
    status: personStatusSchema,
    invited_by: z.string().nullable().meta({ description: "The inviting person's name" }),
    invitation_expires_at: timestamp.nullable().meta({ description: "The open invitation's" }),
    can_manage: z.boolean().meta({ description: "Whether the caller may change or remove them" }),
    can_hand_over: z.boolean().meta({ description: "Whether the caller may make them master" }),
    is_me: z.boolean(),
    trusted_copies: z.boolean().meta({
      description:
        "Whether they receive copies of the account's overdue, disconnection and planned-interruption notices (#38 §4; once they accept the invitation)",
    }),
  })
  .meta({ id: "ApiPerson" });
export type ApiPerson = z.infer<typeof apiPersonSchema>;

/** GET /users/{id}/people: the people and what the caller may do. */
export const apiPeopleSchema = z.object({
  people: z.array(apiPersonSchema),
  my_role: roleSchema,
  trusted_person: z
    .object({ id, name: z.string() })
    .nullable()
    .meta({ description: "Who receives copies of the notices (#38 §4), if anyone" }),
});
export type ApiPeople = z.infer<typeof apiPeopleSchema>;

/** A supply the caller may give to someone. */
export const apiSupplyChoiceSchema = z.object({
  id,
  number: z.string(),
  address: z.string(),
  region: z.string(),
  postal_code: z.string(),
  category: z.string(),
});
export type ApiSupplyChoice = z.infer<typeof apiSupplyChoiceSchema>;

export const apiSupplyChoicesSchema = z.object({
  supplies: z.array(apiSupplyChoiceSchema).meta({ description: "The ones the filters match" }),
  total: z.number().int().meta({ description: "Every supply the caller may give" }),
  can_give_all: z.boolean().meta({ description: "Whether the caller may give all supplies" }),
  regions: z.array(z.string()),
  categories: z.array(z.string()),
});
export type ApiSupplyChoices = z.infer<typeof apiSupplyChoicesSchema>;

/** GET /v2/invitations/{token}: whom the invitation is for. */
export const apiInvitationSchema = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string(),
  household: bit.meta({ description: "1: a household's account (relatives and carers, #38 §4)" }),
  role: roleSchema.meta({ description: "The level the person is invited with" }),
  trusted_copies: z.boolean().meta({
    description: "Whether they will receive copies of the account's notices (#38 §4)",
  }),
});
export type ApiInvitation = z.infer<typeof apiInvitationSchema>;
