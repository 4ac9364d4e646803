import { z } from "zod";
import { DISCOUNT_CONDITIONS, type ElectricityPrices } from "../../core/products";
import { INVALID_KEY } from "../lib/validate";

/**
 * A product's prices as the billing system sends them (POST /api/backoffice/tariffs, #36 §1) and
 * as products.prices holds them (JSON). A leaf module: the back-office feed validates with it,
 * and the forecast (api/forecast/service.ts) and the products list read stored prices with it,
 * without importing the feed (whose invoices batch trips alerts that read the forecast).
 */

/** € a month, VAT included. */
const standing = z.number().min(0).max(10_000);
/** € per kWh, VAT included. */
const rate = z.number().min(0).max(100);

/** At most three years of an orange product's months: what a 12-month comparison can use, and more. */
export const MONTHLY_MAX = 36;
/** At most five discounts: a price list's conditions, not a rule engine. */
export const DISCOUNTS_MAX = 5;

/** `key(item)` once per list: a second one is an issue on that item's `field`. */
function unique<T>(key: (item: T) => string, field: string) {
  return (list: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const [index, item] of list.entries()) {
      if (seen.has(key(item))) {
        ctx.addIssue({ code: "custom", path: [index, field], message: INVALID_KEY });
      }
      seen.add(key(item));
    }
  };
}

const monthlyPrice = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .meta({ description: "YYYY-MM" }),
    day: rate.meta({ description: "The month's average price of the day hours, € per kWh" }),
    night: rate.meta({ description: "The month's average price of the night hours, € per kWh" }),
  })
  .strict();

const discount = z
  .object({
    condition: z.enum(DISCOUNT_CONDITIONS).meta({
      description:
        "on_time: a bill paid in full by its due date; e_bill: e-bill on; direct_debit: paid by direct debit",
    }),
    percent: z.number().min(0).max(50).meta({ description: "% off the energy charge" }),
  })
  .strict();

/** The prices of an electricity product, as core/products.ts ElectricityPrices. */
export const electricityPricesSchema = z
  .object({
    standingPerMonth: standing.meta({ description: "The standing charge, € a month" }),
    day: rate.meta({ description: "€ per kWh: the single rate, or the day rate" }),
    night: rate.optional().meta({ description: "€ per kWh at night (day/night tariffs)" }),
    variable: z.boolean().optional().meta({ description: "A variable (Κυμαινόμενο) product" }),
    monthly: z
      .array(monthlyPrice)
      .min(1)
      .max(MONTHLY_MAX)
      .superRefine(unique((m) => m.month, "month"))
      .optional()
      .meta({
        description: `An orange (dynamic) product's prices month by month, each month once, at most ${MONTHLY_MAX}; required for orange`,
      }),
    discounts: z
      .array(discount)
      .max(DISCOUNTS_MAX)
      .superRefine(unique((d) => d.condition, "condition"))
      .optional()
      .meta({
        description: `Discounts on the energy charge, each condition once, at most ${DISCOUNTS_MAX}`,
      }),
  })
  .strict() satisfies z.ZodType<ElectricityPrices>;

/** The prices of a gas product. */
export const gasPricesSchema = z
  .object({
    standingPerMonth: standing.meta({ description: "The standing charge, € a month" }),
    perKwh: rate.meta({ description: "€ per kWh" }),
    variable: z.boolean().optional().meta({ description: "A variable (Κυμαινόμενο) product" }),
  })
  .strict();

export type GasPrices = z.infer<typeof gasPricesSchema>;

/** What products.prices holds: the prices of the product's division (JSON). */
export const productPrices = z.union([electricityPricesSchema, gasPricesSchema]);
