/**
 * `npm start`: local secrets, production build, local D1 (migrations + demo data if empty), then
 * `wrangler dev` serving the build on http://127.0.0.1:$PORT (default 8787).
 *
 * Environment: PORT (default 8787), PERSIST_TO (local state directory, default .wrangler/state).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ensureDevVars } from "./ensure-dev-vars.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT || "8787";
const persistTo = path.resolve(root, process.env.PERSIST_TO || ".wrangler/state");
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

let current: ChildProcess | undefined;
let stopping = false;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(130);
  });
}

function run(step: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    current = child;
    child.on("error", (error) => reject(new Error(`${step}: ${error.message}`)));
    child.on("exit", (code, signal) => {
      current = undefined;
      if (stopping) process.exit(signal ? 130 : (code ?? 0));
      if (code === 0) resolve();
      else reject(new Error(`${step} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function main() {
  const added = ensureDevVars(root);
  if (added.length > 0) console.log(`start: wrote ${added.join(", ")} to .dev.vars`);

  console.log("start: building");
  await run("build", process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"]);

  await run("setup-db", process.execPath, [
    path.join(root, "scripts", "setup-db.ts"),
    "--persist-to",
    persistTo,
  ]);

  console.log(`start: serving on http://127.0.0.1:${port}`);
  // wrangler dev finds the build's config through .wrangler/deploy/config.json.
  await run("wrangler dev", process.execPath, [
    path.join(root, "node_modules", "wrangler", "bin", "wrangler.js"),
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--persist-to",
    persistTo,
  ]);
}

main().catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
