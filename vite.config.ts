import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Tests and parallel dev servers keep separate local D1/R2 state.
      persistState: process.env.PERSIST_TO ? { path: process.env.PERSIST_TO } : true,
    }),
    reactRouter(),
  ],
  resolve: {
    alias: [
      {
        // The part of react-i18next the portal uses, ~3 KB gzip lighter (JS budget).
        find: /^react-i18next$/,
        replacement: fileURLToPath(new URL("./app/vendor/react-i18next.ts", import.meta.url)),
      },
    ],
  },
  environments: {
    ssr: {
      build: {
        // The Worker is uploaded and parsed on every cold start: minified it weighs ~30 % less
        // gzip (docs/decisions/0011-worker-size.md, bench/README.md "What the Worker weighs").
        // Names are kept: error classes and libraries (pdf-lib, hono, drizzle) read
        // `constructor.name`, and stack traces in Workers Logs stay readable with the uploaded
        // source maps.
        minify: true,
        rolldownOptions: { output: { keepNames: true } },
      },
    },
    client: {
      build: {
        // Dynamic imports (the lazy dialogs, app/components/lazy-dialog.tsx) stay plain
        // `import()`: Vite's preload helper (~0.3 KB gzip on every page) would only fetch their
        // few imports in parallel, and no lazy chunk has CSS of its own.
        modulePreload: false,
        rolldownOptions: {
          output: {
            // Issue #8 budget (JS ≤ 140 KB gzip per page, scripts/check-client-bundle.ts): code
            // that pages share goes in a few chunks that compress as one stream each (the
            // framework; the shell every page runs; the signed-in layout; the form parts),
            // instead of many small chunks that split React Router in two whenever a lazy chunk
            // appears and compress ~1 KB worse per page.
            advancedChunks: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next)[\\/]|app[\\/]vendor[\\/]react-i18next\.ts$/,
                },
                {
                  name: "shell",
                  // With the root route and the client entry (route modules become facades).
                  test: /preload-helper|app[\\/](root|entry\.client)\.tsx$|app[\\/]components[\\/](Icon|Footer|LanguageSwitch|root-data|safe-redirect|ErrorContent|ErrorPage|PublicLayout|Toast|lazy-dialog|cookie-consent|checkout[\\/]checkout-slot)\.tsx?$|app[\\/]domain[\\/](sidebar|format|meters)\.ts$/,
                },
                {
                  // The signed-in layout and what only it renders.
                  name: "b2b-shell",
                  test: /app[\\/]routes[\\/]b2b[\\/]layout\.tsx$|app[\\/]components[\\/](Header|Sidebar|WelcomeBanner|Breadcrumb|SupplyStatus|shell-view|settings[\\/]SettingsModals)\.tsx?$/,
                },
                {
                  // The form kit's hook, wiring and field parts every form page uses (the file
                  // input, radio group and switch, used by a few forms, stay out of it).
                  name: "forms",
                  test: /app[\\/]components[\\/](form[\\/](?!FileInput|RadioGroup|Switch)[^\\/]+|Dialog)\.tsx?$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: { host: "127.0.0.1" },
});
