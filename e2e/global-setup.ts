import type { FullConfig } from "@playwright/test";
import { ensureDevVarsForProject } from "./support/dev-vars";
import { childEnv, ROOT, startServer } from "./support/server";

/**
 * Starts one Worker for the whole run on a free port with a fresh local D1 holding the demo
 * data. Playwright workers inherit process.env, so tests read BASE_URL from there; the
 * teardown reads E2E_SERVER_PID / E2E_STATE_DIR (setup and teardown share one process).
 *
 * With BASE_URL already set, nothing is started: the tests run against that server.
 */
export default async function globalSetup(_config: FullConfig): Promise<void> {
  if (process.env.BASE_URL) {
    const res = await fetch(new URL("/healthz", process.env.BASE_URL));
    if (!res.ok) throw new Error(`BASE_URL ${process.env.BASE_URL} /healthz → ${res.status}`);
    return;
  }
  ensureDevVarsForProject(ROOT, childEnv());
  const server = await startServer();
  process.env.BASE_URL = server.baseURL;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_STATE_DIR = server.dir;
  process.env.E2E_SERVER_LOG = server.log;
  console.log(`[e2e] Worker on ${server.baseURL} (state ${server.dir})`);
}
