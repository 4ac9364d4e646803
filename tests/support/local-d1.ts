/**
 * Direct SQL on a test server's local D1 (the SQLite file wrangler keeps under --persist-to), for
 * a test's setup and checks. `wrangler d1 execute --local` starts a workerd of its own for every
 * call, some 4 s on a CI machine; the suites made about a hundred such calls. node:sqlite (Node 24)
 * opens the same file in a few milliseconds, in WAL mode beside the running Worker, exactly as
 * that second workerd did, and waits for the Worker's lock as it did (busy timeout).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** The D1 database file of a --persist-to directory (one database: DB in wrangler.toml). */
export function localD1File(persistDir: string): string {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) {
    throw new Error(`expected one D1 database in ${dir}, found: ${files.join(", ") || "none"}`);
  }
  return path.join(dir, files[0] as string);
}

/** Splits SQL text into statements at semicolons outside quotes and comments. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i] as string;
    if (quote) {
      current += c;
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === "`") {
      quote = c;
      current += c;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
      current += "\n";
    } else if (c === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
    } else {
      current += c;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/**
 * Runs every statement of `sql` (several in one transaction) and returns one result set per
 * statement, rows as plain objects (as `wrangler d1 execute --json` gave them).
 */
export function runLocalD1(persistDir: string, sql: string): Array<Array<Record<string, unknown>>> {
  const statements = splitStatements(sql);
  const db = new DatabaseSync(localD1File(persistDir), { timeout: 10_000 });
  try {
    const several = statements.length > 1;
    if (several) db.exec("BEGIN IMMEDIATE");
    try {
      const results = statements.map((statement) =>
        db
          .prepare(statement)
          .all()
          .map((row) => ({ ...row })),
      );
      if (several) db.exec("COMMIT");
      return results;
    } catch (error) {
      if (several) db.exec("ROLLBACK");
      throw error;
    }
  } finally {
    db.close();
  }
}
