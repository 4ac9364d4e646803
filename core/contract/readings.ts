import { z } from "zod";
import type { correctReadingSchema, postReadingSchema } from "../readings-schemas";
import { READING_SOURCES } from "../figure-sources";
import { id, isoDate, timestamp } from "./common";

/**
 * One register value of a meter reading (spec §3 Reading): cumulative kWh. Day registers have
 * cp_code 10, 11, 21, 22, 23, 40–43, night registers 12, 13, 24, 44; origin 1 is the network
 * operator, 2 the customer, 5 a reading the portal must not show (the API returns it; the portal
 * excludes it, spec §4).
 */
export const apiReadingSchema = z
  .object({
    id,
    meter_id: id,
    date_ins: isoDate,
    cp_code: z
      .string()
      .meta({ description: "Register: day 10, 11, 21–23, 40–43; night 12, 13, 24, 44" }),
    origin: z.number().int().meta({ description: "1 network operator, 2 customer, 5 not shown" }),
    value: z.number().meta({ description: "Cumulative kWh" }),
    registeredBy: z.enum(["operator", "client"]),
    source: z.enum(READING_SOURCES).meta({
      description:
        "Where the value comes from: the network operator, the customer, or an estimate (whoever registered it)",
    }),
    created_at: timestamp,
    corrected_at: timestamp.nullish().meta({
      description:
        "When the customer corrected this reading (it stays in the history, marked, and no longer counts)",
    }),
  })
  .meta({ id: "ApiReading" });
export type ApiReading = z.infer<typeof apiReadingSchema>;

/** POST /readings success (201): the rows saved, all dated `date_ins`. */
export const apiReadingSavedSchema = z.object({
  date_ins: isoDate,
  readings: z.array(apiReadingSchema),
  duplicate: z.boolean().meta({
    description: "true when the same values were already saved (a second tab, a resubmitted form)",
  }),
});
export type ApiReadingSaved = z.infer<typeof apiReadingSavedSchema>;

/** What POST /readings takes (validated with core/readings-schemas.ts). */
export type ReadingPayload = z.input<typeof postReadingSchema>;
/** What POST /readings/correction takes: a reading and the row it replaces. */
export type ReadingCorrectionPayload = z.input<typeof correctReadingSchema>;
