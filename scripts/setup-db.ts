/**
 * Local database setup: apply the D1 migrations, then load the demo data set if the database is
 * empty (no customers). Used by `npm start`, `npm run dev` and the test harnesses.
 *
 *   node scripts/setup-db.ts [--persist-to DIR] [--reset] [--today YYYY-MM-DD]
 *   node scripts/setup-db.ts --print-sql [--today YYYY-MM-DD]   (writes the seed SQL to stdout)
 *
 * --persist-to  local state directory (wrangler's --persist-to); default $PERSIST_TO or .wrangler/state
 * --reset       delete the local D1 state in that directory first, then migrate and seed
 * --today       the date the demo data is relative to (invoices, readings, reading window); default today
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateSeed } from "../seed/generate.ts";
import { runWrangler } from "./wrangler.ts";

const root = path.resolve(import.meta.dirname, "..");

class SetupError extends Error {}

function fail(message: string): never {
  throw new SetupError(message);
}

/** Runs wrangler (./wrangler.ts); a failure stops the setup with wrangler's output. */
function wrangler(args: string[]): string {
  const result = runWrangler(args);
  if (result.error) fail(`could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim();
    fail(`wrangler ${args.slice(0, 3).join(" ")} failed (exit ${result.status}):\n${output}`);
  }
  return result.stdout ?? "";
}

function countCustomers(persistTo: string): number {
  const out = wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistTo,
    "--json",
    "--command",
    "select count(*) as n from customers",
  ]);
  const start = out.indexOf("[");
  if (start < 0) fail(`unexpected output from wrangler d1 execute:\n${out}`);
  const parsed = JSON.parse(out.slice(start)) as Array<{ results?: Array<{ n?: number }> }>;
  const n = parsed[0]?.results?.[0]?.n;
  if (typeof n !== "number") fail(`could not read the customer count from:\n${out}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      "persist-to": { type: "string" },
      reset: { type: "boolean", default: false },
      today: { type: "string" },
      "print-sql": { type: "boolean", default: false },
    },
    strict: true,
  });

  const today = values.today;
  if (today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(today))
    fail(`--today must be YYYY-MM-DD, got "${today}"`);

  if (values["print-sql"]) {
    const seed = await generateSeed({ today });
    process.stdout.write(seed.sql);
    return;
  }

  const persistTo = path.resolve(
    root,
    values["persist-to"] ?? process.env.PERSIST_TO ?? ".wrangler/state",
  );
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  if (values.reset) {
    // Only the D1 part of the local state: R2 objects and caches stay.
    rmSync(path.join(persistTo, "v3", "d1"), { recursive: true, force: true });
    console.log(`setup-db: reset the local D1 in ${persistTo}`);
  }

  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  console.log(`setup-db: migrations applied (${persistTo}) [${elapsed()}]`);

  const customers = countCustomers(persistTo);
  if (customers > 0) {
    console.log(
      `setup-db: database already has ${customers} customers; demo data not loaded [${elapsed()}]`,
    );
    return;
  }

  const seed = await generateSeed({ today });
  const dir = mkdtempSync(path.join(tmpdir(), "nrg-seed-"));
  const file = path.join(dir, "seed.sql");
  try {
    writeFileSync(file, seed.sql);
    wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const summary = Object.entries(seed.counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(`setup-db: demo data loaded for ${seed.today} (${summary}) [${elapsed()}]`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`setup-db: FAILED: ${message}`);
  process.exit(1);
});
