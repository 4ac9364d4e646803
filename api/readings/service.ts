import { and, desc, eq, gt, gte, inArray, isNull, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { ApiReading, ApiReadingSaved } from "../../core/contract";
import type { Db } from "../db";
import { inIds } from "../db/ids";
import { invoices, meters, readings } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import {
  customerMeterSummaries,
  ownMeter as findOwnMeter,
  personOf,
  type SupplyScope,
} from "../services/customers";
import { auditD1StatementWhen, auditStatementWhen } from "../services/audit";
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
  indicationState,
  NIGHT_CP_CODES,
  overCap,
  previousValue,
  readingWarnings,
  type ReadingLike,
  type Register,
  type RegisterValue,
  withoutReading,
} from "../../core/readings";
import type { CorrectReadingBody, PostReadingBody } from "../../core/readings-schemas";
import { athensToday } from "../../core/dates";
import { readingSourceOf } from "../../core/figure-sources";
import { registerValues, sameAsLastClientReading } from "./rules";

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
    source: readingSourceOf(row),
    created_at: row.created_at,
    corrected_at: row.corrected_at,
  };
}

/**
 * One of the customer's supplies, or 404 exactly as for a supply that does not exist. On a page's
 * reads it comes from the supply list read with the bearer check (services/customers.ts).
 */
async function ownMeter(db: Db, person: SupplyScope, meterId: number): Promise<MeterRow> {
  const meter = await findOwnMeter(db, person, meterId);
  if (!meter) throw notFound();
  return meter;
}

async function ownMeterIds(db: Db, person: SupplyScope): Promise<number[]> {
  return (await customerMeterSummaries(db, person)).map((m) => m.id);
}

/** Every reading of these supplies, newest first (the same statement as the pages' shell reads). */
async function meterReadings(db: Db, meterIds: number[]): Promise<ReadingRow[]> {
  return (await readingsStatement(db, meterIds).all<ReadingRow>()).results;
}

/** The ids of the customer's supplies, or the one asked for (404 if it is not theirs). */
async function readableMeterIds(
  db: Db,
  userId: number,
  meterId: number | undefined,
): Promise<number[]> {
  const person = await personOf(db, userId);
  return meterId ? [(await ownMeter(db, person, meterId)).id] : ownMeterIds(db, person);
}

/** All readings of the customer's supplies, or of one of them (404 if not theirs), newest first. */
export async function customerReadings(
  db: Db,
  userId: number,
  meterId: number | undefined,
): Promise<ApiReading[]> {
  const ids = await readableMeterIds(db, userId, meterId);
  const rows = ids.length > 0 ? await meterReadings(db, ids) : [];
  return rows.map(toApiReading);
}

/** Readings registered (created) after `since`, of the customer's supplies or one of them. */
export async function newReadings(
  db: Db,
  userId: number,
  since: string,
  meterId: number | undefined,
): Promise<ApiReading[]> {
  const ids = await readableMeterIds(db, userId, meterId);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(readings)
    .where(and(inIds(readings.meter_id, ids), gt(readings.created_at, since)))
    .orderBy(desc(readings.created_at), desc(readings.id))
    .limit(500);
  return rows.map(toApiReading);
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

/** A supply the customer may send a reading for today, with its readings. */
async function submittable(db: Db, userId: number, meterId: number) {
  const person = await personOf(db, userId);
  const meter = await ownMeter(db, person, meterId);
  if (!canSubmitReadings(meter) || meter.status !== "Active") {
    throw new ApiError(400, "reading_not_allowed");
  }
  const today = athensToday();
  const period = indicationState(meter, today);
  if (!period.open) throw new ApiError(400, "reading_period_closed");
  const history = (await meterReadings(db, [meter.id])).map(toApiReading);
  return { person, meter, today, period, history };
}

const cpCodes = (register: Register) =>
  (register === "day" ? DAY_CP_CODES : NIGHT_CP_CODES).map((code) => `'${code}'`).join(", ");

/**
 * No counted (not excluded, not corrected) reading of the register is at least `value`. The codes
 * are constants written into the SQL, not bound (nine of them per register).
 */
const noReadingAtLeast = (db: Db, meterId: number, { register, value }: RegisterValue) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(readings)
      .where(
        and(
          eq(readings.meter_id, meterId),
          ne(readings.origin, EXCLUDED_ORIGIN),
          isNull(readings.corrected_at),
          sql`${readings.cp_code} IN (${sql.raw(cpCodes(register))})`,
          gte(readings.value, value),
        ),
      ),
  );

/**
 * INSERT … SELECT of one client reading, written only when `guard` holds for the supply's row in
 * `meters` (no row, no insert): the checks run inside the database, in the same statement.
 */
const guardedInsert = (
  db: Db,
  row: { meterId: number; today: string; register: Register; value: number; createdAt: string },
  guard: SQL | undefined,
) =>
  db.insert(readings).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        meter_id: sql<number>`${row.meterId}`.as("meter_id"),
        date_ins: sql<string>`${row.today}`.as("date_ins"),
        cp_code: sql<string>`${CLIENT_CP_CODE[row.register]}`.as("cp_code"),
        origin: sql<number>`${sql.raw(String(CLIENT_ORIGIN))}`.as("origin"),
        value: sql<number>`${row.value}`.as("value"),
        registered_by: sql<"client">`'client'`.as("registered_by"),
        created_at: sql<string>`${row.createdAt}`.as("created_at"),
        corrected_at: sql<null>`NULL`.as("corrected_at"),
        replaces_id: sql<null>`NULL`.as("replaces_id"),
        // A customer's reading is never an estimate (ADR 0022).
        estimated: sql<number>`0`.as("estimated"),
      })
      .from(meters)
      .where(and(eq(meters.id, row.meterId), guard)),
  );

/**
 * The readings of the supply that this request's batch wrote (stamped with its `createdAt` and
 * matching `which`), in order: none when a guard inside the batch refused them.
 */
const writtenRows = (db: Db, meterId: number, createdAt: string, which: SQL | undefined) =>
  db
    .select()
    .from(readings)
    .where(and(eq(readings.meter_id, meterId), eq(readings.created_at, createdAt), which))
    .orderBy(readings.id);

export type SubmitResult = { status: 200 | 201; data: ApiReadingSaved };

/**
 * Submit a customer reading for today. Refused for supplies the reading page is not offered for,
 * outside the reading period, for values not above the previous reading, and, unless `confirm`,
 * for values far above what the customer's history predicts. The period and the previous values
 * are checked again inside the INSERT itself, so two tabs sending the same reading record it once.
 */
export async function submitReading(
  db: Db,
  userId: number,
  body: PostReadingBody,
): Promise<SubmitResult> {
  const { person, meter, today, history } = await submittable(db, userId, body.meter_id);
  const values = registerValues(meter, history, body);
  const night = body.night ?? null;

  for (const { register, value } of values) {
    const previous = previousValue(history, register);
    if (previous !== null && value <= previous) {
      // The same values saved a moment ago (another tab, a resubmitted form): not an error.
      const duplicate = sameAsLastClientReading(history, today, body.day, night);
      if (duplicate) return { status: 200, data: duplicate };
      throw badRequest("reading_not_greater", register);
    }
  }
  await judgeValues(db, meter, history, values, today, body.confirm);

  const createdAt = nowIso();
  // One conditional INSERT per register, run as one batch (one transaction): the guard checks
  // again, inside the database, that every value is still above all counted readings and that
  // the period is open. The night row follows only if the day row was written (changes() = 1).
  const row = { meterId: meter.id, today, createdAt };
  const dayGuard = and(
    ...values.map((v) => noReadingAtLeast(db, meter.id, v)),
    sql`substr(${meters.indication_open_from}, 1, 10) <= ${today}`,
    sql`substr(${meters.indication_open_to}, 1, 10) >= ${today}`,
  );
  // The rows come back from the inserts themselves (RETURNING), never looked up by their stamp:
  // two identical posts in the same millisecond share `createdAt`, and the one whose guard
  // refused it must not take the other's rows for its own (it answers 200, the same values).
  const day = guardedInsert(db, { ...row, register: "day", value: body.day }, dayGuard).returning();
  // The activity log's entry, written only if the statement before it wrote its row (changes()
  // is that of the previous statement of the batch, which runs as one transaction).
  const logged = auditStatementWhen(
    db,
    {
      action: "reading_submit",
      userId,
      meterId: meter.id,
      detail: night === null ? { day: body.day } : { day: body.day, night },
    },
    sql`changes() = 1`,
  );
  let saved: (typeof readings.$inferSelect)[];
  if (night === null) {
    const [dayRows] = await db.batch([day, logged]);
    saved = dayRows;
  } else {
    const nightRow = { ...row, register: "night" as const, value: night };
    const nightInsert = guardedInsert(db, nightRow, sql`changes() = 1`).returning();
    const [dayRows, nightRows] = await db.batch([day, nightInsert, logged]);
    saved = [...dayRows, ...nightRows];
  }

  if (saved.length === 0) {
    // Another request got there between our checks and the insert: answer as it would now.
    const now = (await meterReadings(db, [meter.id])).map(toApiReading);
    const duplicate = sameAsLastClientReading(now, today, body.day, night);
    if (duplicate) return { status: 200, data: duplicate };
    const fresh = await ownMeter(db, person, meter.id);
    if (!indicationState(fresh, today).open) throw new ApiError(400, "reading_period_closed");
    const failed = values.find(
      ({ register, value }) => value <= (previousValue(now, register) ?? -1),
    );
    throw badRequest("reading_not_greater", failed?.register ?? "day");
  }
  return {
    status: 201,
    data: { date_ins: today, readings: saved.map(toApiReading), duplicate: false },
  };
}

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
export async function correctReading(
  db: Db,
  userId: number,
  body: CorrectReadingBody,
): Promise<ApiReadingSaved> {
  const { person, meter, today, period, history } = await submittable(db, userId, body.meter_id);
  const target = correctableReading(history, period);
  if (!target || target.ids[0] !== body.reading_id) {
    throw new ApiError(409, "reading_not_correctable");
  }
  const before = withoutReading(history, target);
  const values = registerValues(meter, history, body);
  for (const { register, value } of values) {
    const previous = previousValue(before, register);
    if (previous !== null && value <= previous) throw badRequest("reading_not_greater", register);
  }
  await judgeValues(db, meter, before, values, today, body.confirm);

  const createdAt = nowIso();
  const [dayId, nightId = dayId] = target.ids as [number, number?];
  const maxId = Math.max(...target.ids);
  const valueGuard = (register: Register, param: string) =>
    `NOT EXISTS (SELECT 1 FROM readings WHERE meter_id = ?1 AND origin <> ${EXCLUDED_ORIGIN}
          AND corrected_at IS NULL AND id NOT IN (?7, ?8)
          AND cp_code IN (${cpCodes(register)})
          AND value >= ${param})`;
  // Raw SQL: numbered parameters reused across the guard (?1 five times, ?7/?8 four); Drizzle binds
  // every use apart, which would more than double this statement's bound parameters.
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
  // Raw SQL: it must run in the same D1 batch as the raw inserts above (Drizzle's batch takes
  // only its own queries); it marks the old rows only if this batch wrote their replacement.
  statements.push(
    d1
      .prepare(
        `UPDATE readings SET corrected_at = ?1 WHERE id IN (?2, ?3) AND corrected_at IS NULL
              AND EXISTS (SELECT 1 FROM readings WHERE replaces_id = ?2 AND created_at = ?1)`,
      )
      .bind(createdAt, dayId, nightId),
  );
  // The activity log's entry (old → new), written only if this batch wrote the replacement.
  const pair = (before: { value: number } | null, after: number | undefined) =>
    [before ? String(before.value) : null, after === undefined ? null : String(after)] as [
      string | null,
      string | null,
    ];
  const change = {
    day: pair(target.day, body.day),
    ...(night || target.night ? { night: pair(target.night, night?.value) } : {}),
  };
  statements.push(
    auditD1StatementWhen(
      d1,
      { action: "reading_correct", userId, meterId: meter.id, detail: change },
      "EXISTS (SELECT 1 FROM readings WHERE replaces_id = ? AND created_at = ?)",
      dayId,
      createdAt,
    ),
  );
  try {
    await d1.batch(statements);
  } catch (error) {
    // The unique index on replaces_id: another correction replaced this reading first.
    if (/UNIQUE/i.test(String(error))) throw new ApiError(409, "reading_not_correctable");
    throw error;
  }

  const saved = await writtenRows(
    db,
    meter.id,
    createdAt,
    inArray(readings.replaces_id, target.ids),
  );
  if (saved.length === 0 || saved[0]?.value !== body.day) {
    // Something changed between our checks and the batch: answer as we would now.
    const now = (await meterReadings(db, [meter.id])).map(toApiReading);
    const fresh = await ownMeter(db, person, meter.id);
    const state = indicationState(fresh, today);
    if (!state.open) throw new ApiError(400, "reading_period_closed");
    if (correctableReading(now, state)?.ids[0] !== body.reading_id) {
      throw new ApiError(409, "reading_not_correctable");
    }
    throw badRequest("reading_not_greater", "day");
  }
  return { date_ins: today, readings: saved.map(toApiReading), duplicate: false };
}
