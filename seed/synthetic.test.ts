import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, test } from "vitest";
import { isValidVat } from "./accounts.ts";
import { generateSeed, type Seed } from "./generate.ts";
import {
  SYNTHETIC_FIRST_CUSTOMER_ID,
  seedWithSyntheticSql,
  syntheticBatches,
  syntheticVat,
} from "./synthetic.ts";

const TODAY = "2026-11-22";
const N = 120;

let base: Seed;
let demoSql: string;
beforeAll(async () => {
  base = await generateSeed({ today: TODAY });
  demoSql = base.sql;
});

const allSql = (seed: Seed, options: Parameters<typeof seedWithSyntheticSql>[1]) =>
  [...seedWithSyntheticSql(seed, options)].join("");

describe("#16 synthetic customers for sizing (docs/scale.md)", () => {
  test("#16 the N-customer mode adds exactly N customers, the demo set's SQL first and unchanged", async () => {
    // A batch's rows are emptied when the next one is made: read them while iterating.
    const firsts: number[] = [];
    const ids = new Set<number>();
    for (const batch of syntheticBatches(base, { customers: N, years: 2, batchSize: 50 })) {
      firsts.push(batch.first);
      for (const c of batch.tables.customers) ids.add(c.id);
    }
    expect(firsts).toEqual([0, 50, 100]);
    expect(ids.size).toBe(N);
    expect(Math.min(...ids)).toBe(SYNTHETIC_FIRST_CUSTOMER_ID);

    const pieces = [...seedWithSyntheticSql(base, { customers: N, years: 2 })];
    expect(pieces[0]).toBe(demoSql);
    // Generating synthetic customers leaves the demo set as it was, and so does a new default run.
    expect(base.sql).toBe(demoSql);
    expect((await generateSeed({ today: TODAY })).sql).toBe(demoSql);
  });

  test("#16 the N-customer mode is deterministic for a seed and differs with another", () => {
    const a = allSql(base, { customers: 40, years: 1, seed: 7 });
    expect(allSql(base, { customers: 40, years: 1, seed: 7 })).toBe(a);
    expect(allSql(base, { customers: 40, years: 1, seed: 8 })).not.toBe(a);
  });

  test("#16 synthetic VATs are valid, unique and never a demo account's", () => {
    const demo = new Set(base.tables.customers.map((c) => c.afm));
    const vats = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const vat = syntheticVat(i);
      expect(isValidVat(vat), vat).toBe(true);
      expect(demo.has(vat)).toBe(false);
      vats.add(vat);
    }
    expect(vats.size).toBe(5_000);
  });

  test("#16 the demo set plus N synthetic customers loads into the schema with foreign keys on", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON;");
    const migrations = join(import.meta.dirname, "..", "migrations");
    for (const file of readdirSync(migrations)
      .filter((f) => f.endsWith(".sql"))
      .sort())
      db.exec(readFileSync(join(migrations, file), "utf8"));
    for (const piece of seedWithSyntheticSql(base, { customers: N, years: 3 })) db.exec(piece);
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);

    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(
      count(`SELECT count(*) AS n FROM customers WHERE id >= ${SYNTHETIC_FIRST_CUSTOMER_ID}`),
    ).toBe(N);
    // The demo accounts keep their rows.
    expect(
      count(`SELECT count(*) AS n FROM customers WHERE id < ${SYNTHETIC_FIRST_CUSTOMER_ID}`),
    ).toBeGreaterThanOrEqual(base.counts.customers);
    // A realistic mix: mostly households, some businesses, one or more supplies each.
    const legal = count(
      `SELECT count(*) AS n FROM customers WHERE id >= ${SYNTHETIC_FIRST_CUSTOMER_ID} AND is_legal_person = 1`,
    );
    expect(legal).toBeGreaterThan(0);
    expect(legal).toBeLessThan(N * 0.25);
    expect(
      count(
        `SELECT count(*) AS n FROM customers c WHERE c.id >= ${SYNTHETIC_FIRST_CUSTOMER_ID}
           AND NOT EXISTS (SELECT 1 FROM meters m WHERE m.customer_id = c.id)`,
      ),
    ).toBe(0);
    // Three years of monthly bills on every supply that is still active.
    const months = db
      .prepare(
        `SELECT min(n) AS lo, max(n) AS hi FROM (SELECT count(*) AS n FROM invoices i JOIN meters m ON m.id = i.meter_id
           WHERE m.customer_id >= ${SYNTHETIC_FIRST_CUSTOMER_ID} AND m.status = 'Active'
             AND i.type IN ('Advance', 'Clearance') GROUP BY m.id)`,
      )
      .get() as { lo: number; hi: number };
    expect(months).toEqual({ lo: 36, hi: 36 });
    // Readings, messages and card payments exist for them too.
    for (const sql of [
      `SELECT count(*) AS n FROM readings r JOIN meters m ON m.id = r.meter_id WHERE m.customer_id >= ${SYNTHETIC_FIRST_CUSTOMER_ID}`,
      `SELECT count(*) AS n FROM messages WHERE user_id >= ${SYNTHETIC_FIRST_CUSTOMER_ID}`,
      `SELECT count(*) AS n FROM transactions t JOIN payment_orders o ON o.id = t.order_id`,
    ])
      expect(count(sql), sql).toBeGreaterThan(N);
    db.close();
  });
});
