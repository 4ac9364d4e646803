import type { TariffCategory } from "./applications/rules";
import type { TariffColour } from "./tariff-colours";

/**
 * The supplier's products (the packages a supply is billed under: meters.package_name and
 * package_print_descr) and their prices, in one place: the seed gives its supplies these packages
 * (seed/reference.ts) and the transfer flow (/metavasi) shows the prices of the tariff a new
 * customer picks (#35 §5).
 *
 * The prices are the portal's own stand-in: the back-office product feed replaces them (#36).
 * Euros, VAT included, without the regulated charges (network, ΥΚΩ, ΕΤΜΕΑΡ) and the taxes, which
 * every supplier bills alike.
 */
export interface Product {
  /** meters.package_name */
  name: string;
  /** meters.package_print_descr: the product's name as bills print it. */
  descr: string;
  /** Whom the supplier offers it to: households or businesses (#37 §3). */
  segment: ProductSegment;
}

export const PRODUCT_SEGMENTS = ["home", "business"] as const;
export type ProductSegment = (typeof PRODUCT_SEGMENTS)[number];

export interface ElectricityPrices {
  /** The standing charge, € a month. */
  standingPerMonth: number;
  /** € per kWh: the single rate, or the day rate of a day/night tariff. */
  day: number;
  /** € per kWh at night (day/night tariffs only). */
  night?: number;
  /** A variable (Κυμαινόμενο) product: the rate changes every month; this is the current one. */
  variable?: boolean;
  /**
   * An orange (dynamic) product's prices month by month (#37 §3): the average of each month's
   * hourly prices over the day hours and over the night hours, € per kWh VAT included, as the
   * supplier publishes them; the newest months last. `day`/`night` above are the current month's.
   */
  monthly?: readonly MonthlyPrice[];
  /** Discounts on the energy charge and their conditions (#37 §3), as the price list states them. */
  discounts?: readonly ProductDiscount[];
}

/** One month of an orange (dynamic) product: the average hourly price of its day and night hours. */
export interface MonthlyPrice {
  /** YYYY-MM */
  month: string;
  /** € per kWh */
  day: number;
  /** € per kWh */
  night: number;
}

/**
 * A discount on the energy charge: `percent` % off when `condition` holds: `on_time` a bill paid
 * in full by its due date (credited on the next bill, ADR 0028), `e_bill` e-bill on,
 * `direct_debit` paid by direct debit.
 */
export interface ProductDiscount {
  condition: "on_time" | "e_bill" | "direct_debit";
  percent: number;
}

/** The conditions a discount may name, for the schemas that check a price list. */
export const DISCOUNT_CONDITIONS = [
  "on_time",
  "e_bill",
  "direct_debit",
] as const satisfies readonly ProductDiscount["condition"][];

/**
 * A gas product's prices: the shape of the back office's gasPricesSchema (api/backoffice/tariffs.ts)
 * and the contract's apiGasPricesSchema, here so that core's rules (the next-bill forecast) can
 * name it without importing api/.
 */
export interface GasPrices {
  /** The standing charge, € a month. */
  standingPerMonth: number;
  /** € per kWh. */
  perKwh: number;
  /** A variable (Κυμαινόμενο) product: the rate is this month's. */
  variable?: boolean;
}

/**
 * An electricity product: its colour (core/tariff-colours.ts) is the class the law puts it in,
 * which the bill prints beside the amount payable.
 */
export type PricedProduct = Product & { colour: TariffColour; prices: ElectricityPrices };

/** A gas product: gas products have no colour. */
export type GasProduct = Product & { colour?: never; prices: GasPrices };

export const NRG_HOME_FIXED = {
  name: "NRG_HOME_FIXED",
  descr: "nrg home Σταθερό",
  segment: "home",
  colour: "blue",
  prices: { standingPerMonth: 5, day: 0.139 },
} as const satisfies PricedProduct;
export const NRG_HOME_NIGHT = {
  name: "NRG_HOME_NIGHT",
  descr: "nrg home Νυχτερινό",
  segment: "home",
  colour: "blue",
  prices: { standingPerMonth: 5, day: 0.145, night: 0.099 },
} as const satisfies PricedProduct;
/**
 * A special (green) product: a fixed rate below the plain fixed one, lowered again by the
 * conditions it is sold on (e-bill, paying on time). No demo supply has it: it is there so the
 * household has several colours to compare (#37 §3).
 */
export const NRG_HOME_GREEN = {
  name: "NRG_HOME_GREEN",
  descr: "nrg home Πράσινο",
  segment: "home",
  colour: "green",
  prices: {
    standingPerMonth: 4.5,
    day: 0.132,
    discounts: [
      { condition: "e_bill", percent: 3 },
      { condition: "on_time", percent: 5 },
    ],
  },
} as const satisfies PricedProduct;
export const NRG_HOME_FLEX = {
  name: "NRG_HOME_FLEX",
  descr: "nrg home Κυμαινόμενο",
  segment: "home",
  colour: "yellow",
  prices: { standingPerMonth: 4, day: 0.128, variable: true },
} as const satisfies PricedProduct;

/**
 * The demo's dynamic (orange) prices, December 2025 to November 2026: the monthly averages of
 * the day-ahead market's hourly prices as a supplier would pass them on, highest in the heating
 * months and in the July–August air-conditioning peak, lowest in the sunny, mild spring; the
 * night hours about 30 % cheaper. `extra` is a segment's margin on top (€/kWh).
 */
function dynamicMonths(extra: number): MonthlyPrice[] {
  const months: [string, number, number][] = [
    ["2025-12", 0.162, 0.118],
    ["2026-01", 0.171, 0.124],
    ["2026-02", 0.158, 0.114],
    ["2026-03", 0.139, 0.098],
    ["2026-04", 0.121, 0.084],
    ["2026-05", 0.114, 0.079],
    ["2026-06", 0.132, 0.093],
    ["2026-07", 0.156, 0.112],
    ["2026-08", 0.151, 0.108],
    ["2026-09", 0.133, 0.094],
    ["2026-10", 0.128, 0.09],
    ["2026-11", 0.147, 0.105],
  ];
  // Rounded to the 4 decimals a price list prints, so no float noise reaches a bill.
  const price = (value: number) => Math.round((value + extra) * 10_000) / 10_000;
  return months.map(([month, day, night]) => ({ month, day: price(day), night: price(night) }));
}

const HOME_DYNAMIC_MONTHS = dynamicMonths(0);
const BUSINESS_DYNAMIC_MONTHS = dynamicMonths(0.012);
/** The newest month of a product's monthly prices: its current `day`/`night`. */
const newest = (months: readonly MonthlyPrice[]) => months[months.length - 1] as MonthlyPrice;

/** A dynamic (orange) product: priced month by month on the hourly market (needs a smart meter). */
export const NRG_HOME_DYNAMIC = {
  name: "NRG_HOME_DYNAMIC",
  descr: "nrg home Δυναμικό",
  segment: "home",
  colour: "orange",
  prices: {
    standingPerMonth: 4,
    day: newest(HOME_DYNAMIC_MONTHS).day,
    night: newest(HOME_DYNAMIC_MONTHS).night,
    monthly: HOME_DYNAMIC_MONTHS,
  },
} as const satisfies PricedProduct;

export const NRG_BUSINESS_FIXED = {
  name: "NRG_BUSINESS_FIXED",
  descr: "nrg business Σταθερό",
  segment: "business",
  colour: "blue",
  prices: { standingPerMonth: 10, day: 0.155 },
} as const satisfies PricedProduct;
export const NRG_BUSINESS_FLEX = {
  name: "NRG_BUSINESS_FLEX",
  descr: "nrg business Κυμαινόμενο",
  segment: "business",
  colour: "yellow",
  prices: { standingPerMonth: 15, day: 0.148, variable: true },
} as const satisfies PricedProduct;
/** Offered to new business customers with a day/night meter; no demo supply has it yet. */
export const NRG_BUSINESS_NIGHT = {
  name: "NRG_BUSINESS_NIGHT",
  descr: "nrg business Νυχτερινό",
  segment: "business",
  colour: "blue",
  prices: { standingPerMonth: 10, day: 0.159, night: 0.109 },
} as const satisfies PricedProduct;
/** The business segment's special (green) product; no demo supply has it. */
export const NRG_BUSINESS_GREEN = {
  name: "NRG_BUSINESS_GREEN",
  descr: "nrg business Πράσινο",
  segment: "business",
  colour: "green",
  prices: {
    standingPerMonth: 9,
    day: 0.146,
    discounts: [
      { condition: "direct_debit", percent: 3 },
      { condition: "on_time", percent: 4 },
    ],
  },
} as const satisfies PricedProduct;
/** The business segment's dynamic (orange) product; no demo supply has it. */
export const NRG_BUSINESS_DYNAMIC = {
  name: "NRG_BUSINESS_DYNAMIC",
  descr: "nrg business Δυναμικό",
  segment: "business",
  colour: "orange",
  prices: {
    standingPerMonth: 12,
    day: newest(BUSINESS_DYNAMIC_MONTHS).day,
    night: newest(BUSINESS_DYNAMIC_MONTHS).night,
    monthly: BUSINESS_DYNAMIC_MONTHS,
  },
} as const satisfies PricedProduct;

/**
 * The electricity packages of the seed's homes and businesses (seed/meters.ts picks one). Kept as
 * they are when products are added: a new package here would move the demo's supplies and bills.
 */
export const ELEC_HOME_PACKAGES = [NRG_HOME_FIXED, NRG_HOME_NIGHT] as const;
export const ELEC_PRO_PACKAGES = [NRG_BUSINESS_FIXED, NRG_BUSINESS_FLEX] as const;
/** The gas products: one rate a kWh, variable as Greek retail gas is (the seed bills 0.071). */
export const GAS_HOME_PACKAGE = {
  name: "NRG_GAS_HOME",
  descr: "nrg gas Οικιακό",
  segment: "home",
  prices: { standingPerMonth: 3, perKwh: 0.071, variable: true },
} as const satisfies GasProduct;
export const GAS_PRO_PACKAGE = {
  name: "NRG_GAS_BUSINESS",
  descr: "nrg gas Επαγγελματικό",
  segment: "business",
  prices: { standingPerMonth: 6, perKwh: 0.066, variable: true },
} as const satisfies GasProduct;

/**
 * The supplier's current offer per segment (#37 §3, the tariffs page): every electricity product
 * of the segment, then its gas product. A product's division is its prices' shape (`perKwh`:
 * gas).
 */
export const HOME_PRODUCTS: readonly (PricedProduct | GasProduct)[] = [
  NRG_HOME_FIXED,
  NRG_HOME_NIGHT,
  NRG_HOME_GREEN,
  NRG_HOME_FLEX,
  NRG_HOME_DYNAMIC,
  GAS_HOME_PACKAGE,
];
export const BUSINESS_PRODUCTS: readonly (PricedProduct | GasProduct)[] = [
  NRG_BUSINESS_FIXED,
  NRG_BUSINESS_NIGHT,
  NRG_BUSINESS_FLEX,
  NRG_BUSINESS_GREEN,
  NRG_BUSINESS_DYNAMIC,
  GAS_PRO_PACKAGE,
];

/** Every stand-in product by name (package_name): a bill's colour when the table has none. */
export const STAND_IN_PRODUCTS: ReadonlyMap<string, PricedProduct | GasProduct> = new Map(
  [...HOME_PRODUCTS, ...BUSINESS_PRODUCTS].map((product) => [product.name, product]),
);

/** The colour of a stand-in product by its name; null for gas and for a name the portal lacks. */
export function standInColour(name: string): TariffColour | null {
  return STAND_IN_PRODUCTS.get(name)?.colour ?? null;
}

/** The product a tariff category of the transfer flow (spec §2) is supplied under. */
export const TARIFF_PRODUCTS: Readonly<Record<TariffCategory, PricedProduct>> = {
  residential: NRG_HOME_FIXED,
  residential_night: NRG_HOME_NIGHT,
  professional_upto_25kva: NRG_BUSINESS_FIXED,
  professional_over_25kva: NRG_BUSINESS_FLEX,
  professional_night: NRG_BUSINESS_NIGHT,
};

/**
 * A price in euros as the portal writes amounts in both languages (app/domain/format.ts
 * formatAmount: "0,1390 €"): 2 decimals for €, 4 for €/kWh; a no-break space before €.
 */
export function formatPrice(euros: number, decimals: 2 | 4 = 2): string {
  const number = new Intl.NumberFormat("el-GR", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(euros);
  return `${number}\u00a0€`;
}
