import type { ApiInvoice, InvoiceType } from "../../core/contract";
import { INVOICE_TYPES } from "../../core/invoice-types";
import { billLines, type BillLine } from "../../core/bill-lines";
import { toCents } from "../../core/gateway";
import { isActiveMeterStatus } from "../../core/meter-status";
import { paginate, type Page } from "./paging";

/**
 * The bills page (spec §2 logariasmoi, §9): one supply's billing history filtered by type and
 * year, sorted by date or amount and paged, all from the URL (`?page=2&size=25&sort=amount&dir=asc
 * &type=Clearance&year=2026`) so it works as plain links and GET forms. Pure functions: the loader
 * uses them on the server; nothing here reaches the browser but the result.
 */

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10; // spec §9
export const SORT_KEYS = ["date", "amount"] as const;

export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export interface BillsQuery {
  page: number;
  size: number;
  sort: SortKey;
  dir: SortDir;
  type: InvoiceType | null;
  year: number | null;
}

export const DEFAULT_QUERY: BillsQuery = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  sort: "date",
  dir: "desc",
  type: null,
  year: null,
};

const MAX_PAGE = 100_000;

/** Lenient: a hand-edited or stale URL falls back to the defaults instead of failing. */
export function parseBillsQuery(params: URLSearchParams): BillsQuery {
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  const sort = params.get("sort");
  const dir = params.get("dir");
  const type = params.get("type");
  const year = params.get("year");
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? "") ? (sort as SortKey) : "date",
    dir: dir === "asc" || dir === "desc" ? dir : "desc",
    type: INVOICE_TYPES.find((t) => t === type) ?? null,
    year: year && /^\d{4}$/.test(year) ? Number(year) : null,
  };
}

/** The query string of a bills URL ("" or "?…"), leaving out defaults so URLs stay short. */
export function billsSearch(query: BillsQuery, patch: Partial<BillsQuery> = {}): string {
  const next = { ...query, ...patch };
  const params = new URLSearchParams();
  if (next.type) params.set("type", next.type);
  if (next.year) params.set("year", String(next.year));
  if (next.sort !== DEFAULT_QUERY.sort) params.set("sort", next.sort);
  if (next.dir !== DEFAULT_QUERY.dir) params.set("dir", next.dir);
  if (next.size !== DEFAULT_QUERY.size) params.set("size", String(next.size));
  if (next.page !== 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Euros (API) → integer cents, so sums and comparisons are exact. */
const toEuros = (cents: number) => cents / 100;

export function invoiceYear(invoice: Pick<ApiInvoice, "issue_date">): number {
  return Number(invoice.issue_date.slice(0, 4));
}

/** The years that have rows, newest first (the year filter's choices). */
export function invoiceYears(rows: readonly Pick<ApiInvoice, "issue_date">[]): number[] {
  return [...new Set(rows.map(invoiceYear))].filter(Number.isFinite).sort((a, b) => b - a);
}

export function filterInvoices<T extends Pick<ApiInvoice, "type" | "issue_date">>(
  rows: readonly T[],
  filter: Pick<BillsQuery, "type" | "year">,
): T[] {
  return rows.filter(
    (row) =>
      (filter.type === null || row.type === filter.type) &&
      (filter.year === null || invoiceYear(row) === filter.year),
  );
}

/**
 * Stable and total: "date" is the issue date, "amount" the row's own amount (current amount,
 * total_value). Ties fall back to the issue date and then the id, in the same direction, so
 * paging never shows a row twice or skips one.
 */
export function sortInvoices<T extends Pick<ApiInvoice, "id" | "issue_date" | "total_value">>(
  rows: readonly T[],
  sort: SortKey,
  dir: SortDir,
): T[] {
  const sign = dir === "asc" ? 1 : -1;
  const byDate = (a: T, b: T) =>
    a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : a.id - b.id;
  return [...rows].sort((a, b) => {
    const primary = sort === "amount" ? toCents(a.total_value) - toCents(b.total_value) : 0;
    return sign * (primary !== 0 ? primary : byDate(a, b));
  });
}

/** The payments list shows the newest ones; `?payments=all` shows every one. */
export const PAYMENTS_SHOWN = 12;

export interface BillsPage {
  query: BillsQuery;
  years: number[];
  page: Page<ApiInvoice>;
  payments: ApiInvoice[];
  /** How many payments match the year filter (the list may show fewer). */
  paymentsTotal: number;
}

/** Everything the table needs from one supply's full history and the URL. */
export function billsPage(
  history: readonly ApiInvoice[],
  query: BillsQuery,
  options: { allPayments?: boolean } = {},
): BillsPage {
  const filtered = filterInvoices(history, query);
  const page = paginate(sortInvoices(filtered, query.sort, query.dir), query.page, query.size);
  const payments = sortInvoices(
    filterInvoices(history, { type: "payment", year: query.year }),
    "date",
    "desc",
  );
  return {
    query: { ...query, page: page.page },
    years: invoiceYears(history),
    page,
    payments: options.allPayments ? payments : payments.slice(0, PAYMENTS_SHOWN),
    paymentsTotal: payments.length,
  };
}

// ---- One invoice explained (spec §3 Invoice, the Dashboard charges) ----

export interface InvoiceBreakdown {
  /** The charges that are not zero, in bill order (core/bill-lines.ts, as on the overview). */
  lines: BillLine[];
  /** Sum of every charge: equals the current amount on a bill. */
  chargesTotal: number;
  previous: number;
  current: number;
  /** previous + current, exact to the cent (spec §3: total = ypoloipo + total_value). */
  total: number;
  /** True when the charges add up to the current amount (always, for bills from the ledger). */
  consistent: boolean;
  /** A payment row has no charges; its amount (negative) lowers the balance. */
  isPayment: boolean;
}

export function invoiceBreakdown(invoice: ApiInvoice): InvoiceBreakdown {
  const bill = billLines(invoice);
  return {
    lines: bill.lines,
    chargesTotal: toEuros(bill.linesCents),
    previous: toEuros(bill.previousCents),
    current: toEuros(bill.currentCents),
    total: toEuros(bill.totalCents),
    consistent: bill.consistent,
    isPayment: bill.isPayment,
  };
}

/** Bills have a document; payment rows are ledger entries without one (the API answers 400). */
export function hasDocument(invoice: Pick<ApiInvoice, "type">): boolean {
  return invoice.type !== "payment";
}

// ---- Paying one bill ("Pay this bill" on an open bill's page) ----

/**
 * What "Pay this bill" pre-fills on the pay page, in cents: what remains of the bill, never more
 * than its supply owes now (a credit note since may have lowered the balance below it). A payment
 * lowers every open bill of the supply, so paying this much settles this bill. 0: no pay link
 * (nothing remains, or the supply is not one the pay page can take).
 */
export function billPayCents(
  bill: Pick<ApiInvoice, "remaining">,
  supply: { status: string; running_total: number } | undefined,
): number {
  if (!supply || !isActiveMeterStatus(supply.status)) return 0;
  return Math.max(0, Math.min(toCents(bill.remaining), toCents(supply.running_total)));
}

/**
 * The pay page's `?amount=` (euros with a dot, as `payHref` writes it) in cents, when it can
 * pre-fill a supply that owes `dueCents`: a plain positive number of at most two decimals, not
 * above what is due. Anything else is `null` and the form offers the total due, as without it.
 */
export function payLinkCents(raw: string | null, dueCents: number): number | null {
  if (!raw || !/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return null;
  const cents = toCents(Number(raw));
  return cents > 0 && cents <= dueCents ? cents : null;
}
