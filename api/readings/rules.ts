/**
 * Meter-reading rules of spec §2 (kataxorisi visibility), §4 (reading classes, indication
 * open/closed) and §5 (reading validation). Pure functions, shared by the API (which enforces
 * them at save time) and the portal (app/domain/readings.ts re-exports them), so both always agree.
 */

export const DAY_CP_CODES = ["10", "11", "21", "22", "23", "40", "41", "42", "43"] as const;
export const NIGHT_CP_CODES = ["12", "13", "24", "44"] as const;
/** Origin of readings the portal never shows or counts. */
export const EXCLUDED_ORIGIN = 5;
/** The network operator's own readings. */
export const OPERATOR_ORIGIN = 1;
/** Readings the customer submits through the portal. */
export const CLIENT_ORIGIN = 2;
/** cp_code of a customer's day and night register values. */
export const CLIENT_CP_CODE = { day: "11", night: "13" } as const;

/** The largest reading accepted: 9 digits (meters have at most 6–8 wheels). */
export const MAX_READING = 999_999_999;

export type Register = "day" | "night";
export type RegisteredBy = "operator" | "client";

export interface ReadingLike {
  id?: number;
  date_ins: string;
  cp_code: string;
  origin: number;
  value: number;
  registeredBy?: RegisteredBy;
}

const DAY_SET: ReadonlySet<string> = new Set(DAY_CP_CODES);
const NIGHT_SET: ReadonlySet<string> = new Set(NIGHT_CP_CODES);

/** day, night, or null for a cp_code that belongs to neither register. */
export function registerOf(reading: Pick<ReadingLike, "cp_code">): Register | null {
  const code = String(reading.cp_code).trim();
  if (DAY_SET.has(code)) return "day";
  if (NIGHT_SET.has(code)) return "night";
  return null;
}

/** Who registered a reading: the stored flag, else by origin (1 = network operator). */
export function registeredByOf(
  reading: Pick<ReadingLike, "origin" | "registeredBy">,
): RegisteredBy {
  return reading.registeredBy ?? (reading.origin === OPERATOR_ORIGIN ? "operator" : "client");
}

const dateOf = (reading: Pick<ReadingLike, "date_ins">) => reading.date_ins.slice(0, 10);

/** Readings the portal shows and counts: origin 5 excluded, unknown cp_codes dropped. */
export function countedReadings<R extends ReadingLike>(readings: readonly R[]): R[] {
  return readings.filter((r) => r.origin !== EXCLUDED_ORIGIN && registerOf(r) !== null);
}

/** Oldest first; same date by id, so the last entered wins. */
function chronological<R extends ReadingLike>(readings: readonly R[]): R[] {
  return [...readings].sort((a, b) => {
    const byDate = dateOf(a).localeCompare(dateOf(b));
    return byDate !== 0 ? byDate : (a.id ?? 0) - (b.id ?? 0);
  });
}

/** The readings of one date, split into registers (the newest entry of each register wins). */
export interface ReadingGroup<R extends ReadingLike = ReadingLike> {
  date: string;
  day: R | null;
  night: R | null;
  /** client if the customer entered any value of the group, else operator. */
  registeredBy: RegisteredBy;
}

/**
 * Counted readings grouped by date and by who registered them, newest first. An operator reading
 * and a customer reading of the same day stay two rows: they are two different readings.
 */
export function readingGroups<R extends ReadingLike>(readings: readonly R[]): ReadingGroup<R>[] {
  const groups = new Map<string, ReadingGroup<R>>();
  for (const reading of chronological(countedReadings(readings))) {
    const by = registeredByOf(reading);
    const key = `${dateOf(reading)}|${by}`;
    let group = groups.get(key);
    if (!group) {
      group = { date: dateOf(reading), day: null, night: null, registeredBy: by };
      groups.set(key, group);
    }
    group[registerOf(reading) as Register] = reading;
  }
  return [...groups.values()].sort((a, b) => {
    const byDate = b.date.localeCompare(a.date);
    if (byDate !== 0) return byDate;
    // Same date: the customer's (entered later) first.
    return a.registeredBy === b.registeredBy ? 0 : a.registeredBy === "client" ? -1 : 1;
  });
}

/**
 * The last readings (spec §4): those sharing the newest date_ins, origin 5 excluded, split into day
 * and night. If both the operator and the customer read on that date, the customer's values (the
 * ones entered last) are shown. null when there is no counted reading at all.
 */
export function lastReadings<R extends ReadingLike>(
  readings: readonly R[],
): ReadingGroup<R> | null {
  const counted = chronological(countedReadings(readings));
  const newest = counted.at(-1);
  if (!newest) return null;
  const date = dateOf(newest);
  const sameDate = counted.filter((r) => dateOf(r) === date);
  const group: ReadingGroup<R> = { date, day: null, night: null, registeredBy: "operator" };
  for (const reading of sameDate) group[registerOf(reading) as Register] = reading;
  const shown = [group.day, group.night].filter((r): r is R => r !== null);
  group.registeredBy = shown.some((r) => registeredByOf(r) === "client") ? "client" : "operator";
  return group;
}

/** The network operator's readings (origin 1) as groups, newest first. */
export function operatorGroups<R extends ReadingLike>(readings: readonly R[]): ReadingGroup<R>[] {
  return readingGroups(readings.filter((r) => r.origin === OPERATOR_ORIGIN));
}

/** The newest network-operator reading strictly before `date` (YYYY-MM-DD). */
export function previousOperatorReading<R extends ReadingLike>(
  readings: readonly R[],
  date: string,
): ReadingGroup<R> | null {
  return operatorGroups(readings).find((g) => g.date < date.slice(0, 10)) ?? null;
}

/** The oldest network-operator reading strictly after `date`, if the data holds one. */
export function nextOperatorReading<R extends ReadingLike>(
  readings: readonly R[],
  date: string,
): ReadingGroup<R> | null {
  return (
    operatorGroups(readings)
      .reverse()
      .find((g) => g.date > date.slice(0, 10)) ?? null
  );
}

/** The value a new reading of `register` must exceed: the highest counted value so far. */
export function previousValue(readings: readonly ReadingLike[], register: Register): number | null {
  let best: number | null = null;
  for (const r of countedReadings(readings)) {
    if (registerOf(r) === register && (best === null || r.value > best)) best = r.value;
  }
  return best;
}

/** Does the supply have a night register: the meter says so, or a night value exists. */
export function hasNightRegister(
  meter: { has_night: number },
  readings: readonly ReadingLike[] = [],
): boolean {
  return meter.has_night === 1 || countedReadings(readings).some((r) => registerOf(r) === "night");
}

// ---- visibility and the reading period ----

export interface ReadingMeter {
  division: number;
  category: string | null;
  voltage_type: string | null;
}

/**
 * Page visibility of /b2b/kataxorisi (spec §2): electricity only (division 2 is gas), not for a
 * category containing B1 or G22, not for voltage type 02 or 03.
 */
export function canSubmitReadings(meter: ReadingMeter): boolean {
  if (meter.division !== 1) return false;
  const category = (meter.category ?? "").toUpperCase();
  if (category.includes("B1") || category.includes("G22")) return false;
  const voltage = (meter.voltage_type ?? "").trim();
  return voltage !== "02" && voltage !== "03";
}

/** YYYY-MM-DD in Greek time: a reading period opens and closes on Greek dates. */
export function athensToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Athens",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export interface PeriodMeter {
  indication_open_from: string | null;
  indication_open_to: string | null;
  next_reading_date: string | null;
}

export type IndicationState =
  | { open: true; from: string; until: string }
  /** nextOpening: the announced opening date, or null when none is known yet. */
  | { open: false; nextOpening: string | null };

/**
 * The reading (indication) period of a supply on `today`: open from ≤ today ≤ to. Closed, it
 * reopens on `indication_open_from` if that is still ahead, else on the next reading date.
 */
export function indicationState(meter: PeriodMeter, today: string): IndicationState {
  const from = meter.indication_open_from?.slice(0, 10) || null;
  const to = meter.indication_open_to?.slice(0, 10) || null;
  if (from && to && from <= today && today <= to) return { open: true, from, until: to };
  if (from && from > today) return { open: false, nextOpening: from };
  const next = meter.next_reading_date?.slice(0, 10) || null;
  return { open: false, nextOpening: next && next > today ? next : null };
}

// ---- plausibility (spec §5: "a warning shows if it is far higher (possible decimal digit)") ----

/** A value this many times the expected meter index looks like a missed decimal point. */
export const DECIMAL_SLIP_FACTOR = 10;
/** Consumption above this many times the expected consumption is "far higher". */
export const HIGH_FACTOR = 3;
/** …and always allowed up to this much above the expectation (small or new histories). */
export const HIGH_MARGIN_KWH = 100;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) /
      DAY_MS,
  );

export type Plausibility =
  | { status: "ok"; expected: number | null }
  | { status: "warn"; reason: "decimal" | "high"; expected: number };

/**
 * Checks a new value of one register against the customer's own history: the average daily
 * consumption between the oldest and the newest counted reading, times the days since the newest,
 * gives the expected index. At least DECIMAL_SLIP_FACTOR times that index → "decimal" (a decimal
 * digit typed as a whole one); a consumption over HIGH_FACTOR times the expected one (and over
 * HIGH_MARGIN_KWH above it) → "high". Without two readings on different days there is no basis:
 * "ok". Values not above the previous reading are the validation's business, not this one's.
 */
export function plausibility(
  readings: readonly ReadingLike[],
  register: Register,
  value: number,
  today: string,
): Plausibility {
  const series = chronological(countedReadings(readings).filter((r) => registerOf(r) === register));
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last || last === first) return { status: "ok", expected: null };
  const span = daysBetween(first.date_ins, last.date_ins);
  if (span <= 0 || last.value < first.value) return { status: "ok", expected: null };
  const perDay = (last.value - first.value) / span;
  const elapsed = Math.max(1, daysBetween(last.date_ins, today));
  const expectedUse = perDay * elapsed;
  const expected = Math.round(last.value + expectedUse);
  if (value <= last.value) return { status: "ok", expected };
  if (value >= DECIMAL_SLIP_FACTOR * Math.max(expected, 1)) {
    return { status: "warn", reason: "decimal", expected };
  }
  const use = value - last.value;
  if (use > HIGH_FACTOR * expectedUse && use > expectedUse + HIGH_MARGIN_KWH) {
    return { status: "warn", reason: "high", expected };
  }
  return { status: "ok", expected };
}
