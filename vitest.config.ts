import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";

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
          // One Worker and one database per run: files must not race each other on them.
          fileParallelism: false,
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
          environment: "node",
          // Like integration: one Worker per file, files one after the other (2 cores).
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          restoreMocks: true,
        },
      },
    ],
  },
});
