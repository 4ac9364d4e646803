import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { DEMO_TOKENS } from "../../seed/tokens.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * Personal access tokens (#19, api/tokens, api/tokens/use.ts): a person manages their own; a
 * token reads what its scopes open, on its supplies within its person's, and nothing else.
 * The household (user 1: supplies 1, 2, 3) has the demo tokens; customer 3's user 12 has
 * supplies 1001-1005, its master (user 3) manages them.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let household: string;
let master: string;
let user: string;
const H = DEMO.household;
const big = DEMO.largeCompany;
const U = big.people.user;
const READ = DEMO_TOKENS.read.secret;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  household = (await api.login(H.vat)).access_token;
  master = (await api.login(big.vat)).access_token;
  user = (await api.login(U.email)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const create = (userId: number, session: string, body: Record<string, unknown>) =>
  api.call(`/users/${userId}/tokens`, { method: "POST", token: session, body });
const newToken = async (userId: number, session: string, body: Record<string, unknown> = {}) => {
  const made = await create(userId, session, {
    name: "test",
    scopes: ["bills", "payments", "readings", "consumption"],
    all_supplies: 1,
    expires_on: day(30),
    ...body,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data as { secret: string; token: { id: string } };
};

describe("managing one's tokens", () => {
  it("creates a token, shows its secret once and stores only its hash", async () => {
    const made = await newToken(H.userId, household, { name: "Spreadsheet" });
    expect(made.secret).toMatch(/^nrg_[A-Za-z0-9_-]{43}$/);
    expect(made.token.id).toBe(sha(made.secret));
    const list = await api.call(`/users/${H.userId}/tokens`, { token: household });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    const mine = (list.body.data as Array<Record<string, unknown>>).find(
      (t) => t.id === made.token.id,
    );
    expect(mine).toMatchObject({ name: "Spreadsheet", status: "active", all_supplies: true });
    const rows = server.query(`select * from access_tokens`);
    expect(JSON.stringify(rows)).not.toContain(made.secret);
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(4));
  });

  it("refuses an expiry beyond a year, no scope, and another person's supplies", async () => {
    const base = { name: "x", scopes: ["bills"], all_supplies: 1, expires_on: day(30) };
    const far = await create(H.userId, household, { ...base, expires_on: day(367) });
    expect([far.status, far.field]).toEqual([400, "expires_on"]);
    const none = await create(H.userId, household, { ...base, scopes: [] });
    expect([none.status, none.field]).toEqual([400, "scopes"]);
    const theirs = await create(H.userId, household, {
      ...base,
      all_supplies: 0,
      meter_ids: [1001],
    });
    expect([theirs.status, theirs.field]).toEqual([400, "meter_ids"]);
    const own = await create(U.userId, user, { ...base, all_supplies: 0, meter_ids: [1010] });
    expect([own.status, own.field]).toEqual([400, "meter_ids"]);
  });

  it("another person's token list or token is 404", async () => {
    expect((await api.call(`/users/${H.userId}/tokens`, { token: master })).status).toBe(404);
    const del = await api.call(`/users/${big.userId}/tokens/${DEMO_TOKENS.read.id}`, {
      method: "DELETE",
      token: master,
    });
    expect(del.status).toBe(404);
  });
});

describe("a token as a bearer", () => {
  it("reads bills as JSON and CSV, and readings, with the demo token", async () => {
    const invoices = await api.call(`/users/${H.userId}/invoices`, { token: READ });
    expect(invoices.status).toBe(200);
    const meterInvoices = await api.call(`/users/${H.userId}/meters/${H.mainMeterId}/invoices`, {
      token: READ,
    });
    expect(meterInvoices.status).toBe(200);
    const csv = await api.call(`/users/${H.userId}/export?format=csv&meter_id=${H.mainMeterId}`, {
      token: READ,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await api.call(`/users/${H.userId}/readings`, { token: READ })).status).toBe(200);
    expect((await api.call(`/users/${H.userId}/meters`, { token: READ })).status).toBe(200);
  });

  it("refuses writes and reads outside its scopes with 403 not_permitted", async () => {
    const me = await api.call(`/v2/me`, { token: READ });
    expect([me.status, me.code]).toEqual([403, "not_permitted"]);
    const tokens = await api.call(`/users/${H.userId}/tokens`, { token: READ });
    expect([tokens.status, tokens.code]).toEqual([403, "not_permitted"]);
    const language = await api.call(`/user/language`, {
      method: "PUT",
      token: READ,
      body: { lang: "en" },
    });
    expect([language.status, language.code]).toEqual([403, "not_permitted"]);
    const reading = await api.call(`/readings`, {
      method: "POST",
      token: READ,
      body: { meter_id: H.mainMeterId, value: 1 },
    });
    expect([reading.status, reading.code]).toEqual([403, "not_permitted"]);
    const make = await create(H.userId, READ, {
      name: "x",
      scopes: ["bills"],
      all_supplies: 1,
      expires_on: day(3),
    });
    expect([make.status, make.code]).toEqual([403, "not_permitted"]);
  });

  it("another customer's user or supply is 404", async () => {
    expect((await api.call(`/users/${big.userId}/invoices`, { token: READ })).status).toBe(404);
    const theirs = await api.call(`/users/${H.userId}/meters/${big.firstMeterId}/invoices`, {
      token: READ,
    });
    expect(theirs.status).toBe(404);
  });

  it("a token of chosen supplies reaches only those", async () => {
    const { secret } = await newToken(H.userId, household, {
      all_supplies: 0,
      meter_ids: [H.mainMeterId],
    });
    const main = await api.call(`/users/${H.userId}/meters/${H.mainMeterId}/invoices`, {
      token: secret,
    });
    expect(main.status).toBe(200);
    const gas = await api.call(`/users/${H.userId}/meters/${H.gasMeterId}/invoices`, {
      token: secret,
    });
    expect(gas.status).toBe(404);
    const meters = await api.call(`/users/${H.userId}/meters`, { token: secret });
    expect((meters.body.data as Array<{ id: number }>).map((m) => m.id)).toEqual([H.mainMeterId]);
    const all = await api.call(`/users/${H.userId}/invoices`, { token: secret });
    const supplies = new Set(
      (all.body.data as Array<{ meter_id?: number; meterId?: number }>).map(
        (i) => i.meter_id ?? i.meterId,
      ),
    );
    expect([...supplies].filter((id) => id !== undefined && id !== H.mainMeterId)).toEqual([]);
    const gasInvoice = server.query<{ id: number }>(
      `select id from invoices where meter_id = ${H.gasMeterId} limit 1`,
    )[0];
    if (gasInvoice) {
      const one = await api.call(`/invoices/${gasInvoice.id}`, { token: secret });
      expect(one.status).toBe(404);
    }
  });

  it("an unknown, revoked or expired token is 401", async () => {
    const revoked = await api.call(`/users/${H.userId}/invoices`, {
      token: DEMO_TOKENS.revoked.secret,
    });
    expect([revoked.status, revoked.code]).toEqual([401, "unauthorized"]);
    const unknown = await api.call(`/users/${H.userId}/invoices`, { token: "nrg_nothing" });
    expect(unknown.status).toBe(401);
    const { secret, token } = await newToken(H.userId, household);
    server.query(
      `update access_tokens set expires_at = '2020-01-01T00:00:00.000Z' where id = '${token.id}'`,
    );
    expect((await api.call(`/users/${H.userId}/invoices`, { token: secret })).status).toBe(401);
  });

  it("revoking stops the token at once and goes to the activity log with create and first use", async () => {
    const { secret, token } = await newToken(H.userId, household, { name: "Revoke me" });
    expect((await api.call(`/users/${H.userId}/invoices`, { token: secret })).status).toBe(200);
    const used = server.query<Record<string, unknown>>(
      `select first_used_at, last_used_at, last_used_ip from access_tokens where id = '${token.id}'`,
    )[0];
    expect(used?.first_used_at).toBeTruthy();
    expect(used?.last_used_at).toBeTruthy();
    const del = await api.call(`/users/${H.userId}/tokens/${token.id}`, {
      method: "DELETE",
      token: household,
    });
    expect(del.status).toBe(204);
    const after = await api.call(`/users/${H.userId}/invoices`, { token: secret });
    expect([after.status, after.code]).toEqual([401, "unauthorized"]);
    const log = server.query<{ action: string }>(
      `select action from audit_log where user_id = ${H.userId} and detail like '%Revoke me%' order by id`,
    );
    expect(log.map((e) => e.action)).toEqual(["token_create", "token_first_use", "token_revoke"]);
  });

  it("answers 429 with Retry-After after 60 requests in a minute", async () => {
    const { secret, token } = await newToken(H.userId, household);
    // The counter of this minute and the next one are at the limit (a minute may turn meanwhile).
    const now = Date.now();
    for (const start of [now, now + 60_000]) {
      const begin = new Date(Math.floor(start / 60_000) * 60_000);
      const end = new Date(begin.getTime() + 60_000);
      server.query(
        `insert into throttle_counters (scope, key, window_start, expires_at, count) values
          ('access-token', '${token.id}', '${begin.toISOString()}', '${end.toISOString()}', 60)`,
      );
    }
    const over = await api.call(`/users/${H.userId}/invoices`, { token: secret });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("counts each request: the 61st of a fresh token in one minute is 429", async () => {
    const { secret } = await newToken(H.userId, household);
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await api.call(`/users/${H.userId}/meters`, { token: secret })).status);
    // Only meaningful within one minute window; it is in practice (61 local calls).
    if (Math.floor(started / 60_000) === Math.floor(Date.now() / 60_000)) {
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    }
  });
});

describe("the person behind a token", () => {
  it("a narrowed person's token narrows with them; a removed person's stops", async () => {
    const { secret } = await newToken(U.userId, user);
    const [first, second] = U.meterIds;
    const path = (m: number) => `/users/${U.userId}/meters/${m}/invoices`;
    expect((await api.call(path(second!), { token: secret })).status).toBe(200);
    const change = await api.call(`/users/${big.userId}/people/${U.userId}`, {
      method: "PATCH",
      token: master,
      body: { all_supplies: 0, meter_ids: [first] },
    });
    expect(change.status).toBe(204);
    expect((await api.call(path(first!), { token: secret })).status).toBe(200);
    expect((await api.call(path(second!), { token: secret })).status).toBe(404);
    const meters = await api.call(`/users/${U.userId}/meters`, { token: secret });
    expect((meters.body.data as Array<{ id: number }>).map((m) => m.id)).toEqual([first]);

    const removed = await api.call(`/users/${big.userId}/people/${U.userId}`, {
      method: "DELETE",
      token: master,
    });
    expect(removed.status).toBe(204);
    const after = await api.call(path(first!), { token: secret });
    expect([after.status, after.code]).toEqual([401, "unauthorized"]);
  });
});
