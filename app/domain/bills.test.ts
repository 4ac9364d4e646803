import { toCents } from "../../core/gateway";
import { pageWindow, paginate } from "./paging";
import { describe, expect, it } from "vitest";
import type { ApiInvoice, InvoiceType } from "../../core/contract";
import {
  billPayCents,
  billsPage,
  billsSearch,
  DEFAULT_QUERY,
  filterInvoices,
  hasDocument,
  invoiceBreakdown,
  invoiceYears,
  parseBillsQuery,
  payLinkCents,
  sortInvoices,
} from "./bills";

let nextId = 1;
function invoice(overrides: Partial<ApiInvoice> = {}): ApiInvoice {
  const id = overrides.id ?? nextId++;
  const base: ApiInvoice = {
    id,
    meter_id: 1,
    type: "Advance",
    invoice_no: `2026${String(id).padStart(8, "0")}`,
    issue_date: "2026-01-15",
    date_due: "2026-02-04",
    period_from: "2025-12-15",
    period_to: "2026-01-14",
    consumption_from: "2025-12-15",
    consumption_to: "2026-01-14",
    payment_date: null,
    ypoloipo: 0,
    total_value: 0,
    total: 0,
    remaining: 0,
    energy: 0,
    regulated: 0,
    municipality: 0,
    taxes: 0,
    collateral: 0,
    advance: 0,
    day_kwh: 0,
    night_kwh: 0,
    pv_kwh: 0,
    consumption_source: "actual",
    business_partner: "BP1",
    contract_account: "CA1",
    mark: null,
    rf_code: null,
    tariff_colour: null,
  };
  return { ...base, ...overrides };
}

describe("parseBillsQuery / billsSearch", () => {
  it("defaults to page 1, size 10, newest first (spec §9)", () => {
    expect(parseBillsQuery(new URLSearchParams())).toEqual(DEFAULT_QUERY);
    expect(DEFAULT_QUERY).toMatchObject({ page: 1, size: 10, sort: "date", dir: "desc" });
  });

  it("reads every parameter and ignores invalid ones", () => {
    expect(
      parseBillsQuery(
        new URLSearchParams("page=3&size=25&sort=amount&dir=asc&type=Clearance&year=2025"),
      ),
    ).toEqual({ page: 3, size: 25, sort: "amount", dir: "asc", type: "Clearance", year: 2025 });
    expect(
      parseBillsQuery(
        new URLSearchParams("page=-1&size=7&sort=name&dir=up&type=clearance&year=25x"),
      ),
    ).toEqual(DEFAULT_QUERY);
    expect(parseBillsQuery(new URLSearchParams("page=1.5")).page).toBe(1);
    expect(parseBillsQuery(new URLSearchParams("page=999999999")).page).toBe(1);
  });

  it("round-trips and leaves defaults out of the URL", () => {
    expect(billsSearch(DEFAULT_QUERY)).toBe("");
    const query = parseBillsQuery(new URLSearchParams("type=payment&year=2024&size=50&page=2"));
    expect(billsSearch(query)).toBe("?type=payment&year=2024&size=50&page=2");
    expect(parseBillsQuery(new URLSearchParams(billsSearch(query)))).toEqual(query);
    expect(billsSearch(query, { page: 1, sort: "amount", dir: "asc" })).toBe(
      "?type=payment&year=2024&sort=amount&dir=asc&size=50",
    );
  });
});

describe("filters", () => {
  const rows = [
    invoice({ type: "Clearance", issue_date: "2026-03-01" }),
    invoice({ type: "Advance", issue_date: "2026-02-01" }),
    invoice({ type: "payment", issue_date: "2025-12-20" }),
    invoice({ type: "Clearance", issue_date: "2025-06-01" }),
  ];

  it("by type, by year, by both, or none", () => {
    expect(filterInvoices(rows, { type: null, year: null })).toHaveLength(4);
    expect(filterInvoices(rows, { type: "Clearance", year: null })).toHaveLength(2);
    expect(filterInvoices(rows, { type: null, year: 2025 })).toHaveLength(2);
    expect(filterInvoices(rows, { type: "Clearance", year: 2026 })).toEqual([rows[0]]);
    expect(filterInvoices(rows, { type: "Manual", year: null })).toEqual([]);
  });

  it("offers the years that have rows, newest first", () => {
    expect(invoiceYears(rows)).toEqual([2026, 2025]);
    expect(invoiceYears([])).toEqual([]);
  });
});

describe("sorting", () => {
  const a = invoice({ id: 10, issue_date: "2026-01-01", total_value: 30 });
  const b = invoice({ id: 11, issue_date: "2026-02-01", total_value: -12.5 });
  const c = invoice({ id: 12, issue_date: "2026-02-01", total_value: 30 });
  const d = invoice({ id: 13, issue_date: "2025-11-01", total_value: 0.1 + 0.2 });
  const ids = (rows: ApiInvoice[]) => rows.map((r) => r.id);

  it("by date, ties by id, both directions", () => {
    expect(ids(sortInvoices([a, b, c, d], "date", "desc"))).toEqual([12, 11, 10, 13]);
    expect(ids(sortInvoices([a, b, c, d], "date", "asc"))).toEqual([13, 10, 11, 12]);
  });

  it("by amount in cents (no float noise), ties by date then id", () => {
    expect(ids(sortInvoices([a, b, c, d], "amount", "asc"))).toEqual([11, 13, 10, 12]);
    expect(ids(sortInvoices([a, b, c, d], "amount", "desc"))).toEqual([12, 10, 13, 11]);
  });

  it("does not mutate its input", () => {
    const input = [a, b, c];
    sortInvoices(input, "amount", "asc");
    expect(ids(input)).toEqual([10, 11, 12]);
  });
});

describe("paging math", () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);

  it("slices pages and reports the range", () => {
    expect(paginate(rows, 1, 10)).toMatchObject({
      page: 1,
      pageCount: 3,
      total: 23,
      from: 1,
      to: 10,
    });
    expect(paginate(rows, 3, 10)).toMatchObject({ rows: [21, 22, 23], from: 21, to: 23 });
    expect(paginate(rows, 1, 25)).toMatchObject({ pageCount: 1, from: 1, to: 23 });
    expect(paginate(rows.slice(0, 20), 2, 10)).toMatchObject({ pageCount: 2, from: 11, to: 20 });
  });

  it("clamps pages past the end or before the start; empty lists have one empty page", () => {
    expect(paginate(rows, 9, 10)).toMatchObject({ page: 3, from: 21 });
    expect(paginate(rows, 0, 10)).toMatchObject({ page: 1, from: 1 });
    expect(paginate([], 4, 10)).toEqual({
      rows: [],
      page: 1,
      pageCount: 1,
      total: 0,
      from: 0,
      to: 0,
    });
  });

  it("offers first, last and neighbours with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, null, 10]);
  });
});

describe("billsPage", () => {
  const types: InvoiceType[] = ["Clearance", "Advance", "Advance", "payment"];
  const history = Array.from({ length: 36 }, (_, i) =>
    invoice({
      type: types[i % 4],
      issue_date: `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-05`,
      total_value: types[i % 4] === "payment" ? -40 : 20 + i,
    }),
  );

  it("filters, sorts and pages together, clamping the page in the query", () => {
    const result = billsPage(history, { ...DEFAULT_QUERY, type: "Advance", year: 2025, page: 7 });
    expect(result.page.total).toBe(6);
    expect(result.query.page).toBe(1);
    expect(
      result.page.rows.every((r) => r.type === "Advance" && r.issue_date.startsWith("2025")),
    ).toBe(true);
    expect(result.years).toEqual([2026, 2025, 2024]);
  });

  it("lists the payments of the chosen year, newest first", () => {
    const result = billsPage(history, { ...DEFAULT_QUERY, year: 2024 });
    expect(result.payments).toHaveLength(3);
    expect(result.payments.map((p) => p.issue_date)).toEqual([
      "2024-12-05",
      "2024-08-05",
      "2024-04-05",
    ]);
    const all = billsPage(history, DEFAULT_QUERY, { allPayments: true });
    expect(all.payments).toHaveLength(9);
    const bigger = [...history, ...history.map((i) => ({ ...i, id: i.id + 1000 }))];
    const capped = billsPage(bigger, DEFAULT_QUERY);
    expect(capped.payments).toHaveLength(12);
    expect(capped.paymentsTotal).toBe(18);
  });
});

describe("invoiceBreakdown (totals)", () => {
  it("explains a bill: charges add up to the current amount; total = previous + current", () => {
    const bill = invoice({
      type: "Clearance",
      energy: 80.1,
      regulated: 20.2,
      municipality: 5.05,
      taxes: 12.33,
      collateral: 0,
      advance: -60.2,
      total_value: 57.48,
      ypoloipo: 10.01,
    });
    const b = invoiceBreakdown(bill);
    expect(b.lines.map((l) => l.key)).toEqual([
      "energy",
      "regulated",
      "municipality",
      "taxes",
      "advance",
    ]);
    expect(b.chargesTotal).toBe(57.48);
    expect(b.consistent).toBe(true);
    expect(b.previous).toBe(10.01);
    expect(b.total).toBe(67.49);
    expect(toCents(b.total)).toBe(6749);
  });

  it("is exact where floats are not (0.1 + 0.2)", () => {
    const b = invoiceBreakdown(invoice({ ypoloipo: 0.1, total_value: 0.2, energy: 0.2 }));
    expect(b.total).toBe(0.3);
  });

  it("flags charges that do not add up, and treats payments as charge-less", () => {
    expect(invoiceBreakdown(invoice({ energy: 10, total_value: 11 })).consistent).toBe(false);
    const payment = invoiceBreakdown(invoice({ type: "payment", ypoloipo: 50, total_value: -50 }));
    expect(payment).toMatchObject({ isPayment: true, lines: [], total: 0, consistent: true });
    expect(hasDocument({ type: "payment" })).toBe(false);
    expect(hasDocument({ type: "Credit" })).toBe(true);
  });
});

describe("#15 paying one bill: billPayCents and payLinkCents", () => {
  const active = (running_total: number) => ({ status: "Active", running_total });

  it("pre-fills what remains of the bill, capped by what the supply owes now", () => {
    expect(billPayCents({ remaining: 95.26 }, active(95.26))).toBe(9526);
    expect(billPayCents({ remaining: 61.04 }, { status: "Stopped", running_total: 61.04 })).toBe(
      6104,
    );
    // A credit note since lowered the balance below the bill's remaining amount.
    expect(billPayCents({ remaining: 80 }, active(30.5))).toBe(3050);
    expect(billPayCents({ remaining: 0.1 + 0.2 }, active(10))).toBe(30);
  });

  it("offers no payment when nothing remains or the pay page cannot take the supply", () => {
    expect(billPayCents({ remaining: 0 }, active(50))).toBe(0);
    expect(billPayCents({ remaining: 20 }, active(0))).toBe(0);
    expect(billPayCents({ remaining: 20 }, active(-5))).toBe(0);
    expect(billPayCents({ remaining: 20 }, { status: "Inactive", running_total: 20 })).toBe(0);
    expect(billPayCents({ remaining: 20 }, undefined)).toBe(0);
  });

  it("reads the pay link's amount only when it is a plain amount within what is due", () => {
    expect(payLinkCents("95.26", 9526)).toBe(9526);
    expect(payLinkCents("50", 9526)).toBe(5000);
    expect(payLinkCents("0.1", 9526)).toBe(10);
    for (const raw of [null, "", "0", "0.00", "95.27", "-1", "1e2", "1,5", "12.345", " 5", "NaN"]) {
      expect(payLinkCents(raw, 9526), String(raw)).toBeNull();
    }
  });
});
