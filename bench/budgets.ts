/**
 * The performance budgets the project keeps (issue #8). Pure: run.ts feeds it the measured
 * figures; a failing budget makes `npm run bench` exit 1.
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
  /** Overview throughput ≥ this × the "hello" page's. */
  throughputRatio: 0.5,
} as const;

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

export function checkBudgets(pages: PageFigures[], throughputRatio: number | null): BudgetResult[] {
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
  results.push({
    budget: "overview throughput / hello",
    page: "overview",
    actual: throughputRatio === null ? "not measured" : `${(throughputRatio * 100).toFixed(0)}%`,
    limit: `≥ ${BUDGETS.throughputRatio * 100}%`,
    ok: throughputRatio !== null && throughputRatio >= BUDGETS.throughputRatio,
  });
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
