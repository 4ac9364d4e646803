/**
 * Sending off (EMAIL_PROVIDER / SMS_PROVIDER "off", or "outbox" outside development): the API
 * run in-process on the real migrations and demo data in node:sqlite. The flows that depend on a
 * message say so while the customer waits (sign-up: activation_not_sent; direct debit:
 * dd_sms_not_sent), the password reset stays neutral, and every message is recorded as failed
 * with its code or link emptied (issue #34, docs/decisions/0026-messages-delivery.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { generateSeed } from "../../seed/generate.ts";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");
const ORIGIN = "http://portal.test";

/** The part of D1's binding that Drizzle uses, over node:sqlite. */
class Statement {
  private readonly db: DatabaseSync;
  readonly sql: string;
  readonly values: SQLInputValue[];
  constructor(db: DatabaseSync, sql: string, values: SQLInputValue[] = []) {
    this.db = db;
    this.sql = sql;
    this.values = values;
  }
  bind(...values: unknown[]) {
    const bound = values.map((v) =>
      v === undefined ? null : typeof v === "boolean" ? Number(v) : (v as SQLInputValue),
    );
    return new Statement(this.db, this.sql, bound);
  }
  private execute(arrays: boolean) {
    const total = () => (this.db.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
    const before = total();
    const statement = this.db.prepare(this.sql);
    statement.setReturnArrays(arrays);
    const rows = statement.all(...this.values);
    const last = this.db.prepare("SELECT last_insert_rowid() AS id").get() as { id: number };
    return { rows, changes: total() - before, lastRowId: last.id };
  }
  result() {
    const { rows, changes, lastRowId } = this.execute(false);
    return {
      results: rows as Record<string, unknown>[],
      success: true,
      meta: { changes, last_row_id: lastRowId, duration: 0 },
    };
  }
  all() {
    return Promise.resolve(this.result());
  }
  run() {
    return Promise.resolve(this.result());
  }
  first(column?: string) {
    const row = this.result().results[0];
    return Promise.resolve(row ? (column === undefined ? row : row[column]) : null);
  }
  raw() {
    return Promise.resolve(this.execute(true).rows);
  }
}

function d1(db: DatabaseSync) {
  const self = {
    prepare: (sql: string) => new Statement(db, sql),
    batch(statements: Statement[]) {
      db.exec("BEGIN");
      try {
        const results = statements.map((s) => s.result());
        db.exec("COMMIT");
        return Promise.resolve(results);
      } catch (error) {
        db.exec("ROLLBACK");
        return Promise.reject(error as Error);
      }
    },
    exec(sql: string) {
      db.exec(sql);
      return Promise.resolve({ count: 1, duration: 0 });
    },
    withSession: () => self,
    getBookmark: () => null,
  };
  return self;
}

type ApiApp = { request(path: string, init: RequestInit, env: unknown): Promise<Response> };
let app: ApiApp;
let sqlite: DatabaseSync;
const env: Record<string, unknown> = {};
let client = 0;

beforeAll(async () => {
  sqlite = new DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    sqlite.exec(readFileSync(path.join(MIGRATIONS, file), "utf8"));
  }
  sqlite.exec((await generateSeed()).sql);
  Object.assign(env, {
    DB: d1(sqlite),
    ENVIRONMENT: "production",
    PRODUCTION_HOST: "my.nrg.gr",
    // "outbox" is development's record-only mode: a production Worker treats it as off.
    EMAIL_PROVIDER: "outbox",
    EMAIL_FROM: "NRG <no-reply@my.nrg.gr>",
    SMS_PROVIDER: "off",
    SMS_FROM: "NRG",
    SESSION_SECRET: "unit-session-secret-unit-session-secret",
    JWT_SECRET: "unit-jwt-secret-unit-jwt-secret-unit-jwt",
    LINK_SECRET: "unit-link-secret-unit-link-secret-unit",
  });
  // Not a literal specifier: api/ is typechecked against the Workers types, tests/ against Node's.
  const module = "../../api/app.ts";
  app = ((await import(/* @vite-ignore */ module)) as { apiApp: ApiApp }).apiApp;
}, 60_000);

async function post(url: string, body: unknown, lang: "el" | "en" = "el") {
  client++;
  const response = await app.request(
    `${ORIGIN}/api${url}`,
    {
      method: "POST",
      headers: {
        origin: ORIGIN,
        "content-type": "application/json",
        language: lang,
        "cf-connecting-ip": `192.0.2.${client}`,
      },
      body: JSON.stringify(body),
    },
    env,
  );
  const json = (await response.json().catch(() => null)) as { error?: { code: string } } | null;
  return { status: response.status, code: json?.error?.code };
}

const latest = (template: string) =>
  sqlite
    .prepare("SELECT * FROM outbox WHERE template = ? ORDER BY id DESC LIMIT 1")
    .get(template) as Record<string, unknown> | undefined;

describe("with email and SMS off", () => {
  it.each(["el", "en"] as const)(
    "sign-up says the activation email was not sent (%s)",
    async (lang) => {
      const person = lang === "el" ? DEMO.signupPerson : DEMO.signupCompany;
      const result = await post(
        "/signup",
        {
          afm: person.vat,
          supply_number: person.perCode,
          phone: person.phone,
          email: `off.${lang}@example.gr`,
          password: "Signup2026!",
          password_confirmation: "Signup2026!",
          terms: true,
          website: "",
          ...(lang === "en" ? { employee_name: DEMO.signupCompany.employeeName } : {}),
        },
        lang,
      );
      expect(result).toEqual({ status: 400, code: "activation_not_sent" });
      expect(latest("activation")).toMatchObject({
        status: "failed",
        error: "email_off",
        attempts: 1,
        body: "",
        link: null,
      });
    },
  );

  it("the direct-debit start says the SMS could not be sent", async () => {
    const result = await post("/direct-debit/flows", { afm: DEMO.household.vat }, "en");
    expect(result).toEqual({ status: 400, code: "dd_sms_not_sent" });
    expect(latest("dd_code")).toMatchObject({ status: "failed", error: "sms_off", body: "" });
  });

  it("the password reset stays neutral (nothing tells whether the account exists)", async () => {
    const known = await post("/v2/auth/password-reset", { afm: DEMO.household.vat });
    const unknown = await post("/v2/auth/password-reset", { afm: "094014201" });
    expect(known.status).toBe(unknown.status);
    expect(known.status).toBeLessThan(300);
    expect(latest("reset")).toMatchObject({ status: "failed", error: "email_off", body: "" });
  });
});
