/**
 * The demo data set plus N synthetic customers (seed/synthetic.ts), written as SQL or loaded into
 * a fresh database and measured: the figures of docs/scale.md.
 *
 *   node scripts/scale-seed.ts --customers 10000 [--years 3] [--seed 1] [--today YYYY-MM-DD]
 *        [--sql FILE]      write the SQL (the demo set first, unchanged, then the synthetic rows)
 *        [--sqlite FILE]   load into a new SQLite file (every migration, as D1 applies them), measure
 *        [--d1 DIR]        load into a throwaway local D1 (wrangler --persist-to DIR), measure its file
 *        [--json FILE]     also write the measurement as JSON
 *
 * The measurement subtracts the demo set alone (loaded and measured the same way), so its per-
 * customer figures are the synthetic customers' own. It refuses to start without three times the
 * expected size free on the target disk. DIR and FILE must not exist yet: nothing is overwritten.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { generateSeed, type Seed } from "../seed/generate.ts";
import { seedWithSyntheticSql, type SyntheticOptions } from "../seed/synthetic.ts";
import { runWrangler } from "./wrangler.ts";

const root = path.resolve(import.meta.dirname, "..");
/** Measured: about 55 KB of SQL and 38 KB of database per synthetic customer at 3 years. */
const SQL_BYTES_PER_CUSTOMER_YEAR = 20_000;

interface TableSize {
  rows: number;
  /** Pages of the table and of its indexes, in bytes (SQLite's dbstat). */
  bytes: number;
  indexBytes: number;
}
interface Measurement {
  file: string;
  pageSize: number;
  pageCount: number;
  freelistCount: number;
  bytes: number;
  tables: Record<string, TableSize>;
}

/** Size of one SQLite file: page_count × page_size, and per table (with its indexes) from dbstat. */
function measure(file: string): Measurement {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const pragma = (name: string) =>
      Number((db.prepare(`PRAGMA ${name}`).get() as Record<string, number>)[name]);
    const pageSize = pragma("page_size");
    const pageCount = pragma("page_count");
    const freelistCount = pragma("freelist_count");
    const owners = new Map<string, { table: string; index: boolean }>();
    for (const row of db
      .prepare("SELECT name, tbl_name, type FROM sqlite_schema WHERE type IN ('table','index')")
      .all() as Array<{ name: string; tbl_name: string; type: string }>)
      owners.set(row.name, { table: row.tbl_name, index: row.type === "index" });
    const tables: Record<string, TableSize> = {};
    for (const row of db
      .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name")
      .all() as Array<{ name: string; bytes: number }>) {
      const owner = owners.get(row.name) ?? { table: row.name, index: false };
      const entry = (tables[owner.table] ??= { rows: 0, bytes: 0, indexBytes: 0 });
      entry.bytes += row.bytes;
      if (owner.index) entry.indexBytes += row.bytes;
    }
    for (const [table, entry] of Object.entries(tables)) {
      if (!owners.has(table) || owners.get(table)?.index) continue;
      entry.rows = Number(
        (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n,
      );
    }
    return { file, pageSize, pageCount, freelistCount, bytes: pageSize * pageCount, tables };
  } finally {
    db.close();
  }
}

function migrationFiles(): string[] {
  const dir = path.join(root, "migrations");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => path.join(dir, f));
}

/** A new SQLite file with every migration applied, then each piece of SQL executed in turn. */
function loadSqlite(file: string, pieces: Iterable<string>): void {
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA foreign_keys = ON;");
    for (const migration of migrationFiles()) db.exec(readFileSync(migration, "utf8"));
    for (const piece of pieces) {
      db.exec("BEGIN");
      db.exec(piece);
      db.exec("COMMIT");
    }
    const problems = db.prepare("PRAGMA foreign_key_check").all();
    if (problems.length > 0)
      throw new Error(`foreign key problems: ${JSON.stringify(problems[0])}`);
  } finally {
    db.close();
  }
}

function wrangler(args: string[]): void {
  const result = runWrangler(args);
  if (result.status !== 0)
    throw new Error(
      `wrangler ${args.slice(0, 3).join(" ")} failed:\n${result.stdout}\n${result.stderr}`,
    );
}

/** A fresh local D1 in `dir` (wrangler's own migrations and execute), the SQL in files of ≤ 40 MB. */
function loadD1(dir: string, pieces: Iterable<string>): string {
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  const tmp = mkdtempSync(path.join(tmpdir(), "nrg-scale-"));
  try {
    let buffer: string[] = [];
    let size = 0;
    const flush = () => {
      if (size === 0) return;
      const file = path.join(tmp, "part.sql");
      writeFileSync(file, buffer.join(""));
      wrangler(["d1", "execute", "DB", "--local", "--persist-to", dir, "--file", file]);
      buffer = [];
      size = 0;
    };
    for (const piece of pieces) {
      if (size + piece.length > 40_000_000) flush();
      buffer.push(piece);
      size += piece.length;
    }
    flush();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const d1 = path.join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(d1).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database file under ${d1}`);
  return path.join(d1, file);
}

function checkDisk(target: string, customers: number, years: number): void {
  const need = 3 * customers * years * SQL_BYTES_PER_CUSTOMER_YEAR;
  const stats = statfsSync(path.dirname(path.resolve(target)));
  const free = stats.bavail * stats.bsize;
  if (free < need)
    throw new Error(
      `${(free / 1e9).toFixed(1)} GB free near ${target}; this run wants ${(need / 1e9).toFixed(1)} GB`,
    );
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** The synthetic customers' share: the full database minus the demo set alone, per table. */
function report(full: Measurement, demo: Measurement, options: Required<SyntheticOptions>) {
  const n = options.customers;
  const tables = Object.entries(full.tables)
    .map(([table, size]) => {
      const before = demo.tables[table] ?? { rows: 0, bytes: 0, indexBytes: 0 };
      return {
        table,
        rows: size.rows - before.rows,
        bytes: size.bytes - before.bytes,
        indexBytes: size.indexBytes - before.indexBytes,
      };
    })
    .filter((t) => t.rows !== 0 || t.bytes !== 0)
    .sort((a, b) => b.bytes - a.bytes);
  const bytes = full.bytes - demo.bytes;
  return {
    customers: n,
    years: options.years,
    seed: options.seed,
    pageSize: full.pageSize,
    databaseBytes: full.bytes,
    demoBytes: demo.bytes,
    syntheticBytes: bytes,
    bytesPerCustomer: Math.round(bytes / n),
    tables: tables.map((t) => ({
      ...t,
      rowsPerCustomer: Number((t.rows / n).toFixed(2)),
      bytesPerCustomer: Math.round(t.bytes / n),
      bytesPerRow: t.rows > 0 ? Math.round(t.bytes / t.rows) : null,
    })),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      customers: { type: "string" },
      years: { type: "string", default: "3" },
      seed: { type: "string", default: "1" },
      today: { type: "string" },
      sql: { type: "string" },
      sqlite: { type: "string" },
      d1: { type: "string" },
      json: { type: "string" },
    },
    strict: true,
  });
  const options: Required<SyntheticOptions> = {
    customers: Number(values.customers),
    years: Number(values.years),
    seed: Number(values.seed),
    batchSize: 500,
  };
  if (!Number.isInteger(options.customers) || options.customers < 1)
    throw new Error("--customers N (a whole number ≥ 1) is required");
  if (!values.sql && !values.sqlite && !values.d1)
    throw new Error("say where to: --sql FILE, --sqlite FILE or --d1 DIR");
  for (const target of [values.sql, values.sqlite, values.d1, values.json])
    if (target && existsSync(target)) throw new Error(`${target} exists; nothing is overwritten`);

  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const base: Seed = await generateSeed({ today: values.today });
  const pieces = () => seedWithSyntheticSql(base, options);

  if (values.sql) {
    checkDisk(values.sql, options.customers, options.years);
    const fd = openSync(values.sql, "wx");
    try {
      for (const piece of pieces()) writeSync(fd, piece);
    } finally {
      closeSync(fd);
    }
    console.log(
      `scale-seed: wrote ${values.sql} (${mb(statSync(values.sql).size)} MB) [${elapsed()}]`,
    );
  }

  const measured: Array<{ label: string; full: Measurement; demo: Measurement }> = [];
  const scratch = mkdtempSync(path.join(tmpdir(), "nrg-scale-demo-"));
  try {
    if (values.sqlite) {
      checkDisk(values.sqlite, options.customers, options.years);
      loadSqlite(values.sqlite, pieces());
      const demoFile = path.join(scratch, "demo.sqlite");
      loadSqlite(demoFile, [base.sql]);
      measured.push({ label: "SQLite", full: measure(values.sqlite), demo: measure(demoFile) });
      console.log(`scale-seed: loaded ${values.sqlite} [${elapsed()}]`);
    }
    if (values.d1) {
      checkDisk(values.d1, options.customers, options.years);
      mkdirSync(values.d1, { recursive: true });
      const full = measure(loadD1(values.d1, pieces()));
      measured.push({
        label: "local D1",
        full,
        demo: measure(loadD1(path.join(scratch, "d1"), [base.sql])),
      });
      console.log(`scale-seed: loaded the local D1 in ${values.d1} [${elapsed()}]`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const results = [];
  for (const { label, full, demo } of measured) {
    const result = { database: label, ...report(full, demo, options) };
    results.push(result);
    console.log(
      `\n${label}: ${result.customers} synthetic customers, ${result.years} years, seed ${result.seed}, page size ${result.pageSize}, ${full.pageCount} pages`,
    );
    console.log(
      `database ${mb(result.databaseBytes)} MB = demo set ${mb(result.demoBytes)} MB + synthetic ${mb(result.syntheticBytes)} MB; ${result.bytesPerCustomer} bytes per customer\n`,
    );
    console.log(
      "| table | rows | rows/customer | MB (of which indexes) | bytes/customer | bytes/row |",
    );
    console.log("|---|--:|--:|--:|--:|--:|");
    for (const t of result.tables)
      console.log(
        `| ${t.table} | ${t.rows} | ${t.rowsPerCustomer} | ${mb(t.bytes)} (${mb(t.indexBytes)}) | ${t.bytesPerCustomer} | ${t.bytesPerRow ?? ""} |`,
      );
  }
  if (values.json)
    writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`, { flag: "wx" });
}

main().catch((error: unknown) => {
  console.error(`scale-seed: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
