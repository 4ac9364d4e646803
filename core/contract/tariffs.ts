import { z } from "zod";
import { DISCOUNT_CONDITIONS, PRODUCT_SEGMENTS } from "../products";
import type { TariffCompare } from "../tariff-compare";
import { TARIFF_COLOURS } from "../tariff-colours";
import { isoDate } from "./common";
import { apiProductSchema } from "./products";
import { roleSchema } from "./users";

// ---- tariffs priced on the supply's own usage (GET /users/{id}/meters/{meterId}/tariffs) ----
// The shape of core/tariff-compare.ts's result, which the API passes through as it is: the rules
// and the meaning of every field are written there.

const cents = z.int().meta({ description: "Euro cents" });
const kwh = z.number().meta({ description: "kWh, to the watt-hour" });
const month = z.string().meta({ description: "YYYY-MM" });

const usagePrice = z.object({
  register: z.enum(["day", "night", "all"]),
  kwh,
  rate: z.number().meta({ description: "€ per kWh" }),
});

const discount = z.object({ condition: z.enum(DISCOUNT_CONDITIONS), percent: z.number() });

const tariffLine = z.discriminatedUnion("key", [
  z.object({
    key: z.literal("standing"),
    cents,
    basis: z.object({ perMonth: z.number(), months: z.literal(12) }),
  }),
  z.object({
    key: z.literal("energy"),
    cents,
    basis: z.discriminatedUnion("pricing", [
      z.object({
        pricing: z.literal("flat"),
        usage: z.array(usagePrice),
        nightAtDayRate: z.boolean(),
      }),
      z.object({
        pricing: z.literal("monthly"),
        usage: z.array(usagePrice.extend({ month, fromMonthly: z.boolean() })),
      }),
      z.object({ pricing: z.literal("last_bill"), kwh, perKwh: z.number() }),
    ]),
  }),
  z.object({
    key: z.literal("discount"),
    cents: cents.meta({ description: "Euro cents, negative" }),
    basis: z.object({
      condition: z.enum(DISCOUNT_CONDITIONS),
      percent: z.number(),
      energyCents: cents,
      assumed: z.boolean(),
    }),
  }),
  z.object({ key: z.literal("regulated"), cents, basis: z.object({ kwh, perKwh: z.number() }) }),
  z.object({
    key: z.literal("municipality"),
    cents,
    basis: z.object({ days: z.int(), perDay: z.number() }),
  }),
  z.object({
    key: z.literal("taxes"),
    cents,
    basis: z.object({ baseCents: cents, share: z.number() }),
  }),
]);

const sharedLine = z.discriminatedUnion("key", [
  z.object({ key: z.literal("regulated"), cents, basis: z.object({ kwh, perKwh: z.number() }) }),
  z.object({
    key: z.literal("municipality"),
    cents,
    basis: z.object({ days: z.int(), perDay: z.number() }),
  }),
]);

const usageWindow = z.object({
  from: isoDate,
  to: isoDate,
  lastMonth: month,
  days: z.int(),
  coveredDays: z.int(),
  estimatedDays: z.int(),
});

const usageMonth = z.object({
  month,
  days: z.int(),
  coveredDays: z.int(),
  estimatedDays: z.int(),
  dayKwh: kwh,
  nightKwh: kwh,
  kwhFrom: z.enum(["bills", "scaled", "year_average"]),
});

const switchRefusal = z.enum(["current", "business_user", "needs_smart_meter"]);

const productCost = z.object({
  name: z.string(),
  descr: z.string(),
  colour: z.enum(TARIFF_COLOURS).nullable(),
  dynamic: z.boolean(),
  smartMeterWouldBeExact: z.boolean(),
  missingMonths: z.array(month),
  current: z.boolean(),
  productCents: cents,
  cents: cents.meta({ description: "The yearly cost, every line included" }),
  differenceCents: cents.meta({ description: "cents − the current tariff's (negative: cheaper)" }),
  lines: z.array(tariffLine),
  discountsNotApplied: z.array(discount),
  switchAllowed: z.boolean(),
  switchRefusal: switchRefusal.nullable(),
});

export const apiTariffCompareSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("comparison"),
    division: z.enum(["electricity", "gas"]),
    window: usageWindow,
    months: z.array(usageMonth),
    kwh: z.object({ day: kwh, night: kwh }),
    estimatesUsed: z.boolean(),
    shared: z.object({
      sameForEveryProduct: z.literal(true),
      cents,
      lines: z.array(sharedLine),
    }),
    current: z.object({
      name: z.string().nullable(),
      pricedFrom: z.enum(["product", "last_bill"]),
      cents,
      lines: z.array(tariffLine),
    }),
    products: z.array(productCost).meta({ description: "Cheapest first" }),
    assumesOnTime: z.boolean(),
    reference: z.object({
      issue_date: isoDate,
      period_from: isoDate,
      period_to: isoDate,
      days: z.int(),
      kwh,
      energy: z.number(),
      regulated: z.number(),
      municipality: z.number(),
      taxes: z.number(),
    }),
    historyMonths: z.int(),
  }),
  z.object({
    kind: z.literal("none"),
    reason: z.enum(["no_bills", "too_little_history", "no_clearance"]),
    historyMonths: z.int(),
    window: usageWindow.nullable(),
    months: z.array(usageMonth),
  }),
]) satisfies z.ZodType<TariffCompare>;

export const apiTariffsSchema = z
  .object({
    division: z.enum(["electricity", "gas"]),
    segment: z.enum(PRODUCT_SEGMENTS).meta({
      description: "The supply's kind: business for a professional supply, else home",
    }),
    current: z
      .string()
      .meta({ description: "The product the supply is on now (meters.package_name)" }),
    account: z.object({
      role: z.union([roleSchema, z.literal("household")]),
      smartMeter: z.boolean(),
      eBill: z.boolean(),
      directDebit: z.boolean(),
    }),
    products: z.array(apiProductSchema).meta({
      description:
        "The supplier's products for the supply's division and segment, as GET /products lists them",
    }),
    openSwitch: z
      .object({ reference: z.string(), product: z.string() })
      .nullable()
      .meta({ description: "The supply's open tariff-switch request (one at a time), or null" }),
    comparison: apiTariffCompareSchema,
  })
  .meta({
    id: "ApiTariffs",
    description:
      "The supplier's products for this supply priced on its last 12 months (the supplier's own comparison, not a quote; the regulator's tool is energycost.gr)",
  });
export type ApiTariffs = z.infer<typeof apiTariffsSchema>;
