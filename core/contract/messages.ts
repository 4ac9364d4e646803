import { apiForecastSchema } from "./forecast";
import { z } from "zod";
import { id, timestamp } from "./common";
import { apiInvoiceSchema } from "./invoices";
import { apiMeterSchema } from "./meters";
import { apiReadingSchema } from "./readings";

export const apiMessageSchema = z
  .object({
    id,
    title: z.string(),
    content: z.string(),
    type: z.enum(["info", "confirm", "alert"]),
    category: z.string(),
    read_status: z.union([z.literal(0), z.literal(1)]),
    c_stamp: timestamp,
    meter_id: id.nullable(),
  })
  .meta({ id: "ApiMessage" });
export type ApiMessage = z.infer<typeof apiMessageSchema>;

/** A banner in the request's language (the Language header). */
export const apiBannerSchema = z
  .object({
    id,
    title: z.string(),
    body: z.string(),
    url: z.string().nullable(),
    kind: z.string(),
  })
  .meta({ id: "ApiBanner" });
export type ApiBanner = z.infer<typeof apiBannerSchema>;

/** GET /users/{id}/meters/{meterId}/shell: what every signed-in page shows around its content. */
export const apiShellReadsSchema = z.object({
  messages: z.array(apiMessageSchema),
  banners: z.array(apiBannerSchema),
  readings: z.array(apiReadingSchema).nullable().meta({
    description:
      "The supply's readings, newest first; null unless asked for (readings=1, or readings_from=YYYY-MM-DD for those dated on or after that day)",
  }),
  meters: z.array(apiMeterSchema).meta({
    description: "Full rows of the supplies asked for (ids=) that are the caller's, in list order",
  }),
  invoices: z.array(apiInvoiceSchema).nullable().meta({
    description: "With invoices=overview: the supply's history rows the overview shows; else null",
  }),
  forecast: apiForecastSchema.nullable().optional().meta({
    description:
      "With forecast=1: the supply's next-bill forecast, null for a supply that is not Active; else absent",
  }),
});
export type ApiShellReads = z.infer<typeof apiShellReadsSchema>;
