import { and, eq, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isoDate } from "../../core/contract/common";
import { athensToday } from "../../core/dates";
import {
  hasNightRegister,
  MAX_READING,
  OPERATOR_ORIGIN,
  previousValue,
  type ReadingLike,
  type Register,
} from "../../core/readings";
import { meters, readings } from "../db/schema";
import { documented, json } from "../lib/openapi";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import { requireService } from "./auth";
import {
  applyKeyed,
  KEY_PATTERN,
  keyOfPortalId,
  Refusal,
  runBatch,
  type Applied,
  type BatchContext,
} from "./batch";
import {
  batchAnswerSchema,
  batchContext,
  batchEnvelope,
  resolveSupply,
  supplyRef,
  type SupplyRow,
} from "./invoices";

/**
 * POST /api/backoffice/readings and POST /api/backoffice/reading-periods (#36 §1): the network
 * operator's meter readings and the supplies' reading (indication) periods.
 *
 * Readings (backoffice_keys kind "reading"):
 * - One item is one register's value on one day: a `readings` row of the network operator
 *   (origin 1, registered_by "operator") with the operator's cp_code of the register, as the demo
 *   data has them (day 10, night 12; core/readings.ts counts both). The page's history, last
 *   readings and the customer's next reading (which must exceed it) take it from there.
 * - The date is an Athens day, never after today there (`future_date`); the value is never below
 *   the highest counted reading (operator's or customer's, core/readings.ts previousValue) of the
 *   register on an earlier day (`below_previous`: a meter only counts up). A night value needs a
 *   supply with a night register, by the portal's own rule (hasNightRegister; `no_night_register`).
 * - An operator reading of that day and register the portal already has (the demo's) and no key
 *   names is claimed; a reading never moves to another supply (`supply_changed`).
 *
 * Reading periods (kind "reading_period", portal id: the supply's):
 * - `opens`–`closes` (Athens days, both included, at most 31 days) become the supply's
 *   meters.indication_open_from / indication_open_to: the period is open while opens ≤ today ≤
 *   closes in Athens, exactly as the reading page and POST /api/readings decide it
 *   (core/readings.ts indicationState). Its notices are a scheduled job's; only the period is
 *   stored here.
 */

const READING = "reading";
const PERIOD = "reading_period";

/** The network operator's cp_code of each register (seed/readings.ts; DAY/NIGHT_CP_CODES). */
export const OPERATOR_CP_CODE = { day: "10", night: "12" } as const satisfies Record<
  Register,
  string
>;

/** The longest reading period, in days (opening and closing day included). */
export const READING_PERIOD_MAX_DAYS = 31;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` (ISO days). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const requireSupply = (item: {
  supply_key?: string | undefined;
  supply_number?: string | undefined;
}) => item.supply_key !== undefined || item.supply_number !== undefined;

export const readingItemSchema = z
  .object({
    key: z
      .string()
      .regex(KEY_PATTERN)
      .meta({ description: "The billing system's key of the reading (one register, one day)" }),
    ...supplyRef,
    date: isoDate.meta({
      description: "The day it was read (YYYY-MM-DD, Athens), not after today",
    }),
    register: z
      .enum(["day", "night"])
      .meta({ description: "The meter's register: day (cp_code 10) or night (cp_code 12)" }),
    value: z
      .number()
      .int()
      .min(0)
      .max(MAX_READING)
      .meta({ description: "The register's index, whole kWh" }),
    estimated: z
      .boolean()
      .meta({ description: "The operator estimated it (the meter was not read)" }),
  })
  .strict()
  .refine(requireSupply, { path: ["supply_key"], message: "validate.require" });

export type ReadingItem = z.infer<typeof readingItemSchema>;

export const readingPeriodItemSchema = z
  .object({
    key: z
      .string()
      .regex(KEY_PATTERN)
      .meta({ description: "The billing system's key of the period" }),
    ...supplyRef,
    opens: isoDate.meta({ description: "The first day of the period (Athens)" }),
    closes: isoDate.meta({
      description: `The last day of the period (Athens): not before opens, at most ${READING_PERIOD_MAX_DAYS} days in all`,
    }),
  })
  .strict()
  .refine(requireSupply, { path: ["supply_key"], message: "validate.require" })
  .refine((item) => item.closes >= item.opens, { path: ["closes"], message: "validate.invalid" })
  .refine((item) => daysBetween(item.opens, item.closes) < READING_PERIOD_MAX_DAYS, {
    path: ["closes"],
    message: "validate.invalid",
  });

export type ReadingPeriodItem = z.infer<typeof readingPeriodItemSchema>;

/** The supply's readings, except the row `except` (the one being updated). */
async function supplyReadings(
  ctx: BatchContext,
  meterId: number,
  except: number | null,
): Promise<ReadingLike[]> {
  return ctx.db
    .select({
      id: readings.id,
      date_ins: readings.date_ins,
      cp_code: readings.cp_code,
      origin: readings.origin,
      value: readings.value,
      registeredBy: readings.registered_by,
      corrected_at: readings.corrected_at,
    })
    .from(readings)
    .where(
      and(eq(readings.meter_id, meterId), except === null ? undefined : ne(readings.id, except)),
    );
}

/** The checks of a reading against the supply and its history; refused with a reason. */
async function assertReading(
  ctx: BatchContext,
  item: ReadingItem,
  supply: SupplyRow,
  except: number | null,
) {
  if (item.date > athensToday(ctx.now)) throw new Refusal("future_date", "date");
  const history = await supplyReadings(ctx, supply.id, except);
  if (item.register === "night") {
    const [meter] = await ctx.db
      .select({ has_night: meters.has_night })
      .from(meters)
      .where(eq(meters.id, supply.id));
    if (!meter || !hasNightRegister(meter, history)) {
      throw new Refusal("no_night_register", "register");
    }
  }
  // The highest counted value of the register on an earlier day (origin 5 and corrected ones
  // never count): a meter only counts up.
  const earlier = history.filter((r) => r.date_ins.slice(0, 10) < item.date);
  const previous = previousValue(earlier, item.register);
  if (previous !== null && item.value < previous) throw new Refusal("below_previous", "value");
}

/** The columns of the readings row an item stands for (created_at only on insert). */
const readingRow = (item: ReadingItem, supply: SupplyRow) => ({
  meter_id: supply.id,
  date_ins: item.date,
  cp_code: OPERATOR_CP_CODE[item.register],
  origin: OPERATOR_ORIGIN,
  value: item.value,
  registered_by: "operator" as const,
  estimated: item.estimated ? 1 : 0,
});

/** Applies one operator reading (created, updated or unchanged). */
export async function applyReading(item: ReadingItem, ctx: BatchContext): Promise<Applied> {
  const supply = await resolveSupply(ctx, item);
  const row = readingRow(item, supply);
  return applyKeyed(ctx, READING, item, {
    create: async () => {
      await assertReading(ctx, item, supply, null);
      // The operator's reading of that day and register the portal already has (the demo's),
      // unless another key of the billing system names it.
      const existing = await ctx.db
        .select({ id: readings.id })
        .from(readings)
        .where(
          and(
            eq(readings.meter_id, supply.id),
            eq(readings.origin, OPERATOR_ORIGIN),
            eq(readings.registered_by, "operator"),
            eq(readings.cp_code, row.cp_code),
            sql`substr(${readings.date_ins}, 1, 10) = ${item.date}`,
          ),
        );
      for (const { id } of existing) {
        if ((await keyOfPortalId(ctx.db, READING, id)) !== null) continue;
        await ctx.db.update(readings).set(row).where(eq(readings.id, id));
        return id;
      }
      const [inserted] = await ctx.db
        .insert(readings)
        .values({ ...row, created_at: ctx.now.toISOString() })
        .returning({ id: readings.id });
      if (!inserted) throw new Error("reading insert returned nothing");
      return inserted.id;
    },
    update: async (readingId) => {
      const [current] = await ctx.db
        .select({ meter_id: readings.meter_id })
        .from(readings)
        .where(eq(readings.id, readingId));
      if (!current) throw new Refusal("unknown_reading");
      if (current.meter_id !== supply.id) throw new Refusal("supply_changed", "supply_key");
      await assertReading(ctx, item, supply, readingId);
      await ctx.db.update(readings).set(row).where(eq(readings.id, readingId));
    },
  });
}

/** Applies one reading period: the supply's indication_open_from / _to (created, updated, unchanged). */
export async function applyReadingPeriod(
  item: ReadingPeriodItem,
  ctx: BatchContext,
): Promise<Applied> {
  const supply = await resolveSupply(ctx, item);
  // Stored as the days themselves: indicationState compares them with today in Athens.
  const period = { indication_open_from: item.opens, indication_open_to: item.closes };
  return applyKeyed(ctx, PERIOD, item, {
    create: async () => {
      await ctx.db.update(meters).set(period).where(eq(meters.id, supply.id));
      return supply.id;
    },
    update: async (meterId) => {
      if (meterId !== supply.id) throw new Refusal("supply_changed", "supply_key");
      await ctx.db.update(meters).set(period).where(eq(meters.id, supply.id));
    },
  });
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficeReadingRoutes = new Hono<ApiEnv>()
  .post(
    "/readings",
    doc({
      summary: "The network operator's meter readings, one register a day each (batch upsert)",
      description:
        "At most 500 items, each keyed by the billing system's own key and answered created, updated, unchanged or refused with a reason (future_date, below_previous, no_night_register, unknown_supply, supply_changed, duplicate_key, validation).",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("readings"),
    validate("json", batchEnvelope(readingItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(await runBatch(items, readingItemSchema, ctx, applyReading, "readings"));
    },
  )
  .post(
    "/reading-periods",
    doc({
      summary: "The supplies' reading periods: the days the customer may send a reading",
      description:
        "At most 500 items, each keyed by the billing system's own key: the supply's period opens and closes on Athens days (both included, at most 31 days). Answered created, updated, unchanged or refused with a reason (unknown_supply, supply_changed, duplicate_key, validation).",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("readings"),
    validate("json", batchEnvelope(readingPeriodItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(
        await runBatch(items, readingPeriodItemSchema, ctx, applyReadingPeriod, "reading-periods"),
      );
    },
  );
