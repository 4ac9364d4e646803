import type { BillLineKey } from "./bill-lines";
import type { ApiInvoice } from "./contract";
import { toCents } from "./gateway";
import type { ElectricityPrices, GasPrices } from "./products";

/**
 * The next-bill forecast (issue #37 §1): "your next bill, for DD/MM–DD/MM, will be about 82–94 €",
 * worked out from the supply's own bills and priced line by line as the bill-explained page
 * itemises a bill (core/bill-lines.ts). Pure and plain JSON out: the overview's and the bills
 * page's loaders pass the result through as it is; the page writes "how we worked this out" from
 * the `basis` of each line, the trend and the years. It is never a bill (no due date, nothing to
 * pay): it forecasts what the next period's consumption will cost, not what the next document
 * will ask for (a Clearance deducts the advances already billed; that is the bill's business).
 *
 * How a supplier's billing analyst would do it, and so this:
 *
 * 1. The next period starts the day after the newest bill's period ends and lasts the supply's
 *    usual billing period: the median spacing of the ends of its last bills' periods (up to 6),
 *    rounded to whole days. The spacing, not the periods' own lengths: a Clearance's 3 months span
 *    the monthly advances it settles, so for the demo's monthly bills the cycle is a month (the
 *    lengths would be 31, 30, 92, 31…). One bill only: its own length.
 *
 * 2. Day by day use. A bill knows no finer split than its period, so its kWh are spread over its
 *    days, day and night apart. A Clearance bills the metered use of months its Advances already
 *    billed as estimates, so it wins those days; its kWh are spread in the shape of those advances
 *    (their kWh per day), evenly where none covers a day: the metered total with the estimates'
 *    month-by-month profile. Spread evenly, a January–March Clearance would give January March's
 *    use. Between two bills of a kind: Clearance over Manual over Advance, then actual over
 *    estimated, then the newer issue, then the later row. A day counts as actual when its bill is
 *    a Clearance or Manual not marked estimated (an Advance always bills an estimate, whatever its
 *    consumption_source; core/tariff-compare.ts reads bills the same way). Payments, credits,
 *    rows without a period, and Cancelled rows are ignored; so is the bill a Cancelled row
 *    reverses (same period, lines negated, issued no later; the newest such), so a wrong advance
 *    cannot bend the profile. Days after `today` never count.
 *
 * 3. The same period of earlier years: the next period's first and last day moved back 1, 2, …
 *    years (29 February becomes 28 February in a year without one), for as long as the history
 *    reaches. A year counts when bills cover at least 90 % of that window's days (a missing day or
 *    two is noise; a missing month is not that year's use); its kWh are the covered days' kWh per
 *    day × the next period's days, so a window a leap day longer or shorter, or a day short of
 *    bills, is scaled to the period rather than counted short.
 *
 * 4. The trend: kWh per day of the last 90 days ÷ kWh per day of the same 90 days a year before,
 *    both at least 90 % covered. The 90 days end on the last day an actual bill covers, when that
 *    is within 90 days of the newest covered day (the advances since the last Clearance are
 *    estimates: a forecast must not scale by its own guess); otherwise on the newest covered day.
 *    Clamped to [0.7, 1.3]: one odd quarter (a holiday away, a guest, a broken heater) must not
 *    halve or double a forecast; a real change of household shows in next year's same period
 *    anyway. Without a year before to compare: 1 (`raw` null). Rounded to 4 decimals, and the
 *    rounded figure is the one applied (the page writes "× 1.2000" and it adds up).
 *
 * 5. The central figure is the most recent counted year (normally last year) × the trend; the
 *    range is every counted year × the trend, priced, lowest to highest total (so low ≤ central ≤
 *    high by construction). Fewer than two counted years: no forecast ("too_little_history", with
 *    the months the history holds so the page can say so plainly).
 *
 * 6. Pricing, per line as core/bill-lines.ts names them, each from its own kWh:
 *    - energy: with a tariff, the standing charge × days ÷ 30.4375 (a month on average: 365.25 ÷
 *      12; the period is counted in days, the charge is per month) + day kWh × day rate + night
 *      kWh × night rate (the day rate for a tariff without one); gas: kWh × the one rate. Without
 *      a tariff, the last Clearance's energy € per kWh × kWh (`pricedFrom: "last_bill"`, the page
 *      says so);
 *    - regulated: the last Clearance's regulated € per kWh × kWh (network, ΥΚΩ, ΕΤΜΕΑΡ go by kWh
 *      and are the same for every supplier);
 *    - municipality: the last Clearance's municipality € per day × days (the municipal charges go
 *      by area and time, not kWh);
 *    - taxes: the last Clearance's taxes as a share of its energy + regulated + municipality × the
 *      forecast's three lines (as rounded).
 *    "The last Clearance" is the newest one with kWh (a Clearance of 0 kWh has no € per kWh), else
 *    the newest one; a line it has zero of is zero. Its € per kWh, € per day and tax share are
 *    rounded to 6 decimals, kWh to the watt-hour, and the rounded figures are the ones multiplied:
 *    every basis the page writes reproduces its line. Cents only at the end of each line; the
 *    total is the sum of the rounded lines (so the explanation adds up, like core/bill-lines.ts).
 *    All four lines are listed, zero ones included (the page may leave those out).
 *
 * 7. Estimates: a day whose figure came from an estimate (an Advance, an estimated Clearance)
 *    still counts; `estimatesUsed` says whether any counted day of a year used, or of the trend's
 *    windows, did (the page marks the forecast), and each year says how many.
 *
 * 8. Meter readings (`readings`, actual ones only: the operator's and the customer's, not
 *    estimated, not excluded, not corrected; ADR 0022: a customer's reading is actual). Between
 *    two readings of the meter, the consumption is their difference, spread evenly over the days
 *    after the first up to the second. Those days take it wherever no actual bill covers them:
 *    the estimates of advances, of an estimated Clearance, and the days since the newest bill,
 *    which nothing covered. So a reading sent today is in the forecast at once: the trend then
 *    ends on it (decision 4: the newest actual day), on metered use instead of the advances'
 *    guess. A supply billed at night too (any bill with night kWh) needs both registers read on
 *    the same two days; a register that went down (a meter replaced) gives nothing. Readings never
 *    override an actual bill: the bill was worked out from the same meter, by the operator.
 *    `fromReadings` names the days the newest such pair gave (the page says so).
 */

/** What the forecast reads of a bill: the API's rows (ApiInvoice) pass as they are. */
export type ForecastBill = Pick<
  ApiInvoice,
  | "type"
  | "issue_date"
  | "period_from"
  | "period_to"
  | "consumption_source"
  | "day_kwh"
  | "night_kwh"
  | "energy"
  | "regulated"
  | "municipality"
  | "taxes"
>;

interface ForecastInputCommon {
  /** Today in Athens (YYYY-MM-DD, core/dates.ts athensToday). */
  today: string;
  /** The supply's bills, as far back as its history goes, in any order (payments may be among them). */
  bills: readonly ForecastBill[];
  /** The supply's actual meter readings (decision 8), in any order; none for gas. */
  readings?: readonly ForecastReading[];
}

/** One actual reading of one register: the meter's cumulative index on a day. */
export interface ForecastReading {
  /** YYYY-MM-DD */
  date: string;
  register: "day" | "night";
  /** kWh, cumulative. */
  value: number;
}

/** A union on the division, so that an electricity supply cannot be priced with gas prices. */
export type ForecastInput = ForecastInputCommon &
  (
    | { division: "electricity"; tariff: ElectricityPrices | null }
    | { division: "gas"; tariff: GasPrices | null }
  );

/** The forecast's lines, in bill order: the bill's own names for them. */
export const FORECAST_LINE_KEYS = [
  "energy",
  "regulated",
  "municipality",
  "taxes",
] as const satisfies readonly BillLineKey[];

/** kWh of one register at one rate (€ per kWh); gas has one register, "all". */
export interface UsagePrice {
  register: "day" | "night" | "all";
  kwh: number;
  rate: number;
}

export type EnergyBasis =
  | {
      pricedFrom: "tariff";
      /** € a month, × days ÷ daysPerMonth. */
      standingPerMonth: number;
      days: number;
      daysPerMonth: typeof DAYS_PER_MONTH;
      usage: UsagePrice[];
    }
  | { pricedFrom: "last_bill"; kwh: number; perKwh: number };

export type ForecastLine =
  | { key: "energy"; cents: number; basis: EnergyBasis }
  | { key: "regulated"; cents: number; basis: { kwh: number; perKwh: number } }
  | { key: "municipality"; cents: number; basis: { days: number; perDay: number } }
  /** baseCents: the energy, regulated and municipality lines' sum; × share. */
  | { key: "taxes"; cents: number; basis: { baseCents: number; share: number } };

/** One earlier year's same period. */
export interface ForecastYear {
  year: number;
  /** The window: the next period moved back to this year. */
  from: string;
  to: string;
  days: number;
  coveredDays: number;
  /** Covered days whose figure is an estimate. */
  estimatedDays: number;
  /** kWh per covered day × the next period's days (Wh), before the trend. */
  dayKwh: number;
  nightKwh: number;
  /** At least 90 % of the window covered. */
  used: boolean;
  /** Its kWh × the trend, priced as the central figure; null for a year not used. */
  cents: number | null;
}

export interface TrendWindow {
  from: string;
  to: string;
  days: number;
  coveredDays: number;
  estimatedDays: number;
  /** Day + night kWh of the covered days (Wh). */
  kwh: number;
}

export interface ForecastTrend {
  /** The factor applied (4 decimals). */
  factor: number;
  /** Before clamping (4 decimals); null when there is no year before to compare with. */
  raw: number | null;
  clamped: boolean;
  recent: TrendWindow;
  yearBefore: TrendWindow;
}

/** The Clearance the per-kWh, per-day and tax figures come from, as the bill has them (euros). */
export interface ForecastReference {
  issue_date: string;
  period_from: string;
  period_to: string;
  days: number;
  kwh: number;
  energy: number;
  regulated: number;
  municipality: number;
  taxes: number;
}

export interface ForecastFigures {
  kind: "forecast";
  period: { from: string; to: string; days: number };
  /** The central figure's kWh: the most recent counted year's × the trend. */
  kwh: { day: number; night: number };
  centralCents: number;
  range: { lowCents: number; highCents: number };
  /** The central figure's lines; their cents add up to centralCents. */
  lines: ForecastLine[];
  trend: ForecastTrend;
  /** The counted years, newest first (the first is the central figure's). */
  yearsUsed: number[];
  /** Every year looked at, newest first, counted or not (and why not: its coveredDays). */
  years: ForecastYear[];
  pricedFrom: "tariff" | "last_bill";
  reference: ForecastReference;
  estimatesUsed: boolean;
  historyMonths: number;
  /** The days the newest pair of readings gave in place of estimates (decision 8), or null. */
  fromReadings: { from: string; to: string; days: number; reading: string } | null;
}

export interface NoForecast {
  kind: "none";
  reason: "no_bills" | "too_little_history" | "no_clearance";
  /** Days some bill covers ÷ 30.4375, rounded: "your history holds 8 months". */
  historyMonths: number;
}

export type Forecast = ForecastFigures | NoForecast;

// ---- constants ----

/** A window counts when this share of its days is covered by bills. */
const COVERED_SHARE = 0.9;
/** The trend's window, days. */
const TREND_DAYS = 90;
const TREND_MIN = 0.7;
const TREND_MAX = 1.3;
/** Days in a month on average (365.25 ÷ 12): a standing charge per month over a period of days. */
export const DAYS_PER_MONTH = 30.4375;
/** The usual billing period: the median of this many spacings of the newest period ends. */
const PERIOD_SAMPLE = 6;

// ---- days ----

const DAY_MS = 86_400_000;
/**
 * Days since 1970-01-01 of "YYYY-MM-DD…" (NaN when it is not a date). Worked out in integers
 * (the days-from-civil algorithm, H. Hinnant) rather than through Date.parse: the forecast asks
 * it for every bill and reading of six years on each fresh overview.
 */
export function dayNumber(iso: string): number {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  if (
    iso.length < 10 ||
    iso[4] !== "-" ||
    iso[7] !== "-" ||
    !Number.isInteger(y) ||
    !(m >= 1 && m <= 12) ||
    !(d >= 1 && d <= daysInMonth(y, m))
  ) {
    return Number.NaN;
  }
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yoe = year - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
export const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** `iso` moved back `years` years; 29 February becomes 28 February in a year without one. */
function yearsBefore(iso: string, years: number): string {
  const year = Number(iso.slice(0, 4)) - years;
  const monthDay = iso.slice(5, 10);
  const day = monthDay === "02-29" && !isLeap(year) ? "02-28" : monthDay;
  return `${String(year).padStart(4, "0")}-${day}`;
}

const roundTo = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};
/** Kept to the watt-hour: the loader's JSON carries no binary noise of the spreads. */
export const wh = (kwh: number) => roundTo(kwh, 3);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

// ---- day-by-day use ----

const BILLED_TYPES: ReadonlySet<string> = new Set(["Clearance", "Advance", "Manual"]);
const TIER: Readonly<Record<string, number>> = { Clearance: 2, Manual: 1, Advance: 0 };

export interface Billed {
  bill: ForecastBill;
  order: number;
  from: number;
  to: number;
  days: number;
  tier: number;
  actual: boolean;
}

export interface DayUse {
  day: number;
  night: number;
  actual: boolean;
  rank: Billed;
}

/** Which bill wins a day two bills cover (decision 2). */
function wins(candidate: Billed, held: Billed): boolean {
  if (candidate.tier !== held.tier) return candidate.tier > held.tier;
  if (candidate.actual !== held.actual) return candidate.actual;
  if (candidate.bill.issue_date !== held.bill.issue_date) {
    return candidate.bill.issue_date > held.bill.issue_date;
  }
  return candidate.order > held.order;
}

const linesCents = (bill: ForecastBill) =>
  toCents(bill.energy) + toCents(bill.regulated) + toCents(bill.municipality) + toCents(bill.taxes);

/** The rows that bill consumption, without those a Cancelled row reverses (decision 2). */
export function billedRows(bills: readonly ForecastBill[], today: number): Billed[] {
  const reversed = new Set<number>();
  bills.forEach((cancel) => {
    if (cancel.type !== "Cancelled" || cancel.period_from === null) return;
    let match = -1;
    bills.forEach((bill, index) => {
      if (!BILLED_TYPES.has(bill.type) || reversed.has(index)) return;
      if (bill.period_from !== cancel.period_from || bill.period_to !== cancel.period_to) return;
      if (bill.issue_date > cancel.issue_date || linesCents(bill) !== -linesCents(cancel)) return;
      const held = match >= 0 ? bills[match] : undefined;
      if (!held || bill.issue_date >= held.issue_date) match = index;
    });
    if (match >= 0) reversed.add(match);
  });

  const rows: Billed[] = [];
  bills.forEach((bill, order) => {
    if (!BILLED_TYPES.has(bill.type) || reversed.has(order)) return;
    if (bill.period_from === null || bill.period_to === null) return;
    const from = dayNumber(bill.period_from);
    const to = dayNumber(bill.period_to);
    if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || from > today) return;
    rows.push({
      bill,
      order,
      from,
      to,
      days: to - from + 1,
      tier: TIER[bill.type] ?? 0,
      actual: bill.type !== "Advance" && bill.consumption_source !== "estimated",
    });
  });
  return rows;
}

/**
 * Each day's use by day number (days since 1970-01-01): the day and night kWh, whether an actual
 * bill (or reading) gave it, and the bill that won it. Arrays over the span of days, not a Map of
 * one object per day: six years of history are 2,200 days, and a Map of objects cost the fresh
 * overview ~4 % of its CPU in allocations and hashing (#37, `npm run bench:profile`).
 */
export class DayTable {
  #base = 0;
  #day = new Float64Array(0);
  #night = new Float64Array(0);
  /** 0: no bill covers the day; 1: an estimate; 2: actual. */
  #state = new Uint8Array(0);
  #rank: (Billed | undefined)[] = [];
  #size = 0;
  #last = -Infinity;

  /** Days covered. */
  get size(): number {
    return this.#size;
  }

  /** Room for the days `from`–`to` (a set outside them grows the table). */
  reserve(from: number, to: number): void {
    if (!(to >= from)) return;
    const length = this.#state.length;
    const lo = length === 0 ? from : Math.min(from, this.#base);
    const hi = length === 0 ? to : Math.max(to, this.#base + length - 1);
    if (length !== 0 && lo === this.#base && hi === this.#base + length - 1) return;
    const size = hi - lo + 1;
    const shift = length === 0 ? 0 : this.#base - lo;
    const grow = <T extends Float64Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(old, shift);
      return next;
    };
    this.#day = grow(this.#day, (n) => new Float64Array(n));
    this.#night = grow(this.#night, (n) => new Float64Array(n));
    this.#state = grow(this.#state, (n) => new Uint8Array(n));
    const rank: (Billed | undefined)[] = new Array<Billed | undefined>(size).fill(undefined);
    this.#rank.forEach((held, k) => (rank[k + shift] = held));
    this.#rank = rank;
    this.#base = lo;
  }

  #at(d: number): number {
    const k = d - this.#base;
    return k >= 0 && k < this.#state.length ? k : -1;
  }

  has(d: number): boolean {
    const k = this.#at(d);
    return k >= 0 && this.#state[k] !== 0;
  }

  /** The day's use as one object (for a caller that keeps it; the loops below read in place). */
  get(d: number): DayUse | undefined {
    const k = this.#at(d);
    if (k < 0 || this.#state[k] === 0) return undefined;
    return {
      day: this.#day[k] as number,
      night: this.#night[k] as number,
      actual: this.#state[k] === 2,
      rank: this.#rank[k] as Billed,
    };
  }

  /** An actual bill or reading gave the day. */
  isActual(d: number): boolean {
    const k = this.#at(d);
    return k >= 0 && this.#state[k] === 2;
  }

  /** The bill that won the day, if one covers it. */
  rankOf(d: number): Billed | undefined {
    const k = this.#at(d);
    return k >= 0 && this.#state[k] !== 0 ? this.#rank[k] : undefined;
  }

  set(d: number, day: number, night: number, actual: boolean, rank: Billed): void {
    if (this.#at(d) < 0) this.reserve(d, d);
    const k = d - this.#base;
    if (this.#state[k] === 0) this.#size += 1;
    this.#day[k] = day;
    this.#night[k] = night;
    this.#state[k] = actual ? 2 : 1;
    this.#rank[k] = rank;
    if (d > this.#last) this.#last = d;
  }

  /** The newest day covered (-Infinity when none is). */
  lastDay(): number {
    return this.#last;
  }

  /** The newest day an actual bill or reading gave, or null. */
  lastActualDay(): number | null {
    for (let k = this.#state.length - 1; k >= 0; k--) {
      if (this.#state[k] === 2) return this.#base + k;
    }
    return null;
  }

  /** The days `from`–`to` summed (every day of the window counted, covered or not). */
  window(from: number, to: number): WindowUse {
    const result = {
      days: to - from + 1,
      coveredDays: 0,
      estimatedDays: 0,
      dayKwh: 0,
      nightKwh: 0,
    };
    const first = Math.max(from, this.#base);
    const last = Math.min(to, this.#base + this.#state.length - 1);
    for (let k = first - this.#base; k <= last - this.#base; k++) {
      const state = this.#state[k];
      if (state === 0) continue;
      result.coveredDays += 1;
      if (state === 1) result.estimatedDays += 1;
      result.dayKwh += this.#day[k] as number;
      result.nightKwh += this.#night[k] as number;
    }
    return result;
  }

  /** One register's kWh on day `d`, null where no bill covers it. */
  valueAt(d: number, register: "day" | "night"): number | null {
    const k = this.#at(d);
    if (k < 0 || this.#state[k] === 0) return null;
    return (register === "day" ? this.#day[k] : this.#night[k]) as number;
  }

  /** One register's kWh summed over the covered days of `from`–`to`, and how many those are. */
  sumOf(from: number, to: number, register: "day" | "night"): { sum: number; known: number } {
    const values = register === "day" ? this.#day : this.#night;
    let sum = 0;
    let known = 0;
    const first = Math.max(from, this.#base);
    const last = Math.min(to, this.#base + this.#state.length - 1);
    for (let k = first - this.#base; k <= last - this.#base; k++) {
      if (this.#state[k] === 0) continue;
      sum += values[k] as number;
      known += 1;
    }
    return { sum, known };
  }

  copy(): DayTable {
    const next = new DayTable();
    next.#base = this.#base;
    next.#day = this.#day.slice();
    next.#night = this.#night.slice();
    next.#state = this.#state.slice();
    next.#rank = this.#rank.slice();
    next.#size = this.#size;
    next.#last = this.#last;
    return next;
  }
}

/** Each day's kWh and whether an actual bill gave it (decision 2). */
export function dailyUse(rows: readonly Billed[], today: number): DayTable {
  const lower = new DayTable();
  let from = Infinity;
  let to = -Infinity;
  for (const row of rows) {
    from = Math.min(from, row.from);
    to = Math.max(to, Math.min(row.to, today));
  }
  lower.reserve(from, to);
  for (const row of rows) {
    if (row.bill.type === "Clearance") continue;
    const day = row.bill.day_kwh / row.days;
    const night = row.bill.night_kwh / row.days;
    for (let d = row.from; d <= Math.min(row.to, today); d++) {
      const held = lower.rankOf(d);
      if (!held || wins(row, held)) lower.set(d, day, night, row.actual, row);
    }
  }

  const uses = lower.copy();
  for (const row of rows) {
    if (row.bill.type !== "Clearance") continue;
    const day = spread(row, row.bill.day_kwh, lower, "day");
    const night = spread(row, row.bill.night_kwh, lower, "night");
    for (let d = row.from; d <= Math.min(row.to, today); d++) {
      const held = uses.rankOf(d);
      if (held && held.tier === row.tier && !wins(row, held)) continue;
      uses.set(d, day(d), night(d), row.actual, row);
    }
  }
  return uses;
}

/** The days a pair of readings gave (decision 8): the newest pair's, for the page. */
interface ReadingDays {
  from: number;
  to: number;
  reading: number;
}

/**
 * Decision 8: the days between two actual readings that no actual bill covers take the readings'
 * consumption, evenly. `uses` is changed in place; answers the newest pair's days, or null.
 */
export function applyReadings(
  uses: DayTable,
  rows: readonly Billed[],
  readings: readonly ForecastReading[],
  today: number,
): ReadingDays | null {
  const byDay = (register: ForecastReading["register"]) => {
    const values = new Map<number, number>();
    for (const reading of readings) {
      const day = dayNumber(reading.date);
      if (reading.register !== register || !Number.isFinite(day) || day > today) continue;
      if (!Number.isFinite(reading.value)) continue;
      values.set(day, reading.value); // the last one given for a day
    }
    return values;
  };
  const dayValues = byDay("day");
  const nightValues = byDay("night");
  const withNight = rows.some((row) => row.bill.night_kwh > 0);
  const days = [...dayValues.keys()]
    .filter((d) => !withNight || nightValues.has(d))
    .sort((a, b) => a - b);
  let newest: ReadingDays | null = null;
  for (let k = 1; k < days.length; k++) {
    const first = days[k - 1] as number;
    const second = days[k] as number;
    const dayKwh = (dayValues.get(second) as number) - (dayValues.get(first) as number);
    const nightKwh = withNight
      ? (nightValues.get(second) as number) - (nightValues.get(first) as number)
      : 0;
    if (dayKwh < 0 || nightKwh < 0) continue;
    const span = second - first;
    let from: number | null = null;
    let to: number | null = null;
    uses.reserve(first + 1, second);
    for (let d = first + 1; d <= second; d++) {
      if (uses.isActual(d)) continue;
      // The bill whose estimate it replaces keeps its place (a later bill still wins the day).
      uses.set(d, dayKwh / span, nightKwh / span, true, uses.rankOf(d) ?? READING_RANK);
      from ??= d;
      to = d;
    }
    if (from !== null && to !== null) newest = { from, to, reading: second };
  }
  return newest;
}

/** The rank of a day only readings cover (no bill to compare with: nothing else wants it). */
const READING_RANK: Billed = {
  bill: {
    type: "Manual",
    issue_date: "",
    period_from: null,
    period_to: null,
    consumption_source: "actual",
    day_kwh: 0,
    night_kwh: 0,
    energy: 0,
    regulated: 0,
    municipality: 0,
    taxes: 0,
  },
  order: -1,
  from: 0,
  to: 0,
  days: 1,
  tier: -1,
  actual: true,
};

/**
 * A Clearance's kWh of one register over its days, in the shape of the advances (and manual
 * bills) of its period; a day none covers takes their average; evenly when they give nothing.
 */
function spread(
  row: Billed,
  total: number,
  lower: DayTable,
  register: "day" | "night",
): (d: number) => number {
  const { sum: knownSum, known } = lower.sumOf(row.from, row.to, register);
  if (!(knownSum > 0)) {
    const even = total / row.days;
    return () => even;
  }
  const mean = knownSum / known;
  const sum = knownSum + (row.days - known) * mean;
  return (d) => (total * (lower.valueAt(d, register) ?? mean)) / sum;
}

export interface WindowUse {
  days: number;
  coveredDays: number;
  estimatedDays: number;
  dayKwh: number;
  nightKwh: number;
}

export function windowUse(uses: DayTable, from: number, to: number): WindowUse {
  return uses.window(from, to);
}

export const isCovered = (use: WindowUse) =>
  use.coveredDays > 0 && use.coveredDays >= COVERED_SHARE * use.days;

// ---- pricing ----

/**
 * The Clearance the per-kWh, per-day and tax figures come from (decision 6): the newest one with
 * kWh, else the newest one; null without any. core/tariff-compare.ts takes the same one.
 */
export function lastClearance(rows: readonly Billed[]): ForecastReference | null {
  const clearances = rows.filter((row) => row.bill.type === "Clearance");
  const newer = (a: Billed, b: Billed) => {
    if (a.to !== b.to) return a.to > b.to;
    if (a.bill.issue_date !== b.bill.issue_date) return a.bill.issue_date > b.bill.issue_date;
    return a.order > b.order;
  };
  const withKwh = clearances.filter((row) => row.bill.day_kwh + row.bill.night_kwh > 0);
  const pool = withKwh.length > 0 ? withKwh : clearances;
  if (pool.length === 0) return null;
  const last = pool.reduce((best, row) => (newer(row, best) ? row : best));
  return {
    issue_date: last.bill.issue_date,
    period_from: isoOf(last.from),
    period_to: isoOf(last.to),
    days: last.days,
    kwh: wh(last.bill.day_kwh + last.bill.night_kwh),
    energy: last.bill.energy,
    regulated: last.bill.regulated,
    municipality: last.bill.municipality,
    taxes: last.bill.taxes,
  };
}

export interface Rates {
  energyPerKwh: number;
  regulatedPerKwh: number;
  municipalityPerDay: number;
  taxesShare: number;
}

export function ratesOf(reference: ForecastReference): Rates {
  const perKwh = (euros: number) => (reference.kwh > 0 ? roundTo(euros / reference.kwh, 6) : 0);
  const base = reference.energy + reference.regulated + reference.municipality;
  return {
    energyPerKwh: perKwh(reference.energy),
    regulatedPerKwh: perKwh(reference.regulated),
    municipalityPerDay: roundTo(reference.municipality / reference.days, 6),
    taxesShare: base > 0 ? roundTo(reference.taxes / base, 6) : 0,
  };
}

function priceLines(
  input: ForecastInput,
  kwh: { day: number; night: number },
  days: number,
  rates: Rates,
): ForecastLine[] {
  const all = wh(kwh.day + kwh.night);
  let energy: ForecastLine;
  if (input.tariff === null) {
    energy = {
      key: "energy",
      cents: toCents(all * rates.energyPerKwh),
      basis: { pricedFrom: "last_bill", kwh: all, perKwh: rates.energyPerKwh },
    };
  } else {
    let usage: UsagePrice[];
    if (input.division === "gas") {
      usage = [{ register: "all", kwh: all, rate: input.tariff.perKwh }];
    } else {
      const { day, night } = input.tariff;
      usage = [{ register: "day", kwh: kwh.day, rate: day }];
      if (kwh.night > 0) usage.push({ register: "night", kwh: kwh.night, rate: night ?? day });
    }
    const { standingPerMonth } = input.tariff;
    const euros =
      (standingPerMonth * days) / DAYS_PER_MONTH +
      usage.reduce((sum, part) => sum + part.kwh * part.rate, 0);
    energy = {
      key: "energy",
      cents: toCents(euros),
      basis: { pricedFrom: "tariff", standingPerMonth, days, daysPerMonth: DAYS_PER_MONTH, usage },
    };
  }
  const regulated: ForecastLine = {
    key: "regulated",
    cents: toCents(all * rates.regulatedPerKwh),
    basis: { kwh: all, perKwh: rates.regulatedPerKwh },
  };
  const municipality: ForecastLine = {
    key: "municipality",
    cents: toCents(days * rates.municipalityPerDay),
    basis: { days, perDay: rates.municipalityPerDay },
  };
  const baseCents = energy.cents + regulated.cents + municipality.cents;
  const taxes: ForecastLine = {
    key: "taxes",
    cents: Math.round(baseCents * rates.taxesShare),
    basis: { baseCents, share: rates.taxesShare },
  };
  return [energy, regulated, municipality, taxes];
}

const totalOf = (lines: readonly ForecastLine[]) => lines.reduce((sum, l) => sum + l.cents, 0);

// ---- the forecast ----

/** The next bill's period, its likely cost and the range the earlier years give (decisions 1–7). */
export function forecastNextBill(input: ForecastInput): Forecast {
  const today = dayNumber(input.today);
  const rows = billedRows(input.bills, today);
  const uses = dailyUse(rows, today);
  const readingDays = applyReadings(uses, rows, input.readings ?? [], today);
  const historyMonths = Math.round(uses.size / DAYS_PER_MONTH);
  if (rows.length === 0) return { kind: "none", reason: "no_bills", historyMonths };

  // 1. The next period.
  const ends = [...new Set(rows.map((row) => row.to))].sort((a, b) => b - a);
  const newestEnd = ends[0] as number;
  const spacings = ends
    .slice(0, PERIOD_SAMPLE + 1)
    .slice(1)
    .map((end, k) => (ends[k] as number) - end);
  const newest = rows
    .filter((row) => row.to === newestEnd)
    .reduce((best, row) => (wins(row, best) ? row : best));
  const days = Math.max(1, Math.round(spacings.length > 0 ? median(spacings) : newest.days));
  const period = { from: isoOf(newestEnd + 1), to: isoOf(newestEnd + days), days };

  // 3. The same period of the earlier years the history reaches.
  const earliest = Math.min(...rows.map((row) => row.from));
  const windows: { year: ForecastYear; use: WindowUse }[] = [];
  for (let k = 1; k <= 100; k++) {
    const from = yearsBefore(period.from, k);
    const to = yearsBefore(period.to, k);
    if (dayNumber(to) < earliest) break;
    const use = windowUse(uses, dayNumber(from), dayNumber(to));
    const perDay = (kwh: number) => (use.coveredDays > 0 ? wh((kwh / use.coveredDays) * days) : 0);
    windows.push({
      use,
      year: {
        year: Number(from.slice(0, 4)),
        from,
        to,
        days: use.days,
        coveredDays: use.coveredDays,
        estimatedDays: use.estimatedDays,
        dayKwh: perDay(use.dayKwh),
        nightKwh: perDay(use.nightKwh),
        used: isCovered(use),
        cents: null,
      },
    });
  }
  const used = windows.filter((w) => w.year.used);
  if (used.length < 2) return { kind: "none", reason: "too_little_history", historyMonths };

  // 6. The Clearance the regulated, municipal and tax figures come from.
  const reference = lastClearance(rows);
  if (reference === null) return { kind: "none", reason: "no_clearance", historyMonths };
  const rates = ratesOf(reference);

  // 4. The trend.
  const lastCovered = Math.max(uses.lastDay(), earliest);
  const lastActual = uses.lastActualDay();
  const anchor =
    lastActual !== null && lastCovered - lastActual <= TREND_DAYS ? lastActual : lastCovered;
  const recentFrom = isoOf(anchor - TREND_DAYS + 1);
  const recentTo = isoOf(anchor);
  const beforeFrom = yearsBefore(recentFrom, 1);
  const beforeTo = yearsBefore(recentTo, 1);
  const recentUse = windowUse(uses, dayNumber(recentFrom), anchor);
  const beforeUse = windowUse(uses, dayNumber(beforeFrom), dayNumber(beforeTo));
  const trendWindow = (from: string, to: string, use: WindowUse): TrendWindow => ({
    from,
    to,
    days: use.days,
    coveredDays: use.coveredDays,
    estimatedDays: use.estimatedDays,
    kwh: wh(use.dayKwh + use.nightKwh),
  });
  const perDayAll = (use: WindowUse) => (use.dayKwh + use.nightKwh) / use.coveredDays;
  const comparable = isCovered(recentUse) && isCovered(beforeUse) && perDayAll(beforeUse) > 0;
  const raw = comparable ? roundTo(perDayAll(recentUse) / perDayAll(beforeUse), 4) : null;
  const factor = raw === null ? 1 : Math.min(TREND_MAX, Math.max(TREND_MIN, raw));
  const trend: ForecastTrend = {
    factor,
    raw,
    clamped: raw !== null && factor !== raw,
    recent: trendWindow(recentFrom, recentTo, recentUse),
    yearBefore: trendWindow(beforeFrom, beforeTo, beforeUse),
  };

  // 5. Every counted year × the trend, priced; the most recent is the central figure.
  const priced = used.map(({ year }) => {
    const kwh = { day: wh(year.dayKwh * factor), night: wh(year.nightKwh * factor) };
    const lines = priceLines(input, kwh, days, rates);
    year.cents = totalOf(lines);
    return { kwh, lines, cents: year.cents };
  });
  const central = priced[0] as (typeof priced)[number];
  const totals = priced.map((p) => p.cents);

  const estimatesUsed =
    used.some((w) => w.use.estimatedDays > 0) ||
    (raw !== null && (recentUse.estimatedDays > 0 || beforeUse.estimatedDays > 0));

  return {
    kind: "forecast",
    period,
    kwh: central.kwh,
    centralCents: central.cents,
    range: { lowCents: Math.min(...totals), highCents: Math.max(...totals) },
    lines: central.lines,
    trend,
    yearsUsed: used.map((w) => w.year.year),
    years: windows.map((w) => w.year),
    pricedFrom: input.tariff === null ? "last_bill" : "tariff",
    reference,
    estimatesUsed,
    historyMonths,
    fromReadings:
      readingDays === null
        ? null
        : {
            from: isoOf(readingDays.from),
            to: isoOf(readingDays.to),
            days: readingDays.to - readingDays.from + 1,
            reading: isoOf(readingDays.reading),
          },
  };
}
