import { describe, expect, it } from "vitest";
import { TARIFF_CATEGORIES } from "./applications/rules";
import {
  ELEC_HOME_PACKAGES,
  ELEC_PRO_PACKAGES,
  formatPrice,
  TARIFF_PRODUCTS,
  type PricedProduct,
} from "./products";

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
