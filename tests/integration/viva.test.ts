import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiPaymentOutcome, ApiPaymentStart } from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createPortal } from "../security/support.ts";
import {
  startVivaStub,
  VIVA_TEST_CREDENTIALS,
  VIVA_WEBHOOK_KEY,
  type VivaStub,
} from "../support/viva-stub.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * The real Viva Smart Checkout adapter (api/gateway/viva.ts, ADR 0025) against the loopback
 * stand-in of Viva's documented endpoints (tests/support/viva-stub.ts): order creation with the
 * documented fields, the read-back that alone decides, tampered returns, webhooks before the
 * return and at the same moment, the loser of two orders for one balance refunded, token expiry,
 * Viva's 5xx and timeouts within the page budget, and the hourly reconciliation.
 */
let stub: VivaStub;
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
const h = DEMO.household;
const METER = h.mainMeterId;

beforeAll(async () => {
  stub = await startVivaStub();
  server = await startServer({ vars: stub.vars });
  stub.setPortal(server.baseUrl);
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

const owe = (cents: number) =>
  server.query(`UPDATE meters SET running_total_cents = ${cents} WHERE id = ${METER}`);
const balance = () =>
  server.query<{ c: number }>(`SELECT running_total_cents AS c FROM meters WHERE id = ${METER}`)[0]
    ?.c;
const orderRow = (id: string) =>
  server.query<{ status: string; failure: string | null; provider_order: string | null }>(
    `SELECT status, failure, provider_order FROM payment_orders WHERE id = '${id}'`,
  )[0];
const ledger = (id: string) =>
  server.query<{ n: number }>(`SELECT COUNT(*) AS n FROM transactions WHERE order_id = '${id}'`)[0]
    ?.n;

async function order(amount: number, lang?: "el" | "en") {
  const r = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
    method: "POST",
    token,
    lang,
    body: { items: [{ meter_id: METER, amount }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const code = new URL(r.body.data.redirect_url).searchParams.get("ref") ?? "";
  return { ...r.body.data, code };
}

/** The customer's return as Viva sends it (success or failure URL): t and s, and Viva's extras. */
const back = (t: string, s: string) =>
  api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
    method: "POST",
    body: { t, s, lang: "el-GR", eventId: "0", eci: "1" },
  });

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Viva Smart Checkout: orders and the read-back", () => {
  it("creates the payment order with the documented fields and sends the customer to Smart Checkout", async () => {
    owe(5000);
    const start = await order(12.34);
    expect(start.redirect_url).toBe(`${stub.url}/web/checkout?ref=${start.code}`);
    expect(start.code).toMatch(/^\d{16}$/);
    const sent = stub.orders.get(start.code);
    expect(sent?.body).toMatchObject({
      amount: 1234,
      merchantTrns: start.order_id,
      sourceCode: VIVA_TEST_CREDENTIALS.VIVA_SOURCE_CODE,
      customer: { requestLang: "el-GR", fullName: h.name, email: h.email },
    });
    expect(String(sent?.body.customerTrns)).toContain(start.reference);
    // The 16-digit order code is kept exactly (not through a double).
    expect(orderRow(start.order_id)?.provider_order).toBe(start.code);
    const tokenCall = stub.requests.find((r) => r.path === "/connect/token");
    const basic = Buffer.from(
      `${VIVA_TEST_CREDENTIALS.VIVA_CLIENT_ID}:${VIVA_TEST_CREDENTIALS.VIVA_CLIENT_SECRET}`,
    ).toString("base64");
    expect(tokenCall).toMatchObject({
      authorization: `Basic ${basic}`,
      body: "grant_type=client_credentials",
    });
    const orderCall = stub.requests.filter((r) => r.path === "/checkout/v2/orders").at(-1);
    expect(orderCall?.authorization).toMatch(/^Bearer stub-/);

    const english = await order(1, "en");
    expect(stub.orders.get(english.code)?.body.customer).toMatchObject({ requestLang: "en-GB" });
  });

  it("records a payment only after reading the transaction back, once", async () => {
    owe(5000);
    const start = await order(20);
    const txn = stub.pay(start.code);
    const r = await back(txn.transactionId, start.code);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ outcome: "success", reference: start.reference });
    expect(
      stub.requests.some((q) => q.path === `/checkout/v2/transactions/${txn.transactionId}`),
    ).toBe(true);
    expect(ledger(start.order_id)).toBe(1);
    expect(balance()).toBe(3000);
    // The same return again: the recorded result, nothing more.
    const again = await back(txn.transactionId, start.code);
    expect(again.body.data.outcome).toBe("success");
    expect(ledger(start.order_id)).toBe(1);
    expect(balance()).toBe(3000);
  });

  it("refuses tampered returns and records nothing; a failed transaction leaves the order open for a retry", async () => {
    owe(9000);
    const a = await order(10);
    const b = await order(11);
    // Another order's transaction with this order's code.
    const other = stub.pay(b.code);
    const swapped = await back(other.transactionId, a.code);
    expect(swapped.status).toBe(400);
    expect(swapped.code).toBe("payment_invalid");
    // A transaction Viva does not know, and an order code the portal does not know.
    expect((await back(randomUUID(), a.code)).code).toBe("payment_invalid");
    expect((await back(other.transactionId, "1234567890123456")).code).toBe("payment_not_found");
    // A failed transaction: "card failed", but the order lives on and the customer retries on it.
    const failed = stub.pay(a.code, "E");
    const fail = await back(failed.transactionId, a.code);
    expect(fail.body.data).toMatchObject({ outcome: "fail", reason: "card_failed" });
    expect(orderRow(a.order_id)?.status).toBe("started");
    expect(ledger(a.order_id)).toBe(0);
    const paid = stub.pay(a.code);
    expect((await back(paid.transactionId, a.code)).body.data.outcome).toBe("success");
    expect(ledger(a.order_id)).toBe(1);
    // A read-back whose amount differs from the order (one cent): never recorded.
    const c = await order(12);
    const txn = stub.pay(c.code);
    stub.setTamper((t) =>
      t.transactionId === txn.transactionId ? { amountCents: t.amountCents - 1 } : {},
    );
    try {
      const r = await back(txn.transactionId, c.code);
      expect(r.body.data.outcome).toBe("mismatch");
    } finally {
      stub.setTamper(null);
    }
    expect(ledger(c.order_id)).toBe(0);
    expect(orderRow(c.order_id)).toMatchObject({ status: "failed", failure: "mismatch" });
    expect(ledger(b.order_id)).toBe(0);
    expect(balance()).toBe(8000);
  });

  it("cancels an unpaid order at Viva from the cancel dialog", async () => {
    owe(5000);
    const start = await order(5);
    const r = await api.call(`/payments/orders/${start.order_id}/cancel`, { method: "POST" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(stub.orders.get(start.code)?.stateId).toBe(2);
    expect(orderRow(start.order_id)?.status).toBe("cancelled");
  });
});

describe("Viva webhooks", () => {
  it("answers the verification with the key Viva's API gives", async () => {
    const r = await fetch(`${server.baseUrl}/api/payments/viva/webhook`, {
      headers: { connection: "close" },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ Key: VIVA_WEBHOOK_KEY });
  });

  it("records a payment by webhook alone; duplicated and concurrent webhooks and the return record it once", async () => {
    owe(5000);
    const start = await order(10);
    const txn = stub.pay(start.code);
    const started = Date.now();
    const statuses = await Promise.all([1, 2, 3].map(() => stub.sendWebhook(txn.transactionId)));
    expect(statuses).toEqual([200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(3000);
    await until(() => orderRow(start.order_id)?.status === "success");
    // The customer comes back afterwards, with more webhooks at the same moment.
    const [r] = await Promise.all([
      back(txn.transactionId, start.code),
      stub.sendWebhook(txn.transactionId),
      stub.sendWebhook(txn.transactionId),
    ]);
    expect(r.body.data.outcome).toBe("success");
    expect(ledger(start.order_id)).toBe(1);
    expect(balance()).toBe(4000);

    // The return and the webhooks all at once, before anything was recorded.
    const next = await order(15);
    const txn2 = stub.pay(next.code);
    await Promise.all([
      back(txn2.transactionId, next.code),
      back(txn2.transactionId, next.code),
      ...[1, 2, 3].map(() => stub.sendWebhook(txn2.transactionId)),
    ]);
    await until(() => orderRow(next.order_id)?.status === "success");
    expect(ledger(next.order_id)).toBe(1);
    expect(balance()).toBe(2500);
  });

  it("a 'Transaction Failed' webhook records nothing and ends nothing", async () => {
    owe(5000);
    const start = await order(10);
    const failed = stub.pay(start.code, "E");
    expect(await stub.sendWebhook(failed.transactionId, 1798)).toBe(200);
    await until(() =>
      stub.requests.some((q) => q.path === `/checkout/v2/transactions/${failed.transactionId}`),
    );
    expect(orderRow(start.order_id)?.status).toBe("started");
    expect(ledger(start.order_id)).toBe(0);
  });

  it("two orders for one balance: one is recorded, the other refunded through Viva's cancel/refund", async () => {
    owe(3000);
    const a = await order(30);
    const b = await order(30);
    const ta = stub.pay(a.code);
    const tb = stub.pay(b.code);
    const before = stub.refunds.length;
    const outcomes = await Promise.all([
      back(ta.transactionId, a.code),
      back(tb.transactionId, b.code),
    ]);
    expect(outcomes.map((o) => o.body.data.outcome).sort()).toEqual(["already_paid", "success"]);
    expect(balance()).toBe(0);
    const loser = outcomes[0]?.body.data.outcome === "already_paid" ? ta : tb;
    expect(stub.refunds.slice(before)).toEqual([
      { transactionId: loser.transactionId, amountCents: 3000 },
    ]);
  });
});

describe("Viva's failures", () => {
  it("an expired token gets one fresh token and one retry; a valid one is reused", async () => {
    owe(5000);
    await order(1);
    const issued = stub.tokensIssued();
    await order(1);
    expect(stub.tokensIssued()).toBe(issued);
    stub.expireTokens();
    await order(1);
    expect(stub.tokensIssued()).toBe(issued + 1);
  });

  it("Viva's 5xx and timeouts: the page answers within 4 s with the form kept; nothing is recorded", async () => {
    owe(5000);
    const portal = createPortal(server.baseUrl);
    await portal.login(h.vat);
    const form = new URLSearchParams({
      "items[0].meter_id": String(METER),
      "items[0].pay": "on",
      "items[0].amount": "7,00",
    });
    try {
      stub.setFaults([{ method: "POST", path: /^\/checkout\/v2\/orders$/, status: 503 }]);
      const r = await api.call("/payments/orders", {
        method: "POST",
        token,
        body: { items: [{ meter_id: METER, amount: 7 }] },
      });
      expect(r.status).toBe(502);
      expect(r.code).toBe("payment_provider_error");

      for (const fault of [{ status: 500 }, { delayMs: 10_000 }]) {
        stub.setFaults([{ method: "POST", path: /^\/checkout\/v2\/orders$/, ...fault }]);
        const started = Date.now();
        const page = await portal.request("/b2b/pay", { form });
        expect(Date.now() - started).toBeLessThan(4000);
        expect(page.status).toBe(400);
        expect(page.text).toContain("Η πληρωμή δεν ξεκίνησε");
        expect(page.text).toContain('value="7,00"');
      }

      // The read-back fails: "not completed, try later"; the order stays open; later it records.
      stub.setFaults([]);
      const start = await order(7);
      const txn = stub.pay(start.code);
      stub.setFaults([{ path: /^\/checkout\/v2\/transactions\//, status: 502 }]);
      const r1 = await back(txn.transactionId, start.code);
      expect(r1.body.data).toMatchObject({ outcome: "fail", reason: "not_completed" });
      stub.setFaults([{ path: /^\/checkout\/v2\/transactions\//, delayMs: 10_000 }]);
      const started = Date.now();
      const r2 = await back(txn.transactionId, start.code);
      expect(Date.now() - started).toBeLessThan(4000);
      expect(r2.body.data).toMatchObject({ outcome: "fail", reason: "not_completed" });
      expect(orderRow(start.order_id)?.status).toBe("started");
      expect(ledger(start.order_id)).toBe(0);
      stub.setFaults([]);
      expect((await back(txn.transactionId, start.code)).body.data.outcome).toBe("success");
    } finally {
      stub.setFaults([]);
    }
  });
});

describe("the hourly reconciliation", () => {
  it("settles every order still pending after 30 minutes: paid, expired, kept; the clean-up waits for it", async () => {
    owe(9000);
    const paid = await order(10); // paid at Viva, the customer never came back, no webhook
    const expired = await order(11);
    const open = await order(12); // still open at Viva
    const fresh = await order(13); // younger than 30 minutes
    stub.pay(paid.code);
    stub.pay(fresh.code);
    const viva = stub.orders.get(expired.code);
    if (viva) viva.stateId = 1;
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    server.query(
      `UPDATE payment_orders SET created_at = '${ago(40)}' WHERE id IN ('${paid.order_id}', '${expired.order_id}')`,
    );
    // Eight days: the clean-up of abandoned orders would take it, but Viva has not settled it.
    server.query(
      `UPDATE payment_orders SET created_at = '${ago(8 * 24 * 60)}' WHERE id = '${open.order_id}'`,
    );
    const response = await fetch(
      `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&time=${Date.now()}&format=json`,
    );
    expect(await response.json()).toMatchObject({ outcome: "ok" });
    expect(orderRow(paid.order_id)?.status).toBe("success");
    expect(ledger(paid.order_id)).toBe(1);
    expect(orderRow(expired.order_id)).toMatchObject({ status: "failed", failure: "expired" });
    expect(orderRow(open.order_id)?.status).toBe("started");
    expect(orderRow(fresh.order_id)?.status).toBe("started");
    expect(balance()).toBe(8000);
  });
});
