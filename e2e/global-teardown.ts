import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, stopProcessGroupAndWait } from "./support/server";

const list = (value: string | undefined) => (value ? value.split(",").filter(Boolean) : []);

/** Stops the Workers started by global-setup.ts, keeps their logs, removes their state dirs. */
export default async function globalTeardown(): Promise<void> {
  const pids = list(process.env.E2E_SERVER_PIDS).map(Number);
  await Promise.all(pids.filter((pid) => pid > 0).map(stopProcessGroupAndWait));
  const logs = list(process.env.E2E_SERVER_LOGS);
  // test-results/ is emptied at the start of each run, so the last run's logs stay readable.
  const results = join(ROOT, "test-results");
  logs.forEach((log, i) => {
    if (!existsSync(log)) return;
    mkdirSync(results, { recursive: true });
    copyFileSync(log, join(results, i === 0 ? "wrangler.log" : `wrangler-${i + 1}.log`));
  });
  if (!process.env.E2E_KEEP_STATE) {
    for (const dir of list(process.env.E2E_STATE_DIRS))
      rmSync(dir, { recursive: true, force: true });
  }
}
