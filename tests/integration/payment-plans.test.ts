import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiGatewayNext,
  ApiPaymentOutcome,
  ApiPaymentPlan,
  ApiPaymentStart,
  ApiPlan,
} from "../../core/contract/index.ts";
import { TEST_CARDS } from "../../core/gateway.ts";
import { athensToday } from "../../core/dates.ts";
import { DEMO } from "../../seed/accounts.ts";
import { backofficeBatch, createServiceClient, outcomes } from "./backoffice-client";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #38 §1 a payment plan's life on the built Worker: set up for the household's overdue stopped
 * supply, its first instalment paid by card (the plan is kept), the billing system's RF code of
 * the next one, that one missed (the hourly job ends the plan, tells the customer, the balance is
 * overdue again); a second plan refused, also two at once; a business `user` refused; another's
 * supply a 404; the plan in the back-office changes export.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
let bearer: string;
const h = DEMO.household;
const meterId = h.stoppedMeterId;
const path = `/users/${h.userId}/meters/${meterId}/payment-plan`;

const CARD = {
  cvv: "123",
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 2),
  holder: "Test Holder",
  number: TEST_CARDS.success,
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
  bearer = createServiceClient(server, "plans", ["customers", "payments"]).credential;
});
afterAll(async () => {
  await server?.stop();
});

const getPlan = async (t = token, p = path) => {
  const r = await api.call<{ data: ApiPaymentPlan }>(p, { token: t });
  return r;
};

const setUp = (count: number | string, t = token, p = path) =>
  api.call<{ data: ApiPlan & { payment: ApiPaymentStart } }>(p, {
    method: "POST",
    token: t,
    body: { count, accept_terms: true },
  });

/** Pays an order on the test acquirer's page (3-D Secure above 30 €) and posts the return. */
async function pay(start: ApiPaymentStart) {
  const session = start.redirect_url.replace("/gateway/pay/", "");
  const r = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/authorize`, {
    method: "POST",
    body: CARD,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  let url = r.body.data.url;
  if (r.body.data.next === "challenge") {
    const c = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/challenge`, {
      method: "POST",
      body: { action: "confirm", code: "1234" },
    });
    url = c.body.data.url;
  }
  const fields = Object.fromEntries(new URL(url, "http://x").searchParams);
  const back = await api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
    method: "POST",
    body: fields,
  });
  expect(back.status).toBe(200);
  return back.body.data;
}

const balanceCents = () =>
  server.query<{ c: number }>(
    `SELECT running_total_cents AS c FROM meters WHERE id = ${meterId}`,
  )[0]?.c ?? 0;

async function runScheduled() {
  const r = await fetch(
    `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&format=json`,
  );
  expect(r.status).toBe(200);
}

describe("#38 §1 a payment plan's life", () => {
  let plan: ApiPlan & { payment: ApiPaymentStart };
  const today = athensToday();

  it("offers the counts and schedules for the overdue balance", async () => {
    const r = await getPlan();
    expect(r.status).toBe(200);
    const state = r.body.data;
    expect(state.eligible, JSON.stringify(state)).toBe(true);
    expect(state.plan).toBeNull();
    const owed = balanceCents();
    expect(owed).toBeGreaterThanOrEqual(50_00);
    // Each instalment at least 20 €: the counts stop where the balance runs out.
    expect(state.options.map((o) => o.count)).toEqual(
      Array.from({ length: Math.min(12, Math.floor(owed / 20_00)) - 1 }, (_, i) => i + 2),
    );
    for (const option of state.options) {
      expect(option.schedule[0]?.due_date).toBe(today);
      const sum = option.schedule.reduce((s, i) => s + Math.round(i.amount * 100), 0);
      expect(sum).toBe(owed);
    }
  });

  it("refuses a count not offered, and the terms not accepted", async () => {
    const r = await setUp(25);
    expect(r.status).toBe(400);
    const none = await api.call(path, { method: "POST", token, body: { count: 2 } });
    expect(none.status).toBe(400);
    expect(none.field).toBe("accept_terms");
    expect(server.query(`SELECT id FROM payment_plans WHERE meter_id = ${meterId}`)).toEqual([]);
  });

  it("a business user may not set one up (403), another's supply is a 404", async () => {
    const user = DEMO.largeCompany.people.user;
    const userToken = (await api.login(user.email)).access_token;
    const refused = await setUp(
      2,
      userToken,
      `/users/${user.userId}/meters/${user.meterIds[0]}/payment-plan`,
    );
    expect(refused.status).toBe(403);
    expect(refused.code).toBe("not_permitted");
    const foreign = `/users/${h.userId}/meters/${DEMO.company.firstMeterId}/payment-plan`;
    expect((await getPlan(token, foreign)).status).toBe(404);
    expect((await setUp(2, token, foreign)).status).toBe(404);
  });

  it("two set-ups at the same moment create one plan", async () => {
    const [a, b] = await Promise.all([setUp(2), setUp(2)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.code).toBe("plan_open");
    plan = (a.status === 201 ? a : b).body.data;
    expect(plan.status).toBe("open");
    expect(plan.instalments).toHaveLength(2);
    expect(plan.instalments[0]?.due_date).toBe(today);
    expect(plan.payment.amount).toBe(plan.instalments[0]?.amount);
    expect(
      server.query(`SELECT id FROM payment_plans WHERE meter_id = ${meterId} AND status = 'open'`),
    ).toHaveLength(1);
    // A third, later: still one at a time.
    expect((await setUp(2)).status).toBe(409);
  });

  it("the first instalment paid by card keeps the plan; the bills show it", async () => {
    const before = balanceCents();
    const outcome = await pay(plan.payment);
    expect(outcome.outcome).toBe("success");
    expect(outcome.return_to).toBe("/b2b/diakanonismos");
    const first = Math.round((plan.instalments[0]?.amount ?? 0) * 100);
    expect(balanceCents()).toBe(before - first);
    const state = (await getPlan()).body.data;
    expect(state.plan?.status).toBe("kept");
    expect(state.plan?.instalments.map((i) => i.state)).toEqual(["paid", "upcoming"]);
    expect(state.eligible).toBe(false);
    expect(state.reason).toBe("plan_open");
    const log = server.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE meter_id = ${meterId} AND action LIKE 'payment%' ORDER BY id`,
    );
    expect(log.map((r) => r.action)).toEqual(["payment_plan_created", "payment"]);
  });

  it("the billing system feeds the next instalment's RF code", async () => {
    const r = await backofficeBatch(api, bearer, "payment-plan-instalments", [
      { key: "plan-rf-2", plan_id: plan.id, n: 2, rf_code: "RF18539007547034" },
      { key: "plan-rf-9", plan_id: plan.id, n: 9, rf_code: "RF18539007547034" },
      { key: "plan-bad", plan_id: plan.id, n: 2 },
    ]);
    expect(r.status).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["plan-rf-2", "created", null, null],
      ["plan-rf-9", "refused", "unknown_instalment", "n"],
      ["plan-bad", "refused", "validation", "rf_code"],
    ]);
    const state = (await getPlan()).body.data;
    expect(state.plan?.instalments[1]?.rf_code).toBe("RF18539007547034");
  });

  it("is in the back-office changes export, set up and kept", async () => {
    const r = await api.call<{
      items: { kind: string; data: { plan_id: number; status: string } }[];
    }>("/backoffice/changes?limit=1000", {
      headers: { authorization: `Bearer ${bearer}` },
      origin: false,
    });
    expect(r.status).toBe(200);
    const items = r.body.items.filter((i) => i.kind === "payment_plan");
    // Two journal rows (set up, kept), each with the plan as it is now.
    expect(items.map((i) => i.data.plan_id)).toEqual([plan.id, plan.id]);
    expect(items[0]?.data.status).toBe("kept");
  });

  it("a missed instalment ends the plan: notice, message, activity, overdue again", async () => {
    // The second instalment's date moved 16 days back: one day past its grace.
    const past = new Date(Date.now() - 16 * 86_400_000).toISOString().slice(0, 10);
    server.query(
      `UPDATE payment_plan_instalments SET due_date = '${past}' WHERE plan_id = ${plan.id} AND n = 2`,
    );
    await runScheduled();
    const state = (await getPlan()).body.data;
    expect(state.plan?.status).toBe("ended");
    expect(state.plan?.end_reason).toBe("missed");
    expect(state.plan?.instalments[1]?.state).toBe("missed");
    // The balance is overdue again: a new plan may be set up.
    expect(state.eligible).toBe(state.overdue >= 50);
    const mail = server.query<{ recipient: string; subject: string }>(
      `SELECT recipient, subject FROM outbox WHERE template = 'plan_ended'`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain("διακανονισμός");
    const inbox = server.query<{ title: string }>(
      `SELECT title FROM messages WHERE user_id = ${h.userId} AND title = 'Ο διακανονισμός σας έληξε'`,
    );
    expect(inbox).toHaveLength(1);
    const log = server.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE meter_id = ${meterId} AND action = 'payment_plan_ended'`,
    );
    expect(log.map((r) => JSON.parse(r.detail))).toEqual([{ reason: "missed" }]);
    // Once: the next hour tells nobody again.
    await runScheduled();
    expect(server.query(`SELECT id FROM outbox WHERE template = 'plan_ended'`)).toHaveLength(1);
  });

  it("an open plan, its first instalment unpaid, can be withdrawn once; then a new one set up", async () => {
    // The main supply's bill made overdue: eligible for a plan.
    const main = h.mainMeterId;
    server.query(`UPDATE meters SET last_invoice_due_date = '2026-01-05' WHERE id = ${main}`);
    const mainPath = `/users/${h.userId}/meters/${main}/payment-plan`;
    const created = await setUp(2, token, mainPath);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const withdraw = () =>
      api.call<{ data: ApiPaymentPlan }>(`${mainPath}/withdraw`, { method: "POST", token });
    const first = await withdraw();
    expect(first.status).toBe(200);
    expect(first.body.data.plan?.status).toBe("ended");
    expect(first.body.data.plan?.end_reason).toBe("withdrawn");
    expect(first.body.data.eligible).toBe(true);
    const again = await withdraw();
    expect(again.status).toBe(409);
    expect(again.code).toBe("plan_not_open");
    expect((await setUp(3, token, mainPath)).status).toBe(201);
  });
});
