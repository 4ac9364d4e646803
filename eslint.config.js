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
  // Boundaries (ADR 0014): core/ is the shared package of the contract (core/contract/, in zod)
  // and the pure spec rules that the portal (app/) and the API (api/) both import; it imports
  // neither. The API knows no screen: it never imports the portal. The portal reaches the API
  // only through its client: one file mounts the in-process transport, and the types come from
  // core/contract/, so not even a type import crosses (tests/unit/boundaries.test.ts).
  {
    files: ["core/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(app|api|workers)(/|$)",
              message: "core/ is shared by app/ and api/ and imports neither.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+app(/|$)",
              message: "The API never imports the portal: share it through core/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/api/index.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+api(/|$)",
              message:
                "The portal reaches the API only through its client (app/.server/api/); shared rules live in core/.",
            },
          ],
        },
      ],
    },
  },
);
