import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";

/*
 * The data versions of migrations/0008_data_versions.sql, which the page cache trusts to change
 * with every write a signed-in page could show (app/.server/page-cache.ts). Run on the real
 * migrations in SQLite, the engine of D1.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");
const sqlFiles = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => readFileSync(path.join(MIGRATIONS, name), "utf8"));

/** Tables no signed-in page shows; a write to them must not cost anyone their cached pages. */
const NOT_SHOWN = new Set([
  "data_versions",
  "sessions",
  "refresh_tokens",
  "action_tokens",
  "outbox",
  "audit_log",
  "direct_debit_code_sends",
  "holder_registry",
  "application_throttle",
  // Dropped by 0010 (their counts moved into throttle_counters); this test reads every CREATE.
  "login_attempts",
  "flow_attempts",
  "throttle_counters",
  "gateway_payments",
  // Viva's 0,30 € mandate orders (0020): only the direct-debit flow reads them; the mandate they
  // store is written to the supply, whose triggers raise the version.
  "direct_debit_orders",
  // The billing system's service clients and its keys for portal rows (0023): read by the back
  // office API and its CLI only; the rows they write raise the version through their own tables.
  "backoffice_clients",
  "backoffice_keys",
  // Notices sent once per event and the SMS short links (0024): no page lists them.
  "notice_events",
  "short_links",
  // The changes export's journal (0025): read by the back-office API only, written by triggers.
  "change_journal",
  // The reading form's idempotency keys (0036): the reading they recorded raises the version.
  "reading_keys",
]);

describe("every table a page shows raises a data version", () => {
  it("has an insert, an update and a delete trigger, unless it is listed as never shown", () => {
    const all = sqlFiles.join("\n");
    // A table rebuilt under a temporary name (0012's users_new) is checked by its final name.
    const renamed = new Map(
      [...all.matchAll(/ALTER TABLE (\w+) RENAME TO (\w+)/gi)].map((m) => [m[1]!, m[2]!]),
    );
    const tables = [
      ...new Set([...all.matchAll(/CREATE TABLE (\w+)/gi)].map((m) => renamed.get(m[1]!) ?? m[1]!)),
    ];
    const triggered = new Map<string, Set<string>>();
    for (const m of all.matchAll(/CREATE TRIGGER \w+ AFTER (INSERT|UPDATE|DELETE) ON (\w+)/gi)) {
      const set = triggered.get(m[2]!) ?? new Set<string>();
      set.add(m[1]!.toUpperCase());
      triggered.set(m[2]!, set);
    }
    const missing = tables.filter((t) => !NOT_SHOWN.has(t) && (triggered.get(t)?.size ?? 0) !== 3);
    // A new table: give it triggers in 0008's shape, or add it to NOT_SHOWN with a reason.
    expect(missing).toEqual([]);
    expect(tables.filter((t) => NOT_SHOWN.has(t) && triggered.has(t))).toEqual([]);
  });
});

describe("data versions in SQLite", () => {
  let db: DatabaseSync;
  const version = (customerId: number) =>
    (
      db.prepare("SELECT version FROM data_versions WHERE customer_id = ?").get(customerId) as
        { version: number } | undefined
    )?.version ?? 0;

  beforeEach(() => {
    db = new DatabaseSync(":memory:");
    for (const sql of sqlFiles) db.exec(sql);
    db.exec(`
      INSERT INTO customers (id, afm, name, sap_id) VALUES (1, '100000003', 'A', 'S1'), (2, '200000006', 'B', 'S2');
    `);
  });

  function insertUser(id: number, customerId: number) {
    db.prepare(
      `INSERT INTO users (id, customer_id, username, name, welcome_name, registration_email, password_hash)
       VALUES (?, ?, ?, 'U', 'U', ?, 'x')`,
    ).run(id, customerId, `u${id}`, `u${id}@example.gr`);
  }
  function insertMeter(id: number, customerId: number) {
    db.prepare(
      `INSERT INTO meters (id, customer_id, status, meter_type, sap_id, division,
         phys_street, phys_street_no, phys_postal_code, phys_region,
         bill_street, bill_street_no, bill_postal_code, bill_region, package_print_descr, package_name)
       VALUES (?, ?, 'Active', 'home', ?, 1, 's', '1', '10000', 'r', 's', '1', '10000', 'r', 'p', 'p')`,
    ).run(id, customerId, `M${id}`);
  }

  it("raises the owner's version on insert, update and delete, and no one else's", () => {
    insertUser(10, 1);
    insertMeter(100, 1);
    const a = version(1);
    const b = version(2);
    db.prepare(
      `INSERT INTO messages (id, user_id, title, content, type, category, read_status, c_stamp)
       VALUES (1, 10, 't', 'c', 'info', 'general', 0, '2026-11-01 10:00:00')`,
    ).run();
    expect(version(1)).toBe(a + 1);
    db.prepare("UPDATE messages SET read_status = 1 WHERE id = 1").run();
    expect(version(1)).toBe(a + 2);
    db.prepare("DELETE FROM messages WHERE id = 1").run();
    expect(version(1)).toBe(a + 3);
    expect(version(2)).toBe(b);
  });

  it("finds the owner of a supply's rows through the supply", () => {
    insertMeter(100, 1);
    const a = version(1);
    db.prepare(
      `INSERT INTO readings (meter_id, date_ins, cp_code, origin, value, registered_by)
       VALUES (100, '2026-11-01', '1', 2, 123, 'client')`,
    ).run();
    expect(version(1)).toBe(a + 1);
  });

  it("raises both owners when a row moves to another customer", () => {
    insertMeter(100, 1);
    const [a, b] = [version(1), version(2)];
    db.prepare("UPDATE meters SET customer_id = 2 WHERE id = 100").run();
    expect(version(1)).toBe(a + 1);
    expect(version(2)).toBe(b + 1);
  });

  it("raises the supplier-wide version for notices and banners without a supply", () => {
    const shared = version(0);
    db.prepare(
      `INSERT INTO notices (published_at, title_el, title_en, body_el, body_en)
       VALUES ('2026-11-01', 'τ', 't', 'σ', 'b')`,
    ).run();
    expect(version(0)).toBe(shared + 1);
    db.prepare(
      `INSERT INTO banners (meter_id, division, title_el, title_en, body_el, body_en, kind)
       VALUES (NULL, 'ELECTRICITY', 'τ', 't', 'σ', 'b', 'info')`,
    ).run();
    expect(version(0)).toBe(shared + 2);
  });

  it("leaves the versions alone for writes no page shows (a sign-in)", () => {
    insertUser(10, 1);
    const before = db.prepare("SELECT * FROM data_versions ORDER BY customer_id").all();
    db.prepare(
      `INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s', 10, 'now', 'later')`,
    ).run();
    expect(db.prepare("SELECT * FROM data_versions ORDER BY customer_id").all()).toEqual(before);
  });
});
