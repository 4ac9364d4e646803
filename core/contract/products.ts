import { z } from "zod";
import { DISCOUNT_CONDITIONS, PRODUCT_SEGMENTS, type ElectricityPrices } from "../products";
import { TARIFF_COLOURS } from "../tariff-colours";
import { isoDate } from "./common";

// ---- the supplier's products and their prices (GET /products) ----

/** € a month, VAT included (a rate per kWh has four decimals, so not `euros`). */
const standingPerMonth = z.number().meta({ description: "The standing charge, € a month" });
const variable = z
  .boolean()
  .optional()
  .meta({ description: "A variable (Κυμαινόμενο) product: the rate is this month's" });

/** As core/products.ts ElectricityPrices and the back office's electricityPricesSchema. */
export const apiElectricityPricesSchema = z.object({
  standingPerMonth,
  day: z.number().meta({ description: "€ per kWh: the single rate, or the day rate" }),
  night: z.number().optional().meta({ description: "€ per kWh at night (day/night tariffs)" }),
  variable,
  monthly: z
    .array(
      z.object({
        month: z.string().meta({ description: "YYYY-MM" }),
        day: z
          .number()
          .meta({ description: "The month's average price of its day hours, € per kWh" }),
        night: z
          .number()
          .meta({ description: "The month's average price of its night hours, € per kWh" }),
      }),
    )
    .optional()
    .meta({
      description:
        "An orange (dynamic) product's prices month by month, the newest last; day and night are the newest month's",
    }),
  discounts: z
    .array(
      z.object({
        condition: z.enum(DISCOUNT_CONDITIONS).meta({
          description:
            "on_time: a bill paid in full by its due date; e_bill: e-bill on; direct_debit: paid by direct debit",
        }),
        percent: z.number().meta({ description: "% off the energy charge" }),
      }),
    )
    .optional()
    .meta({ description: "Discounts on the energy charge and their conditions" }),
}) satisfies z.ZodType<ElectricityPrices>;

/** As the back office's gasPricesSchema. */
export const apiGasPricesSchema = z.object({
  standingPerMonth,
  perKwh: z.number().meta({ description: "€ per kWh" }),
  variable,
});

const common = {
  name: z.string().meta({ description: "What supplies name it by (meters.package_name)" }),
  descr: z.string().meta({ description: "Its name as bills print it" }),
  segment: z
    .enum(PRODUCT_SEGMENTS)
    .meta({ description: "Whom it is offered to: households (home) or businesses" }),
  /*
   * Where the prices come from. The portal's stand-ins (core/products.ts) have no date: they are
   * what the portal shows until the billing system sends the product, not a price list of theirs.
   */
  source: z.enum(["billing", "portal"]).meta({
    description:
      "billing: sent by the billing system (POST /backoffice/tariffs); portal: the portal's stand-in until it is",
  }),
  valid_from: isoDate
    .nullable()
    .meta({ description: "The day the prices apply from; null for a portal stand-in" }),
};

/** One product of GET /products, its prices those of its division. */
export const apiProductSchema = z
  .discriminatedUnion("division", [
    z.object({
      ...common,
      division: z.literal("electricity"),
      colour: z.enum(TARIFF_COLOURS).meta({
        description:
          "The law's class of the product, by name: blue fixed, green special, yellow variable, orange dynamic (core/tariff-colours.ts)",
      }),
      prices: apiElectricityPricesSchema,
    }),
    z.object({
      ...common,
      division: z.literal("gas"),
      colour: z.null().meta({ description: "Gas products have no colour" }),
      prices: apiGasPricesSchema,
    }),
  ])
  .meta({ id: "ApiProduct" });
export type ApiProduct = z.infer<typeof apiProductSchema>;
