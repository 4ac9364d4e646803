import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/calendar.ts";
import { athensToday } from "../../core/dates.ts";
import { smsSegments } from "../../api/messages/sms.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { backofficeBatch, createServiceClient, keySupply, unpaidBill } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #37 §2 the alerts people set, against the real Worker at 11:00 Athens (DEV_CLOCK: outside the
 * quiet hours): set and refused through the API (the core rules' field and message key), 404 for
 * a supply that is not the caller's; tripped once per bill period by the hourly forecast check or
 * a bill of the invoices batch, whichever comes first; off, or its person removed: nothing; the
 * inbox message is the setter's only, and the outbox has their email and one-segment SMS.
 */
const CLOCK = `${new Date().toISOString().slice(0, 10)}T09:00:00Z`;
const today = athensToday(new Date(CLOCK));
const h = DEMO.household;
const big = DEMO.largeCompany;
const U = big.people.user;
const A = big.people.admin;

let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
let household: string;
let master: string;
let user: string;
let admin: string;
let otherMeter: number;

interface OutboxRow {
  recipient: string;
  subject: string;
  body: string;
  template: string;
  lang: string;
  user_id: number | null;
}
const outboxOf = (template: string, userId: number) =>
  server.query<OutboxRow>(
    `SELECT * FROM outbox WHERE template = '${template}' AND user_id = ${userId} ORDER BY id`,
  );
const tripsOf = (userId: number, meterId: number) =>
  server.query<{ period_key: string; source: string; amount_cents: number }>(
    `SELECT t.period_key, t.source, t.amount_cents FROM alert_trips t JOIN alerts a ON a.id = t.alert_id
      WHERE a.user_id = ${userId} AND a.meter_id = ${meterId} ORDER BY t.id`,
  );
/** The alert messages in a person's inbox (their titles start "Ειδοποίηση:"). */
const alertInbox = (userId: number) =>
  server.query<{ content: string; content_en: string }>(
    `SELECT content, content_en FROM messages WHERE user_id = ${userId} AND title LIKE 'Ειδοποίηση:%' ORDER BY id`,
  );

const put = (userId: number, meterId: number, token: string, body: Record<string, unknown>) =>
  api.call(`/users/${userId}/meters/${meterId}/alert`, { method: "PUT", token, body });
const get = (userId: number, meterId: number, token: string) =>
  api.call(`/users/${userId}/meters/${meterId}/alert`, { token });
const on = { enabled: true, amount: "1", percent: null, email: true, sms: false };

async function batch(items: unknown[]) {
  const r = await backofficeBatch(api, bearer, "invoices", items);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { summary: { created: number } };
}
/** A Clearance of `total` € for the period from..to, on the keyed supply. */
const bill = (key: string, supply: string, total: number, from: string, to: string) => ({
  ...unpaidBill(today, "7", key, supply, total),
  period_from: from,
  period_to: to,
});

async function runScheduled() {
  const r = await fetch(
    `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&format=json`,
  );
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "alerts", ["invoices"]).credential;
  household = (await api.login(h.vat)).access_token;
  master = (await api.login(big.vat)).access_token;
  user = (await api.login(U.email)).access_token;
  admin = (await api.login(A.email)).access_token;
  [{ id: otherMeter }] = server.query<{ id: number }>(
    `SELECT id FROM meters WHERE customer_id = ${h.customerId} AND id <> ${h.mainMeterId} AND status = 'Active' ORDER BY id LIMIT 1`,
  ) as [{ id: number }];
  keySupply(server, "AL-MAIN", h.mainMeterId);
  keySupply(server, "AL-OTHER", otherMeter);
  keySupply(server, "AL-1001", 1001);
  keySupply(server, "AL-1002", 1002);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("#37 §2 setting an alert", () => {
  it("sets, reads back with the person's own address and mobile, and is idempotent", async () => {
    const none = await get(h.userId, h.mainMeterId, household);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({
      alert: null,
      contact: { email: h.email, mobile: `+30${h.phone}` },
      trips: [],
    });
    const body = { enabled: true, amount: "82,50", percent: "25", email: true, sms: true };
    const first = await put(h.userId, h.mainMeterId, household, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.alert).toMatchObject({ enabled: true, amount: 82.5, percent: 25 });
    const again = await put(h.userId, h.mainMeterId, household, { ...body, amount: 82.5 });
    expect(again.status).toBe(200);
    expect(again.body.data.alert.updated_at).toBe(first.body.data.alert.updated_at);
    expect(
      server.query(
        `SELECT id FROM alerts WHERE user_id = ${h.userId} AND meter_id = ${h.mainMeterId}`,
      ),
    ).toHaveLength(1);
  });

  it.each([
    [{ amount: "1.234" }, "amount", "alerts:errors.amountFormat"],
    [{ amount: "0,50" }, "amount", "alerts:errors.amountRange"],
    [{ amount: null, percent: "600" }, "percent", "alerts:errors.percentRange"],
    [{ amount: null, percent: "2,5" }, "percent", "alerts:errors.percentFormat"],
    [{ amount: null }, "amount", "alerts:errors.ruleRequired"],
    [{ email: false }, "email", "alerts:errors.channelRequired"],
  ])("refuses %j: 400 naming %s", async (change, field, message) => {
    const r = await put(h.userId, h.mainMeterId, household, { ...on, ...change });
    expect(r.status).toBe(400);
    expect(r.field).toBe(field);
    expect(r.body.error.message).toBe(message);
  });

  it("SMS needs the person's mobile", async () => {
    server.query(`UPDATE users SET registration_phone = NULL WHERE id = ${A.userId}`);
    const r = await put(A.userId, 1003, admin, { ...on, sms: true });
    expect([r.status, r.field, r.body.error.message]).toEqual([
      400,
      "sms",
      "alerts:errors.noMobile",
    ]);
    server.query(`UPDATE users SET registration_phone = '${A.phone}' WHERE id = ${A.userId}`);
  });

  it("404 for another customer's supply, another person's path, or a supply not given to a business user", async () => {
    expect((await put(h.userId, 1001, household, on)).status).toBe(404);
    expect((await get(h.userId, 1001, household)).status).toBe(404);
    expect((await get(big.userId, 1001, household)).status).toBe(404);
    expect((await put(U.userId, 1006, user, on)).status).toBe(404);
    expect((await put(U.userId, 1001, user, on)).status).toBe(200);
  });

  it("is session only: a personal access token cannot read it", async () => {
    const created = await api.call(`/users/${h.userId}/tokens`, {
      method: "POST",
      token: household,
      body: {
        name: "alerts",
        scopes: ["bills", "personal"],
        all_supplies: 1,
        expires_on: addDays(today, 30),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const r = await get(h.userId, h.mainMeterId, created.body.data.secret);
    expect([r.status, r.code]).toEqual([403, "not_permitted"]);
  });
});

describe("#37 §2 tripping, once per bill period", () => {
  it("the hourly job: against the forecast's central figure, once however often it runs", async () => {
    const forecast = await api.call(`/users/${h.userId}/meters/${h.mainMeterId}/forecast`, {
      token: household,
    });
    expect(forecast.body.data.kind).toBe("forecast");
    const { period, centralCents } = forecast.body.data as {
      period: { from: string; to: string };
      centralCents: number;
    };
    const body = { enabled: true, amount: "1", percent: null, email: true, sms: true };
    expect((await put(h.userId, h.mainMeterId, household, body)).status).toBe(200);
    await runScheduled();
    await runScheduled();
    expect(tripsOf(h.userId, h.mainMeterId)).toEqual([
      { period_key: `${period.from}/${period.to}`, source: "forecast", amount_cents: centralCents },
    ]);
    const [mail, ...moreMail] = outboxOf("alert_tripped", h.userId);
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({ recipient: h.email, lang: "el" });
    // The hourly job has no request: its links are the production origin's, as the other notices'.
    expect(mail!.body).toMatch(/https?:\/\/[^\s]+\/b2b\/provlepsi\n/);
    const [sms, ...moreSms] = outboxOf("alert_tripped_sms", h.userId);
    expect(moreSms).toEqual([]);
    expect(sms!.recipient).toBe(`+30${h.phone}`);
    expect(smsSegments(sms!.body).segments).toBe(1);
    const [message, ...more] = alertInbox(h.userId);
    expect(more).toEqual([]);
    expect(message!.content).toMatch(/\n\n\/b2b\/provlepsi$/);
    expect(
      server.query(
        `SELECT checked_at FROM alerts WHERE user_id = ${h.userId} AND meter_id = ${h.mainMeterId}`,
      )[0],
    ).toMatchObject({ checked_at: expect.any(String) });
    // GET lists the trip with its figures.
    const read = await get(h.userId, h.mainMeterId, household);
    expect(read.body.data.trips).toMatchObject([
      {
        period_from: period.from,
        period_to: period.to,
        source: "forecast",
        amount: centralCents / 100,
      },
    ]);

    // The bill of that period comes later: the same bill period, no second notice.
    const end = period.to < today ? period.to : today;
    expect((await batch([bill("AL-M1", "AL-MAIN", 500, period.from, end)])).summary.created).toBe(
      1,
    );
    expect(tripsOf(h.userId, h.mainMeterId)).toHaveLength(1);
    expect(outboxOf("alert_tripped", h.userId)).toHaveLength(1);
  });

  it("a bill of the invoices batch trips a business user's alert, to them only, and not again in that period", async () => {
    const from = addDays(today, -30);
    const messagesOf = (userId: number) =>
      server.query<{ n: number }>(
        `SELECT count(*) AS n FROM messages WHERE user_id = ${userId}`,
      )[0]!.n;
    const masterBefore = messagesOf(big.userId);
    expect((await put(U.userId, 1001, user, { ...on, amount: "40" })).status).toBe(200);
    // The master's own alert of the same supply, above the bill: it does not trip.
    expect((await put(big.userId, 1001, master, { ...on, amount: "1000" })).status).toBe(200);
    expect((await batch([bill("AL-B1", "AL-1001", 40, from, today)])).summary.created).toBe(1);
    // Exactly 40 € is not more than 40 €.
    expect(tripsOf(U.userId, 1001)).toEqual([]);
    expect((await batch([bill("AL-B2", "AL-1001", 55.25, from, today)])).summary.created).toBe(1);
    expect(tripsOf(U.userId, 1001)).toEqual([
      { period_key: `${from}/${today}`, source: "bill", amount_cents: 5525 },
    ]);
    const [id] = server.query<{ id: number }>(
      `SELECT id FROM invoices WHERE meter_id = 1001 AND invoice_no = '7${"2".padStart(11, "0")}'`,
    );
    const [mail, ...moreMail] = outboxOf("alert_tripped", U.userId);
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({ recipient: U.email });
    expect(mail!.body).toContain("55,25\u00a0€");
    expect(mail!.body).toContain("40,00\u00a0€");
    expect(mail!.body).toContain(`/b2b/logariasmoi/${id!.id}`);
    expect(outboxOf("alert_tripped_sms", U.userId)).toEqual([]);
    expect(alertInbox(U.userId)).toHaveLength(1);
    expect(alertInbox(U.userId)[0]!.content).toContain(`/b2b/logariasmoi/${id!.id}`);
    // The master hears of the bill (its inbox message), never of the user's alert.
    expect(alertInbox(big.userId)).toEqual([]);
    expect(outboxOf("alert_tripped", big.userId)).toEqual([]);
    expect(messagesOf(big.userId)).toBeGreaterThan(masterBefore);

    // The same batch again, and another bill of an overlapping period: nothing more.
    await batch([bill("AL-B2", "AL-1001", 55.25, from, today)]);
    await batch([bill("AL-B3", "AL-1001", 90, addDays(from, 2), today)]);
    expect(tripsOf(U.userId, 1001)).toHaveLength(1);
    expect(outboxOf("alert_tripped", U.userId)).toHaveLength(1);
  });

  it("an alert that is off trips nothing", async () => {
    expect((await put(h.userId, otherMeter, household, { ...on, enabled: false })).status).toBe(
      200,
    );
    await batch([bill("AL-O1", "AL-OTHER", 300, addDays(today, -30), today)]);
    expect(tripsOf(h.userId, otherMeter)).toEqual([]);
    expect(alertInbox(h.userId)).toHaveLength(1);
  });

  it("a removed person's alerts go with them and trip nothing", async () => {
    expect((await put(A.userId, 1002, admin, on)).status).toBe(200);
    const removed = await api.call(`/users/${big.userId}/people/${A.userId}`, {
      method: "DELETE",
      token: master,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(server.query(`SELECT id FROM alerts WHERE user_id = ${A.userId}`)).toEqual([]);
    await batch([bill("AL-R1", "AL-1002", 300, addDays(today, -30), today)]);
    await runScheduled();
    expect(outboxOf("alert_tripped", A.userId)).toEqual([]);
    expect(alertInbox(A.userId)).toEqual([]);
  });
});
