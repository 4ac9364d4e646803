/**
 * Integration harness: a real Worker (workerd via `wrangler dev`) on the BUILT app with a fresh
 * local D1 holding the demo data. One server per test file (beforeAll/afterAll).
 *
 * Ports: random free ones below the ephemeral range, or within TEST_PORT_RANGE ("8801-8809")
 * when set (tests/support/ports.ts); a start that loses its port to another process is retried.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setupDemoDatabase } from "../support/demo-db.ts";
import { runLocalD1 } from "../support/local-d1.ts";
import { freePorts, isAddressInUse } from "../support/ports.ts";

const root = path.resolve(import.meta.dirname, "../..");
const wranglerBin = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");
const childEnv = {
  ...process.env,
  CI: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NO_COLOR: "1",
};

export interface TestServer {
  baseUrl: string;
  persistDir: string;
  /**
   * Runs SQL against the server's local D1 file (tests/support/local-d1.ts); the first
   * statement's rows.
   */
  query<T = Record<string, unknown>>(sql: string): T[];
  /** Stores an object in the server's local R2 bucket (FILES). */
  r2Put(key: string, bytes: Uint8Array, contentType: string): void;
  /** What `wrangler dev` printed so far (warnings and errors; everything with logLevel "log"). */
  log(): string;
  /** With `deployConfig`: the secrets this server was given (as `wrangler secret put` would). */
  secrets?: Record<string, string>;
  stop(): Promise<void>;
}

function run(args: string[], what: string): string {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: childEnv,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

const wrangler = (args: string[], what: string) =>
  run([wranglerBin, ...args, "--config", "wrangler.toml"], what);

/** Migrations and demo data: a copy of the run's seeded template (tests/support/demo-db.ts). */
function setupDatabase(persistDir: string) {
  setupDemoDatabase(persistDir, childEnv);
}

function ensureBuilt() {
  if (existsSync(path.join(root, "build/server/wrangler.json"))) return;
  const result = spawnSync("npm", ["run", "build"], { cwd: root, env: childEnv, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`wrangler dev exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not become healthy within ${timeoutMs} ms:\n${log()}`);
}

interface Launched {
  baseUrl: string;
  stopChild: () => Promise<void>;
  log: () => string;
}

/** Starts `wrangler dev` on fresh ports and waits for /healthz; the child is stopped on failure. */
export interface ServerOptions {
  /** Worker variables for this server (`wrangler dev --var KEY:VALUE`), e.g. API_BASE_URL. */
  vars?: Record<string, string>;
  /**
   * Serve exactly the configuration a deploy resolves to: the build's wrangler.json and its
   * [vars], without the .dev.vars the build copied next to it (removed from this server's copy),
   * and only the three secrets, fresh random values passed with --var as `wrangler secret put`
   * would provide them. `vars` still apply on top (e.g. a fault switch that must be ignored).
   */
  deployConfig?: boolean;
  /** wrangler dev's --log-level; "log" keeps the Worker's console.log lines. Default "warn". */
  logLevel?: "debug" | "info" | "log" | "warn" | "error";
}

/** The secrets a deployment gets with `wrangler secret put` (env.d.ts). */
export const DEPLOY_SECRETS = ["SESSION_SECRET", "JWT_SECRET", "LINK_SECRET"] as const;

/**
 * Removes every local-settings file (.dev.vars, .dev.vars.*, .env, .env.*) from a copy of
 * build/server, as `npm run deploy` does: wrangler deploy never uploads them, and without them
 * wrangler dev runs on the build's own [vars] only.
 */
function stripLocalSettings(serverDir: string) {
  for (const name of readdirSync(serverDir)) {
    if (/^\.dev\.vars(\..*)?$|^\.env(\..*)?$/.test(name)) rmSync(path.join(serverDir, name));
  }
}

async function launch(
  persistDir: string,
  options: ServerOptions,
  secrets: Record<string, string> = {},
): Promise<Launched> {
  const [port, inspectorPort] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(
    process.execPath,
    [
      wranglerBin,
      "dev",
      // A private copy of the build: a rebuild in another terminal cannot pull it away mid-run.
      "--config",
      path.join(persistDir, "build", "server", "wrangler.json"),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      "--log-level",
      options.logLevel ?? "warn",
      ...Object.entries({ ...secrets, ...options.vars }).flatMap(([key, value]) => [
        "--var",
        `${key}:${value}`,
      ]),
    ],
    {
      cwd: root,
      // A deploy's configuration takes nothing from local files or this process's environment.
      env: options.deployConfig
        ? {
            ...childEnv,
            CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: "false",
            CLOUDFLARE_INCLUDE_PROCESS_ENV: "false",
          }
        : childEnv,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const stopChild = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stopChild();
    throw error;
  }
  return { baseUrl, stopChild, log: () => output };
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  ensureBuilt();
  const persistDir = mkdtempSync(path.join(tmpdir(), "api-itest-"));
  cpSync(path.join(root, "build"), path.join(persistDir, "build"), { recursive: true });
  let secrets: Record<string, string> | undefined;
  if (options.deployConfig) {
    stripLocalSettings(path.join(persistDir, "build", "server"));
    secrets = Object.fromEntries(
      DEPLOY_SECRETS.map((name) => [name, randomBytes(32).toString("base64url")]),
    );
  }
  let launched: Launched | undefined;
  try {
    setupDatabase(persistDir);
    for (let attempt = 1; !launched; attempt++) {
      try {
        launched = await launch(persistDir, options, secrets);
      } catch (error) {
        if (attempt >= 3 || !isAddressInUse(String(error))) throw error;
      }
    }
  } catch (error) {
    rmSync(persistDir, { recursive: true, force: true });
    throw error;
  }
  const { baseUrl, stopChild, log } = launched;
  const stop = async () => {
    await stopChild();
    rmSync(persistDir, { recursive: true, force: true });
    // An unexpected 500 is logged by the API ("api error …") or as the Worker's structured error
    // line ({"type":"error",…}, workers/log.ts): show it with the test's output.
    const errors = log()
      .split("\n")
      .filter((line) => /api error|uncaught|internal error|"type":"error"/i.test(line));
    if (errors.length > 0) console.warn(`[worker] ${errors.slice(0, 20).join("\n[worker] ")}`);
  };

  const query = <T>(sql: string): T[] => (runLocalD1(persistDir, sql)[0] ?? []) as T[];

  const r2Put = (key: string, bytes: Uint8Array, contentType: string) => {
    const file = path.join(persistDir, `upload-${Date.now()}`);
    writeFileSync(file, bytes);
    wrangler(
      [
        "r2",
        "object",
        "put",
        `nrg-portal-files/${key}`,
        "--local",
        "--persist-to",
        persistDir,
        "--file",
        file,
        "--content-type",
        contentType,
      ],
      "r2 put",
    );
  };

  return { baseUrl, persistDir, query, r2Put, log, stop, ...(secrets ? { secrets } : {}) };
}

/**
 * The first line of the server's output that `match` accepts, waiting up to `timeoutMs` for it:
 * wrangler dev prints the Worker's console lines a moment after the answer.
 */
export async function logLine(
  server: Pick<TestServer, "log">,
  match: (line: string) => boolean,
  timeoutMs = 10_000,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = server
      .log()
      .split("\n")
      .map((line) => line.trim())
      .find(match);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
