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
  /** Set when the customer corrected this reading: it stays in the history, marked, and counts no more. */
  corrected_at?: string | null;
  created_at?: string;
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

/**
 * When the customer sent readings on `day` (an Athens date): the distinct send stamps
 * (created_at) of their counted readings of that day, oldest first. A second reading of the same
 * day replaces the first in the history and the last readings (one group per day and sender), so
 * the page says so before it is sent and after (#35 §7).
 */
export function clientSendsOn(readings: readonly ReadingLike[], day: string): string[] {
  const stamps = new Set<string>();
  for (const reading of countedReadings(readings)) {
    if (registeredByOf(reading) !== "client" || dateOf(reading) !== day) continue;
    if (reading.created_at) stamps.add(reading.created_at);
  }
  return [...stamps].sort();
}

/** A reading the customer replaced by a correction. */
export const isCorrected = (reading: Pick<ReadingLike, "corrected_at">) =>
  Boolean(reading.corrected_at);

/** Readings the history shows: origin 5 excluded, unknown cp_codes dropped (corrected ones kept). */
export function shownReadings<R extends ReadingLike>(readings: readonly R[]): R[] {
  return readings.filter((r) => r.origin !== EXCLUDED_ORIGIN && registerOf(r) !== null);
}

/** Readings the portal counts: those shown, except the ones the customer corrected. */
export function countedReadings<R extends ReadingLike>(readings: readonly R[]): R[] {
  return shownReadings(readings).filter((r) => !isCorrected(r));
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
  /** When the customer corrected this reading (it no longer counts), else null. */
  correctedAt?: string | null;
}

/**
 * Shown readings grouped by date and by who registered them, newest first. An operator reading
 * and a customer reading of the same day stay two rows: they are two different readings; so do
 * a corrected reading and the one that replaced it (one row per correction).
 */
export function readingGroups<R extends ReadingLike>(readings: readonly R[]): ReadingGroup<R>[] {
  const groups = new Map<string, ReadingGroup<R>>();
  for (const reading of chronological(shownReadings(readings))) {
    const by = registeredByOf(reading);
    const correctedAt = reading.corrected_at || null;
    const key = `${dateOf(reading)}|${by}|${correctedAt ?? ""}`;
    let group = groups.get(key);
    if (!group) {
      group = { date: dateOf(reading), day: null, night: null, registeredBy: by, correctedAt };
      groups.set(key, group);
    }
    group[registerOf(reading) as Register] = reading;
  }
  return [...groups.values()].sort((a, b) => {
    const byDate = b.date.localeCompare(a.date);
    if (byDate !== 0) return byDate;
    // Same date: the customer's (entered later) first, and the standing one before corrected ones.
    if (a.registeredBy !== b.registeredBy) return a.registeredBy === "client" ? -1 : 1;
    if (!a.correctedAt !== !b.correctedAt) return a.correctedAt ? 1 : -1;
    return (b.correctedAt ?? "").localeCompare(a.correctedAt ?? "");
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
  return readingGroups(countedReadings(readings).filter((r) => r.origin === OPERATOR_ORIGIN));
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
  | {
      status: "warn";
      reason: "decimal" | "high";
      /** The meter index the history predicts for today. */
      expected: number;
      /** kWh this value implies since the last reading, and what the history predicts for it. */
      use: number;
      expectedUse: number;
      /** use ÷ expectedUse, rounded for people (roundRatio); null when the history predicts 0. */
      ratio: number | null;
    };

/** A ratio as a person says it: whole below 10, else two significant digits (2,700 not 2,686). */
export function roundRatio(ratio: number): number {
  if (!Number.isFinite(ratio) || ratio <= 0) return 0;
  if (ratio < 10) return Math.max(1, Math.round(ratio));
  const step = 10 ** (Math.floor(Math.log10(ratio)) - 1);
  return Math.round(ratio / step) * step;
}

/**
 * Checks a new value of one register against the customer's own history: the average daily
 * consumption between the oldest and the newest counted reading, times the days since the newest,
 * gives the expected consumption and index. At least DECIMAL_SLIP_FACTOR times the expected index
 * → "decimal" (a decimal digit typed as a whole one); a consumption over HIGH_FACTOR times the
 * expected one (and over HIGH_MARGIN_KWH above it) → "high". Either way the warning carries the
 * real ratio of the implied consumption to the expected one. Without two readings on different
 * days there is no basis: "ok". Values not above the previous reading are the validation's
 * business, not this one's.
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
  const use = value - last.value;
  const warn = (reason: "decimal" | "high"): Plausibility => ({
    status: "warn",
    reason,
    expected,
    use,
    expectedUse: Math.round(expectedUse),
    ratio: expectedUse > 0 ? roundRatio(use / expectedUse) : null,
  });
  if (value >= DECIMAL_SLIP_FACTOR * Math.max(expected, 1)) return warn("decimal");
  if (use > HIGH_FACTOR * expectedUse && use > expectedUse + HIGH_MARGIN_KWH) return warn("high");
  return { status: "ok", expected };
}

export interface RegisterValue {
  register: Register;
  value: number;
}

export interface ReadingWarning {
  register: Register;
  reason: "decimal" | "high";
  ratio: number | null;
  use: number;
  expectedUse: number;
}

/** Every register of a reading that looks far too high, each with its own ratio (day first). */
export function readingWarnings(
  readings: readonly ReadingLike[],
  values: readonly RegisterValue[],
  today: string,
): ReadingWarning[] {
  const warnings: ReadingWarning[] = [];
  for (const { register, value } of values) {
    const check = plausibility(readings, register, value, today);
    if (check.status === "warn") {
      const { reason, ratio, use, expectedUse } = check;
      warnings.push({ register, reason, ratio, use, expectedUse });
    }
  }
  return warnings;
}

// ---- the hard limit: refused, the customer calls customer service ----

/** Implied consumption above this many times the highest billed period is refused… */
export const CAP_FACTOR = 12;
/** …or above this many kWh for a supply with no billed period in the window. */
export const CAP_NO_HISTORY_KWH = 100_000;
/** The window of billed periods the limit looks at, in years before today. */
export const CAP_WINDOW_YEARS = 2;
/** Invoices that bill a period's consumption (Credit, Cancelled and payments do not). */
export const BILLED_TYPES = ["Clearance", "Advance", "Manual"] as const;

export interface BilledPeriod {
  type: string;
  issue_date: string;
  day_kwh: number;
  night_kwh: number;
}

/**
 * The most kWh a reading may imply since the previous one: CAP_FACTOR times the supply's highest
 * billed period (day + night) issued in the last CAP_WINDOW_YEARS, or CAP_NO_HISTORY_KWH when
 * there is none. Beyond it the value is refused: no checkbox can accept it (call 18101).
 */
export function consumptionCap(invoices: readonly BilledPeriod[], today: string): number {
  const [y, m, d] = today.slice(0, 10).split("-");
  const since = `${Number(y) - CAP_WINDOW_YEARS}-${m}-${d}`;
  let highest = 0;
  for (const invoice of invoices) {
    if (!(BILLED_TYPES as readonly string[]).includes(invoice.type)) continue;
    if (invoice.issue_date.slice(0, 10) <= since || invoice.issue_date.slice(0, 10) > today) {
      continue;
    }
    highest = Math.max(highest, invoice.day_kwh + invoice.night_kwh);
  }
  return highest > 0 ? CAP_FACTOR * highest : CAP_NO_HISTORY_KWH;
}

/** kWh a reading implies since the previous values (registers without a previous one add 0). */
export function impliedConsumption(
  readings: readonly ReadingLike[],
  values: readonly RegisterValue[],
): number {
  let total = 0;
  for (const { register, value } of values) {
    const previous = previousValue(readings, register);
    if (previous !== null && value > previous) total += value - previous;
  }
  return total;
}

/**
 * The register to name when a reading is refused for implying more than `cap` kWh (the one
 * with the largest implied use), or null when the reading is within the limit.
 */
export function overCap(
  readings: readonly ReadingLike[],
  values: readonly RegisterValue[],
  cap: number,
): Register | null {
  if (impliedConsumption(readings, values) <= cap) return null;
  let worst: Register = values[0]?.register ?? "day";
  let most = -1;
  for (const { register, value } of values) {
    const use = value - (previousValue(readings, register) ?? value);
    if (use > most) [worst, most] = [register, use];
  }
  return worst;
}

// ---- correcting one's own reading ----

export interface CorrectableReading<R extends ReadingLike = ReadingLike> {
  date: string;
  day: R | null;
  night: R | null;
  /** The ids of the rows the correction replaces (day first). */
  ids: number[];
}

/**
 * The reading a customer may still correct: their own (client-registered, not corrected) latest
 * submission, dated inside the reading period that is open today, with no counted reading after
 * it. One submission is the rows saved together (same date_ins and created_at). null otherwise.
 */
export function correctableReading<R extends ReadingLike>(
  readings: readonly R[],
  period: IndicationState,
): CorrectableReading<R> | null {
  if (!period.open) return null;
  const counted = chronological(countedReadings(readings));
  const newest = counted.at(-1);
  if (!newest || newest.id === undefined) return null;
  if (newest.origin !== CLIENT_ORIGIN || registeredByOf(newest) !== "client") return null;
  const date = dateOf(newest);
  if (date < period.from || date > period.until) return null;
  const same = counted.filter(
    (r) =>
      r.origin === CLIENT_ORIGIN &&
      dateOf(r) === date &&
      r.created_at === newest.created_at &&
      r.id !== undefined,
  );
  const found: CorrectableReading<R> = { date, day: null, night: null, ids: [] };
  for (const r of same) found[registerOf(r) as Register] = r;
  found.ids = [found.day, found.night].flatMap((r) => (r?.id === undefined ? [] : [r.id]));
  return found.ids.length > 0 ? found : null;
}

/** The history a correction is judged against: everything except the rows it replaces. */
export function withoutReading<R extends ReadingLike>(
  readings: readonly R[],
  target: Pick<CorrectableReading, "ids">,
): R[] {
  const ids = new Set(target.ids);
  return readings.filter((r) => r.id === undefined || !ids.has(r.id));
}
