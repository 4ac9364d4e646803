import { describe, expect, it } from "vitest";
import { NRG_HOME_DYNAMIC } from "../../core/products";
import { TARIFF_COLOURS } from "../../core/tariff-colours";
import { issueField } from "../lib/validate";
import {
  DISCOUNTS_MAX,
  electricityPricesSchema,
  MONTHLY_MAX,
  productRefusal,
  tariffItemSchema,
} from "./tariffs";

/*
 * #37 §3 the rules of a product item of POST /backoffice/tariffs that are not its shape alone: a
 * colour by name, required for electricity and refused for gas; an orange product's monthly
 * prices; the discounts. The route answers each refusal with its reason
 * (tests/integration/backoffice-tariffs.test.ts); here the schema and the rules on their own.
 */
const electricity = {
  key: "PRD-1",
  type: "product",
  name: "NRG_X",
  descr: "nrg x",
  division: "electricity",
  tariff_colour: "blue",
  segment: "home",
  prices: { standingPerMonth: 5, day: 0.13 },
  valid_from: "2026-01-01",
};
const gas = {
  ...electricity,
  division: "gas",
  tariff_colour: undefined,
  prices: { standingPerMonth: 3, perKwh: 0.07 },
};

/** The first issue's field of an item, or null when it parses. */
function fieldOf(item: unknown): string | null {
  const parsed = tariffItemSchema.safeParse(item);
  return parsed.success ? null : (issueField(parsed.error.issues[0]?.path) ?? "");
}

/** The refusal of an item that parses (its reason and field), or null. */
function refusalOf(item: unknown) {
  const parsed = tariffItemSchema.parse(item);
  if (parsed.type !== "product") throw new Error("not a product");
  return productRefusal(parsed);
}

const months = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    month: `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`,
    day: 0.15,
    night: 0.1,
  }));

describe("a product item's colour and segment", () => {
  it("takes each of the four colours by name, and no hex", () => {
    for (const colour of TARIFF_COLOURS) {
      expect(fieldOf({ ...electricity, tariff_colour: colour }), colour).toBeNull();
    }
    expect(fieldOf({ ...electricity, tariff_colour: "#1565c0" })).toBe("tariff_colour");
    expect(fieldOf({ ...electricity, tariff_colour: "Blue" })).toBe("tariff_colour");
    // The "#rrggbb" field of #36 is gone: a feed still sending it is refused (an unknown field).
    expect(fieldOf({ ...electricity, colour: "#1565c0" })).toBe("");
  });

  it("needs the segment, home or business", () => {
    const { segment: _drop, ...without } = electricity;
    expect(fieldOf(without)).toBe("segment");
    expect(fieldOf({ ...electricity, segment: "industry" })).toBe("segment");
    expect(fieldOf({ ...electricity, segment: "business" })).toBeNull();
  });

  it("refuses an electricity product without a colour, and a gas product with one", () => {
    expect(refusalOf(electricity)).toBeNull();
    expect(refusalOf({ ...electricity, tariff_colour: undefined })).toEqual({
      reason: "colour_required",
      field: "tariff_colour",
    });
    expect(refusalOf(gas)).toBeNull();
    expect(refusalOf({ ...gas, tariff_colour: "blue" })).toEqual({
      reason: "colour_not_for_gas",
      field: "tariff_colour",
    });
  });

  it("refuses an orange product without monthly prices", () => {
    const orange = { ...electricity, tariff_colour: "orange" };
    expect(refusalOf(orange)).toEqual({ reason: "monthly_required", field: "prices.monthly" });
    expect(
      refusalOf({ ...orange, prices: { ...NRG_HOME_DYNAMIC.prices, monthly: months(12) } }),
    ).toBeNull();
    // Monthly prices on another colour are not refused: a yellow product may publish its months.
    expect(
      refusalOf({ ...electricity, prices: { ...electricity.prices, monthly: months(3) } }),
    ).toBeNull();
  });
});

describe("an electricity product's monthly prices and discounts", () => {
  const prices = (over: Record<string, unknown>) =>
    electricityPricesSchema.safeParse({ standingPerMonth: 5, day: 0.13, ...over });
  const fieldOfPrices = (over: Record<string, unknown>) => {
    const parsed = prices(over);
    return parsed.success ? null : issueField(parsed.error.issues[0]?.path);
  };

  it("takes the stand-in's dynamic prices as they are", () => {
    expect(electricityPricesSchema.safeParse(NRG_HOME_DYNAMIC.prices).success).toBe(true);
  });

  it(`monthly: months YYYY-MM, each once, at most ${MONTHLY_MAX}, day and night rates`, () => {
    expect(fieldOfPrices({ monthly: months(MONTHLY_MAX) })).toBeNull();
    expect(fieldOfPrices({ monthly: months(MONTHLY_MAX + 1) })).toBe("monthly");
    expect(fieldOfPrices({ monthly: [] })).toBe("monthly");
    const twice = [...months(2), months(1)[0]];
    expect(fieldOfPrices({ monthly: twice })).toBe("monthly.2.month");
    expect(fieldOfPrices({ monthly: [{ month: "2026-13", day: 0.1, night: 0.1 }] })).toBe(
      "monthly.0.month",
    );
    expect(fieldOfPrices({ monthly: [{ month: "2026-01", day: 0.1 }] })).toBe("monthly.0.night");
    expect(fieldOfPrices({ monthly: [{ month: "2026-01", day: -1, night: 0.1 }] })).toBe(
      "monthly.0.day",
    );
  });

  it(`discounts: a known condition each once, 0–50 %, at most ${DISCOUNTS_MAX}`, () => {
    const ok = [
      { condition: "e_bill", percent: 3 },
      { condition: "on_time", percent: 0 },
      { condition: "direct_debit", percent: 50 },
    ];
    expect(fieldOfPrices({ discounts: ok })).toBeNull();
    expect(fieldOfPrices({ discounts: [] })).toBeNull();
    expect(fieldOfPrices({ discounts: [{ condition: "e_bill", percent: 51 }] })).toBe(
      "discounts.0.percent",
    );
    expect(fieldOfPrices({ discounts: [{ condition: "e_bill", percent: -1 }] })).toBe(
      "discounts.0.percent",
    );
    expect(fieldOfPrices({ discounts: [{ condition: "loyalty", percent: 5 }] })).toBe(
      "discounts.0.condition",
    );
    expect(fieldOfPrices({ discounts: [...ok, { condition: "e_bill", percent: 1 }] })).toBe(
      "discounts.3.condition",
    );
    // More than the three conditions can fill: the list's own length is checked too.
    const six = Array.from({ length: DISCOUNTS_MAX + 1 }, () => ({
      condition: "e_bill",
      percent: 1,
    }));
    const parsed = prices({ discounts: six });
    expect(
      parsed.error?.issues.some((i) => i.code === "too_big" && i.path.join() === "discounts"),
    ).toBe(true);
  });

  it("a product item names the field of its prices that is wrong", () => {
    expect(
      fieldOf({
        ...electricity,
        prices: { ...electricity.prices, discounts: [{ condition: "e_bill", percent: 60 }] },
      }),
    ).toBe("prices.discounts.0.percent");
  });
});
