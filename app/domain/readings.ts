import { z } from "zod";
import type { ApiMeter, ApiReading } from "../../core/contract";
import {
  canSubmitReadings,
  countedReadings,
  indicationState,
  MAX_READING,
  readingGroups,
  registerOf,
  type ReadingGroup,
  type Register,
} from "../../core/readings";

/**
 * Meter readings in the portal (spec §3 Reading, §4 reading classes, §5 reading validation). The
 * rules themselves are shared with the API (core/readings.ts, imported from there), so the page and the
 * API can never disagree; this module adds the form schema and the page's derived views.
 */

// ---- the form (one schema for the browser and the action) ----

export interface ReadingFormContext {
  hasNight: boolean;
  /** The values a new reading must exceed (null: no reading yet). */
  previous: { day: number | null; night: number | null };
}

const MAX_DIGITS = String(MAX_READING).length;

function registerValue(previous: number | null) {
  return z
    .string({ error: "validate.require" })
    .trim()
    .min(1, "validate.require")
    .refine((text) => !/^\d+[.,]\d+$/.test(text), {
      error: "readings:errors.wholeNumber",
      abort: true,
    })
    .refine((text) => /^\d+$/.test(text), { error: "validate.number", abort: true })
    .refine((text) => text.replace(/^0+(?=\d)/, "").length <= MAX_DIGITS, {
      error: "readings:errors.tooLong",
      abort: true,
    })
    .transform(Number)
    .refine((value) => previous === null || value > previous, "readings:errors.notGreater");
}

/**
 * The reading form: day (and night for a supply with a night register), numeric, required, whole
 * kWh, greater than the previous reading; the supply it is for; and the confirmation the customer
 * gives after the "far higher than expected" warning. Messages are translation keys.
 */
export function readingFormSchema(context: ReadingFormContext) {
  return z.object({
    meter_id: z.coerce.number({ error: "validate.require" }).int().positive(),
    day: registerValue(context.previous.day),
    night: context.hasNight
      ? registerValue(context.previous.night)
      : // Optional before the transform: the form of a day-only supply sends no night field at
        // all (a transform alone would make the key required: "expected nonoptional").
        z
          .unknown()
          .optional()
          .transform(() => undefined),
    confirm: z.boolean().optional(),
    /** "correct": the values replace the customer's latest reading (`reading_id`, its day row). */
    intent: z.enum(["submit", "correct"]).optional(),
    reading_id: z.coerce.number().int().positive().optional(),
  });
}

export type ReadingForm = z.output<ReturnType<typeof readingFormSchema>>;

// ---- who may submit, and when a reading is due ----

type DueMeter = Pick<
  ApiMeter,
  | "status"
  | "division"
  | "category"
  | "voltage_type"
  | "indication_open_from"
  | "indication_open_to"
  | "next_reading_date"
>;

/** The reading form is offered: an Active electricity supply the page is shown for, period open. */
export function canSubmitNow(meter: DueMeter, today: string): boolean {
  return (
    meter.status === "Active" && canSubmitReadings(meter) && indicationState(meter, today).open
  );
}

/**
 * A reading is due (the sidebar's meter counter): the form is offered today and the customer has
 * not yet sent a reading in this period.
 */
export function isReadingDue(
  meter: DueMeter,
  readings: readonly Pick<
    ApiReading,
    "date_ins" | "origin" | "cp_code" | "value" | "registeredBy"
  >[],
  today: string,
): boolean {
  const state = indicationState(meter, today);
  if (!state.open || !canSubmitNow(meter, today)) return false;
  return !countedReadings(readings).some(
    (r) => r.registeredBy === "client" && r.date_ins.slice(0, 10) >= state.from,
  );
}

// ---- history and consumption ----

type ReadingSource = ApiReading["source"];

export interface HistoryRow {
  key: string;
  date: string;
  day: number | null;
  night: number | null;
  registeredBy: "operator" | "client";
  /** Where the values come from (issue #20): the operator, the customer, or an estimate. */
  source: ReadingSource;
  /** The customer corrected this reading: shown, marked, no longer counted. */
  corrected: boolean;
}

/** A group's source: estimated when any of its values is an estimate, else who registered it. */
export function groupSource(group: {
  day: Pick<ApiReading, "source"> | null;
  night: Pick<ApiReading, "source"> | null;
  registeredBy: "operator" | "client";
}): ReadingSource {
  const estimated = [group.day, group.night].some((r) => r?.source === "estimated");
  return estimated ? "estimated" : group.registeredBy;
}

/**
 * Every shown reading of the supply, one row per date and author, newest first; a corrected
 * reading keeps its row (marked) after the one that replaced it.
 */
export function historyRows(readings: readonly ApiReading[]): HistoryRow[] {
  return readingGroups(readings).map((g: ReadingGroup<ApiReading>) => ({
    key: `${g.date}-${g.registeredBy}-${g.correctedAt ?? ""}`,
    date: g.date,
    day: g.day?.value ?? null,
    night: g.night?.value ?? null,
    registeredBy: g.registeredBy,
    source: groupSource(g),
    corrected: Boolean(g.correctedAt),
  }));
}

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface Paging {
  page: number;
  size: number;
  pageCount: number;
  total: number;
}

/** `?page=&size=` from the URL, clamped to what exists (page 1, size 10 by default). */
export function readPaging(params: URLSearchParams, total: number): Paging {
  const sizeParam = Number(params.get("size"));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam)
    ? sizeParam
    : DEFAULT_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const pageParam = Math.trunc(Number(params.get("page")));
  const page = Number.isFinite(pageParam) && pageParam >= 1 ? Math.min(pageParam, pageCount) : 1;
  return { page, size, pageCount, total };
}

export function pageOf<T>(rows: readonly T[], paging: Paging): T[] {
  const start = (paging.page - 1) * paging.size;
  return rows.slice(start, start + paging.size);
}

export interface ConsumptionPeriod {
  from: string;
  to: string;
  days: number;
  day: number;
  night: number | null;
  /** kWh per day over the period (day + night). */
  perDay: number;
  /**
   * A reading at either end of the period is an estimate (issue #20), so its consumption is one
   * too: the chart draws it lighter and dashed, the table says "(Estimated)".
   */
  estimated: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Consumption between consecutive reading dates, derived from the cumulative readings: per date
 * the highest counted value of each register, then the differences. Oldest first, at most `limit`
 * (the newest) periods. A register missing on a date, or going backwards (meter replaced), gives
 * no period. A date with an estimated reading makes the periods on both sides of it estimated.
 */
export function consumptionPeriods(
  readings: readonly ApiReading[],
  limit = 12,
): ConsumptionPeriod[] {
  const byDate = new Map<
    string,
    { day: number | null; night: number | null; estimated: boolean }
  >();
  for (const r of countedReadings(readings)) {
    const date = r.date_ins.slice(0, 10);
    const register = registerOf(r) as Register;
    const entry = byDate.get(date) ?? { day: null, night: null, estimated: false };
    entry[register] = Math.max(entry[register] ?? r.value, r.value);
    if (r.source === "estimated") entry.estimated = true;
    byDate.set(date, entry);
  }
  const dates = [...byDate.keys()].sort();
  const periods: ConsumptionPeriod[] = [];
  for (let i = 1; i < dates.length; i++) {
    const from = dates[i - 1] as string;
    const to = dates[i] as string;
    const a = byDate.get(from);
    const b = byDate.get(to);
    if (!a || !b || a.day === null || b.day === null || b.day < a.day) continue;
    const night =
      a.night !== null && b.night !== null && b.night >= a.night ? b.night - a.night : null;
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
    if (days <= 0) continue;
    const day = b.day - a.day;
    periods.push({
      from,
      to,
      days,
      day,
      night,
      perDay: (day + (night ?? 0)) / days,
      estimated: a.estimated || b.estimated,
    });
  }
  return periods.slice(-limit);
}
