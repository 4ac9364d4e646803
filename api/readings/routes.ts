import { and, desc, eq, gt, ne } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { ApiReading, ApiReadingSaved } from "../contract";
import type { Db } from "../db";
import { inIds } from "../db/ids";
import { meters, readings } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { REMOVED_METER_STATUS, assertOwnUser, findUserWithCustomer } from "../services/customers";
import type { ApiEnv } from "../types";
import {
  athensToday,
  canSubmitReadings,
  CLIENT_CP_CODE,
  CLIENT_ORIGIN,
  DAY_CP_CODES,
  EXCLUDED_ORIGIN,
  hasNightRegister,
  indicationState,
  lastReadings,
  MAX_READING,
  NIGHT_CP_CODES,
  plausibility,
  previousValue,
  type Register,
} from "./rules";

type ReadingRow = typeof readings.$inferSelect;
type MeterRow = typeof meters.$inferSelect;

export function toApiReading(row: ReadingRow): ApiReading {
  return {
    id: row.id,
    meter_id: row.meter_id,
    date_ins: row.date_ins.slice(0, 10),
    cp_code: row.cp_code,
    origin: row.origin,
    value: row.value,
    registeredBy: row.registered_by,
    created_at: row.created_at,
  };
}

/** A register value: a whole number of kWh; the messages are the portal's translation keys. */
const readingValue = z
  .number({
    error: (issue) => (issue.input === undefined ? "validate.require" : "validate.number"),
  })
  .int("validate.number")
  .min(0, "validate.number")
  .max(MAX_READING, "readings:errors.tooLong");

export const postReadingSchema = z.object({
  meter_id: z.number().int().positive(),
  day: readingValue,
  night: readingValue.nullish(),
  /** The customer saw the "far higher than expected" warning and confirmed the values. */
  confirm: z.boolean().optional(),
});

const getNewReadingsSchema = z.object({
  /** Readings registered after this moment (ISO date or timestamp); default: the last 30 days. */
  since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  meter_id: z.number().int().positive().optional(),
});

const meterQuery = z.object({
  meter_id: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});

async function customerIdOf(db: Db, userId: number): Promise<number> {
  const found = await findUserWithCustomer(db, userId);
  if (!found) throw notFound();
  return found.customer.id;
}

/** One of the customer's supplies, or 404 exactly as for a supply that does not exist. */
async function ownMeter(db: Db, customerId: number, meterId: number): Promise<MeterRow> {
  const meter = await db.query.meters.findFirst({
    where: and(
      eq(meters.id, meterId),
      eq(meters.customer_id, customerId),
      ne(meters.status, REMOVED_METER_STATUS),
    ),
  });
  if (!meter) throw notFound();
  return meter;
}

async function ownMeterIds(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.customer_id, customerId), ne(meters.status, REMOVED_METER_STATUS)));
  return rows.map((r) => r.id);
}

function meterReadings(db: Db, meterIds: number[]) {
  return db
    .select()
    .from(readings)
    .where(inIds(readings.meter_id, meterIds))
    .orderBy(desc(readings.date_ins), desc(readings.id));
}

/**
 * Mounted at /api. Meter readings (spec §7): the customer's readings, submitting one, and the
 * readings registered since a moment. Every meter id is checked against the token's customer.
 */
export const readingRoutes = new Hono<ApiEnv>()
  /** All readings of the user's supplies (or of one, `?meter_id=`), newest first, origin 5 included. */
  .get("/users/:userId/readings", requireBearer, validate("query", meterQuery), async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.param("userId"));
    const db = c.get("db");
    const customerId = await customerIdOf(db, userId);
    const { meter_id } = c.req.valid("query");
    const ids = meter_id
      ? [(await ownMeter(db, customerId, Number(meter_id))).id]
      : await ownMeterIds(db, customerId);
    const rows = ids.length > 0 ? await meterReadings(db, ids) : [];
    return c.json({ data: rows.map(toApiReading) });
  })

  /**
   * Readings registered (created) after `since`, for the user's supplies or one of them: what a
   * client polls after submitting, or to learn of the network operator's new readings.
   */
  .post("/getNewReadings", requireBearer, validate("json", getNewReadingsSchema), async (c) => {
    const db = c.get("db");
    const customerId = await customerIdOf(db, c.get("auth").userId);
    const body = c.req.valid("json");
    const since = body.since
      ? new Date(body.since.length === 10 ? `${body.since}T00:00:00Z` : body.since).toISOString()
      : new Date(Date.now() - 30 * 86_400_000).toISOString();
    const ids = body.meter_id
      ? [(await ownMeter(db, customerId, body.meter_id)).id]
      : await ownMeterIds(db, customerId);
    if (ids.length === 0) return c.json({ data: [] });
    const rows = await db
      .select()
      .from(readings)
      .where(and(inIds(readings.meter_id, ids), gt(readings.created_at, since)))
      .orderBy(desc(readings.created_at), desc(readings.id))
      .limit(500);
    return c.json({ data: rows.map(toApiReading) });
  })

  /**
   * Submit a customer reading for today. Refused for supplies the reading page is not offered for,
   * outside the reading period, for values not above the previous reading, and, unless `confirm`,
   * for values far above what the customer's history predicts. The period and the previous values
   * are checked again inside the INSERT itself, so two tabs sending the same reading record it once.
   */
  .post("/readings", requireBearer, validate("json", postReadingSchema), async (c) => {
    const db = c.get("db");
    const customerId = await customerIdOf(db, c.get("auth").userId);
    const body = c.req.valid("json");
    const meter = await ownMeter(db, customerId, body.meter_id);
    if (!canSubmitReadings(meter) || meter.status !== "Active") {
      throw new ApiError(400, "reading_not_allowed");
    }
    const today = athensToday();
    if (!indicationState(meter, today).open) throw new ApiError(400, "reading_period_closed");

    const history = (await meterReadings(db, [meter.id])).map(toApiReading);
    const withNight = hasNightRegister(meter, history);
    const night = body.night ?? null;
    if (withNight && night === null) throw badRequest("validation", "night", "validate.require");
    if (!withNight && night !== null)
      throw badRequest("validation", "night", "readings:errors.noNight");

    const values: [Register, number][] = [["day", body.day]];
    if (night !== null) values.push(["night", night]);

    for (const [register, value] of values) {
      const previous = previousValue(history, register);
      if (previous !== null && value <= previous) {
        // The same values saved a moment ago (another tab, a resubmitted form): not an error.
        const duplicate = sameAsLastClientReading(history, today, body.day, night);
        if (duplicate) return c.json({ data: duplicate } satisfies { data: ApiReadingSaved }, 200);
        throw badRequest("reading_not_greater", register);
      }
    }
    if (!body.confirm) {
      for (const [register, value] of values) {
        const check = plausibility(history, register, value, today);
        if (check.status === "warn") {
          throw badRequest("reading_implausible", register, check.reason);
        }
      }
    }

    const createdAt = nowIso();
    // One conditional INSERT per register, run as one batch (one transaction): the guard checks
    // again, inside the database, that every value is still above all counted readings and that
    // the period is open. The night row follows only if the day row was written (changes() = 1).
    const registerGuard = (register: Register) =>
      `NOT EXISTS (SELECT 1 FROM readings WHERE meter_id = ? AND origin <> ${EXCLUDED_ORIGIN}
        AND cp_code IN (${(register === "day" ? DAY_CP_CODES : NIGHT_CP_CODES).map((code) => `'${code}'`).join(", ")})
        AND value >= ?)`;
    const guard = [
      ...values.map(([register]) => registerGuard(register)),
      `EXISTS (SELECT 1 FROM meters WHERE id = ? AND substr(indication_open_from, 1, 10) <= ?
        AND substr(indication_open_to, 1, 10) >= ?)`,
    ].join(" AND ");
    const guardParams = [
      ...values.flatMap(([, value]) => [meter.id, value]),
      meter.id,
      today,
      today,
    ];
    const insert = `INSERT INTO readings (meter_id, date_ins, cp_code, origin, value, registered_by, created_at)
      SELECT ?, ?, ?, ${CLIENT_ORIGIN}, ?, 'client', ? WHERE `;
    const d1 = db.$client;
    const statements = [
      d1
        .prepare(insert + guard)
        .bind(meter.id, today, CLIENT_CP_CODE.day, body.day, createdAt, ...guardParams),
    ];
    if (night !== null) {
      statements.push(
        d1
          .prepare(insert + "changes() = 1")
          .bind(meter.id, today, CLIENT_CP_CODE.night, night, createdAt),
      );
    }
    await d1.batch(statements);

    const saved = await db
      .select()
      .from(readings)
      .where(
        and(
          eq(readings.meter_id, meter.id),
          eq(readings.created_at, createdAt),
          eq(readings.origin, CLIENT_ORIGIN),
        ),
      )
      .orderBy(readings.id);
    if (saved.length === 0) {
      // Another request got there between our checks and the insert: answer as it would now.
      const now = (await meterReadings(db, [meter.id])).map(toApiReading);
      const duplicate = sameAsLastClientReading(now, today, body.day, night);
      if (duplicate) return c.json({ data: duplicate } satisfies { data: ApiReadingSaved }, 200);
      const fresh = await ownMeter(db, customerId, meter.id);
      if (!indicationState(fresh, today).open) throw new ApiError(400, "reading_period_closed");
      const failed = values.find(
        ([register, value]) => value <= (previousValue(now, register) ?? -1),
      );
      throw badRequest("reading_not_greater", failed?.[0] ?? "day");
    }
    return c.json(
      {
        data: { date_ins: today, readings: saved.map(toApiReading), duplicate: false },
      } satisfies { data: ApiReadingSaved },
      201,
    );
  });

/** The customer's reading of today with exactly these values, if it is the last one saved. */
function sameAsLastClientReading(
  history: ApiReading[],
  today: string,
  day: number,
  night: number | null,
): ApiReadingSaved | null {
  const last = lastReadings(history);
  if (!last || last.date !== today || last.registeredBy !== "client") return null;
  if (last.day?.value !== day || (last.night?.value ?? null) !== night) return null;
  const rows = [last.day, last.night].filter((r): r is ApiReading => r !== null);
  return { date_ins: today, readings: rows, duplicate: true };
}
