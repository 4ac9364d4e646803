import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiGatewayNext,
  ApiPaymentStart,
  ApiReading,
  ApiReadingSaved,
} from "../../core/contract/index.ts";
import { athensToday } from "../../core/dates.ts";
import { TEST_CARDS } from "../../core/gateway.ts";
import { previousValue } from "../../core/readings.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { createServiceClient, keySupply } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §1 the changes export, GET /api/backoffice/changes, against the real Worker on the household
 * (100000003): a card payment, a reading and an e-bill setting made through the portal's own API
 * are listed in that order, each once, with the billing system's keys; pages by `limit`; `next`
 * is a cursor (the same cursor answers the same items again); the gate and the cursor's checks.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
let token: string;
let start: number;
const h = DEMO.household;

interface Item {
  seq: number;
  kind: string;
  at: string;
  customer: { vat: string; key?: string } | null;
  supply: { key?: string; number: string } | null;
  data: Record<string, unknown> | null;
}
interface Answer {
  items: Item[];
  next: number;
  more: boolean;
}

const changes = (query: string, credential = bearer) =>
  api.call<Answer>(`/backoffice/changes${query}`, {
    headers: { authorization: `Bearer ${credential}` },
  });

async function all(after: number): Promise<Item[]> {
  const r = await changes(`?after=${after}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.more).toBe(false);
  return r.body.items;
}

/** A card payment through the test acquirer; answers the acquirer's transaction id. */
async function payInPortal(meterId: number, amount: number): Promise<string> {
  const order = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
    method: "POST",
    token,
    body: { items: [{ meter_id: meterId, amount }] },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const session = order.body.data.redirect_url.replace("/gateway/pay/", "");
  const auth = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/authorize`, {
    method: "POST",
    body: {
      cvv: "123",
      exp_month: "12",
      exp_year: String(new Date().getUTCFullYear() + 2),
      holder: "Test Holder",
      number: TEST_CARDS.success,
    },
  });
  let url = auth.body.data.url;
  if (auth.body.data.next === "challenge") {
    const c = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/challenge`, {
      method: "POST",
      body: { action: "confirm", code: "1234" },
    });
    url = c.body.data.url;
  }
  const fields = Object.fromEntries(new URL(url, "http://x").searchParams);
  const recorded = await api.call("/payments/return", { method: "POST", body: fields });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  const [row] = server.query<{ acquirer_txn: string }>(
    `SELECT acquirer_txn FROM payment_orders WHERE reference = '${order.body.data.reference}'`,
  );
  expect(row?.acquirer_txn).toBeTruthy();
  return row!.acquirer_txn;
}

/** A reading of the main supply for today (its reading period opened for it). */
async function readInPortal(): Promise<number> {
  const today = athensToday();
  server.query(
    `UPDATE meters SET indication_open_from = '${today}', indication_open_to = '${today}' WHERE id = ${h.mainMeterId}`,
  );
  const before = await api.call<{ data: ApiReading[] }>(
    `/users/${h.userId}/readings?meter_id=${h.mainMeterId}`,
    { token },
  );
  const saved = await api.call<{ data: ApiReadingSaved }>("/readings", {
    method: "POST",
    token,
    body: {
      meter_id: h.mainMeterId,
      day: (previousValue(before.body.data, "day") as number) + 1,
      night: (previousValue(before.body.data, "night") as number) + 1,
      confirm: true,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.data.readings.length;
}

/** The settings dialog saved with the main supply's e-bill to a new address. */
async function setEbill(email: string) {
  const [user] = server.query<{
    nrg_skin: number;
    lang: string;
    indication_email: number;
    indication_sms: number;
  }>(`SELECT nrg_skin, lang, indication_email, indication_sms FROM users WHERE id = ${h.userId}`);
  const r = await api.call("/user/settings", {
    method: "PUT",
    token,
    body: {
      ...user,
      userId: h.userId,
      afm: h.vat,
      email: h.email,
      phone: h.phone,
      ebill_settings: [{ meter_id: h.mainMeterId, email }],
      meter_id: h.mainMeterId,
      avatar: null,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(204);
}

let acquirerTxn: string;
let readingCount: number;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "billing-changes", ["customers"]).credential;
  // The billing system's keys, as its customers and supplies batches record them.
  server.query(
    `INSERT INTO backoffice_keys (kind, external_key, portal_id, content_hash, updated_at)
     VALUES ('customer', 'CUS-HOUSE', ${h.customerId}, 'x', '${new Date().toISOString()}')`,
  );
  keySupply(server, "SUP-MAIN", h.mainMeterId);
  token = (await api.login(h.vat)).access_token;
  start = server.query<{ seq: number }>(
    "SELECT COALESCE(MAX(seq), 0) AS seq FROM change_journal",
  )[0]!.seq;
  acquirerTxn = await payInPortal(h.mainMeterId, 5);
  readingCount = await readInPortal();
  await setEbill("changes-export@example.gr");
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /backoffice/changes", () => {
  it("lists the card payment, the reading and the e-bill setting in the order they happened, each once", async () => {
    const items = await all(start);
    expect(items.map((i) => i.kind)).toEqual([
      "card_payment",
      ...Array<string>(readingCount).fill("reading"),
      "supply_settings",
    ]);
    const seqs = items.map((i) => i.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    for (const item of items) {
      expect(item.customer).toEqual({ vat: h.vat, key: "CUS-HOUSE" });
      expect(item.supply).toEqual({ key: "SUP-MAIN", number: expect.stringMatching(/^\d+$/) });
    }
    const [payment, reading] = items;
    expect(payment?.data).toMatchObject({
      transaction_id: acquirerTxn,
      amount: 5,
      paid_on: athensToday(),
      channel: "portal",
    });
    expect(reading?.data).toMatchObject({ register: "day", date: athensToday(), replaces: null });
    expect(items.at(-1)?.data).toMatchObject({
      ebill: true,
      ebill_email: "changes-export@example.gr",
      sms_bill: false,
    });
    // Never a card's number, a token or a password hash.
    const text = JSON.stringify(items);
    expect(text).not.toContain(TEST_CARDS.success);
    expect(text).not.toMatch(/password|token|card_number/i);
  });

  it("the same settings saved again change nothing and list nothing", async () => {
    await setEbill("changes-export@example.gr");
    const items = await all(start);
    expect(items.at(-1)?.kind).toBe("supply_settings");
    expect(items.filter((i) => i.kind === "supply_settings")).toHaveLength(1);
  });

  it("pages by limit; after=next goes on where the page ended, and past the end lists nothing", async () => {
    const whole = await all(start);
    const paged: Item[] = [];
    let cursor = start;
    for (let page = 0; page < whole.length + 1; page++) {
      const r = await changes(`?after=${cursor}&limit=1`);
      expect(r.status).toBe(200);
      paged.push(...r.body.items);
      expect(r.body.items.length).toBeLessThanOrEqual(1);
      cursor = r.body.next;
      if (!r.body.more) break;
    }
    expect(paged).toEqual(whole);
    expect(cursor).toBe(whole.at(-1)?.seq);
    const end = await changes(`?after=${cursor}`);
    expect(end.body).toEqual({ items: [], next: cursor, more: false });
  });

  it("is a cursor, not a queue: the same cursor answers the same items again", async () => {
    const first = await changes(`?after=${start}&limit=2`);
    const again = await changes(`?after=${start}&limit=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.more).toBe(true);
    expect(again.body).toEqual(first.body);
  });

  it("a mandate ended since shows as inactive, without its card's token", async () => {
    const cursor = (await changes("?limit=1000&after=" + start)).body.next;
    server.query(
      `INSERT INTO direct_debits (meter_id, customer_id, card_token, card_last4, card_brand,
         card_exp_month, card_exp_year, holder, charge_day, created_at, updated_at)
       VALUES (${h.mainMeterId}, ${h.customerId}, 'tok_secret_123', '4242', 'visa', 3, 2031,
         'Test Holder', 5, '${new Date().toISOString()}', '${new Date().toISOString()}')
       ON CONFLICT (meter_id) DO UPDATE SET card_token = excluded.card_token`,
    );
    let items = await all(cursor);
    expect(items.map((i) => [i.kind, i.data?.active])).toEqual([["direct_debit", true]]);
    expect(items[0]?.data).toMatchObject({ card_brand: "visa", card_expiry: "03/2031" });
    expect(JSON.stringify(items)).not.toContain("tok_secret_123");
    expect(Object.keys(items[0]?.data ?? {})).not.toContain("card_last4");
    server.query(`DELETE FROM direct_debits WHERE meter_id = ${h.mainMeterId}`);
    items = await all(cursor);
    expect(items.map((i) => [i.kind, i.data?.active])).toEqual([
      ["direct_debit", false],
      ["direct_debit", false],
    ]);
  });

  it("refuses a cursor or a limit that is not a whole number in range (400 validation)", async () => {
    for (const after of ["-1", "abc", "1.5", "", "1e3"]) {
      const r = await changes(`?after=${after}`);
      expect([after, r.status, r.code, r.field]).toEqual([after, 400, "validation", "after"]);
    }
    for (const limit of ["0", "1001", "x"]) {
      const r = await changes(`?limit=${limit}`);
      expect([limit, r.status, r.code, r.field]).toEqual([limit, 400, "validation", "limit"]);
    }
  });

  it("needs a service credential with the customers scope", async () => {
    const none = await api.call("/backoffice/changes");
    expect(none.status).toBe(401);
    const customer = await api.call("/backoffice/changes", { token });
    expect(customer.status).toBe(401);
    const invoicesOnly = createServiceClient(server, "billing-invoices-only", [
      "invoices",
    ]).credential;
    const scoped = await changes("", invoicesOnly);
    expect(scoped.status).toBe(403);
  });
});
