import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiDdFlowStart, ApiPaymentOutcome } from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { startVivaStub, type VivaStub } from "../support/viva-stub.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * Direct debit with Viva (api/direct-debit/viva.ts, ADR 0025 "Direct debit") against the
 * loopback stand-in: the card step creates a 0,30 € order with allowRecurring; the return
 * (read back, never trusted) stores the mandate with the read-back's last four digits and expiry
 * and refunds the 0,30 €; a tampered return and a failed transaction store nothing; a mandate
 * order is never recorded as a payment (return, webhook).
 */
let stub: VivaStub;
let server: TestServer;
let api: ReturnType<typeof createClient>;
const h = DEMO.household;
const METER = h.mainMeterId;
let clients = 0;

beforeAll(async () => {
  stub = await startVivaStub();
  server = await startServer({ vars: stub.vars });
  stub.setPortal(server.baseUrl);
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

const mandate = () =>
  server.query<{
    card_token: string;
    card_last4: string;
    card_exp_month: number;
    card_exp_year: number;
  }>(
    `SELECT card_token, card_last4, card_exp_month, card_exp_year FROM direct_debits WHERE meter_id = ${METER}`,
  )[0];
const payments = () =>
  server.query<{ n: number }>(`SELECT COUNT(*) AS n FROM payment_orders`)[0]?.n ?? 0;

/** A verified flow at step 3, and its Viva order (the card step with Viva). */
async function toViva() {
  clients++;
  const started = await api.call<{ data: ApiDdFlowStart }>("/direct-debit/flows", {
    body: { afm: h.vat },
    headers: { "cf-connecting-ip": `198.51.100.${clients}` },
  });
  expect(started.status).toBe(201);
  const token = started.body.data.flow_token;
  const sms = (await api.outbox()).find((m) => m.recipient === h.phone);
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1] ?? "";
  expect((await api.call(`/direct-debit/flows/${token}/verify`, { body: { code } })).status).toBe(
    200,
  );
  // The raw card route stays the test issuer's: with Viva a card number is never taken.
  const raw = await api.call(`/direct-debit/flows/${token}/card`, {
    method: "PUT",
    body: {
      meter_id: METER,
      number: "4111111111111111",
      cvv: "123",
      exp_month: 5,
      exp_year: 2030,
      holder: "G P",
    },
  });
  expect([raw.status, raw.code]).toEqual([503, "dd_unavailable"]);
  const viva = await api.call<{ data: { redirect_url: string } }>(
    `/direct-debit/flows/${token}/viva`,
    { body: { meter_id: METER }, lang: "en" },
  );
  expect(viva.status, JSON.stringify(viva.body)).toBe(200);
  const code16 = new URL(viva.body.data.redirect_url).searchParams.get("ref") ?? "";
  const order = stub.orders.get(code16);
  if (!order) throw new Error("no Viva order");
  return { token, order };
}

const back = (t: string, s: string) =>
  api.call<{ data: ApiPaymentOutcome }>("/payments/return", { method: "POST", body: { t, s } });

describe("direct debit with Viva", () => {
  it("sets the mandate up through Viva's page: read back, stored once, 0,30 € refunded", async () => {
    server.query(`DELETE FROM direct_debits WHERE meter_id = ${METER}`);
    const before = payments();
    const { token, order } = await toViva();
    expect(order.body).toMatchObject({
      amount: 30,
      allowRecurring: true,
      sourceCode: "4321",
      customer: { requestLang: "en-GB" },
    });
    expect(order.merchantTrns).toMatch(/^ddo_/);
    const txn = stub.pay(order.orderCode);
    const first = await back(txn.transactionId, txn.orderCode);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ outcome: "success", return_to: "/direct-debit" });
    // The webhook and a replay change nothing more.
    expect(await stub.sendWebhook(txn.transactionId)).toBe(200);
    expect((await back(txn.transactionId, txn.orderCode)).body.data.outcome).toBe("success");
    expect(mandate()).toEqual({
      card_token: `viva:${txn.transactionId}`,
      card_last4: "0133",
      card_exp_month: 10,
      card_exp_year: 2030,
    });
    expect(stub.refunds.filter((r) => r.transactionId === txn.transactionId)).toEqual([
      { transactionId: txn.transactionId, amountCents: 30 },
    ]);
    const flow = await api.call<{ data: { step: string; mandate: { card_last4: string } } }>(
      `/direct-debit/flows/${token}`,
    );
    expect([flow.body.data.step, flow.body.data.mandate.card_last4]).toEqual(["done", "0133"]);
    // Never a payment: no payment order, no ledger row.
    expect(payments()).toBe(before);
  });

  it("stores nothing for a tampered return or a failed transaction", async () => {
    server.query(`DELETE FROM direct_debits WHERE meter_id = ${METER}`);
    const { order } = await toViva();
    const other = await toViva();
    const foreign = stub.pay(other.order.orderCode);
    // Another order's transaction under this order's code.
    const tampered = await back(foreign.transactionId, order.orderCode);
    expect(tampered.body.data).toMatchObject({ outcome: "fail", reason: null });
    // A read-back of another amount.
    const paid = stub.pay(order.orderCode);
    stub.setTamper(() => ({ amountCents: 3000 }));
    try {
      expect((await back(paid.transactionId, order.orderCode)).body.data.outcome).toBe("fail");
    } finally {
      stub.setTamper(null);
    }
    // A declined card on the other order: "declined", the order left open for a retry.
    const failed = stub.pay(other.order.orderCode, "E");
    const declined = await back(failed.transactionId, other.order.orderCode);
    expect(declined.body.data).toMatchObject({ outcome: "fail", reason: "card_failed" });
    expect(mandate()).toBeUndefined();
    expect(stub.refunds.some((r) => r.transactionId === failed.transactionId)).toBe(false);
  });

  it("the hourly reconciliation stores a mandate paid at Viva and expires another, no payment", async () => {
    server.query(`DELETE FROM direct_debits WHERE meter_id = ${METER}`);
    const before = payments();
    const paid = await toViva(); // paid at Viva, the customer never came back, no webhook
    const gone = await toViva();
    stub.pay(paid.order.orderCode);
    gone.order.stateId = 1;
    const ago = new Date(Date.now() - 40 * 60_000).toISOString();
    server.query(`UPDATE direct_debit_orders SET created_at = '${ago}'`);
    const run = await fetch(
      `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&time=${Date.now()}&format=json`,
    );
    expect(await run.json()).toMatchObject({ outcome: "ok" });
    const status = (merchantTrns: string) =>
      server.query<{ status: string; failure: string | null }>(
        `SELECT status, failure FROM direct_debit_orders WHERE id = '${merchantTrns}'`,
      )[0];
    expect(status(paid.order.merchantTrns)).toEqual({ status: "success", failure: null });
    expect(status(gone.order.merchantTrns)).toEqual({ status: "failed", failure: "expired" });
    expect(mandate()?.card_last4).toBe("0133");
    expect(payments()).toBe(before);
  });

  it("a page return goes to the flow's own pages, and the receipt of a payment has the card's last four", async () => {
    server.query(`DELETE FROM direct_debits WHERE meter_id = ${METER}`);
    const { order } = await toViva();
    const txn = stub.pay(order.orderCode, "E");
    const page = await fetch(
      `${server.baseUrl}${new URL(stub.returnUrl(txn)).pathname}${new URL(stub.returnUrl(txn)).search}`,
      {
        redirect: "manual",
      },
    );
    expect(page.headers.get("location")).toBe("/direct-debit?failed=declined");
    // A Viva payment's receipt shows the read-back's last four (0020_viva_cards.sql).
    const bearer = (await api.login(h.vat)).access_token;
    server.query(`UPDATE meters SET running_total_cents = 1000 WHERE id = ${METER}`);
    const started = await api.call<{ data: { reference: string; redirect_url: string } }>(
      "/payments/orders",
      { method: "POST", token: bearer, body: { items: [{ meter_id: METER, amount: 10 }] } },
    );
    const code = new URL(started.body.data.redirect_url).searchParams.get("ref") ?? "";
    const paid = stub.pay(code);
    expect((await back(paid.transactionId, code)).body.data.outcome).toBe("success");
    const receipt = await api.call<{ data: { card_last4: string | null } }>(
      `/payments/receipts/${started.body.data.reference}`,
      { token: bearer },
    );
    expect(receipt.body.data.card_last4).toBe("0133");
  });
});
