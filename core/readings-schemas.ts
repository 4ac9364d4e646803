import { z } from "zod";
import { IDEMPOTENCY_KEY } from "./idempotency";
import { MAX_READING } from "./readings";

/**
 * The readings API's request bodies and queries (spec §7). Kept apart from the reading rules
 * (core/readings.ts), which the reading page's bundle imports, so that it does not pull zod.
 */

/** A register value: a whole number of kWh; the messages are the portal's translation keys. */
const readingValue = z
  .number({
    error: (issue) => (issue.input === undefined ? "validate.require" : "validate.number"),
  })
  .int("validate.number")
  .min(0, "validate.number")
  .max(MAX_READING, "readings:errors.tooLong");

/** POST /api/readings */
export const postReadingSchema = z.object({
  meter_id: z.number().int().positive(),
  day: readingValue,
  night: readingValue.nullish(),
  /** The customer saw the "far higher than expected" warning and confirmed the values. */
  confirm: z.boolean().optional(),
  /**
   * The form's key (core/idempotency.ts): the same key again returns the first answer and
   * records nothing; a key already used for another reading is refused (422).
   */
  idempotency_key: z.string().regex(IDEMPOTENCY_KEY).optional(),
});

/** POST /api/readings/correction: `reading_id` is the (day) row of the latest reading it replaces. */
export const correctReadingSchema = postReadingSchema.extend({
  reading_id: z.number().int().positive(),
});

/** POST /api/getNewReadings */
export const getNewReadingsSchema = z.object({
  /** Readings registered after this moment (ISO date or timestamp); default: the last 30 days. */
  since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  meter_id: z.number().int().positive().optional(),
});

/** GET /api/users/{id}/readings?meter_id= */
export const readingsQuery = z.object({
  meter_id: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});

export type PostReadingBody = z.output<typeof postReadingSchema>;
export type CorrectReadingBody = z.output<typeof correctReadingSchema>;
