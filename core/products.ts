import type { TariffCategory } from "./applications/rules";

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
}

export interface ElectricityPrices {
  /** The standing charge, € a month. */
  standingPerMonth: number;
  /** € per kWh: the single rate, or the day rate of a day/night tariff. */
  day: number;
  /** € per kWh at night (day/night tariffs only). */
  night?: number;
  /** A variable (Κυμαινόμενο) product: the rate changes every month; this is the current one. */
  variable?: boolean;
}

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

export type PricedProduct = Product & { prices: ElectricityPrices };

export const NRG_HOME_FIXED = {
  name: "NRG_HOME_FIXED",
  descr: "nrg home Σταθερό",
  prices: { standingPerMonth: 5, day: 0.139 },
} as const satisfies PricedProduct;
export const NRG_HOME_NIGHT = {
  name: "NRG_HOME_NIGHT",
  descr: "nrg home Νυχτερινό",
  prices: { standingPerMonth: 5, day: 0.145, night: 0.099 },
} as const satisfies PricedProduct;
export const NRG_BUSINESS_FIXED = {
  name: "NRG_BUSINESS_FIXED",
  descr: "nrg business Σταθερό",
  prices: { standingPerMonth: 10, day: 0.155 },
} as const satisfies PricedProduct;
export const NRG_BUSINESS_FLEX = {
  name: "NRG_BUSINESS_FLEX",
  descr: "nrg business Κυμαινόμενο",
  prices: { standingPerMonth: 15, day: 0.148, variable: true },
} as const satisfies PricedProduct;
/** Offered to new business customers with a day/night meter; no demo supply has it yet. */
export const NRG_BUSINESS_NIGHT = {
  name: "NRG_BUSINESS_NIGHT",
  descr: "nrg business Νυχτερινό",
  prices: { standingPerMonth: 10, day: 0.159, night: 0.109 },
} as const satisfies PricedProduct;

/** The electricity packages of the seed's homes and businesses (seed/meters.ts picks one). */
export const ELEC_HOME_PACKAGES = [NRG_HOME_FIXED, NRG_HOME_NIGHT] as const;
export const ELEC_PRO_PACKAGES = [NRG_BUSINESS_FIXED, NRG_BUSINESS_FLEX] as const;
export const GAS_HOME_PACKAGE = { name: "NRG_GAS_HOME", descr: "nrg gas Οικιακό" } as const;
export const GAS_PRO_PACKAGE = {
  name: "NRG_GAS_BUSINESS",
  descr: "nrg gas Επαγγελματικό",
} as const;

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
