import { z } from "zod";
import { ACTIVITY_ACTIONS } from "../activity";
import { id, isoDate, timestamp } from "./common";

/**
 * The activity log (#18, /b2b/istoriko): GET /users/{userId}/activity (JSON, 50 entries a page,
 * newest first) and GET /users/{userId}/activity.csv (every entry the filters match). What each
 * person sees of it: core/permissions.ts `activityScope`, api/activity/rules.ts.
 */

/** Entries per page of the JSON answer. */
export const ACTIVITY_PAGE_SIZE = 50;

/** A YYYY-MM-DD day of a filter (the check of how far back: api/activity/rules.ts). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "activity:errors.date")
  .pipe(z.iso.date("activity:errors.date"));

/** An empty field of a plain GET form is no filter. */
const blankIsNone = (value: unknown) => (value === "" ? undefined : value);

export const activityQuerySchema = z.object({
  person: z.preprocess(
    blankIsNone,
    z
      .string()
      .regex(/^\d{1,12}$/, "activity:errors.person")
      .optional()
      .meta({ description: "Only the entries of this person (a user id of the account)" }),
  ),
  meter: z.preprocess(
    blankIsNone,
    z
      .string()
      .trim()
      .max(40, "activity:errors.supply")
      .regex(/^[0-9A-Za-z]+$/, "activity:errors.supply")
      .optional()
      .meta({ description: "Only the entries of the supplies whose supply number contains this" }),
  ),
  from: z.preprocess(blankIsNone, day.optional().meta({ description: "From this day (Athens)" })),
  to: z.preprocess(blankIsNone, day.optional().meta({ description: "To this day (Athens)" })),
  page: z.preprocess(
    blankIsNone,
    z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "From 1" }),
  ),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const apiActivityActionSchema = z.enum(ACTIVITY_ACTIONS);

/** A value of what changed: the value, or its old and new value. */
const detailValue = z.union([
  z.string(),
  z.number(),
  z.tuple([z.string().nullable(), z.string().nullable()]),
]);

export const apiActivityPersonSchema = z.object({
  id,
  name: z.string(),
  removed: z.boolean().meta({ description: "Removed from the account (the entry stays)" }),
});
export type ApiActivityPerson = z.infer<typeof apiActivityPersonSchema>;

export const apiActivityEntrySchema = z
  .object({
    id,
    created_at: timestamp,
    action: apiActivityActionSchema,
    person: apiActivityPersonSchema
      .nullable()
      .meta({ description: "Who acted; null: no one signed in" }),
    supply: z
      .object({
        id,
        supply_number: z.string(),
        address: z.string(),
      })
      .nullable(),
    subject: z
      .object({ id, name: z.string() })
      .nullable()
      .meta({ description: "The person acted on (people changes)" }),
    detail: z.record(z.string(), detailValue).meta({
      description: "What changed: a value, or [old, new]; never a password, card number or code",
    }),
    ip: z.string().nullable().optional().meta({ description: "Only for the account's master" }),
  })
  .meta({ id: "ApiActivityEntry" });
export type ApiActivityEntry = z.infer<typeof apiActivityEntrySchema>;

export const apiActivityPageSchema = z.object({
  entries: z.array(apiActivityEntrySchema),
  page: z.number().int(),
  pages: z.number().int().meta({ description: "At least 1" }),
  total: z.number().int(),
  people: z.array(apiActivityPersonSchema).meta({
    description: "The people the caller may filter by, for the person select",
  }),
  oldest_day: isoDate.meta({ description: "The earliest day the period filter accepts" }),
});
export type ApiActivityPage = z.infer<typeof apiActivityPageSchema>;
