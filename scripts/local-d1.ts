/**
 * The local D1 of a state directory, for the scripts that read it (bill-run.ts,
 * bench/backoffice.ts): one SQL statement's rows through `wrangler d1 execute`, and a back-office
 * credential made or rotated for a script of ours (scripts/backoffice.ts).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { runWrangler } from "./wrangler.ts";

const root = path.resolve(import.meta.dirname, "..");

/** One statement on the D1 of `persistTo` (local) or the deployed one (`remote`); its rows. */
export function queryD1<T>(sql: string, target: { persistTo: string } | "remote"): T[] {
  const where = target === "remote" ? ["--remote"] : ["--local", "--persist-to", target.persistTo];
  const result = runWrangler(["d1", "execute", "DB", ...where, "--json", "--command", sql]);
  const output = result.stdout ?? "";
  if (result.error || result.status !== 0) {
    throw new Error(`wrangler d1 execute failed:\n${output}\n${result.stderr ?? ""}`.trim());
  }
  const parsed = JSON.parse(output.slice(output.indexOf("["))) as Array<{ results?: T[] }>;
  return parsed[0]?.results ?? [];
}

/** A credential of the client `name` with every scope: rotated if it exists, else created. */
export function localServiceCredential(name: string, persistTo: string): string {
  const cli = (args: string[]) =>
    spawnSync(
      process.execPath,
      [path.join(root, "scripts", "backoffice.ts"), ...args, "--json", "--persist-to", persistTo],
      { encoding: "utf8" },
    );
  let result = cli(["rotate", name]);
  if (result.status !== 0) result = cli(["create-client", name, "--scopes", "all"]);
  if (result.status !== 0) throw new Error(`could not make a credential:\n${result.stderr}`);
  const last = result.stdout.trim().split("\n").pop() ?? "{}";
  return (JSON.parse(last) as { credential: string }).credential;
}
