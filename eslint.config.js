// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

// Syntax-level rules only (no type-checked rules): `tsc -b` already checks types, and
// linting must stay fast enough to run on every `npm test`.
export default defineConfig(
  globalIgnores([
    "build/",
    ".react-router/",
    ".wrangler/",
    "node_modules/",
    "worker-configuration.d.ts",
    "playwright-report/",
    "test-results/",
    "bench/results/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // React only runs in app/. Elsewhere `use` is Playwright's fixture callback, not a hook.
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      // Code runs in three places: the browser, the Worker (service-worker globals) and Node
      // (scripts, configs, tests). tsc keeps each file honest about which one it is in.
      globals: { ...globals.browser, ...globals.serviceworker, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a deliberately unused binding (route props, rest siblings).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
);
