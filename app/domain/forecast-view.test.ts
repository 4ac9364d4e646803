import { describe, expect, test } from "vitest";
import {
  dayMonth,
  formatCents,
  formatDecimal,
  formatFactor,
  formatForecastKwh,
  formatRate,
  formatShare,
  headlineRange,
  wholeEuros,
  type ForecastFiguresView,
} from "./forecast-view";

describe("the forecast's figures (#37 §1)", () => {
  test("decimals: a comma, dot thousands, trailing zeros beyond the minimum dropped", () => {
    expect(formatDecimal(370.125, 0, 3)).toBe("370,125");
    expect(formatDecimal(370, 0, 3)).toBe("370");
    expect(formatDecimal(1234.5, 0, 3)).toBe("1.234,5");
    expect(formatDecimal(0.145, 4, 6)).toBe("0,1450");
    expect(formatDecimal(0.051234, 4, 6)).toBe("0,051234");
    expect(formatDecimal(-0.0000001, 0, 3)).toBe("0");
    expect(formatDecimal(Number.NaN, 0, 2)).toBe("0");
  });

  test("kWh, rates, shares and factors as the explanation writes them", () => {
    expect(formatForecastKwh(370.125)).toBe("370,125\u00a0kWh");
    expect(formatRate(0.099)).toBe("0,0990\u00a0€");
    expect(formatShare(0.134567)).toBe("13,4567%");
    expect(formatShare(0.24)).toBe("24%");
    expect(formatFactor(1.2)).toBe("1,2000");
  });

  test("cents and whole euros", () => {
    expect(formatCents(8840)).toBe("88,40\u00a0€");
    expect(formatCents(123456)).toBe("1.234,56\u00a0€");
    expect(formatCents(-5)).toBe("-0,05\u00a0€");
    expect(wholeEuros(8240, "down")).toBe(82);
    expect(wholeEuros(8201, "up")).toBe(83);
    expect(wholeEuros(8200, "up")).toBe(82);
  });

  test("the headline's range rounds outwards, and the period reads DD/MM", () => {
    const forecast = { range: { lowCents: 8249, highCents: 9301 } } as ForecastFiguresView;
    expect(headlineRange(forecast)).toEqual({ one: null, low: "82", high: "94\u00a0€" });
    const narrow = { range: { lowCents: 8900, highCents: 8900 } } as ForecastFiguresView;
    expect(headlineRange(narrow)).toEqual({ one: "89\u00a0€" });
    expect(dayMonth("2026-12-01")).toBe("01/12");
  });
});
