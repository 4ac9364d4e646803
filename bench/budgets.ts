/**
 * The performance budgets the project keeps (bench/README.md says why each). Pure: run.ts feeds it
 * the measured figures; a failing budget makes `npm run bench` exit 1.
 */

/** Kilobytes are 1024 bytes throughout the benchmark. */
export const KB = 1024;

export const BUDGETS = {
  /** Document + render-blocking CSS, compressed, on the landing/login page. */
  landingDocCss: 14 * KB,
  /** Document + render-blocking CSS, compressed, on every signed-in page. */
  signedInDocCss: 28 * KB,
  /** All HTML + CSS, compressed, on every page. */
  htmlCss: 40 * KB,
  /** All JavaScript, compressed, on any page. */
  js: 140 * KB,
  /** LCP on the mobile profile ≤ this × floor, for the pages marked lcpBudget. */
  lcpOverFloor: 1.3,
  /** Overview throughput, repeat view from the page cache, ≥ this × the "hello" page's. */
  throughputRatio: 0.5,
  /** Household overview rendered afresh (Cache-Control: no-cache) ≥ this × hello's req/s. */
  freshThroughputRatio: 0.35,
  /** The 200-supply overview rendered afresh ≥ this × hello's req/s. */
  freshThroughputRatio200: 0.3,
  /** Lighthouse (mobile, simulated) LCP ≤ this × /bench/hello's LCP in the same run: /login. */
  lighthouseLcpLogin: 1.1,
  /** The same for the signed-in pages (overview, pay, bills, reading; both accounts). */
  lighthouseLcpSignedIn: 1.25,
  /** Lighthouse Total Blocking Time, every page. */
  lighthouseTbtMs: 50,
  /** Sequential D1 round trips a fresh render may make before its first byte. */
  roundTrips: 4,
  /**
   * A batch of 500 new bills through the back-office API (#36), wall time on the local Worker
   * and D1 calls per bill: today's ceiling (measured 16 s, 13.6 calls a bill), to be lowered.
   */
  backofficeBatchMs: 30_000,
  backofficeD1CallsPerItem: 10,
  /** The Worker as Cloudflare counts it (wrangler's "Total Upload … / gzip:"), bytes. */
  workerGzip: 1.2 * KB * KB,
} as const;

export interface BackofficeFigures {
  batchItems: number;
  batchMs: number | null;
  batchD1Calls: number | null;
  billRunSupplies: number;
  billRunMs: number | null;
}

export interface PageFigures {
  id: string;
  signedIn: boolean;
  /** The LCP / floor budget applies to this page. */
  lcpBudget: boolean;
  docCssBytes: number;
  htmlCssBytes: number;
  jsBytes: number;
  /** Median LCP / floor on the mobile profile, JS on and JS off. */
  lcpOverFloor: { jsOn: number | null; jsOff: number | null };
  /** Largest CLS seen over the JS-on runs (both profiles). */
  cls: number;
}

export interface BudgetResult {
  budget: string;
  page: string;
  actual: string;
  limit: string;
  ok: boolean;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Lighthouse medians of one page and of the /bench/hello runs interleaved with it. */
export interface LighthouseFigures {
  id: string;
  /** "login" gets the tighter LCP ratio; every other page the signed-in one. */
  kind: "login" | "signed-in";
  lcpMs: number | null;
  helloLcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

/** Fresh-render TTFB medians of one page, without and with D1_DELAY_MS. */
export interface RoundTripFigures {
  id: string;
  delayMs: number;
  ttfbMs: number | null;
  delayedTtfbMs: number | null;
}

export interface ThroughputFigures {
  /** Household overview from the page cache / hello (req/s), null when not measured or failed. */
  cachedRatio: number | null;
  /** Household overview rendered afresh / hello. */
  freshRatio: number | null;
  /** The 200-supply overview rendered afresh / hello. */
  fresh200Ratio: number | null;
}

/** What one run measured; a part left out (a partial run, BENCH_ONLY) is not budgeted. */
export interface Figures {
  pages?: PageFigures[];
  throughput?: ThroughputFigures;
  lighthouse?: LighthouseFigures[];
  roundTrips?: RoundTripFigures[];
  backoffice?: BackofficeFigures;
  /** gzip bytes of the Worker's upload; null when the measurement failed. */
  workerGzipBytes?: number | null;
}

/** page / hello, null unless both are measured and hello is positive. */
export function ratio(page: number | null, hello: number | null): number | null {
  return page === null || hello === null || hello <= 0 ? null : page / hello;
}

const percent = (value: number | null) =>
  value === null ? "not measured" : `${(value * 100).toFixed(0)}%`;

function throughputBudgets(t: ThroughputFigures): BudgetResult[] {
  return (
    [
      ["overview rendered afresh / hello", "overview", t.freshRatio, BUDGETS.freshThroughputRatio],
      [
        "overview rendered afresh / hello",
        "overview-200",
        t.fresh200Ratio,
        BUDGETS.freshThroughputRatio200,
      ],
      ["overview from the page cache / hello", "overview", t.cachedRatio, BUDGETS.throughputRatio],
    ] as const
  ).map(([budget, page, actual, limit]) => ({
    budget,
    page,
    actual: percent(actual),
    limit: `≥ ${limit * 100}%`,
    ok: actual !== null && actual >= limit,
  }));
}

function lighthouseBudgets(pages: LighthouseFigures[]): BudgetResult[] {
  const results: BudgetResult[] = [];
  for (const page of pages) {
    const limit =
      page.kind === "login" ? BUDGETS.lighthouseLcpLogin : BUDGETS.lighthouseLcpSignedIn;
    const lcpRatio = ratio(page.lcpMs, page.helloLcpMs);
    results.push({
      budget: "Lighthouse LCP / hello",
      page: page.id,
      actual: lcpRatio === null ? "not measured" : lcpRatio.toFixed(2),
      limit: `≤ ${limit}`,
      ok: lcpRatio !== null && lcpRatio <= limit,
    });
    results.push({
      budget: "Lighthouse TBT",
      page: page.id,
      actual: page.tbtMs === null ? "not measured" : `${Math.round(page.tbtMs)} ms`,
      limit: `≤ ${BUDGETS.lighthouseTbtMs} ms`,
      ok: page.tbtMs !== null && page.tbtMs <= BUDGETS.lighthouseTbtMs,
    });
    results.push({
      budget: "Lighthouse CLS",
      page: page.id,
      actual: page.cls === null ? "not measured" : page.cls.toFixed(3),
      limit: "0",
      ok: page.cls === 0,
    });
  }
  return results;
}

/**
 * TTFB with `delayMs` before every D1 call ≤ roundTrips × delayMs + TTFB without delay. Fails
 * closed when the delay did not show (less than one delay added: a fresh signed-in render reads
 * the session and its data, at least two calls): then the switch was not in effect and the
 * figure says nothing about round trips.
 */
export function roundTripBudget(figures: RoundTripFigures): BudgetResult {
  const { ttfbMs, delayedTtfbMs, delayMs } = figures;
  const limitMs = ttfbMs === null ? null : BUDGETS.roundTrips * delayMs + ttfbMs;
  const base = {
    budget: `TTFB with D1_DELAY_MS=${delayMs}, fresh render`,
    page: figures.id,
    limit: limitMs === null ? "–" : `≤ ${Math.round(limitMs)} ms`,
  };
  if (ttfbMs === null || delayedTtfbMs === null || limitMs === null) {
    return { ...base, actual: "not measured", ok: false };
  }
  if (delayedTtfbMs - ttfbMs < delayMs) {
    return {
      ...base,
      actual: `${Math.round(delayedTtfbMs)} ms (the delay did not take effect)`,
      ok: false,
    };
  }
  return {
    ...base,
    actual: `${Math.round(delayedTtfbMs)} ms`,
    ok: delayedTtfbMs <= limitMs,
  };
}

function backofficeBudgets(b: BackofficeFigures): BudgetResult[] {
  const perItem =
    b.batchD1Calls === null || b.batchItems === 0 ? null : b.batchD1Calls / b.batchItems;
  return [
    {
      budget: `a batch of ${b.batchItems} bills`,
      page: "back office",
      actual: b.batchMs === null ? "failed" : `${(b.batchMs / 1000).toFixed(1)} s`,
      limit: `≤ ${BUDGETS.backofficeBatchMs / 1000} s`,
      ok: b.batchMs !== null && b.batchMs <= BUDGETS.backofficeBatchMs,
    },
    {
      budget: "D1 calls per bill of the batch",
      page: "back office",
      actual: perItem === null ? "not measured" : perItem.toFixed(1),
      limit: `≤ ${BUDGETS.backofficeD1CallsPerItem}`,
      ok: perItem !== null && perItem <= BUDGETS.backofficeD1CallsPerItem,
    },
    {
      budget: `a bill run of ${b.billRunSupplies} supplies`,
      page: "back office",
      actual: b.billRunMs === null ? "failed" : `${(b.billRunMs / 1000).toFixed(1)} s`,
      limit: "completes",
      ok: b.billRunMs !== null,
    },
  ];
}

export function checkBudgets(figures: Figures): BudgetResult[] {
  const results: BudgetResult[] = [];
  if (figures.lighthouse) results.push(...lighthouseBudgets(figures.lighthouse));
  if (figures.throughput) results.push(...throughputBudgets(figures.throughput));
  if (figures.roundTrips) results.push(...figures.roundTrips.map(roundTripBudget));
  if (figures.backoffice) results.push(...backofficeBudgets(figures.backoffice));
  if (figures.workerGzipBytes !== undefined) {
    const bytes = figures.workerGzipBytes;
    results.push({
      budget: "Worker size, gzip",
      page: "Worker",
      actual: bytes === null ? "not measured" : `${(bytes / KB).toFixed(0)} KB`,
      limit: `≤ ${(BUDGETS.workerGzip / KB).toFixed(0)} KB`,
      ok: bytes !== null && bytes <= BUDGETS.workerGzip,
    });
  }
  results.push(...pageBudgets(figures.pages ?? []));
  return results;
}

function pageBudgets(pages: PageFigures[]): BudgetResult[] {
  const results: BudgetResult[] = [];
  for (const page of pages) {
    const docLimit = page.signedIn ? BUDGETS.signedInDocCss : BUDGETS.landingDocCss;
    results.push({
      budget: "document + blocking CSS",
      page: page.id,
      actual: kb(page.docCssBytes),
      limit: kb(docLimit),
      ok: page.docCssBytes <= docLimit,
    });
    results.push({
      budget: "HTML + CSS",
      page: page.id,
      actual: kb(page.htmlCssBytes),
      limit: kb(BUDGETS.htmlCss),
      ok: page.htmlCssBytes <= BUDGETS.htmlCss,
    });
    results.push({
      budget: "JS",
      page: page.id,
      actual: kb(page.jsBytes),
      limit: kb(BUDGETS.js),
      ok: page.jsBytes <= BUDGETS.js,
    });
    if (page.lcpBudget) {
      for (const [mode, ratio] of [
        ["JS on", page.lcpOverFloor.jsOn],
        ["JS off", page.lcpOverFloor.jsOff],
      ] as const) {
        results.push({
          budget: `LCP / floor, mobile, ${mode}`,
          page: page.id,
          actual: ratio === null ? "no LCP" : ratio.toFixed(2),
          limit: `≤ ${BUDGETS.lcpOverFloor}`,
          ok: ratio !== null && ratio <= BUDGETS.lcpOverFloor,
        });
      }
    }
    results.push({
      budget: "CLS",
      page: page.id,
      actual: page.cls.toFixed(3),
      limit: "0",
      ok: page.cls === 0,
    });
  }
  return results;
}

/** Median of the finite numbers in `values`; null when there are none. */
export function median(values: (number | null)[]): number | null {
  const sorted = values
    .filter((v): v is number => v !== null && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
