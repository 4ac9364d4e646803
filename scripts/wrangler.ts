/**
 * Runs wrangler with the project's own config (wrangler.toml, not the build's redirect), with no
 * prompts, metrics or network, its output captured: how the scripts that set up a local D1 call
 * it (setup-db.ts, scale-seed.ts). Each caller says what a failure means for it.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const wranglerBin = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");

export function runWrangler(args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [wranglerBin, ...args, "--config", "wrangler.toml"], {
    cwd: root,
    env: {
      ...process.env,
      CI: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      NO_COLOR: "1",
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
}
