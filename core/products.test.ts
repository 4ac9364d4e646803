import { describe, expect, it } from "vitest";
import { TARIFF_CATEGORIES } from "./applications/rules";
import {
  BUSINESS_PRODUCTS,
  ELEC_HOME_PACKAGES,
  ELEC_PRO_PACKAGES,
  formatPrice,
  GAS_HOME_PACKAGE,
  GAS_PRO_PACKAGE,
  HOME_PRODUCTS,
  NRG_BUSINESS_DYNAMIC,
  NRG_HOME_DYNAMIC,
  NRG_HOME_GREEN,
  STAND_IN_PRODUCTS,
  standInColour,
  TARIFF_PRODUCTS,
  type PricedProduct,
} from "./products";
import { colourOfPrices, TARIFF_COLOURS } from "./tariff-colours";

describe("products and their prices (#35 §5, the transfer flow's tariff step)", () => {
  it("every tariff category of the transfer flow has a product with prices", () => {
    for (const category of TARIFF_CATEGORIES) {
      const product: PricedProduct = TARIFF_PRODUCTS[category];
      expect(product.name, category).toMatch(/^NRG_[A-Z_]+$/);
      expect(product.prices.standingPerMonth, category).toBeGreaterThan(0);
      expect(product.prices.day, category).toBeGreaterThan(0);
    }
  });

  it("the night tariffs have a night rate below the day rate; the others have none", () => {
    for (const category of TARIFF_CATEGORIES) {
      const { day, night } = TARIFF_PRODUCTS[category].prices as { day: number; night?: number };
      if (category.endsWith("_night")) {
        expect(night, category).toBeGreaterThan(0);
        expect(night, category).toBeLessThan(day);
      } else expect(night, category).toBeUndefined();
    }
  });

  it("the seed's packages are the products' (one list): homes and businesses", () => {
    expect(ELEC_HOME_PACKAGES.map((p) => p.name)).toEqual(["NRG_HOME_FIXED", "NRG_HOME_NIGHT"]);
    expect(ELEC_PRO_PACKAGES.map((p) => p.name)).toEqual([
      "NRG_BUSINESS_FIXED",
      "NRG_BUSINESS_FLEX",
    ]);
    expect(TARIFF_PRODUCTS.residential).toBe(ELEC_HOME_PACKAGES[0]);
  });

  it("writes prices as the portal writes amounts: comma, 2 or 4 decimals, a no-break space", () => {
    expect(formatPrice(5)).toBe("5,00\u00a0€");
    expect(formatPrice(0.139, 4)).toBe("0,1390\u00a0€");
    expect(formatPrice(1234.5)).toBe("1.234,50\u00a0€");
  });
});

describe("the offer per segment and its colours (#37 §3)", () => {
  const offers = { home: HOME_PRODUCTS, business: BUSINESS_PRODUCTS } as const;
  const isGas = (p: { prices: object }) => "perKwh" in p.prices;

  it("each segment offers every colour, each product of its own segment, and its gas", () => {
    for (const [segment, offer] of Object.entries(offers)) {
      for (const product of offer) expect(product.segment, product.name).toBe(segment);
      const colours = new Set(offer.flatMap((p) => (p.colour ? [p.colour] : [])));
      expect([...colours].sort(), segment).toEqual([...TARIFF_COLOURS].sort());
      expect(offer.filter(isGas), segment).toHaveLength(1);
    }
    expect(HOME_PRODUCTS).toContain(GAS_HOME_PACKAGE);
    expect(BUSINESS_PRODUCTS).toContain(GAS_PRO_PACKAGE);
  });

  it("electricity has a colour, gas has prices and none", () => {
    for (const product of STAND_IN_PRODUCTS.values()) {
      if (isGas(product)) {
        expect(product.colour, product.name).toBeUndefined();
        expect(standInColour(product.name)).toBeNull();
      } else {
        expect(TARIFF_COLOURS, product.name).toContain(product.colour);
        expect(standInColour(product.name)).toBe(product.colour);
      }
    }
    expect(standInColour("NRG_HOME")).toBeNull();
  });

  it("a stand-in's colour is the one its prices imply, except green (special), which is named", () => {
    for (const product of STAND_IN_PRODUCTS.values()) {
      if (isGas(product) || product.colour === "green") continue;
      expect(colourOfPrices((product as PricedProduct).prices), product.name).toBe(product.colour);
    }
    expect(NRG_HOME_GREEN.prices.discounts).toEqual([
      { condition: "e_bill", percent: 3 },
      { condition: "on_time", percent: 5 },
    ]);
  });

  it("the dynamic products have the 12 months up to 2026-11, winter and summer dearer, nights cheaper", () => {
    for (const product of [NRG_HOME_DYNAMIC, NRG_BUSINESS_DYNAMIC]) {
      const monthly = product.prices.monthly;
      expect(monthly.map((m) => m.month)).toEqual([
        "2025-12",
        ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`),
      ]);
      for (const m of monthly) expect(m.night, m.month).toBeLessThan(m.day);
      const day = (month: string) => monthly.find((m) => m.month === month)!.day;
      expect(day("2026-01")).toBeGreaterThan(day("2026-05"));
      expect(day("2026-07")).toBeGreaterThan(day("2026-05"));
      // The current day/night rates are the newest month's.
      expect([product.prices.day, product.prices.night]).toEqual([
        monthly.at(-1)!.day,
        monthly.at(-1)!.night,
      ]);
    }
  });
});
