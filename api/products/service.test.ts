import { describe, expect, it } from "vitest";
import { apiProductSchema } from "../../core/contract";
import { NRG_BUSINESS_NIGHT, NRG_HOME_FIXED, TARIFF_PRODUCTS } from "../../core/products";
import { mergeProducts, PRICED_STAND_INS, toApiProduct, type ProductRow } from "./service";

const row = (over: Partial<ProductRow> = {}): ProductRow => ({
  name: "NRG_HOME_FIXED",
  descr: "nrg home Σταθερό",
  division: 1,
  prices: JSON.stringify({ standingPerMonth: 4, day: 0.121 }),
  valid_from: "2026-01-01",
  ...over,
});

describe("GET /products' list", () => {
  it("lists every priced stand-in once, every tariff's product among them", () => {
    const names = PRICED_STAND_INS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const product of Object.values(TARIFF_PRODUCTS)) expect(names).toContain(product.name);
  });

  it("gives the billing system's product in place of the stand-in of its name", () => {
    const skipped: string[] = [];
    const list = mergeProducts([row()], (r) => skipped.push(r.name));
    expect(skipped).toEqual([]);
    expect(list.filter((p) => p.name === NRG_HOME_FIXED.name)).toEqual([
      {
        name: "NRG_HOME_FIXED",
        descr: "nrg home Σταθερό",
        division: "electricity",
        prices: { standingPerMonth: 4, day: 0.121 },
        valid_from: "2026-01-01",
        source: "billing",
      },
    ]);
    expect(list.find((p) => p.name === NRG_BUSINESS_NIGHT.name)).toEqual({
      ...NRG_BUSINESS_NIGHT,
      division: "electricity",
      valid_from: null,
      source: "portal",
    });
    expect(list).toHaveLength(PRICED_STAND_INS.length);
    for (const product of list) expect(apiProductSchema.safeParse(product).success).toBe(true);
  });

  it("gives a gas product its gas prices", () => {
    const gas = row({
      name: "NRG_GAS_HOME",
      division: 2,
      prices: JSON.stringify({ standingPerMonth: 3, perKwh: 0.071, variable: true }),
    });
    expect(toApiProduct(gas)).toMatchObject({
      division: "gas",
      prices: { standingPerMonth: 3, perKwh: 0.071, variable: true },
    });
  });

  it("skips a row whose prices do not parse as its division's, and lists no stand-in for it", () => {
    const bad = [
      row({ prices: "{not json" }),
      row({ name: "NRG_HOME_NIGHT", prices: JSON.stringify({ standingPerMonth: -1, day: 1 }) }),
      row({
        name: "NRG_BUSINESS_FIXED",
        prices: JSON.stringify({ standingPerMonth: 3, perKwh: 1 }),
      }),
      row({ name: "NRG_GAS_HOME", division: 2 }),
    ];
    const skipped: string[] = [];
    const list = mergeProducts(bad, (r) => skipped.push(r.name));
    expect(skipped).toEqual(bad.map((r) => r.name));
    expect(list.map((p) => p.name)).toEqual(["NRG_BUSINESS_FLEX", "NRG_BUSINESS_NIGHT"]);
  });
});
