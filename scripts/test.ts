/**
 * `npm test`: everything CI checks, in order, stopping at the first failing step.
 *
 * The last line is always `N passed, N failed`: passed and failed tests summed from the JSON
 * reports of vitest (unit, integration) and Playwright (e2e). A failing step that runs no
 * tests (typecheck, lint, build), or a runner that fails outside any test (a file that does
 * not load, global setup), counts as one failure, so a red run never reads "0 failed".
 *
 * `npm test -- --keep-going` runs every step even after a failure.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { ensureDevVarsForProject } from "../e2e/support/dev-vars.ts";

const root = resolve(import.meta.dirname, "..");
const keepGoing = process.argv.includes("--keep-going");
const reports = mkdtempSync(join(tmpdir(), "nrg-test-reports-"));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: [join(root, "node_modules", ".bin"), process.env.PATH ?? ""].join(delimiter),
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

interface Counts {
  passed: number;
  failed: number;
}

interface Step {
  name: string;
  run: () => Promise<number>;
  /** Reads the step's test counts after it ran; steps without tests count nothing. */
  counts?: () => Counts | undefined;
}

function exec(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: "inherit",
    });
    child.on("error", (error) => {
      console.error(error);
      done(127);
    });
    child.on("exit", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function vitestStep(project: "unit" | "integration" | "security"): Step {
  const file = join(reports, `vitest-${project}.json`);
  return {
    name: `vitest (${project})`,
    run: () =>
      exec("vitest", [
        "run",
        "--project",
        project,
        "--passWithNoTests",
        "--reporter=default",
        "--reporter=json",
        `--outputFile=${file}`,
      ]),
    counts: () => {
      const report = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
      return report && { passed: report.numPassedTests, failed: report.numFailedTests };
    },
  };
}

function playwrightStep(): Step {
  const file = join(reports, "playwright.json");
  return {
    name: "playwright (e2e: nojs + js)",
    run: () => exec("playwright", ["test"], { E2E_JSON_REPORT: file }),
    counts: () => {
      const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
        file,
      );
      // A flaky test failed first and passed on its retry: it passed.
      return (
        report && {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
        }
      );
    },
  };
}

const steps: Step[] = [
  {
    name: "ensure .dev.vars",
    run: async () => {
      try {
        ensureDevVarsForProject(root, env);
        return 0;
      } catch (error) {
        console.error(error);
        return 1;
      }
    },
  },
  { name: "typecheck", run: () => exec("npm", ["run", "typecheck"]) },
  { name: "lint", run: () => exec("npm", ["run", "lint"]) },
  vitestStep("unit"),
  { name: "build", run: () => exec("npm", ["run", "build"]) },
  {
    name: "client bundle (no chart or QR code; JS ≤ 140 KB gzip on every page)",
    run: () => exec("node", ["scripts/check-client-bundle.ts", "--strict"]),
  },
  vitestStep("integration"),
  vitestStep("security"),
  playwrightStep(),
];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

const results: { name: string; status: "ok" | "FAILED" | "skipped"; ms: number }[] = [];
const total: Counts = { passed: 0, failed: 0 };
let failedStep = false;
const started = Date.now();

for (const step of steps) {
  if (failedStep && !keepGoing) {
    results.push({ name: step.name, status: "skipped", ms: 0 });
    continue;
  }
  console.log(`\n━━━ ${step.name} ━━━`);
  const t0 = Date.now();
  const code = await step.run();
  const ms = Date.now() - t0;
  const counts = step.counts?.();
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
  }
  if (code !== 0 && (counts?.failed ?? 0) === 0) total.failed += 1;
  if (code !== 0) failedStep = true;
  results.push({ name: step.name, status: code === 0 ? "ok" : "FAILED", ms });
  console.log(`━━━ ${step.name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`} in ${seconds(ms)}`);
}

rmSync(reports, { recursive: true, force: true });

console.log("\nSummary");
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  console.log(`  ${r.name.padEnd(width)}  ${r.status.padEnd(7)}  ${r.ms ? seconds(r.ms) : ""}`);
}
console.log(`  ${"total".padEnd(width)}           ${seconds(Date.now() - started)}\n`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = failedStep || total.failed > 0 ? 1 : 0;
