import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_3DS_CODE, TEST_CARDS } from "../../core/gateway.ts";
import { DEMO, DEMO_PASSWORD } from "../../seed/accounts.ts";
import { generateSeed } from "../../seed/generate.ts";

/*
 * Customers with hundreds of supplies: D1 binds at most 100 parameters per statement, and
 * `IN (?, ?, …)` over a customer's supplies broke every list of a business with more than about
 * 100 of them. This test runs the real API (api/app.ts, in process) on the real migrations and demo data
 * in SQLite, the engine of D1, through a D1 stand-in that counts every statement's bound parameters
 * and refuses more than D1 does. It calls every GET endpoint of the route table and the writes that
 * take lists (settings, payment orders of 150 and 1,000 items, their return, readings) as the
 * 1,000-supply demo customer, and fails on any statement above the limit: a new query that binds
 * one parameter per id fails here, with its SQL in the message, before it reaches a large customer.
 * Use api/db/ids.ts (`inIds`, `IDS_IN`) for lists of ids.
 */

/** D1's limit (api/db/ids.ts D1_MAX_BOUND_PARAMETERS, repeated so the test does not trust it). */
const D1_LIMIT = 100;

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");
const ORIGIN = "http://portal.test";
const big = DEMO.hugeCompany;

interface D1Like {
  prepare(sql: string): Statement;
  batch(statements: Statement[]): Promise<Result[]>;
  exec(sql: string): Promise<{ count: number; duration: number }>;
  withSession(): D1Like;
  getBookmark(): null;
}
interface Result {
  results: Record<string, unknown>[];
  success: true;
  meta: { changes: number; last_row_id: number; duration: number };
}

/** Every statement run, with its number of bound parameters. */
const seen: { sql: string; params: number }[] = [];

class Statement {
  private readonly db: DatabaseSync;
  readonly sql: string;
  readonly values: SQLInputValue[];

  constructor(db: DatabaseSync, sql: string, values: SQLInputValue[] = []) {
    this.db = db;
    this.sql = sql;
    this.values = values;
  }

  bind(...values: unknown[]): Statement {
    return new Statement(
      this.db,
      this.sql,
      values.map((v) =>
        v === undefined ? null : typeof v === "boolean" ? Number(v) : (v as SQLInputValue),
      ),
    );
  }

  private execute(arrays: boolean): { rows: unknown[]; changes: number; lastRowId: number } {
    seen.push({ sql: this.sql, params: this.values.length });
    if (this.values.length > D1_LIMIT) {
      // What D1 answers (and the API then turned into a 500).
      throw new Error(`D1_ERROR: too many SQL variables at offset 0: SQLITE_ERROR`);
    }
    const total = () => (this.db.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
    const before = total();
    const statement = this.db.prepare(this.sql);
    statement.setReturnArrays(arrays);
    const rows = statement.all(...this.values);
    // Like D1's meta.changes: rows written by triggers count too (api/db/changes.ts).
    const changes = total() - before;
    const last = this.db.prepare("SELECT last_insert_rowid() AS id").get() as { id: number };
    return { rows, changes, lastRowId: last.id };
  }

  result(): Result {
    const { rows, changes, lastRowId } = this.execute(false);
    return {
      results: rows as Record<string, unknown>[],
      success: true,
      meta: { changes, last_row_id: lastRowId, duration: 0 },
    };
  }

  async all() {
    return this.result();
  }
  async run() {
    return this.result();
  }
  async first(column?: string) {
    const row = this.result().results[0];
    if (!row) return null;
    return column === undefined ? row : row[column];
  }
  async raw() {
    return this.execute(true).rows;
  }
}

function d1(db: DatabaseSync): D1Like {
  const self: D1Like = {
    prepare: (sql) => new Statement(db, sql),
    async batch(statements) {
      // One transaction, as D1 runs a batch.
      db.exec("BEGIN");
      try {
        const results = statements.map((s) => s.result());
        db.exec("COMMIT");
        return results;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    async exec(sql) {
      db.exec(sql);
      return { count: 1, duration: 0 };
    },
    withSession: () => self,
    getBookmark: () => null,
  };
  return self;
}

/** The R2 bucket: nothing stored (invoice PDFs are rendered afresh, avatars are absent). */
const files = {
  get: async () => null,
  head: async () => null,
  put: async () => null,
  delete: async () => undefined,
};

type ApiApp = {
  request(path: string, init: RequestInit, env: unknown): Promise<Response>;
  routes: { method: string; path: string }[];
};
let app: ApiApp;
let env: Record<string, unknown>;
let sqlite: DatabaseSync;
let token: string;

async function call(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(
    `${ORIGIN}${url}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    env,
  );
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json as { data?: unknown } };
}

const over = () => seen.filter((s) => s.params > D1_LIMIT);
const worst = () => Math.max(0, ...seen.map((s) => s.params));

beforeAll(async () => {
  sqlite = new DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    sqlite.exec(readFileSync(path.join(MIGRATIONS, file), "utf8"));
  }
  sqlite.exec((await generateSeed()).sql);
  env = {
    DB: d1(sqlite),
    FILES: files,
    ENVIRONMENT: "development",
    PAYMENT_PROVIDER: "test", // the local test acquirer, as .dev.vars sets it (ADR 0025)
    PRODUCTION_HOST: "my.nrg.gr", // as wrangler.toml sets it: the PDF's QR link needs an origin
    SESSION_SECRET: "unit-session-secret-unit-session-secret",
    JWT_SECRET: "unit-jwt-secret-unit-jwt-secret-unit-jwt",
    LINK_SECRET: "unit-link-secret-unit-link-secret-unit",
  };
  // Not a literal specifier: api/ is typechecked against the Workers types, tests/ against Node's.
  const module = "../../api/app.ts";
  app = ((await import(/* @vite-ignore */ module)) as { apiApp: ApiApp }).apiApp;
  const login = await app.request(
    `${ORIGIN}/api/v2/auth/login`,
    {
      method: "POST",
      headers: {
        origin: ORIGIN,
        authorization: `Basic ${Buffer.from(`${big.vat}:${DEMO_PASSWORD}`).toString("base64")}`,
      },
    },
    env,
  );
  expect(login.status).toBe(200);
  token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
}, 60_000);

describe("#14.8 no statement binds more parameters than D1 allows (1,000-supply customer)", () => {
  it("every GET endpoint of the route table", async () => {
    const meterId = big.firstMeterId;
    const invoice = sqlite
      .prepare("SELECT id FROM invoices WHERE meter_id = ? ORDER BY id DESC LIMIT 1")
      .get(meterId) as { id: number };
    const values: Record<string, string> = {
      userId: String(big.userId),
      meterId: String(meterId),
      invoiceId: String(invoice.id),
    };
    const called: string[] = [];
    const gets = [...new Set(app.routes.filter((r) => r.method === "GET").map((r) => r.path))];
    for (const route of gets) {
      let url = route;
      let known = true;
      url = url.replace(/:(\w+)/g, (_, name: string) => {
        // `/users/:id`, `/user/:id/avatar` are user ids; `/invoices/:id` and the PDF are bills.
        const value =
          values[name] ??
          (name === "id" ? (/invoice|pdf/i.test(route) ? values.invoiceId : values.userId) : null);
        if (value === undefined || value === null) known = false;
        return value ?? "";
      });
      // Secrets rather than ids (link hashes, tokens, references): not lists of anything.
      if (!known) continue;
      for (const query of ["", "?billing_history=true"]) {
        const r = await call("GET", `${url}${query}`);
        expect(r.status, `${url}${query}: ${JSON.stringify(r.body).slice(0, 200)}`).toBeLessThan(
          500,
        );
        called.push(`${url}${query}`);
      }
    }
    expect(called).toContain(`/api/users/${big.userId}/invoices`);
    expect(called).toContain(`/api/users/${big.userId}/readings`);
    expect(called).toContain(`/api/users/${big.userId}/meters?billing_history=true`);
    expect(over(), JSON.stringify(over().slice(0, 3))).toEqual([]);
  }, 120_000);

  it("the lists the customer writes: new readings, settings, a reading, payment orders of 150 and 1,000", async () => {
    const news = await call("POST", "/api/getNewReadings", { since: "2000-01-01" });
    expect(news.status).toBe(200);

    const meters = sqlite
      .prepare(
        `SELECT id, ebill_enable_edit, indication_open_from, CASE WHEN ebill = 1 THEN ebill_email END AS email,
                CASE WHEN sms_bill = 1 THEN sms_number END AS phone
           FROM meters WHERE customer_id = ? ORDER BY id`,
      )
      .all(big.customerId) as {
      id: number;
      ebill_enable_edit: number;
      indication_open_from: string | null;
      email: string | null;
      phone: string | null;
    }[];
    expect(meters).toHaveLength(1000);
    const settings = await call("PUT", "/api/user/settings", {
      userId: big.userId,
      afm: big.vat,
      nrg_skin: 2,
      lang: "el",
      email: big.email,
      phone: big.phone,
      meter_id: big.firstMeterId,
      indication_email: 1,
      indication_sms: 0,
      // Every supply: e-bill on where it may be changed, as it is elsewhere.
      ebill_settings: meters.map((m) =>
        m.ebill_enable_edit
          ? { meter_id: m.id, email: big.email, phone: null }
          : { meter_id: m.id, email: m.email, phone: m.phone },
      ),
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(204);
    expect(
      sqlite
        .prepare(
          `SELECT COUNT(*) AS n FROM meters WHERE customer_id = ? AND ebill_enable_edit = 1
             AND NOT (ebill = 1 AND ebill_email = ? AND sms_bill = 0)`,
        )
        .get(big.customerId, big.email),
    ).toEqual({ n: 0 });

    // Every supply owes something, so that one order can cover all 1,000.
    sqlite
      .prepare(
        "UPDATE meters SET running_total_cents = running_total_cents + 1000 WHERE customer_id = ?",
      )
      .run(big.customerId);
    for (const size of [150, 1000]) {
      const order = await call("POST", "/api/payments/orders", {
        items: meters.slice(0, size).map((m) => ({ meter_id: m.id, amount: 1 })),
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const start = order.body.data as { redirect_url: string };
      const session = start.redirect_url.replace("/gateway/pay/", "");
      const year = String(new Date().getUTCFullYear() + 2);
      const authorized = await call("POST", `/api/gateway/sessions/${session}/authorize`, {
        number: TEST_CARDS.success,
        cvv: "123",
        exp_month: "12",
        exp_year: year,
        holder: "Test Holder",
      });
      expect(authorized.status).toBe(200);
      let next = authorized.body.data as { next: string; url: string };
      if (next.next === "challenge") {
        const confirmed = await call("POST", `/api/gateway/sessions/${session}/challenge`, {
          action: "confirm",
          code: TEST_3DS_CODE,
        });
        next = confirmed.body.data as { next: string; url: string };
      }
      const fields = Object.fromEntries(new URL(next.url, ORIGIN).searchParams);
      const recorded = await call("POST", "/api/payments/return", fields);
      expect(recorded.status).toBe(200);
      expect((recorded.body.data as { outcome: string }).outcome).toBe("success");
    }
    // 150 + 1,000 ledger rows; the first 150 supplies paid 2 €, the rest 1 €.
    expect(
      sqlite
        .prepare(
          "SELECT COUNT(*) AS n, SUM(amount_cents) AS cents FROM transactions t JOIN meters m ON m.id = t.meter_id WHERE m.customer_id = ?",
        )
        .get(big.customerId),
    ).toEqual({ n: 1150, cents: 115_000 });
    const open = meters.find((m) => m.indication_open_from !== null);
    expect(open).toBeDefined();
    const reading = await call("POST", "/api/readings", {
      meter_id: open!.id,
      day: 9_999_999,
      confirm: true,
    });
    expect(reading.status).toBeLessThan(500);

    expect(over(), JSON.stringify(over().slice(0, 3))).toEqual([]);
    // Lists travel as one JSON parameter: no statement comes anywhere near the limit.
    expect(worst()).toBeLessThanOrEqual(20);
  }, 120_000);
});
