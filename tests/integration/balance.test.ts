import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiGatewayNext,
  ApiInvoice,
  ApiMeter,
  ApiMeterSummary,
  ApiPaymentStart,
  ApiReceipt,
} from "../../core/contract/index.ts";
import { TEST_CARDS } from "../../core/gateway.ts";
import { accountBalance } from "../../core/balance.ts";
import { athensToday } from "../../core/dates.ts";
import { formatAmount } from "../../app/domain/format.ts";
import { DEMO } from "../../seed/accounts.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

const CARD = {
  cvv: "123",
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 2),
  holder: "Test Holder",
  number: TEST_CARDS.success,
};

/** A payment through the test acquirer, 3-D Secure included, recorded by its signed return. */
async function payThroughGateway(items: { meter_id: number; amount: number }[], token: string) {
  const start = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
    method: "POST",
    token,
    body: { items },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const session = start.body.data.redirect_url.replace("/gateway/pay/", "");
  const auth = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/authorize`, {
    method: "POST",
    body: CARD,
  });
  expect(auth.status).toBe(200);
  let url = auth.body.data.url;
  if (auth.body.data.next === "challenge") {
    const c = await api.call<{ data: ApiGatewayNext }>(`/gateway/sessions/${session}/challenge`, {
      method: "POST",
      body: { action: "confirm", code: "1234" },
    });
    expect(c.status).toBe(200);
    url = c.body.data.url;
  }
  const fields = Object.fromEntries(new URL(url, "http://x").searchParams);
  const recorded = await api.call("/payments/return", { method: "POST", body: fields });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return start.body.data.reference;
}

/**
 * #35 §1 and §7: one true balance. The API's supplies (full rows and the summaries the shell
 * reads), the overview, the pay page and the menu badge count the same supplies that owe with
 * core/balance.ts; and a payment's receipt, as JSON and as a PDF, only for its owner.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

/** An amount as the pages print it, with any space before "€" (a no-break space, #35 §6). */
const amountPattern = (euros: number) =>
  new RegExp(formatAmount(euros).replace(/\./g, "\\.").replace(/\s€$/, "(\\s|&nbsp;|&#160;)€"));

describe("#35 one balance: the API's figures and the portal's agree", () => {
  for (const account of [DEMO.household, DEMO.company, DEMO.largeCompany]) {
    it(`${account.vat}: full rows, summaries, overview, pay page and menu badge count the same supplies`, async () => {
      const token = (await api.login(account.vat)).access_token;
      const today = athensToday();
      const [full, summaries] = await Promise.all([
        api.call<{ data: ApiMeter[] }>(`/users/${account.userId}/meters`, { token }),
        api.call<{ data: ApiMeterSummary[] }>(`/users/${account.userId}/meters?view=summary`, {
          token,
        }),
      ]);
      expect([full.status, summaries.status]).toEqual([200, 200]);
      const balance = accountBalance(full.body.data, today);
      const fromSummaries = accountBalance(summaries.body.data, today);
      expect(fromSummaries.totalCents).toBe(balance.totalCents);
      expect(new Set(fromSummaries.owing.map((m) => m.id))).toEqual(
        new Set(balance.owing.map((m) => m.id)),
      );
      expect(balance.owing.length).toBeGreaterThan(0);

      const { cookie } = await signInPage(server.baseUrl, account.vat);
      const html = async (path: string) => {
        const r = await fetch(`${server.baseUrl}${path}`, {
          headers: { cookie, connection: "close" },
        });
        expect([path, r.status]).toEqual([path, 200]);
        return r.text();
      };
      const pay = await html("/b2b/pay?lng=en");
      // One row per supply that owes, each overdue one ticked and marked.
      const rows = pay.match(/name="items\[\d+\]\.meter_id"/g) ?? [];
      expect(rows).toHaveLength(balance.owing.length);
      expect(pay.match(/class="badge badge--danger">Overdue</g)?.length ?? 0).toBe(
        balance.overdueIds.length,
      );
      const overview = await html("/b2b/episkopisi?lng=en");
      // The menu badge: the number of supplies that owe, with its plural words.
      const badge =
        /class="badge badge--count">(\d+)(?:<!-- -->)?<span class="visually-hidden"> (?:<!-- -->)?([^<]+)</.exec(
          overview,
        );
      expect(badge?.[1]).toBe(String(balance.owing.length));
      expect(badge?.[2]).toBe(balance.owing.length === 1 ? "supply to pay" : "supplies to pay");
      // "Nothing to pay" only when nothing is owed; the account's total when another supply owes.
      expect(overview).not.toContain(">Nothing to pay<");
      if (balance.owing.length > 1) {
        expect(overview).toContain("What each supply owes");
        expect(overview).toMatch(amountPattern(balance.total));
      }
    });
  }

  it("100000003: the main supply's 95,26 € and the stopped supply's overdue 61,04 €", async () => {
    const h = DEMO.household;
    const token = (await api.login(h.vat)).access_token;
    const full = await api.call<{ data: ApiMeter[] }>(`/users/${h.userId}/meters`, { token });
    const balance = accountBalance(full.body.data, athensToday());
    const owed = Object.fromEntries(balance.owing.map((m) => [m.id, m.running_total]));
    expect(owed[h.mainMeterId]).toBe(95.26);
    expect(owed[h.stoppedMeterId]).toBe(61.04);
    expect(balance.overdueIds).toContain(h.stoppedMeterId);
  });
});

describe("#35 §7 proof of payment: a payment's receipt and its PDF, only for its owner", () => {
  it("a billing-history payment: JSON and PDF for the household, 404 for another customer", async () => {
    const h = DEMO.household;
    const token = (await api.login(h.vat)).access_token;
    const other = (await api.login(DEMO.company.vat)).access_token;
    const history = await api.call<{ data: ApiInvoice[] }>(
      `/users/${h.userId}/meters/${h.mainMeterId}/invoices`,
      { token },
    );
    const payment = history.body.data.find((i) => i.type === "payment")!;
    expect(payment).toBeDefined();
    const reference = payment.invoice_no;

    const receipt = await api.call<{ data: ApiReceipt }>(`/payments/receipts/${reference}`, {
      token,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      reference,
      amount: -payment.total_value,
      source: "ledger",
      card_last4: null,
    });
    expect(receipt.body.data.items).toHaveLength(1);
    expect(receipt.body.data.items[0]).toMatchObject({
      meter_id: h.mainMeterId,
      amount: -payment.total_value,
    });
    expect((await api.call(`/payments/receipts/${reference}`, { token: other })).status).toBe(404);
    expect((await api.call(`/payments/receipts/${reference}/pdf`, { token: other })).status).toBe(
      404,
    );

    // Through the portal: a plain link downloads NRG-receipt-<reference>.pdf.
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const pdf = await fetch(`${server.baseUrl}/b2b/receipt-pdf/${reference}?lng=en`, {
      headers: { cookie, connection: "close" },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="NRG-receipt-${reference}.pdf"`,
    );
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join("\n");
    expect(text).toContain(reference);
    expect(text).toContain(receipt.body.data.items[0]!.supply_number);
    expect(text).toMatch(/Payment receipt|Απόδειξη πληρωμής/);
    const amount = formatAmount(-payment.total_value).replace(/\s€$/, "");
    expect(text).toContain(amount);

    // The payment's own page offers it, and no longer says payments have no PDF.
    const page = await fetch(`${server.baseUrl}/b2b/logariasmoi/${payment.id}?lng=en`, {
      headers: { cookie, connection: "close" },
    });
    const body = await page.text();
    expect(body).toContain(`href="/b2b/receipt-pdf/${reference}"`);
    expect(body).not.toContain("Payments have no PDF file");

    // Another customer's session gets nothing of it.
    const stranger = await signInPage(server.baseUrl, DEMO.company.vat);
    const refused = await fetch(`${server.baseUrl}/b2b/receipt-pdf/${reference}`, {
      headers: { cookie: stranger.cookie, connection: "close" },
      redirect: "manual",
    });
    expect(refused.status).toBe(404);
  });

  it("a portal payment of the main supply: its receipt lists it, and the overdue stopped supply still owes", async () => {
    const h = DEMO.household;
    const token = (await api.login(h.vat)).access_token;
    const reference = await payThroughGateway([{ meter_id: h.mainMeterId, amount: 95.26 }], token);
    const receipt = await api.call<{ data: ApiReceipt }>(`/payments/receipts/${reference}`, {
      token,
    });
    expect(receipt.body.data).toMatchObject({ reference, amount: 95.26, source: "portal" });
    expect(receipt.body.data.items.map((i) => [i.meter_id, i.amount])).toEqual([
      [h.mainMeterId, 95.26],
    ]);

    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const html = async (path: string) =>
      (
        await fetch(`${server.baseUrl}${path}`, { headers: { cookie, connection: "close" } })
      ).text();
    // The success dialog names the supply paid and its amount.
    const dialog = await html(`/b2b/pay?checkout=success&t=${reference}&a=95.26&lng=en`);
    expect(dialog).toContain(receipt.body.data.items[0]!.supply_number);
    // The overview: not "nothing to pay" while the stopped supply owes 61,04 €.
    const overview = await html("/b2b/episkopisi?lng=en");
    expect(overview).not.toContain(">Nothing to pay<");
    expect(overview).toContain("Amount due on your other supplies");
    expect(overview).toMatch(amountPattern(61.04));
    expect(overview).toContain(">Overdue<");
    const pdf = await fetch(`${server.baseUrl}/b2b/receipt-pdf/${reference}`, {
      headers: { cookie, connection: "close" },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join("\n");
    expect(text).toContain("95,26");
    expect(text).toContain(receipt.body.data.items[0]!.supply_number);
  });
});
