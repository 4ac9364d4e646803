import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { setupDemoDatabase } from "../../tests/support/demo-db.ts";
import { freePorts, isAddressInUse } from "../../tests/support/ports.ts";
import { ensureDevVarsForProject } from "./dev-vars.ts";

/** Repository root (this file is e2e/support/server.ts). */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Children run non-interactively, offline-safe, with the project's Node 24 first on PATH. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: [join(ROOT, "node_modules", ".bin"), process.env.PATH ?? ""].join(delimiter),
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    CI: "true",
    NO_COLOR: "1",
    ...extra,
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
  }
}

export function ensureBuild(env: NodeJS.ProcessEnv): void {
  const built =
    existsSync(join(ROOT, "build", "server", "index.js")) &&
    existsSync(join(ROOT, ".wrangler", "deploy", "config.json"));
  if (!built) run("npm", ["run", "build"], env);
}

/**
 * Migrations + demo data into a fresh local D1: a copy of the run's seeded template
 * (tests/support/demo-db.ts, which runs scripts/setup-db.ts once per change or day).
 */
export function setupDatabase(persistTo: string, env: NodeJS.ProcessEnv): void {
  // E2E_SKIP_SEED=1: schema only, e.g. while the seed is being worked on.
  if (!process.env.E2E_SKIP_SEED) {
    const started = Date.now();
    setupDemoDatabase(persistTo, env);
    console.log(`[e2e] demo database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.warn("[e2e] applying migrations only: no demo data");
    run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], env);
  }
}

export interface RunningServer {
  baseURL: string;
  pid: number;
  dir: string;
  log: string;
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Builds if needed, creates a fresh state dir with the demo data and starts `wrangler dev` on
 * the built Worker in its own process group (so teardown can end workerd with it).
 */
export interface StartOptions {
  /**
   * Worker variables on top of .dev.vars (`wrangler dev --var KEY:VALUE`): a spec that needs a
   * Worker wired to loopback stand-ins of real providers (Viva, Twilio) starts its own with them.
   */
  vars?: Record<string, string>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = childEnv();
  // Every user of this harness (e2e, npm run bench, npm run load) runs the Worker as local
  // development: .dev.vars gets ENVIRONMENT=development and the local secrets first (a fresh
  // clone has none; the deployed default is production, docs/decisions/0009).
  ensureDevVarsForProject(ROOT, env);
  ensureBuild(env);
  const dir = mkdtempSync(join(tmpdir(), "nrg-e2e-"));
  try {
    return await startIn(dir, env, options);
  } catch (error) {
    if (!process.env.E2E_KEEP_STATE) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function startIn(
  dir: string,
  env: NodeJS.ProcessEnv,
  options: StartOptions,
): Promise<RunningServer> {
  // Serve a private copy of the build: a rebuild during the run (`npm run build` in another
  // terminal) would otherwise swap the client assets under a Worker still running the old
  // server bundle. The copy keeps build/server/wrangler.json's relative paths valid.
  const build = join(dir, "build");
  cpSync(join(ROOT, "build"), build, { recursive: true });
  // The copy serves today's local settings, whatever the build copied when it was made (a build
  // older than .dev.vars, or made before ENVIRONMENT=development was added, would run as
  // production: no demo helpers, Secure cookies on plain http).
  copyFileSync(join(ROOT, ".dev.vars"), join(build, "server", ".dev.vars"));
  const persistTo = join(dir, "state");
  setupDatabase(persistTo, env);
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(dir, build, persistTo, env, options);
    } catch (error) {
      // Another process took the port between the probe and the bind: try new ports.
      if (attempt >= 3 || !isAddressInUse(String(error))) throw error;
    }
  }
}

async function launch(
  dir: string,
  build: string,
  persistTo: string,
  env: NodeJS.ProcessEnv,
  options: StartOptions,
): Promise<RunningServer> {
  const [port, inspectorPort] = await freePorts(2);
  const log = join(dir, "wrangler.log");
  const out = openSync(log, "a");
  const child = spawn(
    "wrangler",
    [
      "dev",
      "--config",
      join(build, "server", "wrangler.json"),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      ...Object.entries(options.vars ?? {}).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { cwd: ROOT, env, detached: true, stdio: ["ignore", out, out] },
  );
  closeSync(out);
  child.unref();
  if (!child.pid) throw new Error("wrangler dev did not start");

  let exited: number | string | null = null;
  child.on("exit", (code, signal) => (exited = code ?? signal));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`wrangler dev exited (${exited}) before it was ready:\n${tail(log)}`);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return { baseURL, pid: child.pid, dir, log };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  stopProcessGroup(child.pid);
  throw new Error(`wrangler dev did not answer /healthz within 90 s:\n${tail(log)}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM the whole group (wrangler + workerd), SIGKILL what is left after 5 s. */
export async function stopProcessGroupAndWait(pid: number): Promise<void> {
  stopProcessGroup(pid);
  const deadline = Date.now() + 5_000;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

function stopProcessGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // already gone
  }
}
