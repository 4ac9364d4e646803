import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * Runs the project's scripts/ensure-dev-vars.ts (the one `npm start` uses): `.dev.vars` gets
 * `ENVIRONMENT=development` and any missing local secret, existing values are kept (so sessions
 * survive restarts). Throws if the script fails.
 */
export function ensureDevVarsForProject(root: string, env: NodeJS.ProcessEnv): void {
  const script = join(root, "scripts", "ensure-dev-vars.ts");
  const result = spawnSync(process.execPath, [script], { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`node ${script} failed (exit ${result.status})`);
}
