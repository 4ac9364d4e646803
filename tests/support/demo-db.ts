/**
 * A fresh local D1 with the demo data, for the test harnesses (integration, security, e2e, bench).
 *
 * Migrating and seeding through wrangler costs about 40 s on a CI machine, and the suites start
 * some 45 Workers: done for each, that alone took most of CI's 90 minutes. So the first harness of
 * a run builds the database once (`scripts/setup-db.ts`, exactly as before) into a template kept in
 * node_modules/.cache, and every server after it gets a byte-for-byte copy of that template.
 *
 * The template's key is a hash of everything the database is made from (migrations, seed, the code
 * they import, the wrangler config that names the database file) and of the date the seed is
 * relative to (UTC, as seed/generate.ts's default), so a changed migration or a new day builds a
 * new one and older ones are removed. NRG_FRESH_DB=1 skips the template (setup-db into the target).
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CACHE = path.join(ROOT, "node_modules", ".cache", "nrg-demo-db");

/** Files and folders the seeded database depends on. */
const INPUTS = [
  "migrations",
  "seed",
  "core",
  "scripts/setup-db.ts",
  "scripts/wrangler.ts",
  "wrangler.toml",
  "package-lock.json",
];

function listFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => listFiles(path.join(entry, d.name)));
}

/** The template's name: the inputs' contents and the seed's date. */
export function demoDatabaseKey(today = new Date().toISOString().slice(0, 10)): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(listFiles)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(ROOT, file)))
      .update("\0");
  }
  return `${today}-${hash.digest("hex").slice(0, 16)}`;
}

function runSetupDb(persistTo: string, env: NodeJS.ProcessEnv, quiet: boolean): void {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "scripts", "setup-db.ts"), "--persist-to", persistTo],
    {
      cwd: ROOT,
      env,
      encoding: "utf8",
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      maxBuffer: 64 << 20,
    },
  );
  if (result.status !== 0) {
    throw new Error(
      `setup-db failed (exit ${result.status ?? result.signal}):\n${result.stdout ?? ""}\n${result.stderr ?? ""}`,
    );
  }
}

/**
 * Puts the migrated, seeded local D1 into `persistTo` (wrangler's --persist-to directory, which
 * must not hold a D1 yet). `quiet` keeps setup-db's progress lines out of the output.
 */
export function setupDemoDatabase(
  persistTo: string,
  env: NodeJS.ProcessEnv = process.env,
  { quiet = true }: { quiet?: boolean } = {},
): void {
  if (process.env.NRG_FRESH_DB === "1") {
    runSetupDb(persistTo, env, quiet);
    return;
  }
  const template = path.join(CACHE, demoDatabaseKey());
  if (!existsSync(template)) {
    mkdirSync(CACHE, { recursive: true });
    const building = path.join(CACHE, `.building-${randomBytes(6).toString("hex")}`);
    try {
      runSetupDb(building, env, quiet);
      try {
        renameSync(building, template);
      } catch (error) {
        // Another process finished the same template first: use theirs.
        if (!existsSync(template)) throw error;
      }
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
    // Templates of other days or other migrations are of no further use.
    for (const name of readdirSync(CACHE)) {
      if (name !== path.basename(template) && !name.startsWith(".building-")) {
        rmSync(path.join(CACHE, name), { recursive: true, force: true });
      }
    }
  }
  mkdirSync(persistTo, { recursive: true });
  cpSync(template, persistTo, { recursive: true });
}
