import { describe, expect, test } from "vitest";
import {
  BUDGETS,
  checkBudgets,
  KB,
  median,
  ratio,
  roundTripBudget,
  type LighthouseFigures,
  type PageFigures,
  type RoundTripFigures,
} from "./budgets";

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

const failing = (pages: PageFigures[], cachedRatio: number | null = 0.8) =>
  checkBudgets({ pages, throughput: { cachedRatio, freshRatio: 0.4, fresh200Ratio: 0.4 } })
    .filter((r) => !r.ok)
    .map((r) => `${r.page}: ${r.budget}`);

const failed = (results: { ok: boolean; page: string; budget: string }[]) =>
  results.filter((r) => !r.ok).map((r) => `${r.page}: ${r.budget}`);

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

  test("throughput from the page cache must reach half of the hello page's", () => {
    expect(failing([page()], 0.5)).toEqual([]);
    expect(failing([page()], 0.49)).toEqual(["overview: overview from the page cache / hello"]);
    expect(failing([page()], null)).toEqual(["overview: overview from the page cache / hello"]);
  });

  test("a part the run left out is not budgeted", () => {
    expect(checkBudgets({})).toEqual([]);
    expect(checkBudgets({ workerGzipBytes: 1 }).map((r) => r.budget)).toEqual([
      "Worker size, gzip",
    ]);
  });
});

describe("#16 Lighthouse budgets: LCP against hello in the same run, TBT, CLS", () => {
  const lh = (over: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
    id: "overview",
    kind: "signed-in",
    lcpMs: 1000,
    helloLcpMs: 1000,
    tbtMs: 0,
    cls: 0,
    ...over,
  });
  const lhFailing = (pages: LighthouseFigures[]) => failed(checkBudgets({ lighthouse: pages }));

  test("the login page may take 1.1 × hello's LCP, not more", () => {
    expect(lhFailing([lh({ id: "login", kind: "login", lcpMs: 1100 })])).toEqual([]);
    expect(lhFailing([lh({ id: "login", kind: "login", lcpMs: 1101 })])).toEqual([
      "login: Lighthouse LCP / hello",
    ]);
  });

  test("a signed-in page may take 1.25 × hello's LCP, not more", () => {
    expect(lhFailing([lh({ lcpMs: 1250 })])).toEqual([]);
    expect(lhFailing([lh({ lcpMs: 1251 })])).toEqual(["overview: Lighthouse LCP / hello"]);
    // The before: 2,202 ms against hello's 828 ms is 2.66 × hello.
    expect(lhFailing([lh({ lcpMs: 2202, helloLcpMs: 828 })])).toEqual([
      "overview: Lighthouse LCP / hello",
    ]);
  });

  test("the ratio is the page's median over hello's median", () => {
    const page = median([1300, 1200, 1250]);
    const hello = median([1000, 1100, 900]);
    expect(ratio(page, hello)).toBe(1.25);
    expect(ratio(page, null)).toBeNull();
    expect(ratio(null, 1000)).toBeNull();
    expect(ratio(1000, 0)).toBeNull();
  });

  test("TBT up to 50 ms and CLS exactly 0; a missing figure fails", () => {
    expect(lhFailing([lh({ tbtMs: 50 })])).toEqual([]);
    expect(lhFailing([lh({ tbtMs: 51 })])).toEqual(["overview: Lighthouse TBT"]);
    expect(lhFailing([lh({ cls: 0.001 })])).toEqual(["overview: Lighthouse CLS"]);
    expect(lhFailing([lh({ lcpMs: null, tbtMs: null, cls: null })])).toEqual([
      "overview: Lighthouse LCP / hello",
      "overview: Lighthouse TBT",
      "overview: Lighthouse CLS",
    ]);
  });
});

describe("#16 the first view: overview rendered afresh against hello", () => {
  const fresh = (freshRatio: number | null, fresh200Ratio: number | null) =>
    failed(checkBudgets({ throughput: { cachedRatio: 0.6, freshRatio, fresh200Ratio } }));

  test("household ≥ 35 %, 200 supplies ≥ 30 %", () => {
    expect(fresh(0.35, 0.3)).toEqual([]);
    expect(fresh(0.34, 0.3)).toEqual(["overview: overview rendered afresh / hello"]);
    expect(fresh(0.35, 0.29)).toEqual(["overview-200: overview rendered afresh / hello"]);
    // The before: 79 of 520 req/s.
    expect(fresh(ratio(79, 520), 0.3)).toEqual(["overview: overview rendered afresh / hello"]);
  });

  test("not measured (or failed requests) fails", () => {
    expect(fresh(null, null)).toEqual([
      "overview: overview rendered afresh / hello",
      "overview-200: overview rendered afresh / hello",
    ]);
  });
});

describe("#16 round trips: TTFB with D1_DELAY_MS ≤ 4 × delay + TTFB without", () => {
  const rt = (over: Partial<RoundTripFigures> = {}): RoundTripFigures => ({
    id: "overview",
    delayMs: 40,
    ttfbMs: 30,
    delayedTtfbMs: 150,
    ...over,
  });

  test("four sequential round trips pass, five fail", () => {
    expect(roundTripBudget(rt({ delayedTtfbMs: 30 + 4 * 40 }))).toMatchObject({
      ok: true,
      limit: "≤ 190 ms",
    });
    expect(roundTripBudget(rt({ delayedTtfbMs: 30 + 5 * 40 })).ok).toBe(false);
    expect(BUDGETS.roundTrips).toBe(4);
  });

  test("a delay that did not take effect fails (the switch was off)", () => {
    const result = roundTripBudget(rt({ delayedTtfbMs: 35 }));
    expect(result.ok).toBe(false);
    expect(result.actual).toMatch(/did not take effect/);
    // Noise of a loaded machine (35 ms more, as seen without the switch) is not one round trip.
    expect(roundTripBudget(rt({ ttfbMs: 122, delayedTtfbMs: 157 })).ok).toBe(false);
    expect(roundTripBudget(rt({ ttfbMs: 122, delayedTtfbMs: 162 })).ok).toBe(true);
  });

  test("a missing figure fails", () => {
    expect(roundTripBudget(rt({ delayedTtfbMs: null })).ok).toBe(false);
    expect(roundTripBudget(rt({ ttfbMs: null })).ok).toBe(false);
  });

  test("each measured page gets its own budget", () => {
    const results = checkBudgets({
      roundTrips: [rt({ id: "overview" }), rt({ id: "pay", delayedTtfbMs: 400 })],
    });
    expect(failed(results)).toEqual(["pay: TTFB with D1_DELAY_MS=40, fresh render"]);
  });
});

describe("#16 Worker size", () => {
  test("≤ 1.2 MB gzip (1 MB = 1024 KB)", () => {
    const size = (bytes: number | null) => checkBudgets({ workerGzipBytes: bytes })[0]!;
    expect(size(1.2 * 1024 * 1024).ok).toBe(true);
    expect(size(1.2 * 1024 * 1024 + 1).ok).toBe(false);
    // Today's Worker: wrangler's "gzip: 2262.87 KiB".
    expect(size(2262.87 * 1024).ok).toBe(false);
    expect(size(null)).toMatchObject({ ok: false, actual: "not measured" });
  });
});

describe("median", () => {
  test("odd and even counts, ignoring missing values", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 2, Number.NaN])).toBe(2);
    expect(median([])).toBeNull();
  });

  test("#16 median of 3 runs takes the middle one, whatever the order", () => {
    expect(median([900, 1300, 1000])).toBe(1000);
    expect(median([1300, 900, 1000])).toBe(1000);
    // One failed run of three: the middle of the two left.
    expect(median([1300, null, 1000])).toBe(1150);
  });
});

describe("the back office's budgets (#36)", () => {
  const figures = (over: Partial<import("./budgets").BackofficeFigures> = {}) => ({
    batchItems: 500,
    batchMs: 16_000,
    batchD1Calls: 3_850,
    billRunSupplies: 1_238,
    billRunMs: 40_000,
    ...over,
  });
  test("a batch within its time and D1 calls, and a bill run that completes, pass", () => {
    expect(failed(checkBudgets({ backoffice: figures() }))).toEqual([]);
  });
  test("a slow batch, too many D1 calls a bill, or a failed bill run fail", () => {
    expect(
      failed(
        checkBudgets({
          backoffice: figures({
            batchMs: BUDGETS.backofficeBatchMs + 1,
            batchD1Calls: 5_001,
            billRunMs: null,
          }),
        }),
      ),
    ).toEqual([
      "back office: a batch of 500 bills",
      "back office: D1 calls per bill of the batch",
      "back office: a bill run of 1238 supplies",
    ]);
  });
});
