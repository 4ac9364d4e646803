import { describe, expect, test } from "vitest";
import { BUDGETS, checkBudgets, KB, median, type PageFigures } from "./budgets";

const page = (over: Partial<PageFigures> = {}): PageFigures => ({
  id: "overview",
  signedIn: true,
  lcpBudget: true,
  docCssBytes: 20 * KB,
  htmlCssBytes: 30 * KB,
  jsBytes: 100 * KB,
  lcpOverFloor: { jsOn: 1.1, jsOff: 1 },
  cls: 0,
  ...over,
});

const failing = (pages: PageFigures[], ratio: number | null = 0.8) =>
  checkBudgets(pages, ratio)
    .filter((r) => !r.ok)
    .map((r) => `${r.page}: ${r.budget}`);

describe("checkBudgets", () => {
  test("a page within every budget passes", () => {
    expect(failing([page()])).toEqual([]);
  });

  test("the landing page gets one congestion window, signed-in pages two", () => {
    expect(failing([page({ id: "landing", signedIn: false, docCssBytes: 15 * KB })])).toEqual([
      "landing: document + blocking CSS",
    ]);
    expect(failing([page({ docCssBytes: 28 * KB })])).toEqual([]);
    expect(failing([page({ docCssBytes: 28 * KB + 1 })])).toEqual([
      "overview: document + blocking CSS",
    ]);
  });

  test("HTML + CSS, JS, CLS and LCP / floor each fail on their own", () => {
    expect(failing([page({ htmlCssBytes: BUDGETS.htmlCss + 1 })])).toEqual([
      "overview: HTML + CSS",
    ]);
    expect(failing([page({ jsBytes: BUDGETS.js + 1 })])).toEqual(["overview: JS"]);
    expect(failing([page({ cls: 0.001 })])).toEqual(["overview: CLS"]);
    expect(failing([page({ lcpOverFloor: { jsOn: 1.31, jsOff: 1 } })])).toEqual([
      "overview: LCP / floor, mobile, JS on",
    ]);
    expect(failing([page({ lcpOverFloor: { jsOn: 1, jsOff: null } })])).toEqual([
      "overview: LCP / floor, mobile, JS off",
    ]);
  });

  test("LCP / floor applies only where asked", () => {
    expect(failing([page({ lcpBudget: false, lcpOverFloor: { jsOn: 3, jsOff: 3 } })])).toEqual([]);
  });

  test("throughput must reach half of the hello page's", () => {
    expect(failing([page()], 0.5)).toEqual([]);
    expect(failing([page()], 0.49)).toEqual(["overview: overview throughput / hello"]);
    expect(failing([page()], null)).toEqual(["overview: overview throughput / hello"]);
  });
});

describe("median", () => {
  test("odd and even counts, ignoring missing values", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 2, Number.NaN])).toBe(2);
    expect(median([])).toBeNull();
  });
});
