import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";
import { LongestFirstSequencer } from "./tests/support/sequencer.ts";

/**
 * `.bin` files as the Worker sees them: the Cloudflare Vite plugin makes them Data modules whose
 * default export is an ArrayBuffer (the invoice PDF's fonts, api/pdf/fonts.ts).
 */
const binaryModules: Plugin = {
  name: "binary-data-modules",
  enforce: "pre",
  load(id) {
    const file = id.split("?")[0] ?? id;
    if (!file.endsWith(".bin")) return null;
    const base64 = readFileSync(file).toString("base64");
    return `export default Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0)).buffer;`;
  },
};

/**
 * Security files whose tests time the Worker's answer against a body still being sent (#14.11:
 * refused before 5 MB of 150 MB): they run alone, after everything else (project "security-alone").
 */
const SECURITY_ALONE = ["tests/security/bodies.test.ts"];

// Kept apart from vite.config.ts on purpose: the Cloudflare and React Router plugins build
// the Worker, which unit tests do not need. Integration tests talk to a real Worker (workerd
// with a local D1) started by their own harness in tests/integration/server.ts.
export default defineConfig({
  plugins: [binaryModules],
  // As in vite.config.ts: components render with the portal's own react-i18next binding.
  resolve: {
    alias: [
      {
        find: /^react-i18next$/,
        replacement: fileURLToPath(new URL("./app/vendor/react-i18next.ts", import.meta.url)),
      },
    ],
  },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "api/**/*.test.ts",
            "core/**/*.test.ts",
            "seed/**/*.test.ts",
            "locales/**/*.test.ts",
            "bench/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["./tests/setup/fail-on-console-error.ts"],
          restoreMocks: true,
          // A few tests generate and load the whole demo data set (some 2 s on a quiet CI
          // machine); 5 s was too little for them on a busy one.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Every file starts its own Worker on its own copy of the demo database, so files never
          // share data. Two at a time: a file mostly waits on its Worker, which leaves a core idle
          // (ADR 0024). `npm test` runs this project and "security" together, two files at once.
          maxWorkers: 2,
          // As Playwright in CI: one more try for a test that failed once on a busy machine (the
          // JSON report and the log keep the first failure; a real fault fails twice).
          retry: process.env.CI ? 1 : 0,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts", "workers/**/*.test.ts"],
          exclude: [...SECURITY_ALONE],
          environment: "node",
          // Like integration: one Worker and database per file, two files at a time.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          // Tests that measure how early the Worker answers: they run after the others, one file
          // at a time, so no other test's load on the two cores moves what they measure.
          name: "security-alone",
          include: [...SECURITY_ALONE],
          environment: "node",
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          restoreMocks: true,
        },
      },
    ],
  },
});
