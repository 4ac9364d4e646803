import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiGatewayNext, ApiInvoice, ApiPaymentStart } from "../../core/contract/index.ts";
import { TEST_CARDS } from "../../core/gateway.ts";
import { athensToday } from "../../core/dates.ts";
import { rfFromReference } from "../../core/rf.ts";
import { formatAmount } from "../../app/domain/format.ts";
import { NRG_HOME_NIGHT } from "../../core/products.ts";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { createClient, signInPage } from "./client";
import { backofficeBatch, createServiceClient, keySupply, outcomes } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §1 the back office's bills and payments: POST /api/backoffice/invoices, PUT
 * /api/backoffice/invoices/{key}/pdf and POST /api/backoffice/payments against the real Worker,
 * on the household (100000003): created/updated/unchanged/refused per item, a batch sent twice,
 * the 500-item limit, the billing system's PDF served by the bill's download, a portal card
 * payment matched by the acquirer's id (never counted twice), and the overview and bills pages
 * showing the new bill and balance at once (data versions).
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
let token: string;
let cookie: string;
const h = DEMO.household;
const today = athensToday();

const batch = (path: string, items: unknown[], credential = bearer) =>
  backofficeBatch(api, credential, path, items);

const meter = (id: number) =>
  server.query<{ running_total_cents: number; last_invoice_due_date: string | null }>(
    `SELECT running_total_cents, last_invoice_due_date FROM meters WHERE id = ${id}`,
  )[0];

const invoiceRow = (id: number) =>
  server.query<{ remaining_cents: number; payment_date: string | null; invoice_no: string }>(
    `SELECT remaining_cents, payment_date, invoice_no FROM invoices WHERE id = ${id}`,
  )[0];

/** An amount as the pages print it, with any space before "€" (a no-break space). */
const amountPattern = (euros: number) =>
  new RegExp(formatAmount(euros).replace(/\./g, "\\.").replace(/\s€$/, "(\\s|&nbsp;|&#160;)€"));

async function page(path: string) {
  const r = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, connection: "close" } });
  expect([path, r.status]).toEqual([path, 200]);
  return r.text();
}

/** A card payment through the test acquirer; answers the acquirer's transaction id. */
async function payInPortal(meterId: number, amount: number): Promise<string> {
  const start = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
    method: "POST",
    token,
    body: { items: [{ meter_id: meterId, amount }] },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const session = start.body.data.redirect_url.replace("/gateway/pay/", "");
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
  const [order] = server.query<{ acquirer_txn: string }>(
    `SELECT acquirer_txn FROM payment_orders WHERE reference = '${start.body.data.reference}'`,
  );
  expect(order?.acquirer_txn).toBeTruthy();
  return order!.acquirer_txn;
}

let gasNumber: string;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "billing-test", ["invoices", "payments"]).credential;
  // The supplies batch (H1's) would have keyed the main supply; here the key is recorded as it does.
  keySupply(server, "SUP-MAIN", h.mainMeterId);
  const [gas] = server.query<{ pod: string }>(`SELECT pod FROM meters WHERE id = ${h.gasMeterId}`);
  gasNumber = gas!.pod;
  token = (await api.login(h.vat)).access_token;
  cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
});
afterAll(async () => {
  await server?.stop();
});

/** The new bill of the main supply: 95,26 € carried over plus 50,00 € of this month. */
const bill = {
  key: "INV-2026-0001",
  supply_key: "SUP-MAIN",
  invoice_no: "202699000001",
  type: "Clearance",
  issue_date: today,
  date_due: "2099-01-31",
  period_from: "2026-10-01",
  period_to: "2026-10-31",
  previous_balance: 95.26,
  current_amount: 50,
  total: 145.26,
  lines: [
    { code: "energy", amount: 31.5 },
    { code: "regulated", amount: 10.25 },
    { code: "taxes", amount: 8.25 },
  ],
  status: "unpaid",
  mark: "400000099000001",
  rf_code: rfFromReference("539007547034"),
  day_kwh: 210,
};

const gasBill = {
  key: "INV-2026-0002",
  supply_number: "",
  invoice_no: "202699000002",
  type: "Clearance",
  issue_date: today,
  date_due: "2099-01-31",
  previous_balance: 0,
  current_amount: 12.4,
  total: 12.4,
  lines: [{ code: "energy", amount: 12.4 }],
  status: "paid",
};

let billId = 0;

describe("POST /backoffice/invoices", () => {
  it("answers every item: created, refused with its reason, and a refused one never stops the others", async () => {
    const before = await page("/b2b/episkopisi?lng=en");
    expect(before).toMatch(amountPattern(95.26));
    const items = [
      bill,
      { ...bill, key: "INV-BAD-SUM", invoice_no: "X1", lines: [{ code: "energy", amount: 49 }] },
      { ...bill, key: "INV-NO-SUPPLY", supply_key: "SUP-NOBODY" },
      { ...bill, invoice_no: "X2" },
      { ...bill, key: "INV-BAD-TOTAL", invoice_no: "X3", total: 150 },
      { ...bill, key: "INV-BAD-TYPE", type: "payment" },
      { ...bill, key: "INV-BAD-LINE", lines: [{ code: "coffee", amount: 50 }] },
      { ...gasBill, supply_number: gasNumber },
      { ...bill, key: "INV-MARK", invoice_no: "X4", mark: bill.mark },
    ];
    const r = await batch("invoices", items);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["INV-2026-0001", "created", null, null],
      ["INV-BAD-SUM", "refused", "lines_sum", "lines"],
      ["INV-NO-SUPPLY", "refused", "unknown_supply", "supply_key"],
      ["INV-2026-0001", "refused", "duplicate_key", null],
      ["INV-BAD-TOTAL", "refused", "total_mismatch", "total"],
      ["INV-BAD-TYPE", "refused", "validation", "type"],
      ["INV-BAD-LINE", "refused", "validation", "lines.0.code"],
      ["INV-2026-0002", "created", null, null],
      ["INV-MARK", "refused", "mark_taken", "mark"],
    ]);
    expect(r.body.summary).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 7 });
    billId = r.body.results[0]!.id!;

    // The bill as the customer's API shows it: lines, MARK, RF code, remaining = total.
    const shown = await api.call<{ data: ApiInvoice }>(`/invoices/${billId}`, { token });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      invoice_no: bill.invoice_no,
      type: "Clearance",
      ypoloipo: 95.26,
      total_value: 50,
      total: 145.26,
      remaining: 145.26,
      energy: 31.5,
      regulated: 10.25,
      taxes: 8.25,
      municipality: 0,
      mark: bill.mark,
      rf_code: bill.rf_code,
      date_due: bill.date_due,
      payment_date: null,
      // #37 §3: the colour of the supply's product (the household's NRG_HOME_NIGHT stand-in).
      tariff_colour: NRG_HOME_NIGHT.colour,
    });
    const gasShown = await api.call<{ data: ApiInvoice }>(`/invoices/${r.body.results[7]!.id}`, {
      token,
    });
    expect(gasShown.body.data.tariff_colour).toBeNull();
    // The supply's balance and due date follow its newest bill; the paid gas bill leaves 0.
    expect(meter(h.mainMeterId)).toEqual({
      running_total_cents: 14526,
      last_invoice_due_date: bill.date_due,
    });
    expect(meter(h.gasMeterId)?.running_total_cents).toBe(0);

    // Data versions rose: the overview and the bills page show the new bill at once.
    const after = await page("/b2b/episkopisi?lng=en");
    expect(after).toMatch(amountPattern(145.26));
    const bills = await page("/b2b/logariasmoi?lng=en");
    expect(bills).toContain(bill.invoice_no);
  });

  it("a second identical batch changes nothing; a changed bill is updated", async () => {
    const again = await batch("invoices", [bill, { ...gasBill, supply_number: gasNumber }]);
    expect(outcomes(again.body)).toEqual([
      ["INV-2026-0001", "unchanged", null, null],
      ["INV-2026-0002", "unchanged", null, null],
    ]);
    expect(again.body.results[0]?.id).toBe(billId);
    const changed = await batch("invoices", [{ ...bill, date_due: "2099-02-15" }]);
    expect(outcomes(changed.body)).toEqual([["INV-2026-0001", "updated", null, null]]);
    expect(meter(h.mainMeterId)?.last_invoice_due_date).toBe("2099-02-15");
    const [{ n } = { n: 0 }] = server.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM invoices WHERE invoice_no = '${bill.invoice_no}'`,
    );
    expect(n).toBe(1);
    // Back to the first content for what follows.
    await batch("invoices", [bill]);

    // A credit note without lines: nothing of its own to pay; the supply's balance is its total.
    const credit = await batch("invoices", [
      {
        ...gasBill,
        key: "INV-2026-0003",
        supply_number: gasNumber,
        invoice_no: "202699000003",
        type: "Credit",
        current_amount: -5,
        total: -5,
        lines: [],
        status: "unpaid",
      },
    ]);
    expect(outcomes(credit.body)).toEqual([["INV-2026-0003", "created", null, null]]);
    expect(meter(h.gasMeterId)?.running_total_cents).toBe(-500);
  });

  it("a call reads its supplies and keys at once: bills of many supplies in few D1 calls each, a demo bill claimed by its number, a later bill of the same supply seeing the earlier one", async () => {
    // The business account's supplies (another customer than the household the rest use).
    const supplies = server.query<{ id: number; number: string; partner: string | null }>(
      `SELECT m.id, CASE WHEN m.division = 1 THEN COALESCE(m.per_code,'') || COALESCE(m.id_code,'') || COALESCE(m.next_code,'') ELSE m.pod END AS number,
              (SELECT business_partner FROM invoices i WHERE i.meter_id = m.id AND i.type <> 'payment' ORDER BY issue_date DESC, id DESC LIMIT 1) AS partner
         FROM meters m JOIN customers c ON c.id = m.customer_id
        WHERE c.afm = '${DEMO.company.vat}' AND m.status = 'Active' ORDER BY m.id`,
    );
    expect(supplies.length).toBeGreaterThanOrEqual(4);
    const bills = supplies.map((s, i) => ({
      ...gasBill,
      key: `INV-MANY-${i}`,
      supply_number: s.number,
      invoice_no: `2026990100${String(i).padStart(2, "0")}`,
    }));
    const r = await batch("invoices", bills);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.summary.created).toBe(bills.length);
    const calls = Number(/calls=(\d+)/.exec(r.headers.get("server-timing") ?? "")?.[1]);
    // The gate, the log and the few reads of the call, then a bill's own writes and its notice.
    // (13.5 a bill when each bill read its own supply, key, number and accounts.)
    expect(calls / bills.length).toBeLessThanOrEqual(10);
    // Each new bill prints its supply's account numbers, as its previous bill did.
    for (const [i, s] of supplies.entries()) {
      const [row] = server.query<{ business_partner: string }>(
        `SELECT business_partner FROM invoices WHERE id = ${r.body.results[i]!.id}`,
      );
      expect(row?.business_partner).toBe(s.partner ?? "");
    }

    // A bill the portal has (the demo's) sent with a key of its own is claimed, not doubled; a
    // second bill of one supply in the same call prints the account numbers the first brought.
    const [demo] = server.query<{ id: number; invoice_no: string }>(
      `SELECT id, invoice_no FROM invoices WHERE meter_id = ${supplies[1]!.id} AND type <> 'payment' AND invoice_no NOT LIKE '20269901%' ORDER BY issue_date DESC, id DESC LIMIT 1`,
    );
    const again = await batch("invoices", [
      {
        ...bills[0],
        key: "INV-NEW-ACCOUNT",
        invoice_no: "202699020001",
        business_partner: "BP-NEW",
        contract_account: "CA-NEW",
      },
      { ...bills[0], key: "INV-AFTER", invoice_no: "202699020002" },
      { ...bills[1], key: "INV-DEMO", invoice_no: demo!.invoice_no },
    ]);
    expect(outcomes(again.body).map(([, outcome]) => outcome)).toEqual([
      "created",
      "created",
      "created",
    ]);
    const [after] = server.query<{ business_partner: string; contract_account: string }>(
      `SELECT business_partner, contract_account FROM invoices WHERE id = ${again.body.results[1]!.id}`,
    );
    expect(after).toEqual({ business_partner: "BP-NEW", contract_account: "CA-NEW" });
    expect(again.body.results[2]!.id).toBe(demo!.id);
    const [{ n } = { n: 0 }] = server.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM invoices WHERE meter_id = ${supplies[1]!.id} AND invoice_no = '${demo!.invoice_no}'`,
    );
    expect(n).toBe(1);
  });

  it("takes at most 500 items; a body that is no batch is refused as a whole", async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      ...bill,
      key: `INV-MANY-${i}`,
      supply_key: "SUP-NOBODY",
    }));
    const full = await batch("invoices", many);
    expect(full.status).toBe(200);
    expect(full.body.summary.refused).toBe(500);
    const over = await batch("invoices", [...many, { ...bill, key: "INV-MANY-500" }]);
    expect([over.status, over.code, over.field]).toEqual([400, "validation", "items"]);
    const empty = await batch("invoices", []);
    expect([empty.status, empty.field]).toEqual([400, "items"]);
  });

  it("needs a service credential with the invoices scope", async () => {
    const none = await api.call("/backoffice/invoices", {
      method: "POST",
      body: { items: [bill] },
    });
    expect(none.status).toBe(401);
    const customer = await api.call("/backoffice/invoices", {
      method: "POST",
      token,
      body: { items: [bill] },
    });
    expect(customer.status).toBe(401);
    const paymentsOnly = createServiceClient(server, "billing-payments-only", [
      "payments",
    ]).credential;
    const scoped = await batch("invoices", [bill], paymentsOnly);
    expect(scoped.status).toBe(403);
  });
});

describe("PUT /backoffice/invoices/{key}/pdf", () => {
  const put = (key: string, body: Uint8Array<ArrayBuffer> | string, type = "application/pdf") =>
    fetchWorker(`${server.baseUrl}/api/backoffice/invoices/${key}/pdf`, {
      method: "PUT",
      headers: { authorization: `Bearer ${bearer}`, "content-type": type, connection: "close" },
      body,
    });
  const pdf = new TextEncoder().encode(
    `%PDF-1.4\n% the billing system's bill ${"x".repeat(200_000)}\n%%EOF\n`,
  );

  it("refuses what is not a PDF, a PDF over 5 MB and an unknown bill", async () => {
    const notPdf = await put(bill.key, "hello, not a PDF");
    expect(notPdf.status).toBe(400);
    expect(((await notPdf.json()) as { error: { field: string } }).error.field).toBe("body");
    const wrongType = await put(bill.key, pdf, "text/plain");
    expect(wrongType.status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-"));
    const tooBig = await put(bill.key, big);
    expect(tooBig.status).toBe(413);
    await tooBig.text();
    const unknown = await put("INV-NOBODY", pdf);
    expect(unknown.status).toBe(404);
    await unknown.text();
  });

  it("stores the bill's PDF, which the bill page's download then serves", async () => {
    const stored = await put(bill.key, pdf);
    expect(stored.status, await stored.clone().text()).toBe(200);
    expect(((await stored.json()) as { data: { id: number } }).data.id).toBe(billId);
    for (const lang of ["el", "en"]) {
      const r = await fetchWorker(`${server.baseUrl}/api/getInvoicePdf/${billId}`, {
        headers: { authorization: `Bearer ${token}`, language: lang, connection: "close" },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("application/pdf");
      expect(new Uint8Array(await r.arrayBuffer())).toEqual(pdf);
    }
  });
});

describe("POST /backoffice/payments", () => {
  let acquirerTxn = "";

  it("settles balances; a portal card payment sent back is matched, never counted twice", async () => {
    // The customer pays 20,00 € by card in the portal: counted at once.
    acquirerTxn = await payInPortal(h.mainMeterId, 20);
    expect(meter(h.mainMeterId)?.running_total_cents).toBe(12526);
    const before = await page("/b2b/episkopisi?lng=en");
    expect(before).toMatch(amountPattern(125.26));

    const items = [
      {
        key: "PAY-CARD-1",
        supply_key: "SUP-MAIN",
        amount: 20,
        paid_at: new Date().toISOString(),
        channel: "card",
        transaction_id: acquirerTxn,
      },
      {
        key: "PAY-RF-1",
        supply_key: "SUP-MAIN",
        invoice_key: bill.key,
        amount: 25,
        paid_at: today,
        channel: "rf",
        reference: "RF-PAY-0001",
      },
      {
        key: "PAY-BAD-CHANNEL",
        supply_key: "SUP-MAIN",
        amount: 5,
        paid_at: today,
        channel: "paypal",
      },
      { key: "PAY-NO-SUPPLY", supply_key: "SUP-NOBODY", amount: 5, paid_at: today, channel: "rf" },
      {
        key: "PAY-CARD-WRONG",
        supply_key: "SUP-MAIN",
        amount: 21,
        paid_at: today,
        channel: "card",
        transaction_id: acquirerTxn,
      },
      {
        key: "PAY-CARD-NO-TXN",
        supply_key: "SUP-MAIN",
        amount: 5,
        paid_at: today,
        channel: "card",
      },
      { key: "PAY-RF-1", supply_key: "SUP-MAIN", amount: 25, paid_at: today, channel: "rf" },
      {
        key: "PAY-NO-INVOICE",
        supply_key: "SUP-MAIN",
        invoice_key: "INV-NOBODY",
        amount: 5,
        paid_at: today,
        channel: "cash_desk",
      },
    ];
    const r = await batch("payments", items);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["PAY-CARD-1", "unchanged", null, null],
      ["PAY-RF-1", "created", null, null],
      ["PAY-BAD-CHANNEL", "refused", "validation", "channel"],
      ["PAY-NO-SUPPLY", "refused", "unknown_supply", "supply_key"],
      ["PAY-CARD-WRONG", "refused", "transaction_mismatch", "transaction_id"],
      ["PAY-CARD-NO-TXN", "refused", "validation", "transaction_id"],
      ["PAY-RF-1", "refused", "duplicate_key", null],
      ["PAY-NO-INVOICE", "refused", "unknown_invoice", "invoice_key"],
    ]);
    // 145,26 − 20 (card, once) − 25 (RF) = 100,26; the bill paid by RF keeps 100,26 to pay.
    expect(meter(h.mainMeterId)?.running_total_cents).toBe(10026);
    expect(invoiceRow(billId)).toMatchObject({ remaining_cents: 10026, payment_date: null });
    // The RF payment is a row of the billing history, with its reference.
    const [row] = server.query<{ total_value_cents: number; payment_date: string }>(
      `SELECT total_value_cents, payment_date FROM invoices WHERE type = 'payment' AND invoice_no = 'RF-PAY-0001'`,
    );
    expect(row).toEqual({ total_value_cents: -2500, payment_date: today });

    // The overview fetched before shows the new balance now (data versions rose).
    const after = await page("/b2b/episkopisi?lng=en");
    expect(after).not.toMatch(amountPattern(125.26));
    expect(after).toMatch(amountPattern(100.26));
  });

  it("a payment of the rest pays the bill off; the same batch twice changes nothing", async () => {
    const rest = [
      {
        key: "PAY-DESK-1",
        supply_number: "",
        amount: 100.26,
        paid_at: today,
        channel: "cash_desk",
      },
    ];
    const [main] = server.query<{ n: string }>(
      `SELECT COALESCE(per_code, '') || COALESCE(id_code, '') || COALESCE(next_code, '') AS n FROM meters WHERE id = ${h.mainMeterId}`,
    );
    rest[0]!.supply_number = main!.n;
    const first = await batch("payments", rest);
    expect(outcomes(first.body)).toEqual([["PAY-DESK-1", "created", null, null]]);
    expect(meter(h.mainMeterId)?.running_total_cents).toBe(0);
    expect(invoiceRow(billId)).toMatchObject({ remaining_cents: 0, payment_date: today });

    const card = {
      key: "PAY-CARD-1",
      supply_key: "SUP-MAIN",
      amount: 20,
      paid_at: today,
      channel: "card",
      transaction_id: acquirerTxn,
    };
    const again = await batch("payments", [...rest, card]);
    expect(outcomes(again.body)).toEqual([
      ["PAY-DESK-1", "unchanged", null, null],
      ["PAY-CARD-1", "updated", null, null],
    ]);
    const twice = await batch("payments", [...rest, card]);
    expect(twice.body.summary).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    expect(meter(h.mainMeterId)?.running_total_cents).toBe(0);

    // A corrected amount moves the balance by the difference only.
    const corrected = await batch("payments", [{ ...rest[0], amount: 90.26 }]);
    expect(outcomes(corrected.body)).toEqual([["PAY-DESK-1", "updated", null, null]]);
    expect(meter(h.mainMeterId)?.running_total_cents).toBe(1000);
  });

  it("needs the payments scope", async () => {
    const invoicesOnly = createServiceClient(server, "billing-invoices-only", [
      "invoices",
    ]).credential;
    const r = await batch("payments", [{ key: "P" }], invoicesOnly);
    expect(r.status).toBe(403);
  });
});
