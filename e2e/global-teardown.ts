import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, stopProcessGroupAndWait } from "./support/server";

/** Stops the Worker started by global-setup.ts, keeps its log, removes its state dir. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  const dir = process.env.E2E_STATE_DIR;
  const log = process.env.E2E_SERVER_LOG;
  if (pid > 0) await stopProcessGroupAndWait(pid);
  if (log && existsSync(log)) {
    // test-results/ is emptied at the start of each run, so the last run's log stays readable.
    const results = join(ROOT, "test-results");
    mkdirSync(results, { recursive: true });
    copyFileSync(log, join(results, "wrangler.log"));
  }
  if (dir && !process.env.E2E_KEEP_STATE) rmSync(dir, { recursive: true, force: true });
}
