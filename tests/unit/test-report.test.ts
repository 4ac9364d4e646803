import { describe, expect, it } from "vitest";
import {
  budgetWarning,
  formatSummary,
  playwrightFileTimes,
  playwrightTimeByKind,
  slowestFiles,
  TEST_BUDGET_MS,
  TIME_ANNOTATION,
  vitestFileTimes,
  type PlaywrightReport,
} from "../../scripts/test-report.ts";

const MIN = 60_000;

describe("npm test's closing report", () => {
  it("the budget is the README's 30 minutes", () => {
    expect(TEST_BUDGET_MS).toBe(30 * MIN);
  });

  it("a fake slow step makes the total go over the budget: a loud warning, above the counts", () => {
    const summary = formatSummary({
      steps: [
        { name: "typecheck", status: "ok", ms: 1 * MIN },
        { name: "e2e (fake, slow)", status: "ok", ms: 31 * MIN },
      ],
      files: [],
      totalMs: 32 * MIN,
      passed: 10,
      failed: 0,
    });
    const lines = summary.split("\n");
    const warning = lines.findIndex((line) => line.includes("WARNING"));
    expect(warning, summary).toBeGreaterThan(0);
    expect(lines[warning]).toBe(
      "!!! WARNING: npm test took 32.0 min, 2.0 min over its budget of 30.0 min !!!",
    );
    expect(summary).toContain("budget 30.0 min: OVER");
    // The counts stay the very last line, which CI reads.
    expect(lines.at(-1)).toBe("10 passed, 0 failed");
    expect(warning).toBeLessThan(lines.length - 1);
  });

  it("within the budget: no warning", () => {
    expect(budgetWarning(30 * MIN)).toBeNull();
    expect(budgetWarning(12 * MIN)).toBeNull();
    const summary = formatSummary({
      steps: [{ name: "unit", status: "ok", ms: 5 * MIN }],
      files: [],
      totalMs: 5 * MIN,
      passed: 3,
      failed: 1,
    });
    expect(summary).not.toContain("WARNING");
    expect(summary).toContain("budget 30.0 min: within");
    expect(summary.split("\n").at(-1)).toBe("3 passed, 1 failed");
  });

  it("one millisecond over is over; another budget can be given", () => {
    expect(budgetWarning(30 * MIN + 1)).toMatch(/WARNING/);
    expect(budgetWarning(11 * MIN, 10 * MIN)).toMatch(/took 11\.0 min, 1\.0 min over .* 10\.0 min/);
  });

  it("lists the ten slowest files, slowest first, from vitest's and Playwright's reports", () => {
    const root = "/repo";
    const vitest = vitestFileTimes(
      {
        numPassedTests: 0,
        numFailedTests: 0,
        testResults: Array.from({ length: 12 }, (_, i) => ({
          name: `/repo/tests/integration/f${i}.test.ts`,
          startTime: 1000,
          endTime: 1000 + i * 1000,
        })),
      },
      "integration",
      root,
    );
    const report: PlaywrightReport = {
      stats: { expected: 2, unexpected: 0, flaky: 0 },
      suites: [
        {
          title: "bills.spec.ts",
          file: "bills.spec.ts",
          specs: [
            {
              title: "a",
              tests: [
                {
                  projectName: "nojs",
                  results: [{ duration: 20_000 }],
                  annotations: [
                    {
                      type: TIME_ANNOTATION,
                      description: '{"axe":1500,"sign-in":300,"#axe checks":2}',
                    },
                  ],
                },
                {
                  projectName: "js",
                  results: [{ duration: 15_000 }, { duration: 5_000 }],
                  annotations: [{ type: TIME_ANNOTATION, description: '{"axe":500}' }],
                },
              ],
            },
          ],
          suites: [
            {
              title: "nested",
              specs: [{ title: "b", tests: [{ results: [{ duration: 1_000 }] }] }],
            },
          ],
        },
      ],
    };
    const e2e = playwrightFileTimes(report);
    expect(e2e).toEqual([{ file: "e2e/bills.spec.ts", step: "e2e", ms: 41_000 }]);
    expect(playwrightTimeByKind(report)).toEqual({
      axe: 2000,
      "sign-in": 300,
      "#axe checks": 2,
    });

    const slow = slowestFiles([...vitest, ...e2e]);
    expect(slow).toHaveLength(10);
    expect(slow[0]).toEqual({ file: "e2e/bills.spec.ts", step: "e2e", ms: 41_000 });
    expect(slow[1]).toEqual({
      file: "tests/integration/f11.test.ts",
      step: "integration",
      ms: 11_000,
    });
    expect(slow.map((f) => f.ms)).toEqual([...slow.map((f) => f.ms)].sort((a, b) => b - a));

    const summary = formatSummary({
      steps: [],
      files: [...vitest, ...e2e],
      e2eByKind: playwrightTimeByKind(report),
      totalMs: MIN,
      passed: 0,
      failed: 0,
    });
    expect(summary).toContain("Ten slowest test files");
    expect(summary).toMatch(/e2e\/bills\.spec\.ts +e2e +41\.0 s/);
    expect(summary).toMatch(/axe +2\.0 s/);
    expect(summary).toContain("  axe checks: 2");
    expect(summary).not.toContain("f1.test.ts ");
  });
});
