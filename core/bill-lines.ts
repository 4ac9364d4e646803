import type { ApiInvoice } from "./contract";
import { toCents } from "./gateway";

/**
 * A bill's lines (spec §3 Invoice, the Dashboard charges; issue #35 §2 "a bill that sums"): the
 * one list of the charges a bill is made of, in bill order, and the one place their labels are
 * named. The overview's charge lines (app/domain/overview.ts), the bill page
 * (app/domain/bills.ts), the PDF (api/pdf/invoice-pdf.ts) and the data export's columns
 * (api/invoices/export.ts) all read them from here, so they list the same lines under the same
 * words and add up to the same current amount.
 *
 * The words: `billLines:<key>.label` (and `.help`, what the line is) in locales/<lang>/billLines.json,
 * which the portal translates and the PDF imports (api/pdf/labels.ts): one text per language.
 */
export const BILL_LINE_KEYS = [
  "energy",
  "regulated",
  "municipality",
  "taxes",
  "collateral",
  "advance",
] as const;

export type BillLineKey = (typeof BILL_LINE_KEYS)[number];

/** The translation namespace of the lines' words (locales/<lang>/billLines.json). */
export const BILL_LINES_NS = "billLines";

/** A line's label key, e.g. `billLines:energy.label` ("Χρέωση ενέργειας" / "Energy charge"). */
export const billLineLabelKey = (key: BillLineKey) => `${BILL_LINES_NS}:${key}.label` as const;

/** What a line is, in a sentence (the bill page's "What it is" column). */
export const billLineHelpKey = (key: BillLineKey) => `${BILL_LINES_NS}:${key}.help` as const;

export interface BillLine {
  key: BillLineKey;
  /** Euros, as the API gives them (negative for the advance bills deducted). */
  amount: number;
}

export type BillLinesSource = Pick<ApiInvoice, BillLineKey | "type" | "ypoloipo" | "total_value">;

export interface BillLines {
  /** The lines that are not zero, in bill order. */
  lines: BillLine[];
  /** Cents: the lines' sum, the previous balance, the current amount and previous + current. */
  linesCents: number;
  previousCents: number;
  currentCents: number;
  totalCents: number;
  /** A payment row has no lines; its amount (negative) lowers the balance. */
  isPayment: boolean;
  /**
   * The lines add up to the current amount (always, for bills from the ledger). A payment, or a
   * document without a breakdown (a credit note printed as one line), has nothing to add up.
   */
  consistent: boolean;
}

/** The lines of one invoice row and how its total follows (total = previous balance + current). */
export function billLines(invoice: BillLinesSource): BillLines {
  const lines = BILL_LINE_KEYS.map((key) => ({ key, amount: invoice[key] })).filter(
    (line) => toCents(line.amount) !== 0,
  );
  const linesCents = lines.reduce((sum, line) => sum + toCents(line.amount), 0);
  const previousCents = toCents(invoice.ypoloipo);
  const currentCents = toCents(invoice.total_value);
  const isPayment = invoice.type === "payment";
  return {
    lines,
    linesCents,
    previousCents,
    currentCents,
    totalCents: previousCents + currentCents,
    isPayment,
    consistent: isPayment || lines.length === 0 || linesCents === currentCents,
  };
}

/**
 * The social residential tariff's discount on a bill (#38 §2, ADR 0033): a line "of which", shown
 * under the energy charge on the bill page and the PDF, never added to the lines' sum. The
 * billing system prices the bill with the discount already in its energy charge, and its total is
 * the one that counts; the portal only says how much of it is the ΚΟΤ (core/social-tariff.ts
 * billDiscount: the kWh up to the four-month cap × the category's €/kWh). Words:
 * `billLines:socialTariff.label` / `.help` (with {{kwh}} and {{rate}}).
 */
export interface SocialTariffLine {
  key: "socialTariff";
  /** Euros, negative: the discount. */
  amount: number;
  kwh: number;
  perKwh: number;
}

export const SOCIAL_TARIFF_LINE_LABEL = `${BILL_LINES_NS}:socialTariff.label` as const;
export const SOCIAL_TARIFF_LINE_HELP = `${BILL_LINES_NS}:socialTariff.help` as const;

/** The line of a bill's ΚΟΤ discount (null: none). */
export function socialTariffLine(
  discount: { kwh: number; perKwh: number; cents: number } | null,
): SocialTariffLine | null {
  if (!discount || discount.cents <= 0) return null;
  return {
    key: "socialTariff",
    amount: -discount.cents / 100,
    kwh: discount.kwh,
    perKwh: discount.perKwh,
  };
}

/**
 * The bill's PDF file name (issue #35 §2): `NRG-<supply number>-<YYYY-MM of the issue date>.pdf`,
 * e.g. `NRG-112345678-2026-11.pdf`. Only letters and digits of the supply number are kept (the
 * name goes into a Content-Disposition header); without a supply number, `NRG-<YYYY-MM>.pdf`.
 */
export function billPdfFilename(supplyNumber: string, issueDate: string): string {
  const supply = supplyNumber.replace(/[^A-Za-z0-9]/g, "");
  const month = /^\d{4}-\d{2}/.exec(issueDate)?.[0];
  return ["NRG", supply, month].filter(Boolean).join("-") + ".pdf";
}
