import { describe, expect, it } from "vitest";
import type { ApiProduct } from "../../core/contract";
import { TARIFF_CATEGORIES } from "../../core/applications/rules";
import { TARIFF_PRODUCTS } from "../../core/products";
import { tariffPrices } from "./tariff-prices";

const TODAY = "2026-06-15";
const billing = (over: Partial<ApiProduct> = {}): ApiProduct =>
  ({
    name: "NRG_HOME_FIXED",
    descr: "nrg home Σταθερό 2026",
    division: "electricity",
    colour: "blue",
    segment: "home",
    prices: { standingPerMonth: 4, day: 0.121 },
    valid_from: "2026-01-01",
    source: "billing",
    ...over,
  }) as ApiProduct;

const standIn = (category: keyof typeof TARIFF_PRODUCTS) => ({
  descr: TARIFF_PRODUCTS[category].descr,
  prices: TARIFF_PRODUCTS[category].prices,
  from: null,
});

describe("the transfer page's tariff prices", () => {
  it("takes each tariff's product from the API", () => {
    const prices = tariffPrices({ ok: true, status: 200, data: [billing()] }, TODAY);
    expect(prices.residential).toEqual({
      descr: "nrg home Σταθερό 2026",
      prices: { standingPerMonth: 4, day: 0.121 },
      from: null,
    });
    expect(prices.residential_night).toEqual(standIn("residential_night"));
  });

  it("says from when the prices apply only after today (Athens)", () => {
    const at = (valid_from: string) =>
      tariffPrices({ ok: true, status: 200, data: [billing({ valid_from })] }, TODAY).residential
        .from;
    expect(at("2026-06-16")).toBe("2026-06-16");
    expect(at(TODAY)).toBeNull();
    expect(at("2026-06-14")).toBeNull();
  });

  it("falls back to core/products.ts when the API fails, lacks the product or answers nonsense", () => {
    const fallback = Object.fromEntries(TARIFF_CATEGORIES.map((c) => [c, standIn(c)]));
    expect(tariffPrices({ ok: false, status: 0, code: "error" }, TODAY)).toEqual(fallback);
    expect(tariffPrices({ ok: true, status: 200, data: [] }, TODAY)).toEqual(fallback);
    const odd = [
      billing({ division: "gas", prices: { standingPerMonth: 1, perKwh: 0.1 } }),
      { name: "NRG_HOME_NIGHT", prices: null },
    ] as unknown as ApiProduct[];
    expect(tariffPrices({ ok: true, status: 200, data: odd }, TODAY)).toEqual(fallback);
    expect(
      tariffPrices({ ok: true, status: 200, data: "x" as unknown as ApiProduct[] }, TODAY),
    ).toEqual(fallback);
  });
});
