/**
 * The closing report of `npm test` (scripts/test.ts): each step's time, the ten slowest test
 * files, the e2e time by kind of work, the total, a loud warning when the total is over the
 * suite's budget, and the `N passed, N failed` line CI reads.
 *
 * Pure functions of the runners' JSON reports, so the budget line has a unit test of its own
 * (tests/unit/test-report.test.ts) and a slow suite is seen at the stop that made it slow.
 */

/**
 * The suite's time budget, as the README states it: `npm test` on the 2-core machine with CI's
 * settings. Over it, the run still passes (CI machines differ in speed, and a red run for time
 * alone would block a landing) but says so loudly.
 */
export const TEST_BUDGET_MS = 30 * 60_000;

export interface StepResult {
  name: string;
  status: "ok" | "FAILED" | "skipped";
  ms: number;
}

export interface FileTime {
  /** The file, relative to the repository. */
  file: string;
  /** The step that ran it ("integration", "e2e"...). */
  step: string;
  ms: number;
}

/** vitest's JSON report (Jest-compatible), the part read here. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: Array<{ name: string; startTime?: number; endTime?: number }>;
}

interface PlaywrightResult {
  duration: number;
  status?: string;
}

interface PlaywrightTest {
  projectName?: string;
  results: PlaywrightResult[];
  annotations?: Array<{ type: string; description?: string }>;
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: Array<{ title?: string; file?: string; tests: PlaywrightTest[] }>;
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report, the part read here. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; duration?: number };
  suites?: PlaywrightSuite[];
}

/** The annotation e2e/fixtures.ts adds to every test: milliseconds spent by kind of work. */
export const TIME_ANNOTATION = "nrg-time";

function relative(file: string, root: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** Each test file of a vitest report with the time it took (from its first to its last test). */
export function vitestFileTimes(report: VitestReport, step: string, root: string): FileTime[] {
  return (report.testResults ?? []).flatMap((result) =>
    result.startTime !== undefined && result.endTime !== undefined
      ? [{ file: relative(result.name, root), step, ms: result.endTime - result.startTime }]
      : [],
  );
}

function eachTest(
  suites: PlaywrightSuite[] | undefined,
  visit: (file: string, test: PlaywrightTest) => void,
  file = "",
) {
  for (const suite of suites ?? []) {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) visit(spec.file ?? here, test);
    }
    eachTest(suite.suites, visit, here);
  }
}

/** Each spec file of a Playwright report with the time its tests took, both projects and retries. */
export function playwrightFileTimes(report: PlaywrightReport, step = "e2e"): FileTime[] {
  const byFile = new Map<string, number>();
  eachTest(report.suites, (file, test) => {
    const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  });
  return [...byFile].map(([file, ms]) => ({ file: `e2e/${file}`, step, ms }));
}

/** Milliseconds by kind of work (sign-in, navigation, axe...) summed over every e2e test. */
export function playwrightTimeByKind(report: PlaywrightReport): Record<string, number> {
  const totals: Record<string, number> = {};
  eachTest(report.suites, (_file, test) => {
    for (const annotation of test.annotations ?? []) {
      if (annotation.type !== TIME_ANNOTATION || !annotation.description) continue;
      let times: unknown;
      try {
        times = JSON.parse(annotation.description);
      } catch {
        continue;
      }
      if (!times || typeof times !== "object") continue;
      for (const [kind, ms] of Object.entries(times)) {
        if (typeof ms === "number") totals[kind] = (totals[kind] ?? 0) + ms;
      }
    }
  });
  return totals;
}

/** The `n` slowest files, slowest first. */
export function slowestFiles(files: FileTime[], n = 10): FileTime[] {
  return [...files].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, n);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function minutes(ms: number): string {
  return `${(ms / 60_000).toFixed(1)} min`;
}

/**
 * The warning printed when the suite went over its budget, or null within it. A warning, never a
 * failure: the caller's exit code does not depend on it.
 */
export function budgetWarning(totalMs: number, budgetMs = TEST_BUDGET_MS): string | null {
  if (totalMs <= budgetMs) return null;
  const over = totalMs - budgetMs;
  return [
    `!!! WARNING: npm test took ${minutes(totalMs)}, ${minutes(over)} over its budget of ${minutes(budgetMs)} !!!`,
    "!!! CI allows 90 minutes on a machine that may be 3× slower: find what made the suite slow (the slowest files above) before adding more tests. See README, 'Test it'. !!!",
  ].join("\n");
}

/** The closing report: steps, slowest files, e2e time by kind, total, budget, counts. */
export function formatSummary({
  steps,
  files,
  e2eByKind = {},
  totalMs,
  budgetMs = TEST_BUDGET_MS,
  passed,
  failed,
}: {
  steps: StepResult[];
  files: FileTime[];
  e2eByKind?: Record<string, number>;
  totalMs: number;
  budgetMs?: number;
  passed: number;
  failed: number;
}): string {
  const lines: string[] = ["", "Summary"];
  const width = Math.max(5, ...steps.map((r) => r.name.length));
  for (const r of steps) {
    lines.push(`  ${r.name.padEnd(width)}  ${r.status.padEnd(7)}  ${r.ms ? seconds(r.ms) : ""}`);
  }
  lines.push(`  ${"total".padEnd(width)}           ${seconds(totalMs)}`);
  lines.push(`  budget ${minutes(budgetMs)}: ${totalMs <= budgetMs ? "within" : "OVER"}`);
  const slow = slowestFiles(files);
  if (slow.length > 0) {
    lines.push("", "Ten slowest test files");
    const fileWidth = Math.max(...slow.map((f) => f.file.length));
    for (const f of slow) {
      lines.push(
        `  ${f.file.padEnd(fileWidth)}  ${f.step.padEnd(11)}  ${seconds(f.ms).padStart(8)}`,
      );
    }
  }
  // Keys with a leading "#" are counts of events (axe checks...), the others milliseconds.
  const times = Object.entries(e2eByKind)
    .filter(([kind]) => !kind.startsWith("#"))
    .sort((a, b) => b[1] - a[1]);
  const counts = Object.entries(e2eByKind).filter(([kind]) => kind.startsWith("#"));
  if (times.length + counts.length > 0) {
    lines.push("", "e2e time by kind of work (all tests, both projects)");
    for (const [kind, ms] of times) lines.push(`  ${kind.padEnd(12)}  ${seconds(ms).padStart(8)}`);
    for (const [kind, n] of counts) lines.push(`  ${kind.slice(1)}: ${n}`);
  }
  const warning = budgetWarning(totalMs, budgetMs);
  if (warning) lines.push("", warning);
  lines.push("", `${passed} passed, ${failed} failed`);
  return lines.join("\n");
}
