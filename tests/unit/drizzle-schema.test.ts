import { globSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DatabaseSync } from "node:sqlite";
import { is, SQL } from "drizzle-orm";
import {
  getTableConfig,
  SQLiteSyncDialect,
  SQLiteTable,
  type SQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * The migrations are the source of truth for the database; Drizzle's tables only type the queries.
 * This test applies every migration to SQLite (the engine of D1) and holds every Drizzle table it
 * can find to what they leave: the set of tables, and per table the columns (type affinity, NOT
 * NULL, default), the primary key, the UNIQUE constraints and the indexes. Drizzle tables are
 * discovered, not listed: api/db/schema.ts and every api/**\/tables.ts, so a feature's new tables
 * file is checked without anyone adding it here.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = path.join(ROOT, "migrations");

/** SQLite's and D1's own tables, never part of the portal's schema. */
const isInternal = (name: string) =>
  name === "d1_migrations" || name.startsWith("sqlite_") || name.startsWith("_cf_");

/** SQLite's type affinity of a declared column type (https://sqlite.org/datatype3.html §3.1). */
function affinity(declared: string): string {
  const t = declared.toUpperCase();
  if (t.includes("INT")) return "INTEGER";
  if (/CHAR|CLOB|TEXT/.test(t)) return "TEXT";
  if (t === "" || t.includes("BLOB")) return "BLOB";
  if (/REAL|FLOA|DOUB/.test(t)) return "REAL";
  return "NUMERIC";
}

/** A default as SQLite prints it, without outer parentheses and spacing differences. */
function normaliseDefault(value: string | null): string | null {
  if (value === null) return null;
  let v = value.replace(/\s+/g, "");
  while (v.startsWith("(") && v.endsWith(")")) v = v.slice(1, -1);
  return v;
}

const dialect = new SQLiteSyncDialect();

function drizzleDefault(column: SQLiteColumn): string | null {
  if (!column.hasDefault || column.default === undefined) return null;
  const value: unknown = column.default;
  if (is(value, SQL)) return normaliseDefault(dialect.sqlToQuery(value).sql);
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return JSON.stringify(value);
}

interface Shape {
  columns: Map<string, { affinity: string; notNull: boolean; default: string | null }>;
  primaryKey: string[];
  /** UNIQUE constraints (not named in SQL): their column lists, sorted. */
  uniques: string[];
  /** CREATE INDEX statements, by name. */
  indexes: Map<string, { unique: boolean; columns: string[]; where: string | null }>;
}

function migratedShapes(): Map<string, Shape> {
  const db = new DatabaseSync(":memory:");
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
  }
  const names = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
      name: string;
    }>
  )
    .map((r) => r.name)
    .filter((n) => !isInternal(n));
  const shapes = new Map<string, Shape>();
  for (const table of names) {
    const cols = db.prepare(`PRAGMA table_xinfo(${table})`).all() as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
      hidden: number;
    }>;
    const shape: Shape = {
      columns: new Map(),
      primaryKey: cols
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      uniques: [],
      indexes: new Map(),
    };
    const singlePk = shape.primaryKey.length === 1 ? shape.primaryKey[0] : undefined;
    for (const c of cols.filter((c) => c.hidden === 0)) {
      shape.columns.set(c.name, {
        affinity: affinity(c.type),
        // A single-column primary key is never NULL to the portal (Drizzle marks it NOT NULL;
        // SQLite only says so for an INTEGER one): the primary-key check covers it.
        notNull: c.notnull === 1 || c.name === singlePk,
        default: normaliseDefault(c.dflt_value),
      });
    }
    const indexList = db.prepare(`PRAGMA index_list(${table})`).all() as Array<{
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }>;
    for (const index of indexList) {
      const columns = (
        db.prepare(`PRAGMA index_info(${index.name})`).all() as Array<{
          seqno: number;
          name: string;
        }>
      )
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
      if (index.origin === "u") shape.uniques.push(columns.join(","));
      if (index.origin === "c") {
        const sqlText = (
          db
            .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
            .get(index.name) as { sql: string }
        ).sql;
        const where = /\bWHERE\b([\s\S]*)$/i.exec(sqlText)?.[1] ?? null;
        shape.indexes.set(index.name, {
          unique: index.unique === 1,
          columns,
          where: normaliseWhere(where),
        });
      }
    }
    shape.uniques.sort();
    shapes.set(table, shape);
  }
  db.close();
  return shapes;
}

function normaliseWhere(where: string | null): string | null {
  return where === null ? null : where.replace(/["`]/g, "").replace(/\s+/g, " ").trim();
}

function drizzleShape(table: SQLiteTable): Shape {
  const config = getTableConfig(table);
  const compositePk = config.primaryKeys[0]?.columns.map((c) => c.name);
  const shape: Shape = {
    columns: new Map(),
    primaryKey: compositePk ?? config.columns.filter((c) => c.primary).map((c) => c.name),
    uniques: [
      ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
      ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name).join(",")),
    ].sort(),
    indexes: new Map(),
  };
  for (const c of config.columns) {
    shape.columns.set(c.name, {
      affinity: affinity(c.getSQLType()),
      notNull: c.notNull,
      default: drizzleDefault(c),
    });
  }
  for (const index of config.indexes) {
    const { name, unique, columns, where } = index.config;
    shape.indexes.set(name, {
      unique,
      columns: columns.map((c) => (is(c, SQL) ? dialect.sqlToQuery(c).sql : c.name)),
      where: where ? normaliseWhere(dialect.sqlToQuery(where).sql) : null,
    });
  }
  return shape;
}

/** Every SQLiteTable exported by api/db/schema.ts and any api/**\/tables.ts, by table name. */
async function drizzleTables(): Promise<{ tables: Map<string, SQLiteTable>; files: string[] }> {
  const files = ["api/db/schema.ts", ...globSync("api/**/tables.ts", { cwd: ROOT }).sort()];
  const tables = new Map<string, SQLiteTable>();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<
      string,
      unknown
    >;
    for (const [exported, value] of Object.entries(module)) {
      if (!is(value, SQLiteTable)) continue;
      const name = getTableConfig(value).name;
      const already = tables.get(name);
      if (already && already !== value) {
        throw new Error(`table ${name} is described twice (again as ${exported} in ${file})`);
      }
      tables.set(name, value);
    }
  }
  return { tables, files };
}

const show = (v: unknown) => JSON.stringify(v);

/** Every disagreement between the migrations and Drizzle, one readable line each. */
function compare(migrated: Map<string, Shape>, described: Map<string, SQLiteTable>): string[] {
  const problems: string[] = [];
  for (const name of migrated.keys()) {
    if (!described.has(name)) {
      problems.push(
        `table ${name} is not described by Drizzle (api/db/schema.ts or api/<feature>/tables.ts)`,
      );
    }
  }
  for (const [name, table] of described) {
    const want = migrated.get(name);
    if (!want) {
      problems.push(`table ${name} is described by Drizzle but no migration creates it`);
      continue;
    }
    const have = drizzleShape(table);
    for (const [column, w] of want.columns) {
      const h = have.columns.get(column);
      const where = `table ${name} column ${column}`;
      if (!h) {
        problems.push(`${where}: in the migrations, missing in Drizzle`);
        continue;
      }
      if (w.affinity !== h.affinity) {
        problems.push(`${where}: migrations say ${w.affinity}, Drizzle says ${h.affinity}`);
      }
      if (w.notNull !== h.notNull) {
        const say = (notNull: boolean) => (notNull ? "NOT NULL" : "nullable");
        problems.push(`${where}: migrations say ${say(w.notNull)}, Drizzle says ${say(h.notNull)}`);
      }
      if (w.default !== h.default) {
        problems.push(
          `${where}: migrations say DEFAULT ${w.default ?? "none"}, Drizzle says DEFAULT ${h.default ?? "none"}`,
        );
      }
    }
    for (const column of have.columns.keys()) {
      if (!want.columns.has(column)) {
        problems.push(`table ${name} column ${column}: in Drizzle, missing in the migrations`);
      }
    }
    if (show(want.primaryKey) !== show(have.primaryKey)) {
      problems.push(
        `table ${name}: migrations say PRIMARY KEY ${show(want.primaryKey)}, Drizzle says ${show(have.primaryKey)}`,
      );
    }
    if (show(want.uniques) !== show(have.uniques)) {
      problems.push(
        `table ${name}: migrations say UNIQUE ${show(want.uniques)}, Drizzle says ${show(have.uniques)}`,
      );
    }
    for (const [index, w] of want.indexes) {
      const h = have.indexes.get(index);
      if (!h) {
        problems.push(`table ${name} index ${index}: in the migrations, missing in Drizzle`);
      } else if (show(w) !== show(h)) {
        problems.push(
          `table ${name} index ${index}: migrations say ${show(w)}, Drizzle says ${show(h)}`,
        );
      }
    }
    for (const index of have.indexes.keys()) {
      if (!want.indexes.has(index)) {
        problems.push(`table ${name} index ${index}: in Drizzle, missing in the migrations`);
      }
    }
  }
  return problems;
}

describe("Drizzle's tables match the migrations", () => {
  let migrated: Map<string, Shape>;
  let described: Map<string, SQLiteTable>;
  let files: string[];

  beforeAll(async () => {
    migrated = migratedShapes();
    ({ tables: described, files } = await drizzleTables());
  });

  it("finds the schema, the feature tables files and the migrations", () => {
    expect(files).toContain("api/db/schema.ts");
    expect(files).toContain("api/applications/tables.ts");
    expect(migrated.has("customers")).toBe(true);
    expect(described.has("customers")).toBe(true);
  });

  it("describes every table the migrations leave, and each one as they leave it", () => {
    expect(compare(migrated, described)).toEqual([]);
  });

  it("reports a difference in words", () => {
    // The check itself: a copy of the migrated shapes with one column made nullable and one table
    // Drizzle does not know must produce both messages.
    const broken = new Map(migrated);
    const meters = migrated.get("meters")!;
    const columns = new Map(meters.columns);
    columns.set("status", { ...columns.get("status")!, notNull: false });
    broken.set("meters", { ...meters, columns });
    broken.set("invented", { columns: new Map(), primaryKey: [], uniques: [], indexes: new Map() });
    expect(compare(broken, described)).toEqual([
      "table invented is not described by Drizzle (api/db/schema.ts or api/<feature>/tables.ts)",
      "table meters column status: migrations say nullable, Drizzle says NOT NULL",
    ]);
  });
});
