import { z } from "zod";
import { TOKEN_NAME_MAX, TOKEN_SCOPES } from "../access-tokens";
import { id, timestamp } from "./common";
import { pathId } from "./params";

// ---- personal access tokens (#19, api/tokens) ----

/** The path of one token of the caller: their id, then the token's id (its hash, hex). */
export const tokenParams = z.object({
  userId: pathId,
  tokenId: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description: "A token's id (SHA-256 of its secret, hex)" }),
});

export const tokenScopeSchema = z.enum(TOKEN_SCOPES, { error: "tokens:errors.scopesRequired" });

/** 0|1 as JSON sends it, or "0"/"1" and true/false. */
const flag = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()], {
    error: "validate.require",
  })
  .transform((v) => (v === 1 || v === "1" || v === true ? 1 : 0));

/**
 * POST /users/{id}/tokens: a new token. `expires_on` is a day (YYYY-MM-DD) after today and at
 * most a year away (the API checks it against its clock: `tokens:errors.expiry`); `meter_ids`
 * counts only with `all_supplies: 0` and must then name supplies the person has.
 */
export const tokenCreateSchema = z
  .object({
    name: z
      .string({ error: "validate.require" })
      .trim()
      .min(1, "validate.require")
      .max(TOKEN_NAME_MAX, "tokens:errors.nameTooLong"),
    scopes: z
      .array(tokenScopeSchema, { error: "tokens:errors.scopesRequired" })
      .min(1, "tokens:errors.scopesRequired")
      .max(TOKEN_SCOPES.length, "tokens:errors.scopesRequired")
      .transform((s) => [...new Set(s)]),
    all_supplies: flag,
    meter_ids: z
      .array(
        z.coerce
          .number({ error: "tokens:errors.supplyNotYours" })
          .int("tokens:errors.supplyNotYours")
          .positive("tokens:errors.supplyNotYours"),
        {
          error: "tokens:errors.supplyNotYours",
        },
      )
      .max(1000, "tokens:errors.supplyNotYours")
      .default([])
      .transform((ids) => [...new Set(ids)]),
    expires_on: z.string({ error: "validate.require" }).regex(/^\d{4}-\d{2}-\d{2}$/, {
      message: "tokens:errors.expiry",
    }),
  })
  .refine((v) => v.all_supplies === 1 || v.meter_ids.length > 0, {
    path: ["meter_ids"],
    message: "tokens:errors.suppliesRequired",
  });
export type TokenCreatePayload = z.input<typeof tokenCreateSchema>;
export type ValidTokenCreate = z.output<typeof tokenCreateSchema>;

/** A token as its owner's list shows it: never its secret. */
export const apiAccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  all_supplies: z.boolean(),
  meter_ids: z.array(id),
  created_at: timestamp,
  expires_at: timestamp,
  revoked_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
  last_used_ip: z.string().nullable(),
  status: z.enum(["active", "expired", "revoked"]),
});
export type ApiAccessToken = z.infer<typeof apiAccessTokenSchema>;

/** The answer of a create: the token, and its secret, this once. */
export const apiCreatedTokenSchema = z.object({
  token: apiAccessTokenSchema,
  secret: z.string().meta({ description: "nrg_…: shown once, never stored" }),
});
export type ApiCreatedToken = z.infer<typeof apiCreatedTokenSchema>;
