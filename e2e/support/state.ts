/**
 * The test server's own state, for the few e2e tests that must reset data between runs (the
 * pop-up that is dismissed for good), and a lock for tests that change a demo account which the
 * other project may use at the same moment.
 */
import { mkdir, rmdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLocalD1 } from "../../tests/support/local-d1.ts";

/**
 * The --persist-to directory of this worker's server (global-setup starts it in
 * E2E_STATE_DIR/state; e2e/fixtures.ts sets E2E_STATE_DIR per Playwright worker), or null when
 * the tests run against a server of someone else's (BASE_URL).
 */
export function serverState(): string | null {
  const dir = process.env.E2E_STATE_DIR;
  return dir ? join(dir, "state") : null;
}

/**
 * Runs SQL on the server's local D1 file through node:sqlite (tests/support/local-d1.ts): a few
 * milliseconds, where `wrangler d1 execute` started a workerd of its own (3–4 s a call).
 */
export function serverSql(persistTo: string, sql: string): void {
  runLocalD1(persistTo, sql);
}

/** Shows a person's demo pop-up again (closing it dismisses it for good) and no settings dialog. */
export function rearmPopup(persistTo: string, userId: number): void {
  // The settings dialog of a first login would sit on top of the pop-up: these tests are about
  // the pop-up.
  serverSql(
    persistTo,
    `UPDATE users SET popup_dismissed_at = NULL, first_login_settings_open = 0 WHERE id = ${Number(userId)}`,
  );
}

/**
 * Runs `run` while holding the lock `name` of this worker's server: the nojs and js runs of a test
 * that changes one demo account take turns (a directory is created atomically or not at all). A
 * lock older than a test's time limit was left by a stopped test and is taken over.
 */
export async function withServerLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const server = new URL(process.env.BASE_URL ?? "http://x").port;
  const lock = join(tmpdir(), `nrg-e2e-lock-${server}-${name}`);
  for (let i = 0; ; i++) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const age =
        Date.now() -
        (await stat(lock)
          .then((s) => s.mtimeMs)
          .catch(() => Date.now()));
      if (age > 180_000) await rmdir(lock).catch(() => undefined);
      if (i > 800) throw new Error(`lock ${lock} not released`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}
