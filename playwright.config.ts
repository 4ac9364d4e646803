import { existsSync } from "node:fs";
import { defineConfig, devices, type LaunchOptions } from "@playwright/test";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./bench/browser.ts";

const isCI = Boolean(process.env.CI);

/**
 * Debian's chromium when installed (CI installs it: Playwright's own download needs network
 * access to its CDN, which CI machines may lack); otherwise the browser from
 * `npx playwright install chromium`.
 */
const launchOptions: LaunchOptions = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS } // one list with the benchmark's
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
    trace: "retain-on-failure",
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
