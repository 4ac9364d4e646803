/**
 * `npm test`: everything CI checks, stopping after the first stage with a failing step.
 *
 * The steps run in stages (ADR 0024), since the machine has two cores and no single step keeps
 * both busy: tsc, ESLint and Prettier use one core each, and an integration test mostly waits on
 * its Worker. A stage's lanes run at the same time, a lane's steps one after the other:
 *   1. typecheck ‖ lint ‖ unit tests ‖ build → bundle check → integration + security tests
 *   2. the end-to-end tests (two Playwright workers, each with its own server)
 * A step that runs beside others holds its output and prints it whole when it ends, so the log
 * reads step by step; the e2e step prints as it goes.
 *
 * It ends with each step's time, the ten slowest test files, the e2e time by kind of work, the
 * total and, when the total is over the suite's budget (scripts/test-report.ts, README "Test it"),
 * a loud warning (not a failure). The last line is always `N passed, N failed`: passed and failed
 * tests summed from the JSON reports of vitest and Playwright. A failing step that runs no tests
 * (typecheck, lint, build), or a runner that fails outside any test (a file that does not load,
 * global setup), counts as one failure, so a red run never reads "0 failed".
 *
 * `npm test -- --keep-going` runs every stage even after a failure.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { ensureDevVarsForProject } from "../e2e/support/dev-vars.ts";
import {
  formatSummary,
  playwrightFileTimes,
  playwrightTimeByKind,
  seconds,
  vitestFileTimes,
  type FileTime,
  type PlaywrightReport,
  type StepResult,
  type VitestReport,
} from "./test-report.ts";

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
  /** Runs the step; `buffered` holds its output until it ends (it runs beside another). */
  run: (buffered: boolean) => Promise<number>;
  /** Reads the step's test counts after it ran; steps without tests count nothing. */
  counts?: () => Counts | undefined;
  /** Reads how long each of the step's test files took. */
  files?: () => FileTime[];
}

function exec(
  command: string,
  args: string[],
  buffered: boolean,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number) => {
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      done(code);
    };
    child.on("error", (error) => {
      console.error(error);
      finish(127);
    });
    child.on("close", (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function vitestStep(name: string, projects: string[]): Step {
  const file = join(reports, `vitest-${projects.join("-")}.json`);
  return {
    name,
    run: (buffered) =>
      exec(
        "vitest",
        [
          "run",
          ...projects.flatMap((project) => ["--project", project]),
          "--passWithNoTests",
          "--reporter=default",
          "--reporter=json",
          `--outputFile=${file}`,
        ],
        buffered,
      ),
    counts: () => {
      const report = readJson<VitestReport>(file);
      return report && { passed: report.numPassedTests, failed: report.numFailedTests };
    },
    files: () => {
      const report = readJson<VitestReport>(file);
      // Each file under the name of its suite (integration, security, unit), not of the run.
      return (report ? vitestFileTimes(report, "", root) : []).map((f) => ({
        ...f,
        step: /^tests\/integration\//.test(f.file)
          ? "integration"
          : /^(tests\/security|workers)\//.test(f.file)
            ? "security"
            : "unit",
      }));
    },
  };
}

const e2eReport = join(reports, "playwright.json");

function playwrightStep(): Step {
  return {
    name: "playwright (e2e: nojs + js)",
    run: (buffered) => exec("playwright", ["test"], buffered, { E2E_JSON_REPORT: e2eReport }),
    counts: () => {
      const report = readJson<PlaywrightReport>(e2eReport);
      // A flaky test failed first and passed on its retry: it passed.
      return (
        report && {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
        }
      );
    },
    files: () => {
      const report = readJson<PlaywrightReport>(e2eReport);
      return report ? playwrightFileTimes(report) : [];
    },
  };
}

const npmRun = (script: string): Step => ({
  name: script,
  run: (buffered) => exec("npm", ["run", script], buffered),
});

/**
 * The stages, in order. A stage is a set of lanes that run at once; a lane's steps run one after
 * the other. Why these groups, measured on the 2-core machine: ADR 0024.
 */
const stages: Step[][][] = [
  [
    [
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
    ],
  ],
  [
    [npmRun("typecheck")],
    [npmRun("lint")],
    [vitestStep("vitest (unit)", ["unit"])],
    // The integration and security tests need only the build: they start as soon as it is made
    // and its bundle checked, while typecheck, lint and the unit tests still run.
    [
      npmRun("build"),
      {
        name: "client bundle (no chart or QR code; JS ≤ 140 KB gzip on every page)",
        run: (buffered) => exec("node", ["scripts/check-client-bundle.ts", "--strict"], buffered),
      },
      vitestStep("vitest (integration + security)", ["integration", "security", "security-alone"]),
    ],
  ],
  [[playwrightStep()]],
];

const results: StepResult[] = [];
const files: FileTime[] = [];
const total: Counts = { passed: 0, failed: 0 };
let failedStage = false;
const started = Date.now();

async function runStep(step: Step, buffered: boolean): Promise<boolean> {
  console.log(
    `\n━━━ ${step.name}${buffered ? " (started; its output follows when it ends)" : ""} ━━━`,
  );
  const t0 = Date.now();
  const code = await step.run(buffered);
  const ms = Date.now() - t0;
  const counts = step.counts?.();
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
  }
  if (code !== 0 && (counts?.failed ?? 0) === 0) total.failed += 1;
  files.push(...(step.files?.() ?? []));
  results.push({ name: step.name, status: code === 0 ? "ok" : "FAILED", ms });
  console.log(`━━━ ${step.name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`} in ${seconds(ms)}`);
  return code === 0;
}

/**
 * Runs a lane's steps in order; a failed step ends the lane (the rest are skipped), unless
 * --keep-going.
 */
async function runLane(lane: Step[], buffered: boolean): Promise<boolean> {
  let ok = true;
  for (const step of lane) {
    if (!ok && !keepGoing) {
      results.push({ name: step.name, status: "skipped", ms: 0 });
      continue;
    }
    if (!(await runStep(step, buffered))) ok = false;
  }
  return ok;
}

for (const stage of stages) {
  if (failedStage && !keepGoing) {
    for (const step of stage.flat()) results.push({ name: step.name, status: "skipped", ms: 0 });
    continue;
  }
  const oks = await Promise.all(stage.map((lane) => runLane(lane, stage.length > 1)));
  if (oks.includes(false)) failedStage = true;
}

const e2e = readJson<PlaywrightReport>(e2eReport);
rmSync(reports, { recursive: true, force: true });

console.log(
  formatSummary({
    steps: results,
    files,
    e2eByKind: e2e ? playwrightTimeByKind(e2e) : {},
    totalMs: Date.now() - started,
    passed: total.passed,
    failed: total.failed,
  }),
);
process.exitCode = failedStage || total.failed > 0 ? 1 : 0;
