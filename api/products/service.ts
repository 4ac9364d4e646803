import { asc } from "drizzle-orm";
import type { ApiProduct } from "../../core/contract";
import {
  STAND_IN_PRODUCTS,
  type ElectricityPrices,
  type GasProduct,
  type PricedProduct,
} from "../../core/products";
import { asTariffColour, colourOfPrices } from "../../core/tariff-colours";
import { productPrices } from "./prices";
import type { Db } from "../db";
import { products } from "../db/schema";

/**
 * The portal's priced electricity stand-ins (core/products.ts), each once: every electricity
 * product of both segments' offer (HOME_PRODUCTS, BUSINESS_PRODUCTS), which holds the seed's
 * packages and every tariff of the transfer flow.
 */
export const PRICED_STAND_INS: readonly PricedProduct[] = [...STAND_IN_PRODUCTS.values()].filter(
  (product): product is PricedProduct => !("perKwh" in product.prices),
);

/**
 * The gas stand-ins (#37): listed as the electricity ones are, since the next-bill forecast
 * (api/forecast/service.ts supplyPrices) prices a gas supply with its stand-in's price when the
 * products table has no row of that name; GET /products shows every price the portal uses.
 */
export const GAS_STAND_INS: readonly GasProduct[] = [...STAND_IN_PRODUCTS.values()].filter(
  (product): product is GasProduct => "perKwh" in product.prices,
);

/** A stand-in's prices as the API's plain JSON: core's read-only lists copied. */
function plainPrices(prices: ElectricityPrices) {
  const { monthly, discounts, ...rest } = prices;
  return {
    ...rest,
    ...(monthly ? { monthly: monthly.map((m) => ({ ...m })) } : {}),
    ...(discounts ? { discounts: discounts.map((d) => ({ ...d })) } : {}),
  };
}

export type ProductRow = Pick<
  typeof products.$inferSelect,
  "name" | "descr" | "division" | "tariff_colour" | "segment" | "prices" | "valid_from"
>;

/**
 * One row of the products table as the API sends it, or null when its prices do not parse as
 * its division's: the row was written by hand or by an older feed, and one bad product must not
 * take the whole list (and the transfer page) down with it.
 */
export function toApiProduct(row: ProductRow): ApiProduct | null {
  let json: unknown;
  try {
    json = JSON.parse(row.prices);
  } catch {
    return null;
  }
  const parsed = productPrices.safeParse(json);
  if (!parsed.success) return null;
  const prices = parsed.data;
  const base = {
    name: row.name,
    descr: row.descr,
    segment: row.segment,
    valid_from: row.valid_from,
    source: "billing",
  } as const;
  // The union accepts either shape: the division says which one this product must have
  // (1 electricity, any other gas, as meters.division).
  if (row.division === 1) {
    if (!("day" in prices)) return null;
    // 0028 gives every electricity row a colour; one written by hand without is implied by its
    // prices rather than left out (its prices are still the supplier's).
    const colour = asTariffColour(row.tariff_colour) ?? colourOfPrices(prices);
    return { ...base, division: "electricity", colour, prices };
  }
  return "perKwh" in prices ? { ...base, division: "gas", colour: null, prices } : null;
}

/**
 * The supplier's products: every row of the products table (by name), then each priced stand-in
 * of core/products.ts the table does not have yet. `skipped` hears of each row left out.
 */
export function mergeProducts(
  rows: readonly ProductRow[],
  skipped: (row: ProductRow) => void,
): ApiProduct[] {
  const billing: ApiProduct[] = [];
  for (const row of rows) {
    const product = toApiProduct(row);
    if (product) billing.push(product);
    else skipped(row);
  }
  // A row that did not parse still names the product: the billing system has its own price for
  // it, so the stand-in's is not offered as the supplier's current one (it is logged instead).
  const named = new Set(rows.map((row) => row.name));
  const portal = PRICED_STAND_INS.filter((product) => !named.has(product.name)).map(
    (product): ApiProduct => ({
      name: product.name,
      descr: product.descr,
      segment: product.segment,
      division: "electricity",
      colour: product.colour,
      prices: plainPrices(product.prices),
      valid_from: null,
      source: "portal",
    }),
  );
  const gas = GAS_STAND_INS.filter((product) => !named.has(product.name)).map(
    (product): ApiProduct => ({
      name: product.name,
      descr: product.descr,
      segment: product.segment,
      division: "gas",
      colour: null,
      prices: { ...product.prices },
      valid_from: null,
      source: "portal",
    }),
  );
  return [...billing, ...portal, ...gas];
}

/** The products table's rows, by name. */
export function productRows(db: Db): Promise<ProductRow[]> {
  return db
    .select({
      name: products.name,
      descr: products.descr,
      division: products.division,
      tariff_colour: products.tariff_colour,
      segment: products.segment,
      prices: products.prices,
      valid_from: products.valid_from,
    })
    .from(products)
    .orderBy(asc(products.name));
}
