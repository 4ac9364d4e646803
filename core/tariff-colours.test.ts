import { describe, expect, it } from "vitest";
import {
  asTariffColour,
  colourOfPrices,
  TARIFF_COLOUR_STYLES,
  TARIFF_COLOURS,
  TARIFF_COLOURS_NS,
  tariffColourKey,
} from "./tariff-colours";
import elCommon from "../locales/el/common.json";
import enCommon from "../locales/en/common.json";

/** WCAG 2.x relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const locale = (lang: "el" | "en") => (lang === "el" ? elCommon : enCommon);

describe("tariff colours (#37 §3)", () => {
  it("are the law's four, in its order, with the portal's hex for each", () => {
    expect(TARIFF_COLOURS).toEqual(["blue", "green", "yellow", "orange"]);
    expect(Object.fromEntries(TARIFF_COLOURS.map((c) => [c, TARIFF_COLOUR_STYLES[c].hex]))).toEqual(
      { blue: "#1565c0", green: "#2e7d32", yellow: "#f9c80e", orange: "#ef6c00" },
    );
  });

  it("write their text at WCAG AA (4.5:1) on the mark; the yellow's is dark", () => {
    for (const colour of TARIFF_COLOURS) {
      const { hex, text } = TARIFF_COLOUR_STYLES[colour];
      expect(contrast(hex, text), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(luminance(TARIFF_COLOUR_STYLES.yellow.text)).toBeLessThan(0.05);
  });

  it("have a name in both languages, under one key each", () => {
    expect(TARIFF_COLOURS_NS).toBe("common");
    expect(tariffColourKey("yellow")).toBe("common:tariffColour.yellow");
    expect(locale("el").tariffColour).toEqual({
      label: "Χρώμα τιμολογίου",
      blue: "Μπλε (σταθερό)",
      green: "Πράσινο (ειδικό)",
      yellow: "Κίτρινο (κυμαινόμενο)",
      orange: "Πορτοκαλί (δυναμικό)",
    });
    expect(locale("en").tariffColour).toEqual({
      label: "Tariff colour",
      blue: "Blue (fixed)",
      green: "Green (special)",
      yellow: "Yellow (variable)",
      orange: "Orange (dynamic)",
    });
  });

  it("read a stored value only when it is one of the four names", () => {
    for (const colour of TARIFF_COLOURS) expect(asTariffColour(colour)).toBe(colour);
    for (const other of [null, undefined, "", "Blue", "#1565c0", "red", 1]) {
      expect(asTariffColour(other)).toBeNull();
    }
  });

  it("are implied by the prices of a product sent without one: never green", () => {
    expect(colourOfPrices({})).toBe("blue");
    expect(colourOfPrices({ variable: true })).toBe("yellow");
    expect(colourOfPrices({ variable: true, monthly: [{}] })).toBe("orange");
    expect(colourOfPrices({ monthly: [] })).toBe("blue");
  });
});
