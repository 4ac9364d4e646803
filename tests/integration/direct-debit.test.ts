import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiDdFlow, ApiDdFlowStart, ApiDirectDebit } from "../../core/contract/index.ts";
import { DD_TEST_CARDS, MAX_FLOWS_PER_VAT_PER_HOUR } from "../../core/direct-debit/rules.ts";
import { DEMO } from "../../seed/accounts.ts";
import { DD_NO_MOBILE } from "../../seed/direct-debit.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * Direct debit (docs/api/direct-debit.md) against the real Worker and D1: the public flow (VAT →
 * SMS code → card → activation), each spec §8 error, the code's throttles and hashing, and the
 * signed-in list/replace/cancel with ownership checks.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
const h = DEMO.household;
const year = new Date().getUTCFullYear() + 2;
const card = (number: string, meterId?: number) => ({
  ...(meterId === undefined ? {} : { meter_id: meterId }),
  number,
  cvv: "123",
  exp_month: 5,
  exp_year: year,
  holder: "Georgios Papadopoulos",
});

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Each test is its own client (CF-Connecting-IP, which wrangler dev takes from the request): the
 * API allows 10 set-ups an hour per client address (tests/security/throttle.test.ts tests that).
 */
let client = "";
let clients = 0;
beforeEach(() => {
  clients++;
  client = `198.51.100.${clients}`;
});
const start = (afm: string, lang: "el" | "en" = "en") =>
  api.call<{ data: ApiDdFlowStart }>("/direct-debit/flows", {
    body: { afm },
    lang,
    headers: { "cf-connecting-ip": client },
  });
const flowPath = (t: string, rest = "") => `/direct-debit/flows/${t}${rest}`;
const get = (t: string) => api.call<{ data: ApiDdFlow }>(flowPath(t));
const verify = (t: string, code: string) =>
  api.call<{ data: ApiDdFlow }>(flowPath(t, "/verify"), { body: { code } });
const putCard = (t: string, body: unknown) =>
  api.call<{ data: ApiDdFlow }>(flowPath(t, "/card"), { method: "PUT", body });

/** The newest code sent by SMS to a mobile. */
async function lastCode(mobile: string): Promise<string> {
  const sms = (await api.outbox()).find((m) => m.recipient === mobile);
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${mobile}`);
  return code;
}

async function verifiedFlow(): Promise<string> {
  const started = await start(h.vat);
  expect(started.status).toBe(201);
  const t = started.body.data.flow_token;
  expect((await verify(t, await lastCode(h.phone))).status).toBe(200);
  return t;
}

describe("POST /direct-debit/flows", () => {
  it("refuses a malformed VAT, an unknown VAT, a customer without Active supplies, and no mobile", async () => {
    const malformed = await start("12345");
    expect([malformed.status, malformed.code, malformed.field]).toEqual([400, "validation", "afm"]);
    for (const afm of ["123456783", DEMO.former.vat]) {
      const r = await start(afm);
      expect([r.status, r.code, r.field]).toEqual([400, "dd_vat_not_found", "afm"]);
    }
    const noMobile = await start(DD_NO_MOBILE.vat);
    expect([noMobile.status, noMobile.code, noMobile.field]).toEqual([400, "dd_no_mobile", "afm"]);
  });

  it("starts a flow, sends a 6-digit code by SMS and stores it only hashed", async () => {
    const r = await start(h.vat, "el");
    expect(r.status).toBe(201);
    const flow = r.body.data;
    expect(flow).toMatchObject({
      step: "code",
      afm: h.vat,
      mobile_masked: "69••••••56",
      attempts_left: 5,
      supplies: [],
    });
    expect(flow.flow_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sms = (await api.outbox()).find((m) => m.recipient === h.phone);
    expect(sms?.subject).toBe("Κωδικός πάγιας εντολής");
    const code = await lastCode(h.phone);
    const rows = server.query<{ id: string; code_hash: string }>(
      "SELECT id, code_hash FROM direct_debit_flows",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.id).not.toBe(flow.flow_token);
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash.length).toBeGreaterThan(40);
    }
    // GET shows the same step; an unknown token is a 404.
    expect((await get(flow.flow_token)).body.data.step).toBe("code");
    expect((await get("x".repeat(43))).status).toBe(404);
  });
});

describe("the code", () => {
  it("a wrong code says how many guesses are left; the right one is single use", async () => {
    const t = (await start(h.vat)).body.data.flow_token;
    const code = await lastCode(h.phone);
    const wrong = await verify(t, code === "000000" ? "111111" : "000000");
    expect([wrong.status, wrong.code, wrong.field]).toEqual([400, "dd_wrong_code", "code"]);
    expect((wrong.body as unknown as { error: { message: string } }).error.message).toBe("4");
    const bad = await verify(t, "12");
    expect([bad.status, bad.code, bad.field]).toEqual([400, "validation", "code"]);
    const ok = await verify(t, code);
    expect(ok.status).toBe(200);
    expect(ok.body.data.step).toBe("card");
    // Active supplies only: main electricity and gas, not the stopped one.
    expect(ok.body.data.supplies.map((s) => s.meter_id)).toEqual([h.mainMeterId, h.gasMeterId]);
    const again = await verify(t, code);
    expect([again.status, again.code]).toEqual([400, "invalid_data"]);
  });

  it("the 5th wrong guess ends the flow: session expired, even with the right code", async () => {
    const t = (await start(h.vat)).body.data.flow_token;
    const code = await lastCode(h.phone);
    const wrongCode = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 4; i++) expect((await verify(t, wrongCode)).code).toBe("dd_wrong_code");
    const fifth = await verify(t, wrongCode);
    expect([fifth.status, fifth.code]).toEqual([410, "dd_session_expired"]);
    expect((await verify(t, code)).status).toBe(410);
    expect((await get(t)).code).toBe("dd_session_expired");
  });

  it("expires after 10 minutes; a resend waits a minute, then replaces the code", async () => {
    const t = (await start(h.vat)).body.data.flow_token;
    const first = await lastCode(h.phone);
    const early = await api.call(flowPath(t, "/resend"), { method: "POST" });
    expect([early.status, early.code]).toEqual([429, "too_many_attempts"]);
    expect(
      Number((early.body as unknown as { error: { message: string } }).error.message),
    ).toBeGreaterThan(50);
    server.query(
      "UPDATE direct_debit_flows SET code_expires_at = '2000-01-01T00:00:00.000Z', code_sent_at = '2000-01-01T00:00:00.000Z' WHERE status = 'code'",
    );
    const expired = await verify(t, first);
    expect([expired.status, expired.code, expired.field]).toEqual([400, "dd_code_expired", "code"]);
    const resent = await api.call(flowPath(t, "/resend"), { method: "POST" });
    expect(resent.status).toBe(200);
    const second = await lastCode(h.phone);
    if (second !== first) expect((await verify(t, first)).code).toBe("dd_wrong_code");
    expect((await verify(t, second)).status).toBe(200);
  });

  it("is resent at most 5 times an hour, and the whole flow ends after 30 minutes", async () => {
    const t = (await start(h.vat)).body.data.flow_token;
    const recent = new Date(Date.now() - 30 * 60_000).toISOString();
    server.query(
      `UPDATE direct_debit_flows SET code_sent_at = '${recent}' WHERE status = 'code';
       INSERT INTO direct_debit_code_sends (flow_id, kind, sent_at)
         SELECT id, 'resend', '${recent}' FROM direct_debit_flows, (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5) WHERE status = 'code';`,
    );
    const sixth = await api.call(flowPath(t, "/resend"), { method: "POST" });
    expect([sixth.status, sixth.code]).toEqual([429, "too_many_attempts"]);
    server.query(
      "UPDATE direct_debit_flows SET expires_at = '2000-01-01T00:00:00.000Z' WHERE status = 'code'",
    );
    expect((await get(t)).status).toBe(410);
    const late = await api.call(flowPath(t, "/resend"), { method: "POST" });
    expect([late.status, late.code]).toEqual([410, "dd_session_expired"]);
  });

  it("at most 20 new flows (SMS) per VAT an hour", async () => {
    const now = new Date().toISOString();
    const values = Array.from(
      { length: MAX_FLOWS_PER_VAT_PER_HOUR },
      (_, i) =>
        `('seed-${i}', ${DEMO.company.customerId}, '${DEMO.company.vat}', '${DEMO.company.phone}', 'code', '${now}', '${now}')`,
    );
    server.query(
      `INSERT INTO direct_debit_flows (id, customer_id, afm, mobile, status, created_at, expires_at) VALUES ${values.join(", ")}`,
    );
    const r = await start(DEMO.company.vat);
    expect([r.status, r.code]).toEqual([429, "too_many_attempts"]);
  });
});

describe("card and activation", () => {
  it("refuses another customer's supply and a stopped one (404), and bad card fields", async () => {
    const t = await verifiedFlow();
    for (const meterId of [DEMO.company.firstMeterId, h.stoppedMeterId, 999999]) {
      const r = await putCard(t, card(DD_TEST_CARDS.success, meterId));
      expect([r.status, r.code]).toEqual([404, "not_found"]);
    }
    const luhn = await putCard(t, card("4111111111111112", h.gasMeterId));
    expect([luhn.status, luhn.code, luhn.field]).toEqual([400, "validation", "number"]);
    const expiry = await putCard(t, {
      ...card(DD_TEST_CARDS.success, h.gasMeterId),
      exp_year: 2020,
    });
    expect([expiry.status, expiry.field]).toEqual([400, "exp_month"]);
  });

  it("answers each issuer refusal with its spec error and keeps what was typed", async () => {
    const t = await verifiedFlow();
    const cases: [string, string, string | undefined][] = [
      [DD_TEST_CARDS.notFound, "dd_card_not_found", "number"],
      [DD_TEST_CARDS.declined, "dd_card_declined", "number"],
      [DD_TEST_CARDS.expired, "dd_card_expired", "number"],
      [DD_TEST_CARDS.timeout, "dd_timeout", undefined],
      [DD_TEST_CARDS.failure, "dd_failed", undefined],
    ];
    for (const [number, code, field] of cases) {
      const r = await putCard(t, card(number, h.gasMeterId));
      expect([r.status, r.code, r.field]).toEqual([400, code, field]);
    }
    const flow = (await get(t)).body.data;
    expect(flow).toMatchObject({
      step: "card",
      meter_id: h.gasMeterId,
      holder: "Georgios Papadopoulos",
      exp_month: 5,
      exp_year: year,
      card: null,
    });
  });

  it("accepts a card, activates once, and stores no card number", async () => {
    const t = await verifiedFlow();
    const early = await api.call(flowPath(t, "/activate"), { method: "POST" });
    expect([early.status, early.code]).toEqual([400, "invalid_data"]);
    const ok = await putCard(t, card("4111 1111 1111 1111", h.gasMeterId));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ step: "confirm", card: { brand: "visa", last4: "1111" } });
    const done = await api.call<{ data: ApiDdFlow }>(flowPath(t, "/activate"), { method: "POST" });
    expect(done.status).toBe(200);
    const mandate = done.body.data.mandate as ApiDirectDebit;
    expect(done.body.data.step).toBe("done");
    expect(mandate).toMatchObject({
      meter_id: h.gasMeterId,
      card_last4: "1111",
      holder: "Georgios Papadopoulos",
    });
    expect(mandate.charge_day).toBeGreaterThanOrEqual(1);
    expect(mandate.charge_day).toBeLessThanOrEqual(28);
    expect(mandate.next_charge_date.slice(8, 10)).toBe(String(mandate.charge_day).padStart(2, "0"));
    const twice = await api.call<{ data: ApiDdFlow }>(flowPath(t, "/activate"), { method: "POST" });
    expect(twice.body.data.mandate).toEqual(mandate);
    const dump = JSON.stringify([
      server.query("SELECT * FROM direct_debit_flows"),
      server.query("SELECT * FROM direct_debits"),
    ]);
    expect(dump).not.toContain("4111111111111111");
    expect(dump).not.toContain(DD_TEST_CARDS.declined);
    // The new flow of the same customer lists the supply as already on direct debit.
    const next = await verifiedFlow();
    const gas = (await get(next)).body.data.supplies.find((s) => s.meter_id === h.gasMeterId);
    expect(gas?.direct_debit).toMatchObject({ card_last4: "1111" });
  });
});

describe("signed in: /users/{id}/direct-debits", () => {
  const base = `/users/${h.userId}/direct-debits`;

  it("needs a token and answers 404 for another user's id or supply", async () => {
    expect((await api.call(base)).status).toBe(401);
    expect((await api.call(`/users/${DEMO.company.userId}/direct-debits`, { token })).status).toBe(
      404,
    );
    const foreign = await api.call(`${base}/${DEMO.company.firstMeterId}`, {
      method: "PUT",
      token,
      body: card(DD_TEST_CARDS.success),
    });
    expect(foreign.status).toBe(404);
    const del = await api.call(`${base}/${DEMO.company.firstMeterId}`, { method: "DELETE", token });
    expect(del.status).toBe(404);
    const stopped = await api.call(`${base}/${h.stoppedMeterId}`, {
      method: "PUT",
      token,
      body: card(DD_TEST_CARDS.success),
    });
    expect(stopped.status).toBe(404);
  });

  it("replaces the card without a code, refuses a declined card, and cancels", async () => {
    const declined = await api.call(`${base}/${h.mainMeterId}`, {
      method: "PUT",
      token,
      body: card(DD_TEST_CARDS.declined),
    });
    expect([declined.status, declined.code]).toEqual([400, "dd_card_declined"]);
    const saved = await api.call<{ data: ApiDirectDebit }>(`${base}/${h.mainMeterId}`, {
      method: "PUT",
      token,
      body: { ...card("4000 0000 0000 3220"), holder: "G. P." },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ meter_id: h.mainMeterId, card_last4: "3220" });
    const list = await api.call<{ data: ApiDirectDebit[] }>(base, { token });
    expect(list.body.data.map((m) => m.meter_id)).toContain(h.mainMeterId);
    const cancelled = await api.call(`${base}/${h.mainMeterId}`, { method: "DELETE", token });
    expect(cancelled.status).toBe(204);
    const again = await api.call(`${base}/${h.mainMeterId}`, { method: "DELETE", token });
    expect(again.status).toBe(404);
    const after = await api.call<{ data: ApiDirectDebit[] }>(base, { token });
    expect(after.body.data.map((m) => m.meter_id)).not.toContain(h.mainMeterId);
  });
});
