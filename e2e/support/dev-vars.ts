import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The Worker's secrets (env.d.ts). Locally they live in .dev.vars, never in wrangler.toml. */
export const SECRET_NAMES = ["SESSION_SECRET", "JWT_SECRET", "LINK_SECRET"] as const;

/**
 * Makes sure `.dev.vars` holds every secret, adding random ones that are missing and leaving
 * existing values alone (so sessions survive restarts). Returns the names it added.
 */
export function ensureDevVars(root: string): string[] {
  const file = join(root, ".dev.vars");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const present = new Set(
    current
      .split("\n")
      .map((line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name)),
  );
  const added = SECRET_NAMES.filter((name) => !present.has(name));
  if (added.length === 0) return [];
  const lines = added.map((name) => `${name}=${randomBytes(32).toString("base64url")}`);
  const prefix = current === "" || current.endsWith("\n") ? current : `${current}\n`;
  writeFileSync(file, `${prefix}${lines.join("\n")}\n`, { mode: 0o600 });
  return added;
}

/**
 * The project's own scripts/ensure-dev-vars.ts when present (the one `npm start` uses),
 * otherwise `ensureDevVars` above. Throws if the script fails.
 */
export function ensureDevVarsForProject(root: string, env: NodeJS.ProcessEnv): void {
  const script = join(root, "scripts", "ensure-dev-vars.ts");
  if (existsSync(script)) {
    const result = spawnSync("node", [script], { cwd: root, env, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`node ${script} failed (exit ${result.status})`);
    return;
  }
  const added = ensureDevVars(root);
  console.log(added.length ? `.dev.vars: added ${added.join(", ")}` : ".dev.vars is complete");
}
