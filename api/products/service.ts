import { asc } from "drizzle-orm";
import type { ApiProduct } from "../../core/contract";
import {
  ELEC_HOME_PACKAGES,
  ELEC_PRO_PACKAGES,
  TARIFF_PRODUCTS,
  type PricedProduct,
} from "../../core/products";
import { productPrices } from "../backoffice/tariffs";
import type { Db } from "../db";
import { products } from "../db/schema";

/**
 * The portal's stand-ins that have prices (core/products.ts), each once: the electricity
 * packages of the seed and every tariff of the transfer flow. The gas packages have no portal
 * price, so until the billing system sends them there is nothing to list for them.
 */
export const PRICED_STAND_INS: readonly PricedProduct[] = [
  ...new Map(
    [...ELEC_HOME_PACKAGES, ...ELEC_PRO_PACKAGES, ...Object.values(TARIFF_PRODUCTS)].map(
      (product) => [product.name, product],
    ),
  ).values(),
];

export type ProductRow = Pick<
  typeof products.$inferSelect,
  "name" | "descr" | "division" | "prices" | "valid_from"
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
    valid_from: row.valid_from,
    source: "billing",
  } as const;
  // The union accepts either shape: the division says which one this product must have
  // (1 electricity, any other gas, as meters.division).
  if (row.division === 1) {
    return "day" in prices ? { ...base, division: "electricity", prices } : null;
  }
  return "perKwh" in prices ? { ...base, division: "gas", prices } : null;
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
      division: "electricity",
      prices: { ...product.prices },
      valid_from: null,
      source: "portal",
    }),
  );
  return [...billing, ...portal];
}

/** The products table's rows, by name. */
export function productRows(db: Db): Promise<ProductRow[]> {
  return db
    .select({
      name: products.name,
      descr: products.descr,
      division: products.division,
      prices: products.prices,
      valid_from: products.valid_from,
    })
    .from(products)
    .orderBy(asc(products.name));
}
