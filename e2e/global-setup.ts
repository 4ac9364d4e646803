import type { FullConfig } from "@playwright/test";
import { ensureDevVarsForProject } from "./support/dev-vars";
import { childEnv, ROOT, startServer } from "./support/server";

/**
 * Starts one Worker per Playwright worker, each on a free port with its own copy of the demo
 * database, so tests in different Playwright workers never see each other's changes (ADR 0024).
 * Playwright workers inherit process.env: E2E_BASE_URLS lists the servers, and each worker takes
 * the one of its parallelIndex as BASE_URL (e2e/fixtures.ts, `server`). The teardown reads
 * E2E_SERVER_PIDS / E2E_STATE_DIRS / E2E_SERVER_LOGS (setup and teardown share one process).
 *
 * With BASE_URL already set, nothing is started: every worker tests that server.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  if (process.env.BASE_URL) {
    const res = await fetch(new URL("/healthz", process.env.BASE_URL));
    if (!res.ok) throw new Error(`BASE_URL ${process.env.BASE_URL} /healthz → ${res.status}`);
    process.env.E2E_BASE_URLS = process.env.BASE_URL;
    return;
  }
  ensureDevVarsForProject(ROOT, childEnv());
  const started = Date.now();
  const count = Math.max(1, config.workers);
  // One after the other: the first builds the build's copy and the database template if needed.
  const first = await startServer();
  const servers = [
    first,
    ...(await Promise.all(Array.from({ length: count - 1 }, () => startServer()))),
  ];
  process.env.E2E_BASE_URLS = servers.map((s) => s.baseURL).join(",");
  process.env.BASE_URL = first.baseURL;
  process.env.E2E_SERVER_PIDS = servers.map((s) => s.pid).join(",");
  process.env.E2E_STATE_DIRS = servers.map((s) => s.dir).join(",");
  process.env.E2E_SERVER_LOGS = servers.map((s) => s.log).join(",");
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const server of servers) {
    console.log(`[e2e] Worker on ${server.baseURL} (state ${server.dir})`);
  }
  console.log(`[e2e] ${servers.length} server(s) ready in ${seconds} s`);
}
