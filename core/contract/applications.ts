import { z } from "zod";
import { APPLICATION_KINDS } from "../applications/rules";
import { timestamp } from "./common";
import { opaqueParam } from "./params";

// ---- transfer and new-supply applications (docs/api/applications.md) ----

export const apiApplicationKindSchema = z.enum(APPLICATION_KINDS);
export type ApiApplicationKind = z.infer<typeof apiApplicationKindSchema>;

/** A flow's server-side draft: what the steps saved so far (values as the schemas output them). */
export const apiApplicationDraftSchema = z.object({
  id: z.string().meta({ description: "Random; whoever holds it may read and edit the draft" }),
  kind: apiApplicationKindSchema,
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  completed: z.array(z.string()).meta({ description: "Steps saved, in flow order" }),
  expires_at: timestamp.meta({ description: "2 days after the last change" }),
});
export type ApiApplicationDraft = z.infer<typeof apiApplicationDraftSchema>;

/** POST /applications/drafts/{id}/submit (201). */
export const apiApplicationReceiptSchema = z.object({
  reference: z.string().meta({ description: "T-2026-000123 | N-2026-000123" }),
  kind: apiApplicationKindSchema,
  email: z.string().meta({ description: "Where the confirmation went" }),
});
export type ApiApplicationReceipt = z.infer<typeof apiApplicationReceiptSchema>;

// ---- requests (each step's body schema is in core/applications/) ----

export const applicationKindSchema = z.object({
  kind: z.enum(APPLICATION_KINDS, { error: "validate.require" }),
});

export const draftParams = z.object({
  id: opaqueParam("The draft id: 128 random bits in an HttpOnly cookie"),
});
export const draftStepParams = draftParams.extend({
  step: z.string().meta({ description: "A step of the draft's flow (contact, supply, …)" }),
});
