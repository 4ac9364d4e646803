import { describe, expect, it } from "vitest";
import { apiProductSchema } from "../../core/contract";
import {
  BUSINESS_PRODUCTS,
  HOME_PRODUCTS,
  NRG_BUSINESS_NIGHT,
  NRG_HOME_DYNAMIC,
  NRG_HOME_FIXED,
  STAND_IN_PRODUCTS,
  TARIFF_PRODUCTS,
} from "../../core/products";
import {
  GAS_STAND_INS,
  mergeProducts,
  PRICED_STAND_INS,
  toApiProduct,
  type ProductRow,
} from "./service";

const row = (over: Partial<ProductRow> = {}): ProductRow => ({
  name: "NRG_HOME_FIXED",
  descr: "nrg home Σταθερό",
  division: 1,
  tariff_colour: "blue",
  segment: "home",
  prices: JSON.stringify({ standingPerMonth: 4, day: 0.121 }),
  valid_from: "2026-01-01",
  ...over,
});

describe("GET /products' list", () => {
  it("lists every priced stand-in once, every tariff's product among them", () => {
    const names = PRICED_STAND_INS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const product of Object.values(TARIFF_PRODUCTS)) expect(names).toContain(product.name);
    // Every electricity product of both segments' offer.
    const offer = [...HOME_PRODUCTS, ...BUSINESS_PRODUCTS].filter((p) => !("perKwh" in p.prices));
    expect([...names].sort()).toEqual(offer.map((p) => p.name).sort());
  });

  it("lists the gas stand-ins too, with their gas prices and no colour (the forecast uses them)", () => {
    const list = mergeProducts([], () => undefined);
    const gas = list.filter((p) => p.division === "gas");
    expect(gas.map((p) => p.name).sort()).toEqual(GAS_STAND_INS.map((p) => p.name).sort());
    expect(gas.length).toBe(2);
    for (const product of gas) {
      expect(product).toMatchObject({ colour: null, source: "portal", valid_from: null });
      expect(product.prices).toEqual(STAND_IN_PRODUCTS.get(product.name)?.prices);
    }
    // The billing system's row of a gas product takes the stand-in's place.
    const billed = mergeProducts(
      [
        row({
          name: "NRG_GAS_HOME",
          division: 2,
          tariff_colour: null,
          prices: JSON.stringify({ standingPerMonth: 4, perKwh: 0.08 }),
        }),
      ],
      () => undefined,
    );
    expect(billed.filter((p) => p.name === "NRG_GAS_HOME")).toMatchObject([
      { source: "billing", prices: { standingPerMonth: 4, perKwh: 0.08 } },
    ]);
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
        colour: "blue",
        segment: "home",
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
    // A stand-in's monthly prices, as core/products.ts has them.
    expect(list.find((p) => p.name === NRG_HOME_DYNAMIC.name)).toMatchObject({
      colour: "orange",
      segment: "home",
      prices: { monthly: NRG_HOME_DYNAMIC.prices.monthly },
    });
    expect(list).toHaveLength(PRICED_STAND_INS.length + GAS_STAND_INS.length);
    for (const product of list) expect(apiProductSchema.safeParse(product).success).toBe(true);
  });

  it("gives a gas product its gas prices", () => {
    const gas = row({
      name: "NRG_GAS_HOME",
      division: 2,
      tariff_colour: null,
      prices: JSON.stringify({ standingPerMonth: 3, perKwh: 0.071, variable: true }),
    });
    expect(toApiProduct(gas)).toMatchObject({
      division: "gas",
      colour: null,
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
    const names = list.map((p) => p.name);
    for (const r of bad) expect(names).not.toContain(r.name);
    expect(names).toContain("NRG_BUSINESS_FLEX");
  });

  it("gives an electricity row without a colour the one its prices imply", () => {
    const variable = row({
      tariff_colour: null,
      prices: JSON.stringify({ standingPerMonth: 4, day: 0.12, variable: true }),
    });
    expect(toApiProduct(variable)).toMatchObject({ colour: "yellow" });
    expect(toApiProduct(row({ tariff_colour: "green" }))).toMatchObject({ colour: "green" });
  });
});
