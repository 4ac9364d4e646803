import { z } from "zod";
import type { Forecast } from "../forecast";
import { isoDate } from "./common";

// ---- the next-bill forecast (GET /users/{id}/meters/{meterId}/forecast, …/shell?forecast=1) ----
// The shape of core/forecast.ts's result, which the API passes through as it is: the rules and
// the meaning of every field are written there.

const cents = z.int().meta({ description: "Euro cents" });
const kwh = z.number().meta({ description: "kWh, to the watt-hour" });

const usagePrice = z.object({
  register: z.enum(["day", "night", "all"]),
  kwh,
  rate: z.number().meta({ description: "€ per kWh" }),
});

const forecastLine = z.discriminatedUnion("key", [
  z.object({
    key: z.literal("energy"),
    cents,
    basis: z.discriminatedUnion("pricedFrom", [
      z.object({
        pricedFrom: z.literal("tariff"),
        standingPerMonth: z.number(),
        days: z.int(),
        daysPerMonth: z.literal(30.4375),
        usage: z.array(usagePrice),
      }),
      z.object({ pricedFrom: z.literal("last_bill"), kwh, perKwh: z.number() }),
    ]),
  }),
  z.object({
    key: z.literal("regulated"),
    cents,
    basis: z.object({ kwh, perKwh: z.number() }),
  }),
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

const trendWindow = z.object({
  from: isoDate,
  to: isoDate,
  days: z.int(),
  coveredDays: z.int(),
  estimatedDays: z.int(),
  kwh,
});

export const apiForecastSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("forecast"),
      period: z.object({ from: isoDate, to: isoDate, days: z.int() }),
      kwh: z.object({ day: kwh, night: kwh }),
      centralCents: cents,
      range: z.object({ lowCents: cents, highCents: cents }),
      lines: z.array(forecastLine),
      trend: z.object({
        factor: z.number(),
        raw: z.number().nullable(),
        clamped: z.boolean(),
        recent: trendWindow,
        yearBefore: trendWindow,
      }),
      yearsUsed: z.array(z.int()),
      years: z.array(
        z.object({
          year: z.int(),
          from: isoDate,
          to: isoDate,
          days: z.int(),
          coveredDays: z.int(),
          estimatedDays: z.int(),
          dayKwh: kwh,
          nightKwh: kwh,
          used: z.boolean(),
          cents: cents.nullable(),
        }),
      ),
      pricedFrom: z.enum(["tariff", "last_bill"]),
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
      estimatesUsed: z.boolean(),
      historyMonths: z.int(),
      fromReadings: z
        .object({ from: isoDate, to: isoDate, days: z.int(), reading: isoDate })
        .nullable()
        .meta({
          description:
            "The days the newest pair of actual meter readings gave in place of estimates (the reading of `reading`), or null",
        }),
    }),
    z.object({
      kind: z.literal("none"),
      reason: z.enum(["no_bills", "too_little_history", "no_clearance"]),
      historyMonths: z.int(),
    }),
  ])
  .meta({
    id: "ApiForecast",
    description:
      "The next bill's likely cost (an estimate, never a bill: nothing is due). kind none: too little history, with the months it holds",
  }) satisfies z.ZodType<Forecast>;
export type ApiForecast = z.infer<typeof apiForecastSchema>;
