import { z } from "zod";
import { division, id, isoDate, timestamp } from "./common";
import { opaqueParam, pathId, positivePathId } from "./params";

// ---- direct debit (docs/api/direct-debit.md) ----

export const apiDdStepSchema = z.enum(["code", "card", "confirm", "done"]);
export type ApiDdStep = z.infer<typeof apiDdStepSchema>;

/** A supply the verified customer may put on direct debit. */
export const apiDdSupplySchema = z.object({
  meter_id: id,
  supply_number: z.string(),
  division,
  address: z.string(),
  direct_debit: z
    .object({ card_brand: z.string(), card_last4: z.string(), charge_day: z.number().int() })
    .nullable()
    .meta({
      description: "The card already charged for it, if any (activating again replaces it)",
    }),
});
export type ApiDdSupply = z.infer<typeof apiDdSupplySchema>;

/** An active direct debit of one supply. */
export const apiDirectDebitSchema = z
  .object({
    meter_id: id,
    supply_number: z.string(),
    division,
    address: z.string(),
    card_brand: z.string(),
    card_last4: z.string(),
    card_exp_month: z.number().int(),
    card_exp_year: z.number().int(),
    holder: z.string(),
    charge_day: z
      .number()
      .int()
      .meta({ description: "Day of the month (1–28) the card is charged" }),
    next_charge_date: isoDate.meta({ description: "The next charge" }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ApiDirectDebit" });
export type ApiDirectDebit = z.infer<typeof apiDirectDebitSchema>;

/** The state of one set-up flow, as GET /direct-debit/flows/{token} shows it. */
export const apiDdFlowSchema = z.object({
  step: apiDdStepSchema,
  afm: z.string(),
  mobile_masked: z.string(),
  expires_at: timestamp.meta({ description: "When the flow ends (session expired)" }),
  code_expires_at: timestamp.nullable(),
  attempts_left: z.number().int().meta({ description: "Wrong guesses left before the flow ends" }),
  resend_available_at: timestamp.meta({
    description: "The earliest moment a new code may be asked for",
  }),
  supplies: z.array(apiDdSupplySchema).meta({ description: "Only once the code is verified" }),
  meter_id: id.nullable().meta({
    description: "What the card step was last given (never the card number or CVV)",
  }),
  holder: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  card: z
    .object({ brand: z.string(), last4: z.string() })
    .nullable()
    .meta({ description: "The card the issuer accepted (step confirm/done)" }),
  mandate: apiDirectDebitSchema.nullable().meta({ description: "The mandate created (step done)" }),
});
export type ApiDdFlow = z.infer<typeof apiDdFlowSchema>;

/** POST /direct-debit/flows: the new flow and its token (a capability: keep it secret). */
export const apiDdFlowStartSchema = apiDdFlowSchema.extend({ flow_token: z.string() });
export type ApiDdFlowStart = z.infer<typeof apiDdFlowStartSchema>;

// ---- requests (the bodies' schemas are the form's: core/direct-debit/schemas.ts) ----

export const ddFlowParams = z.object({
  token: opaqueParam("The flow token: a random capability kept in an HttpOnly cookie"),
});
export const ddMeterParams = z.object({ userId: pathId, meterId: positivePathId });
