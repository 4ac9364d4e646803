/**
 * `npm run deploy`: build, check what the deploy resolves to, then publish.
 *
 *   1. `npm run build` (skipped with --skip-build);
 *   2. read the configuration `wrangler deploy` will use, build/server/wrangler.json (the
 *      build's resolution of wrangler.toml), and refuse (exit 1) unless it is production:
 *      ENVIRONMENT exactly "production", no development-only variable (D1_FAULT_RATE, D1_DELAY_MS) and no
 *      secret-like variable (*_SECRET, *_KEY, *TOKEN*, *PASSWORD*) in [vars]: secrets go in with
 *      `npx wrangler secret put NAME`, never in a file;
 *   3. remove the local settings the build copied next to it (build/server/.dev.vars: the
 *      Cloudflare Vite plugin copies .dev.vars for `wrangler dev`; `wrangler deploy` never
 *      uploads it, but a deploy leaves no local secret in the build);
 *   4. apply the D1 migrations to the remote database, then `wrangler deploy`.
 *
 *   node scripts/deploy.ts [--dry-run] [--skip-build] [--build DIR]
 *
 * --dry-run     steps 1 to 3, then `wrangler deploy --dry-run` (bundles and lists the bindings
 *               and variables it would upload, offline); nothing remote
 * --skip-build  use the existing build
 * --build DIR   the build directory (default build/), e.g. a copy in a test
 *
 * docs/decisions/0009-production-by-default.md explains the separation; the README's "Deploy
 * with wrangler" section is the operator's checklist.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const wranglerBin = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");

/** Variables that only local development may set (they switch on faults or helpers). */
export const DEVELOPMENT_ONLY_VARS = ["D1_FAULT_RATE", "D1_DELAY_MS"] as const;

/** A variable named like a secret: it belongs in `wrangler secret put`, never in [vars]. */
const SECRET_NAME = /(_SECRET$|_KEY$|TOKEN|PASSWORD)/i;

/** The part of a resolved Wrangler configuration the check reads. */
export interface ResolvedConfig {
  vars?: Record<string, unknown>;
}

/**
 * Why a resolved configuration must not be deployed; empty when it may. Fails closed: a missing
 * [vars], a missing or misspelt ENVIRONMENT, or any value but the exact string "production" is
 * refused.
 */
export function deployProblems(config: ResolvedConfig): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  const environment = vars.ENVIRONMENT;
  if (environment !== "production") {
    problems.push(
      `ENVIRONMENT must be exactly "production" in wrangler.toml [vars]; it resolves to ${
        environment === undefined ? "nothing" : JSON.stringify(environment)
      }`,
    );
  }
  for (const name of Object.keys(vars).sort()) {
    if ((DEVELOPMENT_ONLY_VARS as readonly string[]).includes(name)) {
      problems.push(`${name} is a development-only setting; remove it from [vars]`);
    } else if (SECRET_NAME.test(name)) {
      problems.push(
        `${name} looks like a secret; remove it from [vars] and use \`npx wrangler secret put ${name}\``,
      );
    }
  }
  return problems;
}

/** Local settings files: never deployed, never left in a build that is deployed. */
const LOCAL_SETTINGS = /^\.dev\.vars(\..*)?$|^\.env(\..*)?$/;

/** Every local-settings file anywhere under `dir` (the build copies .dev.vars into it). */
export function localSettingsFiles(dir: string): string[] {
  const found: string[] = [];
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...localSettingsFiles(full));
    else if (LOCAL_SETTINGS.test(name)) found.push(full);
  }
  return found;
}

class DeployError extends Error {}

/** A path as shown in messages: relative inside the repository, absolute outside it. */
function shown(file: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith("..") ? file : relative;
}

function run(what: string, command: string, args: string[]): void {
  console.log(`deploy: ${what}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    throw new DeployError(`${what} failed (${result.signal ?? `exit ${result.status}`})`);
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      "dry-run": { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      build: { type: "string" },
    },
    strict: true,
  });
  const dryRun = values["dry-run"];
  const buildDir = path.resolve(root, values.build ?? "build");
  const configFile = path.join(buildDir, "server", "wrangler.json");

  if (!values["skip-build"]) {
    run("building (npm run build)", process.platform === "win32" ? "npm.cmd" : "npm", [
      "run",
      "build",
    ]);
  }
  if (!existsSync(configFile)) {
    throw new DeployError(`${shown(configFile)} not found: build first`);
  }

  const config = JSON.parse(readFileSync(configFile, "utf8")) as ResolvedConfig;
  const problems = deployProblems(config);
  if (problems.length > 0) {
    throw new DeployError(
      `refusing to deploy: ${shown(configFile)} is not a production configuration:\n` +
        problems.map((p) => `  - ${p}`).join("\n"),
    );
  }
  console.log('deploy: configuration is production (ENVIRONMENT="production", no local settings)');

  for (const file of localSettingsFiles(buildDir)) {
    rmSync(file);
    console.log(`deploy: removed ${shown(file)} (local settings are never deployed)`);
  }
  const left = localSettingsFiles(buildDir);
  if (left.length > 0) throw new DeployError(`could not remove ${left.join(", ")}`);

  const wrangler = (...args: string[]) => [wranglerBin, ...args];
  if (dryRun) {
    run(
      "wrangler deploy --dry-run (nothing is uploaded)",
      process.execPath,
      wrangler("deploy", "--dry-run", "--config", configFile),
    );
    console.log("deploy: dry run finished; remote migrations and the upload were skipped");
    return;
  }
  // Migrations first, as before this script: the new code may need the new schema. Then the
  // upload of exactly the configuration that was checked.
  run(
    "applying D1 migrations to the remote database",
    process.execPath,
    wrangler("d1", "migrations", "apply", "DB", "--remote", "--config", "wrangler.toml"),
  );
  run("wrangler deploy", process.execPath, wrangler("deploy", "--config", configFile));
}

if (import.meta.main) {
  try {
    main();
  } catch (error) {
    console.error(`deploy: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
