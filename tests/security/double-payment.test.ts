/**
 * Paying twice overpaid. Two orders for the whole balance of one supply each
 * pass the "amount ≤ total due" check when they are created; returned from the acquirer at the
 * same moment, both were recorded and the balance went negative. Now the check is made again
 * when the payment is recorded, in the same atomic statement that claims the order: exactly one
 * is recorded; the other is never taken (the acquirer voids its authorisation) and the customer
 * is told so in their language, for the API, the portal's /checkout-return and the page.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiGatewayNext,
  ApiPaymentOutcome,
  ApiPaymentStart,
} from "../../core/contract/index.ts";
import { TEST_3DS_CODE, TEST_CARDS } from "../../core/gateway.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import { createPortal, decodeEntities, fetchWorker, type Portal } from "./support.ts";

type Messages = {
  paymentMessages: { failTitle: string };
  paymentErrors: { already_paid: string };
};
const messages = (lng: "el" | "en") =>
  JSON.parse(
    readFileSync(new URL(`../../locales/${lng}/payments.json`, import.meta.url), "utf8"),
  ) as Messages;

let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
let portal: Portal;
const who = DEMO.company;
/** Supplies of the company that owe something, taken one or a few per test. */
let owing: number[];

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(who.vat)).access_token;
  portal = createPortal(server.baseUrl);
  await portal.login(who.vat);
  owing = server
    .query<{ id: number }>(
      `SELECT id FROM meters WHERE customer_id = ${who.customerId} AND running_total_cents > 0
         AND status IN ('Active', 'Stopped') ORDER BY id`,
    )
    .map((m) => m.id);
  expect(owing.length).toBeGreaterThanOrEqual(6);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** What the supplies owe now, by id (one query: each costs a wrangler run). */
function dues(ids: number[]): Record<number, number> {
  const rows = server.query<{ id: number; cents: number }>(
    `SELECT id, running_total_cents AS cents FROM meters WHERE id IN (${ids.join(",")})`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.cents]));
}
const due = (meterId: number) => dues([meterId])[meterId] ?? NaN;

const CARD = {
  number: TEST_CARDS.success,
  cvv: "123",
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 2),
  holder: "Test Holder",
};

async function order(items: { meter_id: number; cents: number }[]): Promise<ApiPaymentStart> {
  const r = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
    token,
    body: { items: items.map((i) => ({ meter_id: i.meter_id, amount: i.cents / 100 })) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

/** Pays an order at the test acquirer (3-D Secure above 30 €) and returns the signed return URL. */
async function authorise(start: ApiPaymentStart): Promise<string> {
  const session = start.redirect_url.replace("/gateway/pay/", "");
  const r = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/authorize`, {
    method: "POST",
    body: CARD,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  if (r.body.data.next !== "challenge") return r.body.data.url;
  const c = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/challenge`, {
    method: "POST",
    body: { action: "confirm", code: TEST_3DS_CODE },
  });
  expect(c.status).toBe(200);
  return c.body.data.url;
}

const fieldsOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

function apiReturn(url: string) {
  return api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
    method: "POST",
    body: fieldsOf(url),
  });
}

const ledger = (orderIds: string[]) =>
  server.query<{ order_id: string; meter_id: number; amount_cents: number }>(
    `SELECT order_id, meter_id, amount_cents FROM transactions
      WHERE order_id IN (${orderIds.map((id) => `'${id}'`).join(",")}) ORDER BY meter_id`,
  );

/** N orders for the whole balance of one supply, all authorised at the acquirer. */
async function racingOrders(meterId: number, n: number) {
  const cents = due(meterId);
  expect(cents).toBeGreaterThan(0);
  const starts: ApiPaymentStart[] = [];
  for (let i = 0; i < n; i++) starts.push(await order([{ meter_id: meterId, cents }]));
  const urls: string[] = [];
  for (const start of starts) urls.push(await authorise(start));
  return { cents, starts, urls };
}

describe("#14.9 paying the same balance twice records one payment", () => {
  it("two orders for the whole balance, returned at once: one recorded, one voided and explained", async () => {
    const meterId = owing[0] as number;
    const { cents, starts, urls } = await racingOrders(meterId, 2);
    const answers = await Promise.all(urls.map(apiReturn));
    for (const a of answers) expect(a.status).toBe(200);
    const outcomes = answers.map((a) => a.body.data.outcome).sort();
    expect(outcomes).toEqual(["already_paid", "success"]);

    const ids = starts.map((s) => s.order_id);
    expect(ledger(ids)).toEqual([
      { order_id: expect.any(String), meter_id: meterId, amount_cents: cents },
    ]);
    expect(due(meterId)).toBe(0);
    const lost = answers.find((a) => a.body.data.outcome === "already_paid")!.body.data.order_id;
    expect(server.query(`SELECT status, failure FROM payment_orders WHERE id = '${lost}'`)).toEqual(
      [{ status: "failed", failure: "already_paid" }],
    );
    // Authorised by the card holder, released by the merchant: never captured.
    const charge = server.query<{ status: string; voided_at: string | null }>(
      `SELECT status, voided_at FROM gateway_payments WHERE merchant_order = '${lost}'`,
    )[0];
    expect(charge?.status).toBe("approved");
    expect(charge?.voided_at).toBeTruthy();
    // Only one receipt email went out.
    const receipts = server.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM outbox WHERE body LIKE '%${starts[0]!.reference}%' OR body LIKE '%${starts[1]!.reference}%'`,
    )[0]?.n;
    expect(receipts).toBe(1);
    // A replay of either return changes nothing.
    const again = await Promise.all(urls.map(apiReturn));
    expect(again.map((a) => a.body.data.outcome)).toEqual([
      "already_processed",
      "already_processed",
    ]);
    expect(due(meterId)).toBe(0);
  });

  it("ten orders for the whole balance, returned at once: exactly one recorded, no 5xx", async () => {
    const meterId = owing[1] as number;
    const { cents, starts, urls } = await racingOrders(meterId, 10);
    const answers = await Promise.all(urls.map(apiReturn));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((a) => a.body.data.outcome);
    expect(outcomes.filter((o) => o === "success")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already_paid")).toHaveLength(9);
    expect(ledger(starts.map((s) => s.order_id))).toHaveLength(1);
    expect(ledger(starts.map((s) => s.order_id))[0]?.amount_cents).toBe(cents);
    expect(due(meterId)).toBe(0);
    const voided = server.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM gateway_payments WHERE voided_at IS NOT NULL
          AND merchant_order IN (${starts.map((s) => `'${s.order_id}'`).join(",")})`,
    )[0]?.n;
    expect(voided).toBe(9);
  });

  it("orders for several supplies are recorded whole or not at all", async () => {
    const [a, b, c] = owing.slice(2, 5) as [number, number, number];
    const before = dues([a, b, c]);
    const first = await order([
      { meter_id: a, cents: before[a]! },
      { meter_id: b, cents: before[b]! },
    ]);
    const second = await order([
      { meter_id: b, cents: before[b]! },
      { meter_id: c, cents: before[c]! },
    ]);
    const urls = [await authorise(first), await authorise(second)];
    const answers = await Promise.all(urls.map(apiReturn));
    expect(answers.map((x) => x.body.data.outcome).sort()).toEqual(["already_paid", "success"]);
    const won = answers.find((x) => x.body.data.outcome === "success")!.body.data.order_id;
    const rows = ledger([first.order_id, second.order_id]);
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set([won]));
    expect(rows).toHaveLength(2);
    // The refused order took nothing, not even from the supply only it was paying.
    const after = dues([a, b, c]);
    expect(after).toEqual(
      won === first.order_id
        ? { [a]: 0, [b]: 0, [c]: before[c] }
        : { [a]: before[a], [b]: 0, [c]: 0 },
    );
  });

  it("through the portal: both /checkout-return at once, the second says what happened, in el and en", async () => {
    const meterId = owing[5] as number;
    const { urls } = await racingOrders(meterId, 2);
    const responses = await Promise.all(
      urls.map((url) =>
        fetchWorker(`${server.baseUrl}${url}`, {
          headers: { connection: "close" },
          redirect: "manual",
        }),
      ),
    );
    for (const r of responses) expect(r.status).toBeGreaterThanOrEqual(300);
    for (const r of responses) expect(r.status).toBeLessThan(400);
    const locations = responses.map((r) => r.headers.get("location") ?? "").sort();
    expect(locations.some((l) => l.includes("checkout=success"))).toBe(true);
    const refused = locations.find((l) => l.includes("e=already_paid"));
    expect(refused, locations.join("\n")).toBeDefined();
    expect(refused).toMatch(/^\/b2b\/pay\?.*checkout=fail/);
    expect(due(meterId)).toBe(0);

    for (const lng of ["el", "en"] as const) {
      const page = await portal.request(`${refused}&lng=${lng}`);
      expect(page.status).toBe(200);
      const text = decodeEntities(page.text);
      expect(text).toContain(messages(lng).paymentMessages.failTitle);
      expect(text).toContain(messages(lng).paymentErrors.already_paid);
    }
  });
});
