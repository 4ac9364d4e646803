import { existsSync } from "node:fs";
import { defineConfig, devices, type LaunchOptions } from "@playwright/test";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./bench/browser.ts";

const isCI = Boolean(process.env.CI);

/**
 * The browser: Debian's chromium-headless-shell when installed (.ci/run installs it), else
 * Debian's chromium, else Playwright's own download (`npx playwright install chromium`).
 * E2E_CHROMIUM names another executable.
 *
 * The headless shell is what Playwright itself runs for headless Chromium: the same Blink, V8
 * and version as Debian's chromium (both 156 here), without the full browser's window,
 * compositor and UI layers, which headless tests never look at. On the 2-core machine it ran the
 * same 60 tests in 202 s where chromium took 333 s (ADR 0024). Screenshots and the benchmark keep
 * the full chromium (bench/browser.ts): they are about what a person sees and measures.
 *
 * The benchmark's flags, plus plain software compositing: without them a headless chromium
 * composites through SwiftShader (a GPU emulated on the CPU), for pixels these tests never
 * compare. The pages are laid out and drawn the same.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const E2E_CHROMIUM =
  process.env.E2E_CHROMIUM ??
  [HEADLESS_SHELL, SYSTEM_CHROMIUM].find((file) => existsSync(file)) ??
  "";
const E2E_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  "--disable-software-rasterizer",
  "--disable-gpu-compositing",
];
const launchOptions: LaunchOptions = existsSync(E2E_CHROMIUM)
  ? { executablePath: E2E_CHROMIUM, args: E2E_CHROMIUM_ARGS }
  : {};

/**
 * Two Playwright workers, each with its own Worker and its own copy of the demo database
 * (e2e/global-setup.ts), so no test sees another worker's changes. Two cores: measured on the
 * same 60 tests, two workers took 157 s where one took 202 s (ADR 0024). E2E_WORKERS sets
 * another number.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: "./e2e",
  // One Worker (wrangler dev on its own local D1 with the demo data) per Playwright worker, each
  // on a free port; see e2e/global-setup.ts. Set BASE_URL to test a running server.
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: WORKERS,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [
    ["list"],
    ...(isCI ? [] : [["html", { open: "never" }] as const]),
    // scripts/test.ts counts results from this file for its closing "N passed, N failed".
    ...(process.env.E2E_JSON_REPORT
      ? [["json", { outputFile: process.env.E2E_JSON_REPORT }] as const]
      : []),
  ],
  use: {
    baseURL: process.env.BASE_URL,
    locale: "el-GR",
    timezoneId: "Europe/Athens",
    // Recording a trace of every test (to keep only the failed ones) costs some 15 % of the run's
    // CPU; in CI a failed test's retry records one instead.
    trace: isCI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "nojs",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
  ],
});
