import { athensToday } from "../../core/dates.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiGatewayNext,
  ApiInvoice,
  ApiMeter,
  ApiPayLink,
  ApiPaymentOutcome,
  ApiPaymentResult,
  ApiPaymentStart,
  ApiReceipt,
} from "../../core/contract/index.ts";
import { merchantKey, signFields, TEST_CARDS } from "../../core/gateway.ts";
import { DEMO } from "../../seed/accounts.ts";
import { isValidRf } from "../../core/rf.ts";
import { createClient } from "./client";
import { devVar } from "./secrets";
import { startServer, type TestServer } from "./server";

/**
 * Card payments: orders, the test acquirer (hosted-page API, 3-D Secure), the signed
 * return recorded exactly once, balances/history/receipt afterwards, pay links, cancel, and every
 * payment error of spec §8.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
let companyToken: string;
const h = DEMO.household;
const co = DEMO.company;

const CARD = {
  cvv: "123",
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 2),
  holder: "Test Holder",
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
  companyToken = (await api.login(co.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

async function meters(t: string, userId: number) {
  const r = await api.call<{ data: ApiMeter[] }>(`/users/${userId}/meters`, { token: t });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function meter(t: string, userId: number, id: number) {
  const m = (await meters(t, userId)).find((x) => x.id === id);
  if (!m) throw new Error(`meter ${id} not found`);
  return m;
}

async function startOrder(items: { meter_id: number; amount: number }[], t = token) {
  const r = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
    method: "POST",
    token: t,
    body: { items },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

const sessionOf = (start: ApiPaymentStart) => start.redirect_url.replace("/gateway/pay/", "");

async function authorize(start: ApiPaymentStart, number: string) {
  return api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${sessionOf(start)}/authorize`, {
    method: "POST",
    body: { ...CARD, number },
  });
}

/** The acquirer's redirect back to the portal, as fields. */
function returnFields(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, "http://x").searchParams);
}

async function pay(start: ApiPaymentStart, number: string = TEST_CARDS.success) {
  const r = await authorize(start, number);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  if (r.body.data.next === "challenge") {
    // Above 30 €: the 3-D Secure step with the test issuer's code.
    const c = await api.call<{ data: ApiGatewayNext }>(
      `/gateway/sessions/${sessionOf(start)}/challenge`,
      { method: "POST", body: { action: "confirm", code: "1234" } },
    );
    expect(c.status).toBe(200);
    return returnFields(c.body.data.url);
  }
  expect(r.body.data.next).toBe("return");
  return returnFields(r.body.data.url);
}

function postReturn(fields: Record<string, string>) {
  return api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
    method: "POST",
    body: fields,
  });
}

async function signed(fields: Record<string, string>) {
  const key = await merchantKey({ LINK_SECRET: devVar("LINK_SECRET") });
  const { sig: _old, ...rest } = fields;
  return { ...rest, sig: await signFields(key, rest) };
}

const ledgerRows = (orderId: string) =>
  server.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM transactions WHERE order_id = '${orderId}'`,
  )[0]?.n;

describe("POST /payments/orders", () => {
  it("validates each amount against the supply's total due (spec §5)", async () => {
    const m = await meter(token, h.userId, h.mainMeterId);
    const cases: [number, string][] = [
      [m.running_total + 0.01, "validate.amountMax"],
      [0, "validate.amount"],
      [-5, "validate.amount"],
      [1.005, "validate.amount"],
    ];
    for (const [amount, message] of cases) {
      const r = await api.call("/payments/orders", {
        token,
        body: { items: [{ meter_id: h.mainMeterId, amount }] },
      });
      expect([
        amount,
        r.status,
        r.code,
        (r.body as { error: { message?: string } }).error.message,
      ]).toEqual([amount, 400, "validation", message]);
    }
  });

  it("refuses a supply with nothing due, another customer's supply, and no token", async () => {
    const gas = await meter(token, h.userId, h.gasMeterId);
    expect(gas.running_total).toBe(0);
    const nothing = await api.call("/payments/orders", {
      token,
      body: { items: [{ meter_id: h.gasMeterId, amount: 1 }] },
    });
    expect([nothing.status, nothing.code]).toEqual([400, "nothing_due"]);
    const other = await api.call("/payments/orders", {
      token,
      body: { items: [{ meter_id: co.firstMeterId, amount: 1 }] },
    });
    expect([other.status, other.code]).toEqual([404, "not_found"]);
    const anonymous = await api.call("/payments/orders", {
      body: { items: [{ meter_id: h.mainMeterId, amount: 1 }] },
    });
    expect([anonymous.status, anonymous.code]).toEqual([401, "unauthorized"]);
  });

  it("gives every attempt a new order id and reference", async () => {
    const a = await startOrder([{ meter_id: h.mainMeterId, amount: 1 }]);
    const b = await startOrder([{ meter_id: h.mainMeterId, amount: 1 }]);
    expect(a.order_id).not.toBe(b.order_id);
    expect(a.reference).not.toBe(b.reference);
    expect(a.order_id).toMatch(/^ord_[A-Za-z0-9_-]{22}$/);
  });
});

describe("one supply: success, replay, balances, history, receipt", () => {
  it("records the payment once and updates balance, last payment, history and receipt", async () => {
    const before = await meter(token, h.userId, h.mainMeterId);
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 12.34 }]);
    const session = await api.call(`/gateway/sessions/${sessionOf(start)}`);
    expect(session.body.data).toMatchObject({ amount: 12.34, state: "open", sca_required: false });

    const fields = await pay(start);
    const first = await postReturn(fields);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      outcome: "success",
      reference: start.reference,
      amount: 12.34,
      return_to: "/b2b/pay",
    });

    const after = await meter(token, h.userId, h.mainMeterId);
    expect(Math.round((before.running_total - after.running_total) * 100)).toBe(1234);
    expect(after.trn_value).toBe(12.34);
    // The Athens day (core/dates.ts): after 22:00 UTC it is already the next one.
    expect(after.last_payment_date).toBe(athensToday());

    const history = await api.call<{ data: ApiInvoice[] }>(
      `/users/${h.userId}/meters/${h.mainMeterId}/invoices`,
      { token },
    );
    const row = history.body.data[0];
    expect(row).toMatchObject({
      type: "payment",
      invoice_no: start.reference,
      total_value: -12.34,
      remaining: 0,
    });
    expect(row?.ypoloipo).toBe(before.running_total);
    expect(row?.total).toBe(after.running_total);

    // Replay: the very same signed return is "already processed" and records nothing.
    const replay = await postReturn(fields);
    expect(replay.body.data.outcome).toBe("already_processed");
    expect(ledgerRows(start.order_id)).toBe(1);
    expect((await meter(token, h.userId, h.mainMeterId)).running_total).toBe(after.running_total);

    const receipt = await api.call<{ data: ApiReceipt }>(`/payments/receipts/${start.reference}`, {
      token,
    });
    expect(receipt.body.data).toMatchObject({
      reference: start.reference,
      amount: 12.34,
      card_last4: "1111",
    });
    expect(receipt.body.data.items).toHaveLength(1);
    const others = await api.call(`/payments/receipts/${start.reference}`, { token: companyToken });
    expect([others.status, others.code]).toEqual([404, "not_found"]);

    const mail = (await api.outbox()).find((m) => m.subject.includes(start.reference));
    expect(mail?.recipient).toBe(h.email);
    expect(mail?.body).toContain("18101");
  });

  it("the acquirer refuses a second card submission for the same order", async () => {
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 1 }]);
    await pay(start);
    const again = await authorize(start, TEST_CARDS.success);
    expect([again.status, again.code]).toEqual([409, "payment_already_processed"]);
  });
});

describe("the gateway return is verified over all fields", () => {
  it("rejects an altered amount, status, order id or transaction id, and a missing signature", async () => {
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 2 }]);
    const declined = await pay(start, TEST_CARDS.declined);
    const variants: Record<string, string>[] = [
      { ...declined, status: "approved" },
      { ...declined, amount: "1" },
      { ...declined, txn: "AQFORGED" },
      { ...declined, extra: "1" },
      { ...declined, sig: "" },
      { ...declined, sig: declined.sig?.replace(/^./, (c) => (c === "A" ? "B" : "A")) ?? "" },
    ];
    for (const fields of variants) {
      const r = await postReturn(fields);
      expect([r.status, r.code]).toEqual([400, "payment_invalid"]);
    }
    const otherOrder = await postReturn({ ...declined, order: "ord_AAAAAAAAAAAAAAAAAAAAAA" });
    expect([otherOrder.status, otherOrder.code]).toEqual([400, "payment_invalid"]);
    expect(ledgerRows(start.order_id)).toBe(0);
    // The genuine (declined) return still works afterwards.
    expect((await postReturn(declined)).body.data).toMatchObject({
      outcome: "fail",
      reason: "card_failed",
    });
  });

  it("missing transaction number, transaction not found (spec §8)", async () => {
    const missing = await postReturn({ status: "approved", amount: "100" });
    expect([missing.status, missing.code]).toEqual([400, "payment_missing_transaction"]);
    const unknown = await postReturn(
      await signed({
        order: "ord_unknownunknownunknown",
        txn: "AQ1",
        status: "approved",
        amount: "100",
        currency: "EUR",
        ts: "1",
      }),
    );
    expect([unknown.status, unknown.code]).toEqual([404, "payment_not_found"]);
  });

  it("a validly signed return for another amount is a mismatch and is never marked paid", async () => {
    const before = await meter(token, h.userId, h.mainMeterId);
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 3 }]);
    const fields = await pay(start);
    const r = await postReturn(await signed({ ...fields, amount: "200" }));
    expect(r.body.data.outcome).toBe("mismatch");
    expect(ledgerRows(start.order_id)).toBe(0);
    // The real return arriving afterwards cannot revive it.
    expect((await postReturn(fields)).body.data.outcome).toBe("already_processed");
    expect((await meter(token, h.userId, h.mainMeterId)).running_total).toBe(before.running_total);
  });

  it("non-GET calls without a token need our Origin (CSRF rule)", async () => {
    const r = await api.call("/payments/return", { method: "POST", body: {}, origin: false });
    expect([r.status, r.code]).toEqual([403, "csrf"]);
  });
});

describe("declined, expired and timed-out cards mark nothing paid", () => {
  it.each([
    [TEST_CARDS.declined, "card_failed"],
    [TEST_CARDS.expired, "card_failed"],
    [TEST_CARDS.timeout, "not_completed"],
  ])("card %s → fail %s", async (card, reason) => {
    const before = await meter(token, h.userId, h.stoppedMeterId);
    const start = await startOrder([{ meter_id: h.stoppedMeterId, amount: 5 }]);
    const fields = await pay(start, card);
    const r = await postReturn(fields);
    expect(r.body.data).toMatchObject({ outcome: "fail", reason });
    expect(ledgerRows(start.order_id)).toBe(0);
    const after = await meter(token, h.userId, h.stoppedMeterId);
    expect(after.running_total).toBe(before.running_total);
    expect(after.trn_value).toBe(before.trn_value);
  });

  it("rejects invalid card data at the acquirer too", async () => {
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 1 }]);
    const luhn = await authorize(start, "4111111111111112");
    expect([luhn.status, luhn.code, luhn.field]).toEqual([400, "validation", "number"]);
    const expired = await api.call(`/gateway/sessions/${sessionOf(start)}/authorize`, {
      method: "POST",
      body: { ...CARD, number: TEST_CARDS.success, exp_year: "2020" },
    });
    expect([expired.status, expired.field]).toEqual([400, "exp_month"]);
    const altered = await api.call(`/gateway/sessions/${sessionOf(start)}x`);
    expect([altered.status, altered.code]).toEqual([400, "gateway_session_invalid"]);
  });
});

describe("concurrency", () => {
  it("concurrent confirmations of one return produce one ledger row", async () => {
    const before = await meter(token, h.userId, h.mainMeterId);
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 4 }]);
    const fields = await pay(start);
    const results = await Promise.all(Array.from({ length: 8 }, () => postReturn(fields)));
    const outcomes = results.map((r) => r.body.data.outcome).sort();
    expect(outcomes.filter((o) => o === "success")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already_processed")).toHaveLength(7);
    expect(ledgerRows(start.order_id)).toBe(1);
    const after = await meter(token, h.userId, h.mainMeterId);
    expect(Math.round((before.running_total - after.running_total) * 100)).toBe(400);
  });

  it("the ledger's UNIQUE (order, supply) constraint refuses a second row outright", async () => {
    const row = server.query<{ order_id: string; meter_id: number }>(
      "SELECT order_id, meter_id FROM transactions WHERE order_id IS NOT NULL LIMIT 1",
    )[0];
    expect(row).toBeDefined();
    expect(() =>
      server.query(
        `INSERT INTO transactions (txn_no, meter_id, amount_cents, status, created_at, order_id)
         VALUES ('DUP-1', ${row?.meter_id}, 1, 'success', '2026-01-01', '${row?.order_id}')`,
      ),
    ).toThrow(/UNIQUE/);
  });
});

describe("3-D Secure above 30 €", () => {
  it("asks for the code; a wrong code declines, the right one approves", async () => {
    const wrong = await startOrder([{ meter_id: h.mainMeterId, amount: 30.01 }]);
    const step = await authorize(wrong, TEST_CARDS.success);
    expect(step.body.data).toEqual({ next: "challenge", url: `/gateway/3ds/${sessionOf(wrong)}` });
    const state = await api.call(`/gateway/sessions/${sessionOf(wrong)}`);
    expect(state.body.data.state).toBe("challenge");
    const declined = await api.call<{ data: ApiGatewayNext }>(
      `/gateway/sessions/${sessionOf(wrong)}/challenge`,
      { method: "POST", body: { action: "confirm", code: "0000" } },
    );
    expect(returnFields(declined.body.data.url).status).toBe("declined");
    expect((await postReturn(returnFields(declined.body.data.url))).body.data.outcome).toBe("fail");

    const right = await startOrder([{ meter_id: h.mainMeterId, amount: 30.01 }]);
    await authorize(right, TEST_CARDS.success);
    const approved = await api.call<{ data: ApiGatewayNext }>(
      `/gateway/sessions/${sessionOf(right)}/challenge`,
      { method: "POST", body: { action: "confirm", code: "1234" } },
    );
    expect((await postReturn(returnFields(approved.body.data.url))).body.data.outcome).toBe(
      "success",
    );
  });

  it("the 3-D Secure test card asks even for small amounts; cancelling there cancels", async () => {
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 1 }]);
    expect((await authorize(start, TEST_CARDS.threeDSecure)).body.data.next).toBe("challenge");
    const cancelled = await api.call<{ data: ApiGatewayNext }>(
      `/gateway/sessions/${sessionOf(start)}/challenge`,
      { method: "POST", body: { action: "cancel" } },
    );
    expect((await postReturn(returnFields(cancelled.body.data.url))).body.data.outcome).toBe(
      "cancelled",
    );
  });
});

describe("cancel dialog", () => {
  it("cancels a started order at the merchant and the acquirer; once only", async () => {
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 1 }]);
    const r = await api.call(`/payments/orders/${start.order_id}/cancel`, { method: "POST" });
    expect(r.status).toBe(200);
    expect(r.body.data.return_to).toBe("/b2b/pay");
    const again = await api.call(`/payments/orders/${start.order_id}/cancel`, { method: "POST" });
    expect([again.status, again.code]).toEqual([409, "payment_already_processed"]);
    const card = await authorize(start, TEST_CARDS.success);
    expect([card.status, card.code]).toEqual([409, "payment_already_processed"]);
    const unknown = await api.call("/payments/orders/ord_nonenonenonenonenone/cancel", {
      method: "POST",
    });
    expect([unknown.status, unknown.code]).toEqual([404, "payment_not_found"]);
  });
});

describe("several supplies in one payment", () => {
  it("one card authentication, one ledger row per supply, one receipt and one email", async () => {
    const owing = (await meters(companyToken, co.userId)).filter(
      (m) => m.status === "Active" && m.running_total > 1,
    );
    expect(owing.length).toBeGreaterThan(2);
    const chosen = owing.slice(0, 3);
    const items = chosen.map((m, i) => ({ meter_id: m.id, amount: i === 0 ? 1 : m.running_total }));
    const mailsBefore = (await api.outbox()).length;
    const start = await startOrder(items, companyToken);
    const total = items.reduce((s, i) => s + Math.round(i.amount * 100), 0);
    expect(Math.round(start.amount * 100)).toBe(total);
    const fields = await pay(start);
    expect(fields.amount).toBe(String(total));
    expect((await postReturn(fields)).body.data.outcome).toBe("success");
    expect(ledgerRows(start.order_id)).toBe(3);

    const after = await meters(companyToken, co.userId);
    for (const [i, m] of chosen.entries()) {
      const now = after.find((x) => x.id === m.id);
      expect(Math.round(((m.running_total ?? 0) - (now?.running_total ?? 0)) * 100)).toBe(
        Math.round((items[i]?.amount ?? 0) * 100),
      );
    }
    expect(after.find((x) => x.id === chosen[1]?.id)?.running_total).toBe(0);

    const receipt = await api.call<{ data: ApiReceipt }>(`/payments/receipts/${start.reference}`, {
      token: companyToken,
    });
    expect(receipt.body.data.items.map((i) => i.txn_no)).toEqual([
      `${start.reference}-1`,
      `${start.reference}-2`,
      `${start.reference}-3`,
    ]);
    const mails = await api.outbox();
    expect(mails.length - mailsBefore).toBe(1);
  });

  it("one foreign supply makes the whole order 404", async () => {
    const r = await api.call("/payments/orders", {
      token: companyToken,
      body: {
        items: [
          { meter_id: co.firstMeterId, amount: 1 },
          { meter_id: h.mainMeterId, amount: 1 },
        ],
      },
    });
    expect([r.status, r.code]).toEqual([404, "not_found"]);
  });
});

describe("/pay/{hash} and /instant-bill/{hash} links", () => {
  async function link(meterId: number, purpose: "pay" | "instant-bill", expiresIn?: number) {
    const r = await api.call<{ data: { path: string } }>("/payments/dev/links", {
      body: { meter_id: meterId, purpose, expires_in: expiresIn },
    });
    expect(r.status).toBe(201);
    return r.body.data.path.split("/")[2] ?? "";
  }

  it("shows the supply and pays with consent, without signing in", async () => {
    const hash = await link(DEMO.firstLogin.meterId, "instant-bill");
    const info = await api.call<{ data: ApiPayLink }>(`/payments/links/instant-bill/${hash}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      purpose: "instant-bill",
      meter_id: DEMO.firstLogin.meterId,
    });
    const due = info.body.data.running_total;
    expect(due).toBeGreaterThan(0);
    // The latest bill's RF code, the way to pay without a card (#34): the bills list's own.
    const rf = info.body.data.rf_code;
    expect(rf !== null && isValidRf(rf)).toBe(true);
    const page = await fetch(`${server.baseUrl}/instant-bill/${hash}`);
    // Its groups of four are spans: without the tags the page holds the code whole.
    expect((await page.text()).replace(/<[^>]*>/g, "")).toContain(rf);

    const noConsent = await api.call(`/payments/links/instant-bill/${hash}/orders`, {
      body: { amount: 1, consent: false },
    });
    expect([noConsent.status, noConsent.field]).toEqual([400, "consent"]);
    const tooMuch = await api.call(`/payments/links/instant-bill/${hash}/orders`, {
      body: { amount: due + 1, consent: true },
    });
    expect([tooMuch.status, tooMuch.body.error.message]).toEqual([400, "validate.amountMax"]);

    const start = await api.call<{ data: ApiPaymentStart }>(
      `/payments/links/instant-bill/${hash}/orders`,
      {
        body: { amount: 2.5, consent: true },
      },
    );
    expect(start.status).toBe(201);
    const outcome = await postReturn(await pay(start.body.data));
    expect(outcome.body.data).toMatchObject({
      outcome: "success",
      return_to: `/instant-bill/${hash}`,
    });
    const after = await api.call<{ data: ApiPayLink }>(`/payments/links/instant-bill/${hash}`);
    expect(Math.round((due - after.body.data.running_total) * 100)).toBe(250);
    const receipt = await api.call(
      `/payments/links/instant-bill/${hash}/receipts/${start.body.data.reference}`,
    );
    expect(receipt.status).toBe(200);
    const otherHash = await link(h.mainMeterId, "instant-bill");
    const foreign = await api.call(
      `/payments/links/instant-bill/${otherHash}/receipts/${start.body.data.reference}`,
    );
    expect(foreign.status).toBe(404);
  });

  it("refuses altered, expired and wrong-purpose links; says when nothing is due", async () => {
    const hash = await link(h.mainMeterId, "pay");
    const altered = await api.call(`/payments/links/pay/${hash.slice(0, -2)}xx`);
    expect([altered.status, altered.code]).toEqual([400, "bad_token"]);
    const wrongPurpose = await api.call(`/payments/links/instant-bill/${hash}`);
    expect([wrongPurpose.status, wrongPurpose.code]).toEqual([400, "bad_token"]);
    const expired = await api.call(`/payments/links/pay/${await link(h.mainMeterId, "pay", -10)}`);
    expect([expired.status, expired.code]).toEqual([400, "link_expired"]);

    const gas = await link(h.gasMeterId, "pay");
    const info = await api.call<{ data: ApiPayLink }>(`/payments/links/pay/${gas}`);
    expect(info.body.data.running_total).toBe(0);
    const order = await api.call(`/payments/links/pay/${gas}/orders`, {
      body: { amount: 1, consent: true },
    });
    expect([order.status, order.code]).toEqual([400, "nothing_due"]);
  });
});

describe("#15 a checkout result is what the API recorded, for its owner only", () => {
  const result = (reference: string, t?: string) =>
    api.call<{ data: ApiPaymentResult }>(`/payments/results/${encodeURIComponent(reference)}`, {
      token: t,
    });

  it("#15 GET /payments/results/{t}: the caller's payment with its recorded outcome and amount; unknown or another customer's t is 404", async () => {
    const start = await startOrder([{ meter_id: h.mainMeterId, amount: 3.21 }]);
    const pending = await result(start.reference, token);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual({
      reference: start.reference,
      status: "started",
      amount: 3.21,
      completed_at: null,
    });

    expect((await postReturn(await pay(start))).body.data.outcome).toBe("success");
    const paid = await result(start.reference, token);
    expect(paid.body.data).toMatchObject({ reference: start.reference, status: "success" });
    expect(paid.body.data.amount).toBe(3.21);
    expect(paid.body.data.completed_at).toMatch(/^\d{4}-\d\d-\d\d/);

    const foreign = await result(start.reference, companyToken);
    expect([foreign.status, foreign.code]).toEqual([404, "not_found"]);
    const unknown = await result("FAKE", token);
    expect([unknown.status, unknown.code]).toEqual([404, "not_found"]);
    const anonymous = await result(start.reference);
    expect(anonymous.status).toBe(401);

    const declined = await startOrder([{ meter_id: h.mainMeterId, amount: 1.5 }]);
    await postReturn(await pay(declined, TEST_CARDS.declined));
    expect((await result(declined.reference, token)).body.data.status).toBe("failed");
  });

  it("#15 a payment covering a foreign supply is nobody's to confirm but its owner's", async () => {
    const start = await startOrder([{ meter_id: co.firstMeterId, amount: 1 }], companyToken);
    expect((await result(start.reference, companyToken)).status).toBe(200);
    expect((await result(start.reference, token)).status).toBe(404);
  });

  it("#15 through a pay link: only for the supply that link names", async () => {
    const linkTo = async (meterId: number) => {
      const r = await api.call<{ data: { path: string } }>("/payments/dev/links", {
        body: { meter_id: meterId, purpose: "pay" },
      });
      return r.body.data.path.split("/")[2] ?? "";
    };
    const hash = await linkTo(DEMO.firstLogin.meterId);
    const start = await api.call<{ data: ApiPaymentStart }>(`/payments/links/pay/${hash}/orders`, {
      body: { amount: 1.25, consent: true },
    });
    expect(start.status).toBe(201);
    const reference = start.body.data.reference;
    await postReturn(await pay(start.body.data));
    const own = await api.call<{ data: ApiPaymentResult }>(
      `/payments/links/pay/${hash}/results/${reference}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ reference, status: "success", amount: 1.25 });
    const other = await api.call(
      `/payments/links/pay/${await linkTo(h.mainMeterId)}/results/${reference}`,
    );
    expect([other.status, other.code]).toEqual([404, "not_found"]);
    const altered = await api.call(
      `/payments/links/pay/${hash.slice(0, -2)}xx/results/${reference}`,
    );
    expect(altered.status).toBe(400);
  });
});
