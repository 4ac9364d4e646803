import type { ApiInvoice, ApiReading } from "../../core/contract";
import { BILL_LINE_KEYS } from "../../core/bill-lines";
import { DAY_CP_CODES, NIGHT_CP_CODES } from "../../core/readings";
import { athensToday } from "../../core/dates";

/**
 * "Download my data": every invoice, payment and reading of one supply or of all the customer's
 * supplies, as JSON (nested, typed like the API) or as one CSV file (RFC 4180: comma separated,
 * CRLF line ends, UTF-8 with a byte-order mark so spreadsheet programs read Greek correctly).
 * Amounts in both are euros with a dot decimal (machine-readable), dates ISO (YYYY-MM-DD).
 */

export interface ExportSupply {
  id: number;
  supply_number: string;
  division: number;
  status: string;
  address: string;
}

export interface ExportPayment {
  id: number;
  meter_id: number;
  supply_number: string;
  transaction_number: string;
  date: string;
  amount: number; // positive: what was paid
}

export interface ExportData {
  generated_at: string;
  customer: { afm: string; name: string };
  supplies: ExportSupply[];
  invoices: (ApiInvoice & { supply_number: string })[];
  payments: ExportPayment[];
  readings: (ApiReading & { supply_number: string; register: "day" | "night" | "other" })[];
}

const DAY: ReadonlySet<string> = new Set(DAY_CP_CODES);
const NIGHT: ReadonlySet<string> = new Set(NIGHT_CP_CODES);

export function registerOf(cpCode: string): "day" | "night" | "other" {
  return DAY.has(cpCode) ? "day" : NIGHT.has(cpCode) ? "night" : "other";
}

export function buildExport(input: {
  now: Date;
  customer: { afm: string; name: string };
  supplies: ExportSupply[];
  invoices: ApiInvoice[];
  readings: ApiReading[];
}): ExportData {
  const numberOf = new Map(input.supplies.map((s) => [s.id, s.supply_number]));
  const supplyNumber = (meterId: number) => numberOf.get(meterId) ?? "";
  return {
    generated_at: input.now.toISOString(),
    customer: input.customer,
    supplies: input.supplies,
    invoices: input.invoices
      .filter((i) => i.type !== "payment")
      .map((i) => ({ ...i, supply_number: supplyNumber(i.meter_id) })),
    payments: input.invoices
      .filter((i) => i.type === "payment")
      .map((p) => ({
        id: p.id,
        meter_id: p.meter_id,
        supply_number: supplyNumber(p.meter_id),
        transaction_number: p.invoice_no,
        date: p.payment_date ?? p.issue_date,
        amount: Math.abs(p.total_value),
      })),
    readings: input.readings.map((r) => ({
      ...r,
      supply_number: supplyNumber(r.meter_id),
      register: registerOf(r.cp_code),
    })),
  };
}

type Cell = string | number | null | undefined;

/**
 * One CSV field. Quoted when it holds a comma, quote, CR or LF (or leading/trailing spaces),
 * quotes doubled. Text that a spreadsheet would run as a formula (=, +, @, tab, CR, or "-" not
 * starting a number) gets a leading apostrophe: customer-supplied text (addresses) must not
 * become a formula in someone's Excel.
 */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+@\t\r]/.test(text) || /^-(?![\d.])/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: Cell[]): string {
  return cells.map(csvField).join(",");
}

export const CSV_COLUMNS = [
  "record",
  "supply_number",
  "meter_id",
  "id",
  "type",
  "number",
  "issue_date",
  "due_date",
  "period_from",
  "period_to",
  "consumption_from",
  "consumption_to",
  "payment_date",
  "previous_balance",
  "current_amount",
  "total",
  "remaining",
  ...BILL_LINE_KEYS,
  "day_kwh",
  "night_kwh",
  "pv_kwh",
  "consumption_source",
  "business_partner",
  "contract_account",
  "mark",
  "rf_code",
  "tariff_colour",
  "reading_date",
  "register",
  "cp_code",
  "origin",
  "registered_by",
  "reading_source",
  "reading_value",
] as const;

/** Where the reading columns start: an invoice leaves them blank, a reading the ones before. */
const READING_AT = CSV_COLUMNS.indexOf("reading_date");

const BOM = "\uFEFF";

export function toCsv(data: ExportData): string {
  const lines: string[] = [csvRow([...CSV_COLUMNS])];
  const blank = (n: number) => Array<Cell>(n).fill(null);
  for (const i of data.invoices) {
    lines.push(
      csvRow([
        "invoice",
        i.supply_number,
        i.meter_id,
        i.id,
        i.type,
        i.invoice_no,
        i.issue_date,
        i.date_due,
        i.period_from,
        i.period_to,
        i.consumption_from,
        i.consumption_to,
        i.payment_date,
        i.ypoloipo,
        i.total_value,
        i.total,
        i.remaining,
        ...BILL_LINE_KEYS.map((key) => i[key]),
        i.day_kwh,
        i.night_kwh,
        i.pv_kwh,
        i.consumption_source,
        i.business_partner,
        i.contract_account,
        i.mark,
        i.rf_code,
        i.tariff_colour,
        ...blank(CSV_COLUMNS.length - READING_AT),
      ]),
    );
  }
  for (const p of data.payments) {
    lines.push(
      csvRow([
        "payment",
        p.supply_number,
        p.meter_id,
        p.id,
        "payment",
        p.transaction_number,
        p.date,
        null,
        null,
        null,
        null,
        null,
        p.date,
        null,
        -p.amount,
        ...blank(CSV_COLUMNS.length - 15),
      ]),
    );
  }
  for (const r of data.readings) {
    lines.push(
      csvRow([
        "reading",
        r.supply_number,
        r.meter_id,
        r.id,
        // Every column between the row's id and its reading's date is an invoice's.
        ...blank(READING_AT - 4),
        r.date_ins,
        r.register,
        r.cp_code,
        r.origin,
        r.registeredBy,
        r.source,
        r.value,
      ]),
    );
  }
  return BOM + lines.join("\r\n") + "\r\n";
}

/** "nrg-data-112345678-2026-11-22.csv" (or "-all-" for every supply). */
export function exportFileName(scope: string, now: Date, format: "csv" | "json"): string {
  const safe = scope.replace(/[^0-9A-Za-z-]/g, "") || "all";
  return `nrg-data-${safe}-${athensToday(now)}.${format}`;
}
