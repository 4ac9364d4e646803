import { consumptionSourceOf } from "../../core/figure-sources";
import { forecastNextBill, type Forecast, type ForecastBill } from "../../core/forecast";
import type { ElectricityPrices, GasPrices } from "../../core/products";
import { productPrices } from "../backoffice/tariffs";
import type { Db } from "../db";
import { PRICED_STAND_INS } from "../products/service";

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

export interface ForecastProductRow {
  division: number;
  name: string;
  prices: string | null;
}

/** The two statements of one supply's forecast, for a batch: [bills, product]. */
export function forecastStatements(db: Db, meterId: number, today: string) {
  return [
    db.$client.prepare(BILLS_SQL).bind(meterId, today),
    db.$client.prepare(PRODUCT_SQL).bind(meterId),
  ] as const;
}

const euros = (cents: number) => cents / 100;

function toForecastBill(row: ForecastBillRow): ForecastBill {
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
  if (electricity) {
    if (parsed && "day" in parsed) return { division: "electricity", tariff: parsed };
    // A billing-system row that does not parse still names its own price: no stand-in for it.
    const standIn = product?.prices
      ? undefined
      : PRICED_STAND_INS.find((p) => p.name === product?.name);
    return { division: "electricity", tariff: standIn ? { ...standIn.prices } : null };
  }
  return { division: "gas", tariff: parsed && "perKwh" in parsed ? parsed : null };
}

/** The forecast from the batch's two answers. */
export function forecastFrom(
  bills: readonly ForecastBillRow[],
  product: ForecastProductRow | undefined,
  today: string,
): Forecast {
  return forecastNextBill({ today, bills: bills.map(toForecastBill), ...supplyPrices(product) });
}

/** One supply's forecast on its own (one D1 batch). */
export async function meterForecast(db: Db, meterId: number, today: string): Promise<Forecast> {
  const [bills, product] = await db.$client.batch([...forecastStatements(db, meterId, today)]);
  return forecastFrom(
    (bills?.results ?? []) as ForecastBillRow[],
    (product?.results as ForecastProductRow[] | undefined)?.[0],
    today,
  );
}
