import type { ApiInvoice } from "../../core/contract";
import type { ConsumptionPeriod } from "./readings";

/**
 * Consumption and cost statistics of one supply (/b2b/statistika): per calendar month
 * over the last 1, 2 or 3 years, with totals and monthly averages per calendar year.
 *
 * - Billed consumption and cost come from the Clearance invoices (the bills of real consumption;
 *   Advances are estimates and would count the same energy twice). A Clearance covers about three
 *   months: its kWh and cost are shared among the calendar months of its period in proportion to
 *   the days of each month it covers.
 * - Cost is the charge for the energy used: energy + regulated charges + municipal fees + taxes
 *   (not the deposit, not the advances deducted, not a balance carried forward).
 * - Metered consumption comes from the meter readings (differences between reading dates), shared
 *   among months the same way; electricity only, since customers read only electricity meters.
 * - Gas is shown in m³: the bills state kWh, converted with GAS_KWH_PER_M3.
 */

export const YEAR_CHOICES = [1, 2, 3] as const;
export type YearsChoice = (typeof YEAR_CHOICES)[number];

/** kWh per m³ of natural gas (a typical gross calorific value of the Greek network). */
export const GAS_KWH_PER_M3 = 11.2;

export type StatsUnit = "kWh" | "m³";

/** `?years=` → 1, 2 or 3; anything else → 1. */
export function parseYears(value: string | null | undefined): YearsChoice {
  const n = Number(value);
  return (YEAR_CHOICES as readonly number[]).includes(n) ? (n as YearsChoice) : 1;
}

const DAY_MS = 86_400_000;
const toTime = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const monthOf = (time: number) => new Date(time).toISOString().slice(0, 7);

/** "2026-11" plus `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y = 1970, m = 1] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  const year = Math.floor(index / 12);
  return `${year}-${String(index - year * 12 + 1).padStart(2, "0")}`;
}

/** The `years * 12` months ending with `endMonth`, oldest first. */
export function statisticsMonths(endMonth: string, years: YearsChoice): string[] {
  const count = years * 12;
  return Array.from({ length: count }, (_, i) => shiftMonth(endMonth, i - count + 1));
}

/**
 * Shares `value` among the calendar months of the inclusive period from..to, in proportion to the
 * days of each month inside the period. An empty or reversed period gives nothing.
 */
export function splitByMonth(from: string, to: string, value: number): Map<string, number> {
  const shares = new Map<string, number>();
  const start = toTime(from);
  const end = toTime(to);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return shares;
  const days = Math.round((end - start) / DAY_MS) + 1;
  for (let t = start; t <= end; t += DAY_MS) {
    const month = monthOf(t);
    shares.set(month, (shares.get(month) ?? 0) + value / days);
  }
  return shares;
}

type StatsInvoice = Pick<
  ApiInvoice,
  | "type"
  | "period_from"
  | "period_to"
  | "consumption_from"
  | "consumption_to"
  | "energy"
  | "regulated"
  | "municipality"
  | "taxes"
  | "day_kwh"
  | "night_kwh"
  | "consumption_source"
>;

/** The energy charge of a bill in euros (see the module comment). */
export function invoiceCost(invoice: StatsInvoice): number {
  return invoice.energy + invoice.regulated + invoice.municipality + invoice.taxes;
}

export interface MonthStat {
  month: string;
  /** Billed consumption in the supply's unit; null when no Clearance covers the month. */
  consumption: number | null;
  /** Euros; null when no Clearance covers the month. */
  cost: number | null;
  /** From the meter readings (kWh); null when no reading period covers the month. */
  metered: number | null;
  /** A bill with estimated consumption covers the month (issue #20). */
  estimated: boolean;
}

export interface YearStat {
  year: string;
  /** Months of the year inside the chosen range, and how many of them have billed data. */
  months: number;
  monthsWithData: number;
  consumption: number;
  cost: number;
  /** Averages per month with data; null when the year has none. */
  avgConsumption: number | null;
  avgCost: number | null;
}

export interface Statistics {
  unit: StatsUnit;
  months: MonthStat[];
  years: YearStat[];
  hasMetered: boolean;
  totals: { consumption: number; cost: number };
}

const add = (map: Map<string, number>, shares: Map<string, number>) => {
  for (const [month, value] of shares) map.set(month, (map.get(month) ?? 0) + value);
};
const round2 = (value: number) => Math.round(value * 100) / 100;
const round1 = (value: number) => Math.round(value * 10) / 10;

export function buildStatistics(input: {
  invoices: readonly StatsInvoice[];
  periods: readonly Pick<ConsumptionPeriod, "from" | "to" | "day" | "night">[];
  gas: boolean;
  endMonth: string;
  years: YearsChoice;
}): Statistics {
  const unit: StatsUnit = input.gas ? "m³" : "kWh";
  const toUnit = (kwh: number) => (input.gas ? kwh / GAS_KWH_PER_M3 : kwh);
  const consumption = new Map<string, number>();
  const cost = new Map<string, number>();
  const estimated = new Set<string>();
  for (const invoice of input.invoices) {
    if (invoice.type !== "Clearance") continue;
    const from = invoice.period_from ?? invoice.consumption_from;
    const to = invoice.period_to ?? invoice.consumption_to;
    if (!from || !to) continue;
    const shares = splitByMonth(from, to, toUnit(invoice.day_kwh + invoice.night_kwh));
    add(consumption, shares);
    if (invoice.consumption_source === "estimated") for (const m of shares.keys()) estimated.add(m);
    add(cost, splitByMonth(from, to, invoiceCost(invoice)));
  }
  const metered = new Map<string, number>();
  // A reading period is measured from one reading date to the next: the first day is the day
  // after the earlier reading.
  for (const period of input.periods) {
    const start = new Date(toTime(period.from) + DAY_MS).toISOString().slice(0, 10);
    add(metered, splitByMonth(start, period.to, period.day + (period.night ?? 0)));
  }

  const months = statisticsMonths(input.endMonth, input.years).map((month): MonthStat => ({
    month,
    consumption: consumption.has(month) ? Math.round(consumption.get(month) ?? 0) : null,
    cost: cost.has(month) ? round2(cost.get(month) ?? 0) : null,
    metered: metered.has(month) ? Math.round(metered.get(month) ?? 0) : null,
    estimated: estimated.has(month),
  }));

  const byYear = new Map<string, MonthStat[]>();
  for (const month of months) {
    const year = month.month.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), month]);
  }
  const years = [...byYear.entries()].map(([year, list]): YearStat => {
    const withData = list.filter((m) => m.consumption !== null || m.cost !== null);
    const totalConsumption = withData.reduce((s, m) => s + (m.consumption ?? 0), 0);
    const totalCost = round2(withData.reduce((s, m) => s + (m.cost ?? 0), 0));
    return {
      year,
      months: list.length,
      monthsWithData: withData.length,
      consumption: totalConsumption,
      cost: totalCost,
      avgConsumption: withData.length ? round1(totalConsumption / withData.length) : null,
      avgCost: withData.length ? round2(totalCost / withData.length) : null,
    };
  });

  return {
    unit,
    months,
    years,
    hasMetered: months.some((m) => m.metered !== null),
    totals: {
      consumption: years.reduce((s, y) => s + y.consumption, 0),
      cost: round2(years.reduce((s, y) => s + y.cost, 0)),
    },
  };
}

/** "2026-11" → "11/2026" (the spec's date style, month precision). */
export function monthLabel(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}
