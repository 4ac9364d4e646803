import { existsSync } from "node:fs";
import { defineConfig, devices, type LaunchOptions } from "@playwright/test";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./bench/browser.ts";

const isCI = Boolean(process.env.CI);

/**
 * Debian's chromium when installed (CI installs it: Playwright's own download needs network
 * access to its CDN, which CI machines may lack); otherwise the browser from
 * `npx playwright install chromium`.
 *
 * The benchmark's flags, plus plain software compositing. Headless chromium otherwise composites
 * through SwiftShader (a GPU emulated on the CPU): its GPU process took some 18 % of a core on a
 * 2-core machine, about 7 % with these flags, for pixels these tests never compare. The pages
 * are laid out and drawn the same (the benchmark keeps its own flags: it measures paint).
 */
const E2E_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  "--disable-software-rasterizer",
  "--disable-gpu-compositing",
];
const launchOptions: LaunchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: E2E_CHROMIUM_ARGS }
  : {};

export default defineConfig({
  testDir: "./e2e",
  // The Worker (wrangler dev on a fresh local D1 with the demo data) is started once for the
  // whole run on a free port; see e2e/global-setup.ts. Set BASE_URL to test a running server.
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two cores: one for the Worker, one (or two) for the browsers.
  workers: isCI ? 1 : 2,
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
