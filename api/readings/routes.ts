import { Hono } from "hono";
import {
  apiReadingSavedSchema,
  apiReadingSchema,
  type ApiErrorCode,
  type ApiReadingSaved,
} from "../../core/contract";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { userParams } from "../../core/contract/params";
import {
  correctReadingSchema,
  getNewReadingsSchema,
  postReadingSchema,
  readingsQuery,
} from "../../core/readings-schemas";
import { correctReading, customerReadings, newReadings, submitReading } from "./service";
import { data, documented } from "../lib/openapi";
import { onceForKey } from "./idempotency";

/** Set on the recorded first answer to an idempotency key, answered again. */
const REPLAYED = "Idempotent-Replayed";
import { z } from "zod";

const doc = documented("Readings");

/** Why a reading or its correction is refused (400), as both routes answer it. */
const READING_REFUSALS: ApiErrorCode[] = [
  "reading_not_allowed",
  "reading_period_closed",
  "reading_not_greater",
  "reading_implausible",
  "reading_too_high",
];

export { toApiReading } from "./service";

/**
 * Mounted at /api. Meter readings (spec §7): the customer's readings, submitting one, and the
 * readings registered since a moment. Every meter id is checked against the token's customer.
 */
export const readingRoutes = new Hono<ApiEnv>()
  /** All readings of the user's supplies (or of one, `?meter_id=`), newest first, origin 5 included. */
  .get(
    "/users/:userId/readings",
    doc({
      summary: "The readings of the caller's supplies (or of one: `meter_id`), newest first",
      ok: data(z.array(apiReadingSchema)),
    }),
    requireBearer,
    permit("read"),
    validate("param", userParams, { invalid: "not_found" }),
    validate("query", readingsQuery),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const { meter_id } = c.req.valid("query");
      const data = await customerReadings(
        c.get("db"),
        userId,
        meter_id ? Number(meter_id) : undefined,
      );
      return c.json({ data });
    },
  )

  /**
   * Readings registered (created) after `since`, for the user's supplies or one of them: what a
   * client polls after submitting, or to learn of the network operator's new readings.
   */
  .post(
    "/getNewReadings",
    doc({
      summary: "Readings registered since a moment (default: 30 days)",
      ok: data(z.array(apiReadingSchema)),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("json", getNewReadingsSchema),
    async (c) => {
      const body = c.req.valid("json");
      const since = body.since
        ? new Date(body.since.length === 10 ? `${body.since}T00:00:00Z` : body.since).toISOString()
        : new Date(Date.now() - 30 * 86_400_000).toISOString();
      const data = await newReadings(c.get("db"), c.get("auth").userId, since, body.meter_id);
      return c.json({ data });
    },
  )

  /** Submit a customer reading for today (201; 200 for the same values saved a moment ago). */
  .post(
    "/readings",
    doc({
      summary: "Submit today's reading of a supply",
      ok: [
        data(apiReadingSavedSchema, 201, "Saved"),
        data(apiReadingSavedSchema, 200, "The same values were saved a moment ago"),
      ],
      errors: {
        400: READING_REFUSALS,
        404: ["not_found"],
        422: ["idempotency_key_reused"],
      },
    }),
    requireBearer,
    permit("submit_reading"),
    validate("json", postReadingSchema),
    async (c) => {
      const db = c.get("db");
      const { userId } = c.get("auth");
      const body = c.req.valid("json");
      const result = await onceForKey(db, userId, "reading", body, () =>
        submitReading(db, userId, body),
      );
      if (result.replayed) c.header(REPLAYED, "true");
      return c.json({ data: result.data } satisfies { data: ApiReadingSaved }, result.status);
    },
  )

  /** Correct my latest reading while the period is open (409 when it is no longer the latest). */
  .post(
    "/readings/correction",
    doc({
      summary: "Correct my latest reading while the period is open",
      ok: [
        data(apiReadingSavedSchema, 201, "Saved"),
        data(apiReadingSavedSchema, 200, "The first answer to this idempotency key, again"),
      ],
      errors: {
        400: READING_REFUSALS,
        404: ["not_found"],
        409: ["reading_not_correctable"],
        422: ["idempotency_key_reused"],
      },
    }),
    requireBearer,
    permit("submit_reading"),
    validate("json", correctReadingSchema),
    async (c) => {
      const db = c.get("db");
      const { userId } = c.get("auth");
      const body = c.req.valid("json");
      const result = await onceForKey(db, userId, "correction", body, async () => ({
        status: 201,
        data: await correctReading(db, userId, body),
      }));
      if (result.replayed) c.header(REPLAYED, "true");
      return c.json({ data: result.data } satisfies { data: ApiReadingSaved }, result.status);
    },
  );
