import type { RouterContextProvider } from "react-router";
import { apiProductSchema, type ApiProduct } from "../../core/contract";
import { TARIFF_CATEGORIES, type TariffCategory } from "../../core/applications/rules";
import { athensToday } from "../../core/dates";
import { TARIFF_PRODUCTS, type ElectricityPrices } from "../../core/products";
import { getApi, type ApiResult } from "./api";
import { products } from "./api/products";

/**
 * The prices the transfer flow's tariff step shows (#35 §5, #36): each tariff category's product
 * (TARIFF_PRODUCTS names it) as GET /products gives it, so a product the billing system repriced
 * shows its new prices. The stand-in of core/products.ts fills in whatever the API cannot give
 * (unreachable, or no electricity product of that name): a new customer still sees a price and
 * can go on.
 */
export interface TariffPrice {
  descr: string;
  prices: ElectricityPrices;
  /**
   * The day (YYYY-MM-DD) the prices apply from when that is after today in Athens, else null.
   * Decided here, on the server, so the page's HTML and its hydration never disagree on "today".
   */
  from: string | null;
}

export type TariffPrices = Record<TariffCategory, TariffPrice>;

export function tariffPrices(result: ApiResult<ApiProduct[]>, today: string): TariffPrices {
  // An external backend (API_BASE_URL) speaks the same contract, but the one page a new
  // customer signs up on must not break if it does not: what does not parse is not used.
  const list: unknown[] = result.ok && Array.isArray(result.data) ? result.data : [];
  const byName = new Map<string, ApiProduct>();
  for (const item of list) {
    const parsed = apiProductSchema.safeParse(item);
    if (parsed.success) byName.set(parsed.data.name, parsed.data);
  }
  const entries = TARIFF_CATEGORIES.map((category): [TariffCategory, TariffPrice] => {
    const standIn = TARIFF_PRODUCTS[category];
    const product = byName.get(standIn.name);
    if (product?.division !== "electricity") {
      return [category, { descr: standIn.descr, prices: { ...standIn.prices }, from: null }];
    }
    const from = product.valid_from !== null && product.valid_from > today;
    return [
      category,
      { descr: product.descr, prices: product.prices, from: from ? product.valid_from : null },
    ];
  });
  return Object.fromEntries(entries) as TariffPrices;
}

/** The tariff step's prices for a loader: the API's products, today's date in Athens. */
export async function loadTariffPrices(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<TariffPrices> {
  return tariffPrices(await products(getApi(args)), athensToday());
}
