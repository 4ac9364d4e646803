import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiGatewayNext,
  ApiInvoice,
  ApiMeter,
  ApiPaymentOutcome,
  ApiPaymentStart,
  ApiReading,
} from "../../core/contract/index.ts";
import { TEST_3DS_CODE, TEST_CARDS } from "../../core/gateway.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createPortal, type Portal } from "../security/support.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * Customers with hundreds of supplies (D1 binds at most 100 parameters a statement), against the
 * real Worker and local D1: the 1,000-supply business customer of
 * the demo data (ΔΕΛΤΑ ΛΙΑΝΙΚΗ Α.Ε., 220000009). Every list over its supplies answers 200 with
 * every row, settings save, payment orders of 150 and 1,000 supplies are created and recorded,
 * and its pages render. (Before the fix, lists over more than 100 supplies bound one parameter
 * per supply and D1 refused them: 500.)
 */
const big = DEMO.hugeCompany;
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
let portal: Portal;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(big.vat)).access_token;
  portal = createPortal(server.baseUrl);
  await portal.login(big.vat);
});
afterAll(async () => {
  await server?.stop();
});

const count = (sql: string) => server.query<{ n: number }>(sql)[0]?.n ?? -1;
const OWN = `SELECT id FROM meters WHERE customer_id = ${big.customerId}`;

describe("#14.8 the 1,000-supply customer's lists", () => {
  it("GET /users/{id}/meters, with and without billing history: all 1,000 supplies", async () => {
    const plain = await api.call<{ data: ApiMeter[] }>(`/users/${big.userId}/meters`, { token });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toHaveLength(big.meterCount);

    const full = await api.call<{ data: (ApiMeter & { billing_history: { data: unknown[] } })[] }>(
      `/users/${big.userId}/meters?billing_history=true`,
      { token },
    );
    expect(full.status).toBe(200);
    expect(full.body.data).toHaveLength(big.meterCount);
    const rows = full.body.data.reduce((n, m) => n + m.billing_history.data.length, 0);
    expect(rows).toBe(count(`SELECT COUNT(*) AS n FROM invoices WHERE meter_id IN (${OWN})`));
  });

  it("GET /users/{id}/invoices: every bill and payment of every supply", async () => {
    const r = await api.call<{ data: ApiInvoice[] }>(`/users/${big.userId}/invoices`, { token });
    expect(r.status).toBe(200);
    const expected = count(`SELECT COUNT(*) AS n FROM invoices WHERE meter_id IN (${OWN})`);
    expect(expected).toBeGreaterThan(5000);
    expect(r.body.data).toHaveLength(expected);
    expect(new Set(r.body.data.map((i) => i.meter_id)).size).toBe(big.meterCount);
  });

  it("GET /users/{id}/readings: every reading of every supply", async () => {
    const r = await api.call<{ data: ApiReading[] }>(`/users/${big.userId}/readings`, { token });
    expect(r.status).toBe(200);
    const expected = count(`SELECT COUNT(*) AS n FROM readings WHERE meter_id IN (${OWN})`);
    expect(expected).toBeGreaterThan(1000);
    expect(r.body.data).toHaveLength(expected);
  });

  it("POST /getNewReadings: the readings registered since a moment, over all supplies", async () => {
    const since = "2000-01-01";
    const r = await api.call<{ data: ApiReading[] }>("/getNewReadings", {
      token,
      body: { since },
    });
    expect(r.status).toBe(200);
    const all = count(
      `SELECT COUNT(*) AS n FROM readings WHERE meter_id IN (${OWN}) AND created_at > '${since}'`,
    );
    // The endpoint answers at most 500 rows, newest first.
    expect(r.body.data).toHaveLength(Math.min(all, 500));
    const recent = await api.call<{ data: ApiReading[] }>("/getNewReadings", { token, body: {} });
    expect(recent.status).toBe(200);
  });
});

describe("#14.8 the 1,000-supply customer's pages", () => {
  for (const page of [
    "/b2b/episkopisi",
    "/b2b/logariasmoi",
    "/b2b/paroxes",
    "/b2b/pay",
    "/b2b/kataxorisi",
    "/b2b/settings",
  ]) {
    it(`${page} renders`, async () => {
      const r = await portal.request(page);
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      // The signed-in shell: the authorised employee's name in the header.
      expect(r.text.includes(big.employeeName), `${page} shows the user`).toBe(true);
    });
  }
});

describe("#14.8 the 1,000-supply customer saves settings", () => {
  it("PUT /user/settings with the e-bill settings of all 1,000 supplies and a new main supply", async () => {
    const meters = server.query<{
      id: number;
      ebill_enable_edit: number;
      email: string | null;
      phone: string | null;
    }>(
      `SELECT id, ebill_enable_edit, CASE WHEN ebill = 1 THEN ebill_email END AS email,
              CASE WHEN sms_bill = 1 THEN sms_number END AS phone
         FROM meters WHERE customer_id = ${big.customerId} ORDER BY id`,
    );
    expect(meters).toHaveLength(big.meterCount);
    const main = big.firstMeterId + 1;
    const r = await api.call("/user/settings", {
      method: "PUT",
      token,
      body: {
        userId: big.userId,
        afm: big.vat,
        nrg_skin: 3,
        lang: "el",
        email: big.email,
        phone: big.phone,
        meter_id: main,
        indication_email: 1,
        indication_sms: 0,
        // SMS bills on every supply that may change; the others as they are.
        ebill_settings: meters.map((m) =>
          m.ebill_enable_edit
            ? { meter_id: m.id, email: null, phone: big.phone }
            : { meter_id: m.id, email: m.email, phone: m.phone },
        ),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    const editable = meters.filter((m) => m.ebill_enable_edit).length;
    expect(
      count(
        `SELECT COUNT(*) AS n FROM meters WHERE customer_id = ${big.customerId}
           AND ebill = 0 AND sms_bill = 1 AND sms_number = '${big.phone}'`,
      ),
    ).toBe(editable);
    expect(
      server.query(`SELECT id FROM meters WHERE customer_id = ${big.customerId} AND is_main = 1`),
    ).toEqual([{ id: main }]);
    expect(server.query(`SELECT nrg_skin FROM users WHERE id = ${big.userId}`)).toEqual([
      { nrg_skin: 3 },
    ]);
  });
});

const CARD = {
  cvv: "123",
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 2),
  holder: "Test Holder",
};

/** Completes an order at the test acquirer (with 3-D Secure above 30 €): the signed return. */
async function payAtAcquirer(start: ApiPaymentStart): Promise<Record<string, string>> {
  const session = start.redirect_url.replace("/gateway/pay/", "");
  const r = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/authorize`, {
    method: "POST",
    body: { ...CARD, number: TEST_CARDS.success },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  let next = r.body.data;
  if (next.next === "challenge") {
    const c = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/challenge`, {
      method: "POST",
      body: { action: "confirm", code: TEST_3DS_CODE },
    });
    expect(c.status).toBe(200);
    next = c.body.data;
  }
  return Object.fromEntries(new URL(next.url, "http://x").searchParams);
}

describe("#14.8 the 1,000-supply customer pays many supplies at once", () => {
  it("the pay page starts one card payment for 150 supplies", async () => {
    const owing = server.query<{ id: number; cents: number }>(
      `SELECT id, running_total_cents AS cents FROM meters
        WHERE customer_id = ${big.customerId} AND running_total_cents > 0 ORDER BY id LIMIT 150`,
    );
    expect(owing).toHaveLength(150);
    const form = new URLSearchParams();
    owing.forEach((m, i) => {
      form.set(`items[${i}].meter_id`, String(m.id));
      form.set(`items[${i}].pay`, "on");
      form.set(`items[${i}].amount`, (m.cents / 100).toFixed(2).replace(".", ","));
    });
    const r = await portal.request("/b2b/pay", { form });
    expect(r.status, r.text.slice(0, 300)).toBeGreaterThanOrEqual(300);
    expect(r.status).toBeLessThan(400);
    expect(r.location).toMatch(/^\/gateway\/pay\//);
  });

  for (const size of [150, 1000]) {
    it(`an order for ${size} supplies is created, paid and recorded once per supply`, async () => {
      // Every supply owes 7 € more, so that any of them can be paid.
      server.query(
        `UPDATE meters SET running_total_cents = running_total_cents + 700 WHERE customer_id = ${big.customerId}`,
      );
      const ids = server
        .query<{ id: number }>(`${OWN} ORDER BY id DESC LIMIT ${size}`)
        .map((m) => m.id);
      const before = count(
        `SELECT SUM(running_total_cents) AS n FROM meters WHERE id IN (${ids.join(",")})`,
      );
      const order = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
        token,
        body: { items: ids.map((id) => ({ meter_id: id, amount: 7 })) },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      expect(order.body.data.amount).toBe(7 * size);
      const fields = await payAtAcquirer(order.body.data);
      const back = await api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
        method: "POST",
        body: fields,
      });
      expect(back.status).toBe(200);
      expect(back.body.data.outcome).toBe("success");
      const id = order.body.data.order_id;
      expect(count(`SELECT COUNT(*) AS n FROM transactions WHERE order_id = '${id}'`)).toBe(size);
      expect(
        count(
          `SELECT COUNT(*) AS n FROM invoices WHERE type = 'payment' AND invoice_no LIKE '${order.body.data.reference}%'`,
        ),
      ).toBe(size);
      const after = count(
        `SELECT SUM(running_total_cents) AS n FROM meters WHERE id IN (${ids.join(",")})`,
      );
      expect(before - after).toBe(700 * size);
      const receipt = await api.call<{ data: { items: unknown[] } }>(
        `/payments/receipts/${order.body.data.reference}`,
        { token },
      );
      expect(receipt.status).toBe(200);
      expect(receipt.body.data.items).toHaveLength(size);
    });
  }
});
