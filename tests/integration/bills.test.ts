import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiInvoice } from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { amountInputValue } from "../../app/domain/payment-rules.ts";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";
import { buildRf, formatRf, isValidRf } from "../../core/rf.ts";
import { pdfPlainText } from "../support/pdf-text.ts";

/**
 * Bills: GET /api/invoices/{id}, GET /api/getInvoicePdf/{id} (pdf-lib, cached in R2),
 * GET /api/users/{userId}/export (CSV and JSON), and the portal's proxies of them. Every call
 * with another customer's ids answers 404.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
let companyToken: string;
const h = DEMO.household;
const co = DEMO.company;
let history: ApiInvoice[];
let companyInvoiceId: number;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
  companyToken = (await api.login(co.vat)).access_token;
  history = (
    await api.call<{ data: ApiInvoice[] }>(`/users/${h.userId}/meters/${h.mainMeterId}/invoices`, {
      token,
    })
  ).body.data;
  const companyInvoices = await api.call<{ data: ApiInvoice[] }>(`/users/${co.userId}/invoices`, {
    token: companyToken,
  });
  companyInvoiceId = companyInvoices.body.data.find((i) => i.type !== "payment")!.id;
});
afterAll(async () => {
  await server?.stop();
});

const bill = () => history.find((i) => i.type === "Clearance")!;
const payment = () => history.find((i) => i.type === "payment")!;

async function raw(path: string, options: { token?: string; lang?: "el" | "en" } = {}) {
  const headers: Record<string, string> = { connection: "close" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers.language = options.lang;
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("GET /invoices/:id", () => {
  it("returns the caller's invoice with exact totals", async () => {
    const r = await api.call<{ data: ApiInvoice }>(`/invoices/${bill().id}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(bill());
    expect(r.body.data.total).toBe(
      Math.round((r.body.data.ypoloipo + r.body.data.total_value) * 100) / 100,
    );
  });

  it("answers 404 for another customer's, a missing or a malformed id; 401 without a token", async () => {
    for (const id of [companyInvoiceId, 99_999_999, "abc", 0]) {
      const r = await api.call(`/invoices/${id}`, { token });
      expect([id, r.status, r.code]).toEqual([id, 404, "not_found"]);
    }
    const none = await api.call(`/invoices/${bill().id}`);
    expect([none.status, none.code]).toEqual([401, "unauthorized"]);
  });
});

describe("GET /getInvoicePdf/:id", () => {
  it("is a real PDF named after the supply and the bill, generated once and then served from R2", async () => {
    const first = await raw(`/getInvoicePdf/${bill().id}`, { token });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("application/pdf");
    // #35 §2: NRG-<supply number>-<YYYY-MM of the bill>.pdf, not invoice.pdf.
    expect(first.response.headers.get("content-disposition")).toBe(
      `attachment; filename="NRG-${h.mainPerCode}017-${bill().issue_date.slice(0, 7)}.pdf"`,
    );
    expect(new TextDecoder().decode(first.bytes.slice(0, 5))).toBe("%PDF-");
    expect(first.bytes.byteLength).toBeGreaterThan(5_000);
    expect(first.bytes.byteLength).toBeLessThan(100_000); // the font is subset
    expect(first.response.headers.get("x-pdf-cache")).toBe("miss");

    const second = await raw(`/getInvoicePdf/${bill().id}`, { token });
    expect(second.response.headers.get("x-pdf-cache")).toBe("hit");
    expect(second.bytes).toEqual(first.bytes);
  });

  it("is cached per language: the English document is a different file", async () => {
    const el = await raw(`/getInvoicePdf/${bill().id}`, { token, lang: "el" });
    const en = await raw(`/getInvoicePdf/${bill().id}`, { token, lang: "en" });
    expect(en.response.status).toBe(200);
    expect(en.bytes).not.toEqual(el.bytes);
    const title = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getTitle();
    expect(await title(en.bytes)).toBe(`Balancing bill ${bill().invoice_no}`);
    expect(await title(el.bytes)).toBe(`Εκκαθαριστικός λογαριασμός ${bill().invoice_no}`);
  });

  it("answers 400 file_not_available for a payment row (no document)", async () => {
    const r = await api.call(`/getInvoicePdf/${payment().id}`, { token });
    expect([r.status, r.code]).toEqual([400, "file_not_available"]);
  });

  it("answers 404 for another customer's invoice and 401 without a token", async () => {
    const r = await api.call(`/getInvoicePdf/${companyInvoiceId}`, { token });
    expect([r.status, r.code]).toEqual([404, "not_found"]);
    const none = await api.call(`/getInvoicePdf/${bill().id}`);
    expect(none.status).toBe(401);
  });
});

describe("GET /users/:userId/export", () => {
  it("JSON of one supply: its invoices, payments and readings (origin 5 left out)", async () => {
    const r = await api.call<{
      data: {
        supplies: { id: number }[];
        invoices: ApiInvoice[];
        payments: { transaction_number: string; amount: number }[];
        readings: { meter_id: number; origin: number }[];
      };
    }>(`/users/${h.userId}/export?format=json&meter_id=${h.mainMeterId}`, { token });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toMatch(
      /^attachment; filename="nrg-data-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const { supplies, invoices, payments, readings } = r.body.data;
    expect(supplies.map((s) => s.id)).toEqual([h.mainMeterId]);
    expect(invoices.length + payments.length).toBe(history.length);
    expect(payments.every((p) => p.amount > 0 && p.transaction_number)).toBe(true);
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.every((x) => x.meter_id === h.mainMeterId && x.origin !== 5)).toBe(true);
  });

  it("CSV of all supplies", async () => {
    const { response, bytes } = await raw(`/users/${h.userId}/export?format=csv`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("record,supply_number,")).toBe(true); // TextDecoder drops the BOM
    expect(bytes.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const meters = new Set(
      text
        .split("\r\n")
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(",")[2]),
    );
    expect(meters.size).toBe(3);
  });

  it("answers 404 for another user's id or another customer's supply; 400 for a bad format", async () => {
    const other = await api.call(`/users/${co.userId}/export`, { token });
    expect(other.status).toBe(404);
    const foreignMeter = await api.call(`/users/${h.userId}/export?meter_id=${co.firstMeterId}`, {
      token,
    });
    expect(foreignMeter.status).toBe(404);
    const bad = await api.call(`/users/${h.userId}/export?format=xml`, { token });
    expect([bad.status, bad.code]).toEqual([400, "validation"]);
  });

  it("exports a 200-supply account in one answer", async () => {
    const big = DEMO.largeCompany;
    const t = (await api.login(big.vat)).access_token;
    const started = Date.now();
    const r = await api.call<{ data: { supplies: unknown[]; invoices: unknown[] } }>(
      `/users/${big.userId}/export?format=json`,
      { token: t },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.supplies).toHaveLength(big.meterCount);
    expect(r.body.data.invoices.length).toBeGreaterThan(big.meterCount);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("portal routes", () => {
  it("without a session the PDF and export routes send the user to sign in", async () => {
    for (const path of [`/b2b/invoice-pdf/${bill().id}`, "/b2b/export?format=csv"]) {
      const r = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
      expect([path, r.status]).toEqual([path, 302]);
      expect(r.headers.get("location")).toMatch(/^\/login/);
    }
  });

  it("#15 'Pay this bill': an open bill's page starts the pay flow with what remains, a paid one has no pay link", async () => {
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const html = async (path: string) => {
      const r = await fetch(`${server.baseUrl}${path}`, {
        headers: { cookie, connection: "close" },
      });
      expect([path, r.status]).toEqual([path, 200]);
      return r.text();
    };
    const open = history.find((i) => i.type === "Clearance" && i.remaining > 0)!;
    const paid = history.find((i) => i.type === "Clearance" && i.remaining === 0)!;
    const openPage = await html(`/b2b/logariasmoi/${open.id}?lng=en`);
    const payLink = `/b2b/pay?meter=${h.mainMeterId}&amount=${open.remaining.toFixed(2)}`;
    expect(openPage).toContain(`href="${payLink.replace("&", "&amp;")}"`);
    expect(openPage).toContain(">Pay this bill<");
    expect(openPage).toMatch(/class="badge[^"]*">Unpaid</);
    const paidPage = await html(`/b2b/logariasmoi/${paid.id}?lng=en`);
    expect(paidPage).not.toContain("/b2b/pay?meter=");
    expect(paidPage).toMatch(/class="badge[^"]*">Paid</);

    // The pay page pre-fills that amount; one above the balance or unreadable offers the balance.
    // The supply's row, wherever it is listed: overdue supplies come first (core/balance.ts, #35).
    const amountField = (page: string) => {
      const inputs = page.match(/<input[^>]*>/g) ?? [];
      const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
      const row = inputs
        .filter((tag) => /name="items\[\d+\]\.meter_id"/.test(tag))
        .find((tag) => attr(tag, "value") === String(h.mainMeterId));
      const index = row && /items\[(\d+)\]/.exec(row)?.[1];
      const amount = inputs.find((tag) => attr(tag, "name") === `items[${index}].amount`);
      return amount && attr(amount, "value");
    };
    expect(amountField(await html(`${payLink}&lng=en`))).toBe(amountInputValue(open.remaining));
    expect(amountField(await html(`/b2b/pay?meter=${h.mainMeterId}&amount=12.34`))).toBe("12,34");
    for (const bad of ["999999.00", "-5", "abc", "1e3"]) {
      expect(amountField(await html(`/b2b/pay?meter=${h.mainMeterId}&amount=${bad}`))).toBe(
        amountInputValue(open.remaining),
      );
    }
  });

  it("#34 one RF code: the API, the bill page, the overview's latest bill and the PDF show the same valid code", async () => {
    const open = history.find((i) => i.type === "Clearance" && i.remaining > 0)!;
    const code = open.rf_code!;
    expect(isValidRf(code)).toBe(true);
    expect(code).toBe(buildRf(open.contract_account, open.invoice_no));
    expect(payment().rf_code).toBeNull();
    // The groups of four as the page draws them: one element each, spaced by CSS.
    const groups = formatRf(code)
      .split(" ")
      .map((g) => `<span>${g}</span>`)
      .join("<wbr/>");
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const page = await fetch(`${server.baseUrl}/b2b/logariasmoi/${open.id}?lng=en`, {
      headers: { cookie, connection: "close" },
    });
    const html = await page.text();
    expect(html).toContain(">Pay with the RF code<");
    expect(html).toContain(groups);
    // No copy button in the server's HTML: it appears only once JavaScript runs.
    expect(html).not.toContain("rf-code__copy");
    const overview = await fetch(`${server.baseUrl}/b2b/episkopisi`, {
      headers: { cookie, connection: "close" },
    });
    const shown = /id="top-banner-rf-code"[^>]*>((?:(?:<wbr\/>)?<span>\w+<\/span>)+)/.exec(
      await overview.text(),
    )?.[1];
    const bannerCode = shown?.replace(/<\/?span>|<wbr\/>/g, "") ?? "";
    expect(isValidRf(bannerCode)).toBe(true);
    expect(history.map((i) => i.rf_code)).toContain(bannerCode);
    const pdf = await raw(`/getInvoicePdf/${open.id}`, { token, lang: "en" });
    expect(pdf.response.status).toBe(200);
    expect(await pdfPlainText(pdf.bytes)).toContain(`RF payment code: ${formatRf(code)}`);

    // The billing system's own code, once its feed sends one, replaces the built one, also on a
    // bill whose PDF was made (and cached) before with the built code.
    const other = [bill(), ...history].find((i) => i.type === "Clearance" && i.id !== open.id)!;
    expect((await raw(`/getInvoicePdf/${other.id}`, { token, lang: "en" })).response.status).toBe(
      200,
    );
    server.query(`UPDATE invoices SET rf_code = 'RF18539007547034' WHERE id = ${other.id}`);
    const stored = await api.call<{ data: ApiInvoice }>(`/invoices/${other.id}`, { token });
    expect(stored.body.data.rf_code).toBe("RF18539007547034");
    const again = await raw(`/getInvoicePdf/${other.id}`, { token, lang: "en" });
    expect(await pdfPlainText(again.bytes)).toContain("RF payment code: RF18 5390 0754 7034");
  });
});
