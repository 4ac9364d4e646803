import { and, desc, eq, gt, gte, inArray, ne } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { ApiReading, ApiReadingSaved } from "../contract";
import type { Db } from "../db";
import { inIds } from "../db/ids";
import { invoices, meters, readings } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import {
  REMOVED_METER_STATUS,
  assertOwnUser,
  customerMeterSummaries,
  findUserWithCustomer,
  isReadOnly,
  ownMeter as findOwnMeter,
} from "../services/customers";
import type { ApiEnv } from "../types";
import { readingsStatement } from "../services/shell-reads";
import {
  BILLED_TYPES,
  CAP_WINDOW_YEARS,
  canSubmitReadings,
  CLIENT_CP_CODE,
  CLIENT_ORIGIN,
  consumptionCap,
  correctableReading,
  DAY_CP_CODES,
  EXCLUDED_ORIGIN,
  hasNightRegister,
  indicationState,
  lastReadings,
  MAX_READING,
  NIGHT_CP_CODES,
  overCap,
  previousValue,
  readingWarnings,
  type ReadingLike,
  type Register,
  type RegisterValue,
  withoutReading,
} from "../../core/readings";
import { athensToday } from "../../core/dates";

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
    corrected_at: row.corrected_at,
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

/** A correction of the customer's latest reading: `reading_id` is the (day) row it replaces. */
export const correctReadingSchema = postReadingSchema.extend({
  reading_id: z.number().int().positive(),
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

/**
 * One of the customer's supplies, or 404 exactly as for a supply that does not exist. On a page's
 * reads it comes from the supply list read with the bearer check (services/customers.ts).
 */
async function ownMeter(db: Db, customerId: number, meterId: number): Promise<MeterRow> {
  const meter = await findOwnMeter(db, customerId, meterId);
  if (!meter) throw notFound();
  return meter;
}

async function ownMeterIds(db: Db, customerId: number): Promise<number[]> {
  if (isReadOnly(db)) return (await customerMeterSummaries(db, customerId)).map((m) => m.id);
  const rows = await db
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.customer_id, customerId), ne(meters.status, REMOVED_METER_STATUS)));
  return rows.map((r) => r.id);
}

/** Every reading of these supplies, newest first (the same statement as the pages' shell reads). */
async function meterReadings(db: Db, meterIds: number[]): Promise<ReadingRow[]> {
  return (await readingsStatement(db, meterIds).all<ReadingRow>()).results;
}

/** The billed periods the consumption cap looks at: the supply's invoices of the window. */
async function billedPeriods(db: Db, meterId: number, today: string) {
  const since = `${Number(today.slice(0, 4)) - CAP_WINDOW_YEARS}${today.slice(4, 10)}`;
  return db
    .select({
      type: invoices.type,
      issue_date: invoices.issue_date,
      day_kwh: invoices.day_kwh,
      night_kwh: invoices.night_kwh,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.meter_id, meterId),
        gte(invoices.issue_date, since),
        inArray(invoices.type, [...BILLED_TYPES]),
      ),
    );
}

/** The day (and night) values of a body, checked against the supply's night register. */
function registerValues(
  meter: MeterRow,
  history: ReadingLike[],
  body: { day: number; night?: number | null },
): RegisterValue[] {
  const withNight = hasNightRegister(meter, history);
  const night = body.night ?? null;
  if (withNight && night === null) throw badRequest("validation", "night", "validate.require");
  if (!withNight && night !== null)
    throw badRequest("validation", "night", "readings:errors.noNight");
  const values: RegisterValue[] = [{ register: "day", value: body.day }];
  if (night !== null) values.push({ register: "night", value: night });
  return values;
}

/**
 * The rules a value must pass beyond "greater than the previous reading", against `history`
 * (for a correction: without the rows it replaces): refused above the consumption cap (call
 * 18101, no confirmation accepts it); unless `confirm`, refused with a warning when far higher
 * than the customer's history predicts, naming the first suspicious register (the portal names
 * them all, with the same rule).
 */
async function judgeValues(
  db: Db,
  meter: MeterRow,
  history: ReadingLike[],
  values: RegisterValue[],
  today: string,
  confirm: boolean | undefined,
) {
  const cap = consumptionCap(await billedPeriods(db, meter.id, today), today);
  const tooHigh = overCap(history, values, cap);
  if (tooHigh) throw badRequest("reading_too_high", tooHigh);
  if (confirm) return;
  const [first] = readingWarnings(history, values, today);
  if (first) throw badRequest("reading_implausible", first.register, first.reason);
}

/** SQL: no counted (not excluded, not corrected) reading of `register` is at least ?2 (meter ?1). */
const registerGuard = (register: Register, except = "") =>
  `NOT EXISTS (SELECT 1 FROM readings WHERE meter_id = ? AND origin <> ${EXCLUDED_ORIGIN}
    AND corrected_at IS NULL ${except}
    AND cp_code IN (${(register === "day" ? DAY_CP_CODES : NIGHT_CP_CODES).map((code) => `'${code}'`).join(", ")})
    AND value >= ?)`;

/** SQL: the supply's reading period is open on ?3 (meter ?1, today ?2 and ?3). */
const PERIOD_OPEN = `EXISTS (SELECT 1 FROM meters WHERE id = ? AND substr(indication_open_from, 1, 10) <= ?
    AND substr(indication_open_to, 1, 10) >= ?)`;

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
    const values = registerValues(meter, history, body);
    const night = body.night ?? null;

    for (const { register, value } of values) {
      const previous = previousValue(history, register);
      if (previous !== null && value <= previous) {
        // The same values saved a moment ago (another tab, a resubmitted form): not an error.
        const duplicate = sameAsLastClientReading(history, today, body.day, night);
        if (duplicate) return c.json({ data: duplicate } satisfies { data: ApiReadingSaved }, 200);
        throw badRequest("reading_not_greater", register);
      }
    }
    await judgeValues(db, meter, history, values, today, body.confirm);

    const createdAt = nowIso();
    // One conditional INSERT per register, run as one batch (one transaction): the guard checks
    // again, inside the database, that every value is still above all counted readings and that
    // the period is open. The night row follows only if the day row was written (changes() = 1).
    const guard = [...values.map(({ register }) => registerGuard(register)), PERIOD_OPEN].join(
      " AND ",
    );
    const guardParams = [
      ...values.flatMap(({ value }) => [meter.id, value]),
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
        ({ register, value }) => value <= (previousValue(now, register) ?? -1),
      );
      throw badRequest("reading_not_greater", failed?.register ?? "day");
    }
    return c.json(
      {
        data: { date_ins: today, readings: saved.map(toApiReading), duplicate: false },
      } satisfies { data: ApiReadingSaved },
      201,
    );
  })

  /**
   * Correct my reading: while the reading period is open, the customer replaces their own latest
   * reading (`reading_id`, its day row). The new values are judged against the readings before
   * it (greater than the previous one, the consumption cap, the warning unless `confirm`); the
   * old rows stay, marked corrected. Race-safe: one batch (one transaction) inserts the new rows
   * only if, inside the database, the old ones still stand, nothing was registered after them, the
   * values still hold and the period is open, then marks the old rows; a unique index on
   * replaces_id refuses a second replacement of the same row whatever happens. Of two corrections
   * at once, one wins; the other answers 409 reading_not_correctable.
   */
  .post(
    "/readings/correction",
    requireBearer,
    validate("json", correctReadingSchema),
    async (c) => {
      const db = c.get("db");
      const customerId = await customerIdOf(db, c.get("auth").userId);
      const body = c.req.valid("json");
      const meter = await ownMeter(db, customerId, body.meter_id);
      if (!canSubmitReadings(meter) || meter.status !== "Active") {
        throw new ApiError(400, "reading_not_allowed");
      }
      const today = athensToday();
      const period = indicationState(meter, today);
      if (!period.open) throw new ApiError(400, "reading_period_closed");

      const history = (await meterReadings(db, [meter.id])).map(toApiReading);
      const target = correctableReading(history, period);
      if (!target || target.ids[0] !== body.reading_id) {
        throw new ApiError(409, "reading_not_correctable");
      }
      const before = withoutReading(history, target);
      const values = registerValues(meter, history, body);
      for (const { register, value } of values) {
        const previous = previousValue(before, register);
        if (previous !== null && value <= previous)
          throw badRequest("reading_not_greater", register);
      }
      await judgeValues(db, meter, before, values, today, body.confirm);

      const createdAt = nowIso();
      const [dayId, nightId = dayId] = target.ids as [number, number?];
      const maxId = Math.max(...target.ids);
      const valueGuard = (register: Register, param: string) =>
        `NOT EXISTS (SELECT 1 FROM readings WHERE meter_id = ?1 AND origin <> ${EXCLUDED_ORIGIN}
          AND corrected_at IS NULL AND id NOT IN (?7, ?8)
          AND cp_code IN (${(register === "day" ? DAY_CP_CODES : NIGHT_CP_CODES).map((code) => `'${code}'`).join(", ")})
          AND value >= ${param})`;
      // ?1 meter, ?2 today, ?3 cp_code, ?4 value, ?5 created_at, ?6 replaced row, ?7/?8 the rows
      // corrected, ?9 how many, ?10 their date, ?11 their highest id, ?12/?13 day/night values.
      const insert = `INSERT INTO readings (meter_id, date_ins, cp_code, origin, value, registered_by, created_at, replaces_id)
        SELECT ?1, ?2, ?3, ${CLIENT_ORIGIN}, ?4, 'client', ?5, ?6 WHERE `;
      const guard = [
        `(SELECT COUNT(*) FROM readings WHERE id IN (?7, ?8) AND meter_id = ?1
          AND corrected_at IS NULL AND origin = ${CLIENT_ORIGIN}) = ?9`,
        `NOT EXISTS (SELECT 1 FROM readings WHERE meter_id = ?1 AND origin <> ${EXCLUDED_ORIGIN}
          AND corrected_at IS NULL AND id NOT IN (?7, ?8)
          AND (substr(date_ins, 1, 10) > ?10 OR (substr(date_ins, 1, 10) = ?10 AND id > ?11)))`,
        ...values.map(({ register }, i) => valueGuard(register, `?${12 + i}`)),
        `EXISTS (SELECT 1 FROM meters WHERE id = ?1 AND substr(indication_open_from, 1, 10) <= ?2
          AND substr(indication_open_to, 1, 10) >= ?2)`,
      ].join(" AND ");
      const d1 = db.$client;
      const night = values.find((v) => v.register === "night");
      const statements = [
        d1
          .prepare(insert + guard)
          .bind(
            meter.id,
            today,
            CLIENT_CP_CODE.day,
            body.day,
            createdAt,
            dayId,
            dayId,
            nightId,
            target.ids.length,
            target.date,
            maxId,
            ...values.map((v) => v.value),
          ),
      ];
      if (night) {
        statements.push(
          d1
            .prepare(insert + "changes() = 1")
            .bind(meter.id, today, CLIENT_CP_CODE.night, night.value, createdAt, nightId),
        );
      }
      statements.push(
        d1
          .prepare(
            `UPDATE readings SET corrected_at = ?1 WHERE id IN (?2, ?3) AND corrected_at IS NULL
              AND EXISTS (SELECT 1 FROM readings WHERE replaces_id = ?2 AND created_at = ?1)`,
          )
          .bind(createdAt, dayId, nightId),
      );
      try {
        await d1.batch(statements);
      } catch (error) {
        // The unique index on replaces_id: another correction replaced this reading first.
        if (/UNIQUE/i.test(String(error))) throw new ApiError(409, "reading_not_correctable");
        throw error;
      }

      const saved = await db
        .select()
        .from(readings)
        .where(
          and(
            eq(readings.meter_id, meter.id),
            eq(readings.created_at, createdAt),
            inArray(readings.replaces_id, target.ids),
          ),
        )
        .orderBy(readings.id);
      if (saved.length === 0 || saved[0]?.value !== body.day) {
        // Something changed between our checks and the batch: answer as we would now.
        const now = (await meterReadings(db, [meter.id])).map(toApiReading);
        const fresh = await ownMeter(db, customerId, meter.id);
        const state = indicationState(fresh, today);
        if (!state.open) throw new ApiError(400, "reading_period_closed");
        if (correctableReading(now, state)?.ids[0] !== body.reading_id) {
          throw new ApiError(409, "reading_not_correctable");
        }
        throw badRequest("reading_not_greater", "day");
      }
      return c.json(
        {
          data: { date_ins: today, readings: saved.map(toApiReading), duplicate: false },
        } satisfies { data: ApiReadingSaved },
        201,
      );
    },
  );

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
