import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import {
  CLEANUP_RULES,
  KEPT_TABLES,
  runCleanup,
  type CleanupDb,
} from "../../api/services/cleanup.ts";

/*
 * The hourly clean-up's list (api/services/cleanup.ts) against the real migrations in SQLite,
 * the engine of D1: every table that expires or counts is covered, and every statement runs on
 * the schema. Its effect on a real local D1 is tested in tests/integration/scheduled.test.ts.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");

function migrated(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  // D1 enforces foreign keys: so must the copy the rules are tried on.
  db.exec("PRAGMA foreign_keys = ON");
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
  }
  return db;
}

function tablesOf(db: DatabaseSync): Map<string, string[]> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as Array<{ name: string }>;
  return new Map(
    tables.map(({ name }) => [
      name,
      (db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>).map(
        (c) => c.name,
      ),
    ]),
  );
}

/** A column saying when a row stops being valid. */
const EXPIRY_COLUMN = /(^|_)(expires?|expiry|expiration|valid_until|until)(_|$)/i;
/** A counter's time window (throttles count per day, hour, period, window…). */
const WINDOW_COLUMN = /^(day|hour|minute|period|window|window_start|bucket)$/i;
/** A table named like a throttle or counter. */
const COUNTER_TABLE = /(throttle|attempt|limit|counter|rate)/i;

/** SQLite through the interface the clean-up uses (D1's prepare/bind/run/all). */
function asCleanupDb(db: DatabaseSync): CleanupDb {
  return {
    prepare(query) {
      const statement = db.prepare(query);
      return {
        bind(...values) {
          const params = values as Array<string | number | null>;
          return {
            run: async () => ({ meta: { changes: Number(statement.run(...params).changes) } }),
            all: async <T>() => ({ results: statement.all(...params) as T[] }),
          };
        },
      };
    },
  };
}

describe("#14 run like a live service: the clean-up list covers every expiring table", () => {
  const db = migrated();
  const tables = tablesOf(db);
  const covered = new Set(CLEANUP_RULES.map((r) => r.table));

  it("finds the tables it is about (the discovery works)", () => {
    const expiring = [...tables].filter(([, columns]) =>
      columns.some((c) => EXPIRY_COLUMN.test(c)),
    );
    expect(expiring.map(([name]) => name)).toEqual(
      expect.arrayContaining(["sessions", "action_tokens", "direct_debit_flows", "request_files"]),
    );
  });

  it("every table with an expiry column, a counter window or a throttle name has a rule or a reason", () => {
    const missing = [...tables]
      .filter(
        ([name, columns]) =>
          COUNTER_TABLE.test(name) ||
          columns.some((c) => EXPIRY_COLUMN.test(c) || WINDOW_COLUMN.test(c)),
      )
      .map(([name]) => name)
      .filter((name) => !covered.has(name) && !(name in KEPT_TABLES));
    // A new table that expires: add one entry to CLEANUP_RULES (api/services/cleanup.ts), or
    // say in KEPT_TABLES why its rows stay.
    expect(missing).toEqual([]);
  });

  it("names only real tables, each once, and no table both cleaned and kept", () => {
    for (const rule of CLEANUP_RULES) {
      expect(tables.has(rule.table), rule.table).toBe(true);
      expect(rule.sql, rule.table).toMatch(new RegExp(`^\\s*DELETE FROM ${rule.table}\\b`));
      expect(rule.table in KEPT_TABLES, rule.table).toBe(false);
    }
    expect(covered.size).toBe(CLEANUP_RULES.length);
    for (const table of Object.keys(KEPT_TABLES)) expect(tables.has(table), table).toBe(true);
  });

  it("every statement runs on the migrated schema (columns exist, foreign keys hold)", async () => {
    const report = await runCleanup(asCleanupDb(db), { delete: async () => {} }, new Date());
    expect(report.failed.map((f) => `${f.table}: ${String(f.error)}`)).toEqual([]);
    expect(Object.keys(report.deleted)).toEqual(CLEANUP_RULES.map((r) => r.table));
  });
});

describe("#14 run like a live service: the clean-up in SQLite", () => {
  let db: DatabaseSync;
  const now = new Date("2026-11-24T12:00:00.000Z");
  const iso = (hoursFromNow: number) =>
    new Date(now.getTime() + hoursFromNow * 3_600_000).toISOString();

  beforeEach(() => {
    db = migrated();
    db.exec(`INSERT INTO customers (id, afm, name, sap_id) VALUES (1, '100000003', 'Demo', 'S1')`);
  });

  it("children go before their parents: an expired session with its refresh tokens", async () => {
    db.exec(
      `INSERT INTO users (id, customer_id, username, name, welcome_name, registration_email, password_hash)
       VALUES (1, 1, '100000003', 'Demo', 'Demo', 'a@b.gr', 'x')`,
    );
    const session = db.prepare(
      "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)",
    );
    const token = db.prepare(
      "INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
    );
    session.run("old", iso(-30), iso(-18));
    token.run("old-token", "old", iso(-30), iso(-18));
    session.run("live", iso(-1), iso(11));
    token.run("live-token", "live", iso(-1), iso(11));
    const report = await runCleanup(asCleanupDb(db), { delete: async () => {} }, now);
    expect(report.failed).toEqual([]);
    expect(report.deleted).toMatchObject({ sessions: 1, refresh_tokens: 1 });
    expect(db.prepare("SELECT id FROM sessions").all()).toEqual([{ id: "live" }]);
    expect(db.prepare("SELECT token_hash FROM refresh_tokens").all()).toEqual([
      { token_hash: "live-token" },
    ]);
  });
});
