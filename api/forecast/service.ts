import { consumptionSourceOf } from "../../core/figure-sources";
import {
  forecastNextBill,
  type Forecast,
  type ForecastBill,
  type ForecastReading,
} from "../../core/forecast";
import { EXCLUDED_ORIGIN, registerOf } from "../../core/readings";
import { type ElectricityPrices, type GasPrices, STAND_IN_PRODUCTS } from "../../core/products";
import { productPrices } from "../products/prices";
import type { Db } from "../db";

/**
 * The next-bill forecast of one supply (#37 §1) as the API answers it: the supply's bills of the
 * last years and its current product's prices, read in one D1 batch with the page's other reads
 * (GET …/shell?forecast=1, the overview and the bills page) or on their own (GET …/forecast, the
 * "how we worked this out" page and API clients), priced by core/forecast.ts.
 *
 * Only the columns the forecast reads, and only the years it can use: it looks back a year at a
 * time for as long as the history reaches, and beyond `YEARS_BACK` years a household's use says
 * little of next month's (a different household may live there by then), so the read is bounded
 * however long the supply's history.
 */
const YEARS_BACK = 5;

/** What the forecast reads of an invoices row (cents as stored). */
export interface ForecastBillRow {
  type: string;
  issue_date: string;
  period_from: string | null;
  period_to: string | null;
  consumption_estimated: number | null;
  day_kwh: number;
  night_kwh: number;
  energy_cents: number;
  regulated_cents: number;
  municipality_cents: number;
  taxes_cents: number;
}

const BILLS_SQL = `SELECT "type", "issue_date", "period_from", "period_to", "consumption_estimated",
    "day_kwh", "night_kwh", "energy_cents", "regulated_cents", "municipality_cents", "taxes_cents"
  FROM "invoices"
  WHERE "meter_id" = ? AND "type" IN ('Clearance', 'Advance', 'Manual', 'Cancelled')
    AND coalesce("period_to", "issue_date") >= date(?, '-${YEARS_BACK + 1} years')`;

/** The supply's product: its division and prices as the products table has them, if it does. */
const PRODUCT_SQL = `SELECT m."division" AS "division", m."package_name" AS "name", p."prices" AS "prices"
  FROM "meters" m LEFT JOIN "products" p ON p."name" = m."package_name"
  WHERE m."id" = ?`;

/**
 * The supply's actual readings (core/forecast.ts decision 8): not estimated, not the excluded
 * origin, not corrected (a corrected reading counts no more; its replacement does), oldest first
 * and, on one day, in the order they were sent (the last one given for a day counts).
 */
const READINGS_SQL = `SELECT "date_ins", "cp_code", "value" FROM "readings"
  WHERE "meter_id" = ? AND "estimated" = 0 AND "origin" <> ${EXCLUDED_ORIGIN}
    AND "corrected_at" IS NULL AND "date_ins" >= date(?, '-${YEARS_BACK + 1} years')
  ORDER BY "date_ins", "created_at", "id"`;

export interface ForecastReadingRow {
  date_ins: string;
  cp_code: string;
  value: number;
}

export interface ForecastProductRow {
  division: number;
  name: string;
  prices: string | null;
}

/** The statements of one supply's forecast, for a batch: [bills, product, readings]. */
export function forecastStatements(db: Db, meterId: number, today: string) {
  return [
    db.$client.prepare(BILLS_SQL).bind(meterId, today),
    db.$client.prepare(PRODUCT_SQL).bind(meterId),
    db.$client.prepare(READINGS_SQL).bind(meterId, today),
  ] as const;
}

/** How many statements forecastStatements gives (a batch's answers are counted by it). */
export const FORECAST_STATEMENTS = 3;

export function toForecastReadings(rows: readonly ForecastReadingRow[]): ForecastReading[] {
  const readings: ForecastReading[] = [];
  for (const row of rows) {
    const register = registerOf(row);
    if (register) readings.push({ date: row.date_ins.slice(0, 10), register, value: row.value });
  }
  return readings;
}

const euros = (cents: number) => cents / 100;

export function toForecastBill(row: ForecastBillRow): ForecastBill {
  return {
    type: row.type as ForecastBill["type"],
    issue_date: row.issue_date,
    period_from: row.period_from,
    period_to: row.period_to,
    consumption_source: consumptionSourceOf(row),
    day_kwh: row.day_kwh,
    night_kwh: row.night_kwh,
    energy: euros(row.energy_cents),
    regulated: euros(row.regulated_cents),
    municipality: euros(row.municipality_cents),
    taxes: euros(row.taxes_cents),
  };
}

/**
 * The prices a supply's product has today: the billing system's (products table) when it sent
 * them and they parse as the supply's division's, else the portal's stand-in of that name, else
 * none (the forecast then prices energy at the last bill's € per kWh and says so).
 */
export function supplyPrices(product: ForecastProductRow | undefined):
  | { division: "electricity"; tariff: ElectricityPrices | null }
  | {
      division: "gas";
      tariff: GasPrices | null;
    } {
  const electricity = product?.division === 1;
  let parsed: ElectricityPrices | GasPrices | null = null;
  if (product?.prices) {
    try {
      const result = productPrices.safeParse(JSON.parse(product.prices));
      if (result.success) parsed = result.data;
    } catch {
      parsed = null;
    }
  }
  // A billing-system row that does not parse still names its own price: no stand-in for it.
  const standIn =
    product?.prices || product?.name === undefined
      ? undefined
      : STAND_IN_PRODUCTS.get(product.name)?.prices;
  if (electricity) {
    if (parsed && "day" in parsed) return { division: "electricity", tariff: parsed };
    return {
      division: "electricity",
      tariff: standIn && "day" in standIn ? { ...standIn } : null,
    };
  }
  if (parsed && "perKwh" in parsed) return { division: "gas", tariff: parsed };
  return { division: "gas", tariff: standIn && "perKwh" in standIn ? { ...standIn } : null };
}

/** The forecast from the batch's answers. */
export function forecastFrom(
  bills: readonly ForecastBillRow[],
  product: ForecastProductRow | undefined,
  readings: readonly ForecastReadingRow[],
  today: string,
): Forecast {
  const prices = supplyPrices(product);
  return forecastNextBill({
    today,
    bills: bills.map(toForecastBill),
    // Gas meters' readings are not the portal's (spec §9): electricity only.
    readings: prices.division === "electricity" ? toForecastReadings(readings) : [],
    ...prices,
  });
}

/** One supply's forecast on its own (one D1 batch). */
export async function meterForecast(db: Db, meterId: number, today: string): Promise<Forecast> {
  const [bills, product, readings] = await db.$client.batch([
    ...forecastStatements(db, meterId, today),
  ]);
  return forecastFrom(
    (bills?.results ?? []) as ForecastBillRow[],
    (product?.results as ForecastProductRow[] | undefined)?.[0],
    (readings?.results ?? []) as ForecastReadingRow[],
    today,
  );
}
