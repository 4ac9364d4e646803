import { z } from "zod";
import type {
  cancellationBodySchema,
  nameChangeBodySchema,
  tariffSwitchBodySchema,
} from "../requests/schemas";
import { id, timestamp } from "./common";

// ---- requests: name change, supply cancellation, tariff switch (docs/api/requests.md) ----

export const apiRequestKindSchema = z.enum(["name_change", "cancellation", "tariff_switch"]);
export type ApiRequestKind = z.infer<typeof apiRequestKindSchema>;
export const apiRequestStatusSchema = z.enum(["submitted", "in_review", "completed", "rejected"]);
export type ApiRequestStatus = z.infer<typeof apiRequestStatusSchema>;

/** An uploaded attachment: a draft until a request uses it (POST /requests/files). */
export const apiRequestFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.enum(["application/pdf", "image/jpeg", "image/png"]),
  size: z.number().int().meta({ description: "Bytes" }),
});
export type ApiRequestFile = z.infer<typeof apiRequestFileSchema>;

/** A name-change, supply-cancellation or tariff-switch request of the customer. */
export const apiRequestSchema = z
  .object({
    id,
    reference: z.string().meta({ example: "REQ-2026-000123" }),
    kind: apiRequestKindSchema,
    status: apiRequestStatusSchema,
    meter_id: id,
    created_at: timestamp,
    fields: z
      .record(z.string(), z.string())
      .meta({ description: "The form's fields as submitted (without the file)" }),
    file: apiRequestFileSchema.omit({ id: true }).nullable(),
  })
  .meta({ id: "ApiRequest" });
export type ApiRequest = z.infer<typeof apiRequestSchema>;

/** What POST /requests/name-change takes (validated with core/requests/schemas.ts). */
export type NameChangePayload = z.input<typeof nameChangeBodySchema>;
/** What POST /requests/cancellation takes. */
export type CancellationPayload = z.input<typeof cancellationBodySchema>;
/** What POST /requests/tariff-switch takes. */
export type TariffSwitchPayload = z.input<typeof tariffSwitchBodySchema>;
