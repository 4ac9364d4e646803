/**
 * The Worker itself (every cold start fetches and compiles it; budget 1.2 MB gzip): its size as
 * Cloudflare counts it, and restarts of the served build for the cold start and for a run with
 * development-only variables (D1_DELAY_MS).
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { childEnv, stopProcessGroupAndWait } from "../e2e/support/server.ts";
import { freePorts } from "../tests/support/ports.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const WRANGLER = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

export interface WorkerModule {
  name: string;
  bytes: number;
  gzipBytes: number;
}

export interface WorkerSize {
  /** wrangler's "Total Upload: … KiB", bytes. */
  uploadBytes: number;
  /** wrangler's "… / gzip: … KiB", bytes: the figure Cloudflare's size limit applies to. */
  gzipBytes: number;
  /** gzip of the modules wrangler wrote, concatenated (how wrangler computes its figure). */
  checkGzipBytes: number;
  /** Every module of the upload, largest (gzip) first. */
  modules: WorkerModule[];
}

/** Parses wrangler deploy's "Total Upload: 7207.26 KiB / gzip: 2262.87 KiB" into bytes. */
export function parseTotalUpload(output: string): { uploadBytes: number; gzipBytes: number } {
  const match = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  if (!match) throw new Error(`no "Total Upload … / gzip: …" line in wrangler's output`);
  return {
    uploadBytes: Math.round(Number(match[1]) * 1024),
    gzipBytes: Math.round(Number(match[2]) * 1024),
  };
}

/**
 * `wrangler deploy --dry-run --outdir` of a build (offline: bundles, lists what it would
 * upload, prints the total and its gzip size). The gzip of the written modules, concatenated,
 * is computed as well: it matches wrangler's figure, and gives each module's share.
 */
export function measureWorkerSize(buildDir: string): WorkerSize {
  const outdir = mkdtempSync(path.join(tmpdir(), "nrg-bench-dry-run-"));
  try {
    const result = spawnSync(
      process.execPath,
      [
        WRANGLER,
        "deploy",
        "--dry-run",
        "--outdir",
        outdir,
        "--config",
        path.join(buildDir, "server", "wrangler.json"),
      ],
      { cwd: ROOT, env: childEnv(), encoding: "utf8", maxBuffer: 64 << 20 },
    );
    const output = `${result.stdout}\n${result.stderr}`;
    if (result.status !== 0) {
      throw new Error(`wrangler deploy --dry-run failed (exit ${result.status}):\n${output}`);
    }
    const modules: WorkerModule[] = [];
    const bodies: Buffer[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        // wrangler writes a README.md next to the modules; it is not uploaded.
        else if (entry.name !== "README.md") {
          const body = readFileSync(full);
          bodies.push(body);
          modules.push({
            name: path.relative(outdir, full),
            bytes: body.length,
            gzipBytes: zlib.gzipSync(body).length,
          });
        }
      }
    };
    walk(outdir);
    modules.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      ...parseTotalUpload(output),
      checkGzipBytes: zlib.gzipSync(Buffer.concat(bodies)).length,
      modules,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Workers restartWorker started and not yet stopped (stopped on Ctrl-C too). */
const running = new Set<() => Promise<void>>();

/** Stops every Worker restartWorker started (the runner's signal handler). */
export async function stopRestartedWorkers(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

export interface StartedWorker {
  baseURL: string;
  /** From spawning `wrangler dev` to its "Ready on" line (no request made before it). */
  readyMs: number;
  /** wrangler's DevTools inspector (a CPU profile of the Worker: bench/profile.ts). */
  inspectorPort: number;
  stop(): Promise<void>;
}

/**
 * Starts `wrangler dev` again on a served build and its state (the directory startServer made:
 * `build/` and `state/`, or another copy of that state), with extra Worker variables
 * (`--var KEY:VALUE`). Waits for wrangler's
 * "Ready on" line, NOT for a request, so the caller's first request is the Worker's first.
 */
export async function restartWorker(
  dir: string,
  vars: Record<string, string> = {},
  state = path.join(dir, "state"),
): Promise<StartedWorker> {
  const [port, inspectorPort] = await freePorts(2);
  if (port === undefined || inspectorPort === undefined) throw new Error("no free ports");
  const log = path.join(dir, `wrangler-${port}.log`);
  const out = openSync(log, "a");
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      "dev",
      "--config",
      path.join(dir, "build", "server", "wrangler.json"),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { cwd: ROOT, env: childEnv(), detached: true, stdio: ["ignore", out, out] },
  );
  closeSync(out);
  child.unref();
  const pid = child.pid;
  if (!pid) throw new Error("wrangler dev did not start");
  let exited: number | string | null = null;
  child.on("exit", (code, signal) => (exited = code ?? signal));
  const stop = async () => {
    running.delete(stop);
    await stopProcessGroupAndWait(pid);
  };
  running.add(stop);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const text = readFileSync(log, "utf8");
    if (exited !== null) throw new Error(`wrangler dev exited (${exited}):\n${text.slice(-3000)}`);
    if (/Ready on http/.test(text)) {
      return {
        baseURL: `http://127.0.0.1:${port}`,
        readyMs: performance.now() - started,
        inspectorPort,
        stop,
      };
    }
    await sleep(50);
  }
  await stop();
  throw new Error(`wrangler dev was not ready within 90 s:\n${readFileSync(log, "utf8")}`);
}

/** Time until a GET's whole body arrived; retried briefly while the port is not open yet. */
export async function timeRequest(url: string, headers: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    const start = performance.now();
    try {
      const response = await fetch(url, { headers, redirect: "manual" });
      await response.arrayBuffer();
      return { ms: performance.now() - start, status: response.status };
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(50);
    }
  }
}
