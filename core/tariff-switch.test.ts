import { describe, expect, it } from "vitest";
import type { ForecastBill } from "./forecast";
import { HOME_PRODUCTS, NRG_HOME_FIXED, type PricedProduct } from "./products";
import { compareTariffs, type AccountFacts } from "./tariff-compare";
import { isDynamicProduct, switchProblem, switchRefusal } from "./tariff-switch";

/** A year of monthly Clearances, 300 kWh day and 100 night each, as the comparison reads them. */
function year(): ForecastBill[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = String(i + 1).padStart(2, "0");
    const days = new Date(Date.UTC(2026, i + 1, 0)).getUTCDate();
    return {
      type: "Clearance",
      issue_date: `2026-${month}-28`,
      period_from: `2026-${month}-01`,
      period_to: `2026-${month}-${days}`,
      consumption_source: "actual",
      day_kwh: 300,
      night_kwh: 100,
      energy: 60,
      regulated: 20,
      municipality: days * 0.2,
      taxes: 9,
    } satisfies ForecastBill;
  });
}

const electricity = HOME_PRODUCTS.filter((p): p is PricedProduct => !("perKwh" in p.prices));

const accounts: AccountFacts[] = [
  { role: "household", smartMeter: false, eBill: false, directDebit: false },
  { role: "household", smartMeter: true, eBill: true, directDebit: false },
  { role: "master", smartMeter: false, eBill: false, directDebit: true },
  { role: "admin", smartMeter: true, eBill: false, directDebit: false },
  { role: "user", smartMeter: true, eBill: false, directDebit: false },
];

describe("switchRefusal: the comparison's decision 6 without the bills", () => {
  it.each(accounts)("agrees with compareTariffs product by product (%o)", (account) => {
    const result = compareTariffs({
      today: "2027-01-15",
      bills: year(),
      account,
      division: "electricity",
      current: { name: NRG_HOME_FIXED.name, prices: NRG_HOME_FIXED.prices },
      products: electricity,
    });
    if (result.kind !== "comparison") throw new Error(result.reason);
    for (const cost of result.products) {
      const product = electricity.find((p) => p.name === cost.name) as PricedProduct;
      expect([
        cost.name,
        switchRefusal({
          product: cost.name,
          current: NRG_HOME_FIXED.name,
          dynamic: isDynamicProduct(product),
          account,
        }),
      ]).toEqual([cost.name, cost.switchRefusal]);
    }
  });

  it("refuses the current product first, then a business user, then orange without a smart meter", () => {
    const user = { role: "user", smartMeter: false } as const;
    expect(switchRefusal({ product: "A", current: "A", dynamic: true, account: user })).toBe(
      "current",
    );
    expect(switchRefusal({ product: "B", current: "A", dynamic: true, account: user })).toBe(
      "business_user",
    );
    const master = { role: "master", smartMeter: false } as const;
    expect(switchRefusal({ product: "B", current: "A", dynamic: true, account: master })).toBe(
      "needs_smart_meter",
    );
    expect(switchRefusal({ product: "B", current: "A", dynamic: false, account: master })).toBe(
      null,
    );
  });
});

describe("switchProblem: a key from a post", () => {
  const account = { role: "household", smartMeter: false } as const;

  it("is unknown_product for a key not in the supply's list (another kind's, a made-up one)", () => {
    for (const product of ["NRG_BUSINESS_FIXED", "NRG_GAS_HOME", "", "x' OR 1=1"]) {
      expect(
        switchProblem(electricity, { product, current: NRG_HOME_FIXED.name, account }),
      ).toEqual({ problem: "unknown_product" });
    }
  });

  it("gives the product when the switch may be filed, and the reason when not", () => {
    const green = switchProblem(electricity, {
      product: "NRG_HOME_GREEN",
      current: NRG_HOME_FIXED.name,
      account,
    });
    expect(green.problem === null && green.product.name).toBe("NRG_HOME_GREEN");
    expect(
      switchProblem(electricity, {
        product: "NRG_HOME_DYNAMIC",
        current: "NRG_HOME_FIXED",
        account,
      }).problem,
    ).toBe("needs_smart_meter");
  });

  it("counts a product dynamic by its monthly prices or its orange colour", () => {
    expect(isDynamicProduct({ colour: "orange", prices: { day: 0.1 } })).toBe(true);
    expect(isDynamicProduct({ colour: "blue", prices: { day: 0.1, monthly: [] } })).toBe(true);
    expect(isDynamicProduct({ colour: "blue", prices: { day: 0.1 } })).toBe(false);
    expect(isDynamicProduct({ colour: null, prices: { perKwh: 0.07 } })).toBe(false);
  });
});
