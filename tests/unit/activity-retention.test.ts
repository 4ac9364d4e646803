import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { ACTIVITY_RETENTION_DAYS } from "../../core/activity.ts";
import { CLEANUP_RULES, runCleanup, type CleanupDb } from "../../api/services/cleanup.ts";

/*
 * #18 The activity log is kept two years: the hourly clean-up removes older entries, and the
 * database itself refuses to change an entry or delete a younger one (migrations/0012_people.sql).
 * Run on the real migrations in SQLite, the engine of D1.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");

function migrated(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
  }
  return db;
}

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

const DAY = 86_400_000;

describe("#18 the activity log's retention", () => {
  let db: DatabaseSync;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const rule = CLEANUP_RULES.filter((r) => r.table === "audit_log");

  beforeEach(() => {
    db = migrated();
    const insert = db.prepare(
      "INSERT INTO audit_log (id, action, customer_id, created_at) VALUES (?, 'login_success', 1, ?)",
    );
    insert.run(1, daysAgo(ACTIVITY_RETENTION_DAYS + 365));
    insert.run(2, daysAgo(ACTIVITY_RETENTION_DAYS + 1));
    insert.run(3, daysAgo(ACTIVITY_RETENTION_DAYS - 2));
    insert.run(4, daysAgo(30));
    insert.run(5, daysAgo(0));
  });

  const ids = () =>
    (db.prepare("SELECT id FROM audit_log ORDER BY id").all() as Array<{ id: number }>).map(
      (r) => r.id,
    );

  it("is a rule of the clean-up", () => {
    expect(rule).toHaveLength(1);
  });

  it("removes entries older than two years and keeps the younger ones", async () => {
    const report = await runCleanup(asCleanupDb(db), { delete: async () => {} }, now, rule);
    expect(report.failed).toEqual([]);
    expect(report.deleted).toEqual({ audit_log: 2 });
    expect(ids()).toEqual([3, 4, 5]);
  });

  it("never asks the database to delete a young entry, even with a clock ahead", async () => {
    const ahead = new Date(now.getTime() + 30 * DAY);
    const report = await runCleanup(asCleanupDb(db), { delete: async () => {} }, ahead, rule);
    expect(report.failed).toEqual([]);
    expect(ids()).toEqual([3, 4, 5]);
  });

  it("the database refuses to delete a younger entry or to change any", () => {
    expect(() => db.exec("DELETE FROM audit_log WHERE id = 4")).toThrow(/kept two years/);
    expect(() => db.exec("UPDATE audit_log SET action = 'logout' WHERE id = 1")).toThrow(
      /append-only/,
    );
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
  });
});
