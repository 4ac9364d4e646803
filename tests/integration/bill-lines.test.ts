import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfBillRows } from "../../api/pdf/invoice-pdf.ts";
import { pdfLabels } from "../../api/pdf/labels.ts";
import { invoiceBreakdown } from "../../app/domain/bills.ts";
import { dashboard } from "../../app/domain/overview.ts";
import { BILL_LINE_KEYS } from "../../core/bill-lines.ts";
import type { ApiInvoice, ApiMeter } from "../../core/contract/index.ts";
import { toCents } from "../../core/gateway.ts";
import elLines from "../../locales/el/billLines.json";
import enLines from "../../locales/en/billLines.json";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { pdfText } from "../support/pdf-text.ts";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * Issue #35 §2, "a bill that sums, the same everywhere": for every demo bill of the seed, the
 * lines sum to the current amount and previous balance + current amount = total, on the
 * overview's data, the bill page's data and the PDF's text, under the same labels
 * (core/bill-lines.ts, locales/<lang>/billLines.json).
 *
 * One Worker. Every bill row is read once from its database (the accounts without a sign-in too)
 * and once through the API (one call per account that signs in, every bill of its supplies), and
 * goes through the functions the overview, the bill page and the PDF use. The pages themselves
 * (the household's overview and bill page) and real PDFs served by the Worker (every bill of the
 * household's main supply, one bill of each type of every other account) are read as a person
 * gets them.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;

interface Row {
  id: number;
  customer_id: number;
  type: string;
  ypoloipo_cents: number;
  total_value_cents: number;
  lines_cents: number;
}

/** Accounts with bills that sign in (the others' bills are checked on their rows). */
const ACCOUNTS = [
  DEMO.household,
  DEMO.company,
  DEMO.largeCompany,
  DEMO.hugeCompany,
  DEMO.applicant,
  DEMO.former,
];

/** Every bill (not a payment) of each account, as the API answers it. */
const bills = new Map<number, { token: string; invoices: ApiInvoice[] }>();
let rows: Row[];

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  rows = server.query<Row>(
    `SELECT i.id, m.customer_id, i.type, i.ypoloipo_cents, i.total_value_cents,
       ${BILL_LINE_KEYS.map((key) => `i.${key}_cents`).join(" + ")} AS lines_cents
     FROM invoices i JOIN meters m ON m.id = i.meter_id WHERE i.type <> 'payment'`,
  );
  await Promise.all(
    ACCOUNTS.map(async (account) => {
      const token = (await api.login(account.vat)).access_token;
      const all = await api.call<{ data: ApiInvoice[] }>(`/users/${account.userId}/invoices`, {
        token,
      });
      expect(all.status).toBe(200);
      bills.set(account.userId, {
        token,
        invoices: all.body.data.filter((i) => i.type !== "payment"),
      });
    }),
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** "1.234,56 €", "-164,58", "0,00 €" (any spaces) → cents. */
function cents(text: string): number {
  const match = /(-?)([\d.]+),(\d{2})/.exec(text.replace(/\s/g, ""));
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const value = Number(match[2]!.replaceAll(".", "")) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A supply with the bill's balance, enough for the overview's dashboard. */
const meterOf = (bill: ApiInvoice) =>
  ({
    running_total: bill.total,
    trn_value: 0,
    last_payment_date: null,
    has_pv: 0,
    has_night: 1,
  }) as Pick<
    ApiMeter,
    "running_total" | "trn_value" | "last_payment_date" | "has_pv" | "has_night"
  >;

/** The three views of one bill: [lines' cents, current, previous, total]. */
function views(bill: ApiInvoice) {
  const overview = dashboard(meterOf(bill), bill).charges!;
  const page = invoiceBreakdown(bill);
  const pdf = pdfBillRows(bill, pdfLabels("el"));
  const [current, previous, total] = pdf.summary.map(([, amount]) => toCents(amount));
  return {
    overview: {
      lines: sum(overview.lines.map((l) => toCents(l.amount))),
      current: toCents(bill.total_value),
      previous: toCents(bill.ypoloipo),
      total: toCents(bill.total),
      ...(overview.totalCents === sum(overview.lines.map((l) => toCents(l.amount)))
        ? {}
        : { shownTotal: overview.totalCents }),
    },
    page: {
      lines: sum(page.lines.map((l) => toCents(l.amount))),
      current: toCents(page.current),
      previous: toCents(page.previous),
      total: toCents(page.total),
    },
    pdf: {
      lines: sum(pdf.charges.map(([, amount]) => toCents(amount))),
      current: current!,
      previous: previous!,
      total: total!,
    },
  };
}

describe("every demo bill sums (#35 §2)", () => {
  it("in the database: the lines make the current amount of every bill of every account", () => {
    expect(rows.length).toBeGreaterThan(4000);
    const wrong = rows.filter((r) => r.lines_cents !== r.total_value_cents && r.lines_cents !== 0);
    expect(wrong.map((r) => r.id)).toEqual([]);
    // Only credit notes and cancellations may come without a breakdown (one line on the PDF).
    const bare = rows.filter((r) => r.lines_cents === 0 && r.total_value_cents !== 0);
    expect(bare.filter((r) => r.type !== "Credit" && r.type !== "Cancelled")).toEqual([]);
  });

  it("through the API, on the overview's, the bill page's and the PDF's data", () => {
    const seen = new Set<number>();
    const wrong: unknown[] = [];
    for (const { invoices } of bills.values()) {
      for (const bill of invoices) {
        seen.add(bill.id);
        const v = views(bill);
        for (const [where, view] of Object.entries(v)) {
          const sums = view.lines === view.current || (view.lines === 0 && where !== "overview");
          if (!sums || view.previous + view.current !== view.total || "shownTotal" in view) {
            wrong.push({ id: bill.id, where, ...view });
          }
        }
        // The same lines everywhere (a bill without a breakdown has one line on the PDF).
        if (v.overview.lines !== v.page.lines || v.page.lines !== v.pdf.lines) {
          if (!(v.page.lines === 0 && v.pdf.lines === v.page.current)) {
            wrong.push({ id: bill.id, where: "same lines", ...v });
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every bill of the accounts that sign in came through the API.
    const signedIn = new Set<number>(ACCOUNTS.map((a) => a.customerId));
    const expected = rows.filter((r) => signedIn.has(r.customer_id)).map((r) => r.id);
    expect(expected.filter((id) => !seen.has(id))).toEqual([]);
  });
});

/** The PDF's charges and summary from its text runs: label → cents, in drawing order. */
async function pdfFigures(bytes: Uint8Array, lang: "el" | "en") {
  const t = pdfLabels(lang);
  const runs = await pdfText(bytes);
  const start = runs.indexOf(t.amount);
  const end = runs.indexOf(t.currentBill, start);
  expect(start, "the charges' heading").toBeGreaterThan(0);
  const charges: [string, number][] = [];
  for (let i = start + 1; i < end; i += 2) charges.push([runs[i]!, cents(runs[i + 1]!)]);
  const at = (label: string) => cents(runs[runs.indexOf(label, end) + 1]!);
  return {
    charges,
    current: at(t.currentBill),
    previous: at(t.previousBalance),
    total: at(t.total),
  };
}

describe("the PDF the Worker serves", () => {
  async function check(token: string, bill: ApiInvoice, lang: "el" | "en") {
    const response = await fetchWorker(`${server.baseUrl}/api/getInvoicePdf/${bill.id}`, {
      headers: { authorization: `Bearer ${token}`, language: lang },
    });
    expect(response.status, `PDF of bill ${bill.id}`).toBe(200);
    const pdf = await pdfFigures(new Uint8Array(await response.arrayBuffer()), lang);
    const labels = lang === "el" ? elLines : enLines;
    const expected = invoiceBreakdown(bill).lines.map(
      ({ key, amount }) => [labels[key].label, toCents(amount)] as const,
    );
    return {
      id: bill.id,
      sums:
        sum(pdf.charges.map(([, c]) => c)) === pdf.current &&
        pdf.previous + pdf.current === pdf.total &&
        pdf.current === toCents(bill.total_value) &&
        pdf.total === toCents(bill.total),
      // The bill page's lines, under the same words (a bill without a breakdown: one line).
      sameLines:
        expected.length === 0 ||
        JSON.stringify(pdf.charges) === JSON.stringify(expected.map(([l, c]) => [l, c])),
    };
  }

  it("every bill of the household's main supply, and one of each type of every other account", async () => {
    const jobs: [string, ApiInvoice, "el" | "en"][] = [];
    for (const [userId, { token, invoices }] of bills) {
      if (userId === DEMO.household.userId) {
        const main = invoices.filter((bill) => bill.meter_id === DEMO.household.mainMeterId);
        for (const bill of main) jobs.push([token, bill, "el"]);
        jobs.push([token, invoices[0]!, "en"]);
      } else {
        const byType = new Map(invoices.map((bill) => [bill.type, bill]));
        for (const bill of byType.values()) jobs.push([token, bill, "en"]);
      }
    }
    const results: Awaited<ReturnType<typeof check>>[] = [];
    for (let i = 0; i < jobs.length; i += 6) {
      results.push(...(await Promise.all(jobs.slice(i, i + 6).map((job) => check(...job)))));
    }
    expect(results.length).toBeGreaterThan(30);
    expect(results.filter((r) => !r.sums || !r.sameLines)).toEqual([]);
  }, 120_000);
});

describe("the pages", () => {
  const h = DEMO.household;
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
  });
  const page = async (path: string) => {
    const response = await fetchWorker(`${server.baseUrl}${path}`, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, "")
      .replace(/&nbsp;|&#160;/g, " ")
      .trim();

  it("the overview's charge lines include energy and add up to the current bill", async () => {
    const html = await page("/b2b/episkopisi");
    const fold = /<details[^>]*aria-labelledby="dashboard-charges"[\s\S]*?<\/details>/.exec(html);
    expect(fold, "the charges' fold").not.toBeNull();
    const pairs = [...fold![0].matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)];
    const shown = pairs.map(([, dt, dd]) => [text(dt!), cents(text(dd!))] as const);
    const total = shown.pop()!;
    const latest = bills
      .get(h.userId)!
      .invoices.filter((i) => i.meter_id === h.mainMeterId && i.type !== "payment")
      .sort((a, b) => (a.issue_date < b.issue_date ? 1 : a.issue_date > b.issue_date ? -1 : 0))[0]!;
    expect(shown[0]).toEqual([elLines.energy.label, toCents(latest.energy)]);
    expect(sum(shown.map(([, c]) => c))).toBe(total[1]);
    expect(total[1]).toBe(toCents(latest.total_value));
    // The same words as the bill page and the PDF.
    expect(shown.map(([label]) => label)).toEqual(
      invoiceBreakdown(latest).lines.map((l) => elLines[l.key].label),
    );
  });

  it("the bill page's lines add up to the current amount; previous + current = total", async () => {
    const bill = bills.get(h.userId)!.invoices.find((i) => i.type === "Clearance")!;
    const html = await page(`/b2b/logariasmoi/${bill.id}`);
    const table = /<table class="table invoice-lines">[\s\S]*?<\/table>/.exec(html)![0];
    const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)![1]!;
    const lines = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, tr]) => {
      const label = text(/<th[^>]*>([\s\S]*?)<\/th>/.exec(tr!)![1]!);
      const cells = [...tr!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)];
      return [label, cents(text(cells.at(-1)![1]!))] as const;
    });
    const foot = cents(text(/<tfoot>([\s\S]*?)<\/tfoot>/.exec(table)![1]!));
    // The same words as the overview and the PDF (energy may add "estimated" after its label).
    const words = invoiceBreakdown(bill).lines.map((l) => elLines[l.key].label);
    expect(lines.map(([label], i) => label.startsWith(words[i]!))).toEqual(words.map(() => true));
    expect(sum(lines.map(([, c]) => c))).toBe(foot);
    expect(foot).toBe(toCents(bill.total_value));
    const totals = /<table class="table[^"]*invoice-total[\s\S]*?<\/table>/.exec(html)![0];
    const figures = [...totals.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, td]) =>
      cents(text(td!)),
    );
    // previous, current, total (in the page's order).
    expect(figures.slice(0, 3)).toEqual([
      toCents(bill.ypoloipo),
      toCents(bill.total_value),
      toCents(bill.total),
    ]);
  });
});
