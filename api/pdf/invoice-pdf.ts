import { billLines, type SocialTariffLine } from "../../core/bill-lines";
import type { ApiInvoice } from "../../core/contract";
import { formatMark } from "../../core/e-invoice";
import { qrRuns } from "../../core/qr";
import { formatRf } from "../../core/rf";
import { asTariffColour, TARIFF_COLOUR_STYLES } from "../../core/tariff-colours";
import { pdfLabels, type Lang, type PdfLabels } from "./labels";
import {
  A4,
  BRAND,
  drawSupplierHeader,
  MARGIN,
  MUTED,
  type PdfFonts,
  type Rgb,
  startPdf,
  wrapText,
} from "./layout";

/**
 * The invoice document (GET /api/getInvoicePdf/{id}): A4, supplier header, customer, supply,
 * periods, the charges line by line, previous balance, current bill, total and due date, in the
 * customer's language. Text is drawn with an embedded TrueType font that has Greek glyphs (the
 * 14 standard PDF fonts only cover WinAnsi, so Greek would not render); the font is subset, so
 * a bill weighs about 25 KB, not the font's 750.
 */

export interface InvoicePdfData {
  invoice: ApiInvoice;
  customer: { name: string; afm: string; employee_name: string | null };
  meter: {
    supply_number: string;
    division: number;
    phys_address: string;
    bill_address: string;
    package_print_descr: string;
  };
  /** The public verification page of the bill's MARK (absolute), or null without a MARK. */
  verifyUrl: string | null;
  /** The ΚΟΤ discount within the energy charge (#38 §2), or null (none, or not a ΚΟΤ supply). */
  socialTariff?: SocialTariffLine | null;
}

export type { PdfFonts };

/** Bump when the layout or labels change: cached PDFs are keyed by it. */
export const PDF_TEMPLATE_VERSION = 5;

/** The e-invoice QR code's side, in points (about 3 cm: scans from a printed page). */
const QR_SIDE = 84;

const ROW: Rgb = [0.93, 0.96, 0.99];

/** "#1565c0" → [0.08, 0.4, 0.75]: the one paint of a tariff colour (core/tariff-colours.ts). */
export function rgbOfHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** 1234.5 → "1.234,50" (spec §5: comma decimals, dot thousands, both languages). */
export function pdfAmount(value: number): string {
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(12)));
  const negative = value < 0 && cents !== 0;
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${negative ? "-" : ""}${whole},${(cents % 100).toString().padStart(2, "0")}`;
}

/** "2026-03-05" → "05/03/2026"; empty or zero dates → "-". */
export function pdfDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match || match[1] === "0000") return "-";
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/**
 * What the PDF's charges and summary say, in drawing order (label, euros): the bill's lines
 * (core/bill-lines.ts, the same lines, order and words as the overview and the bill page), then
 * current bill, previous balance and total (= previous + current). A credit note or cancellation
 * without a breakdown has one line for the whole amount.
 */
export function pdfBillRows(
  invoice: ApiInvoice,
  t: PdfLabels,
): { charges: [string, number][]; summary: [string, number, boolean][] } {
  const bill = billLines(invoice);
  const charges: [string, number][] = bill.lines.map((line) => [t.lines[line.key], line.amount]);
  if (bill.lines.length === 0 && bill.currentCents !== 0) {
    charges.push([t.title[invoice.type], invoice.total_value]);
  }
  return {
    charges,
    summary: [
      [t.currentBill, bill.currentCents / 100, false],
      [t.previousBalance, bill.previousCents / 100, false],
      [t.total, bill.totalCents / 100, true],
    ],
  };
}

/** "Of which the ΚΟΤ discount: -27,00 € (600 kWh × 0,0450 €), within the energy charge." */
export function pdfSocialTariffNote(line: SocialTariffLine | null, t: PdfLabels): string | null {
  if (!line) return null;
  const rate = line.perKwh.toFixed(4).replace(".", ",");
  return `${t.socialTariff}: ${pdfAmount(line.amount)}\u00a0€ (${line.kwh}\u00a0kWh × ${rate}\u00a0€), ${t.socialTariffWithin}`;
}

const period = (from: string | null, to: string | null) =>
  from || to ? `${pdfDate(from)} – ${pdfDate(to)}` : "-";

export async function renderInvoicePdf(
  data: InvoicePdfData,
  lang: Lang,
  fonts: PdfFonts,
): Promise<Uint8Array> {
  const t = pdfLabels(lang);
  const { invoice, customer, meter } = data;
  const title = `${t.title[invoice.type]} ${invoice.invoice_no}`;
  // Deterministic bytes for the same bill: the dates are the bill's, not "now".
  const pen = await startPdf(fonts, {
    title,
    subject: `${t.docTitle} ${invoice.invoice_no} · ${meter.supply_number}`,
    lang,
    producer: "NRG customer portal",
    stamp: new Date(`${invoice.issue_date.slice(0, 10)}T00:00:00Z`),
  });
  const { doc, regular, bold, color, text } = pen;
  const rule = (at: number, thickness?: number) => pen.rule(page, at, thickness);
  const wrap = wrapText;

  const page = doc.addPage(A4);
  const [width] = A4;
  const right = width - MARGIN;
  let y = drawSupplierHeader(pen, page, t);
  y -= 26;

  // Title and the bill's numbers.
  text(page, t.title[invoice.type], MARGIN, y, { font: bold, size: 16 });
  text(page, `${t.invoiceNo}: ${invoice.invoice_no}`, right, y + 2, { align: "right", size: 10 });
  y -= 15;
  text(page, `${t.issueDate}: ${pdfDate(invoice.issue_date)}`, right, y, {
    align: "right",
    size: 10,
  });
  y -= 24;

  // Two columns: customer | supply.
  const colWidth = (right - MARGIN - 20) / 2;
  const column = (x: number, heading: string, rows: [string, string][]) => {
    let at = y;
    text(page, heading, x, at, { font: bold, size: 11, color: BRAND });
    at -= 15;
    for (const [label, value] of rows) {
      text(page, label, x, at, { size: 7.5, color: MUTED });
      at -= 10;
      for (const line of wrap(value || "-", regular, 9.5, colWidth)) {
        text(page, line, x, at, { size: 9.5 });
        at -= 12;
      }
      at -= 3;
    }
    return at;
  };
  const customerRows: [string, string][] = [
    [t.customer, customer.name],
    [t.vat, customer.afm],
    [t.billingAddress, meter.bill_address],
    [t.businessPartner, invoice.business_partner],
  ];
  const supplyRows: [string, string][] = [
    [t.supplyNumber, meter.supply_number],
    [t.supplyAddress, meter.phys_address],
    [t.contractAccount, invoice.contract_account],
    [t.billingPeriod, period(invoice.period_from, invoice.period_to)],
    [t.consumptionPeriod, period(invoice.consumption_from, invoice.consumption_to)],
  ];
  const leftEnd = column(MARGIN, t.customer, customerRows);
  const rightEnd = column(
    MARGIN + colWidth + 20,
    `${t.supply} · ${meter.package_print_descr}`,
    supplyRows,
  );
  y = Math.min(leftEnd, rightEnd) - 6;

  // Consumption (electricity and gas bills that measured any).
  const kwh: string[] = [];
  if (invoice.day_kwh)
    kwh.push(`${t.day}: ${invoice.day_kwh.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")} kWh`);
  if (invoice.night_kwh)
    kwh.push(
      `${t.night}: ${invoice.night_kwh.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")} kWh`,
    );
  if (invoice.pv_kwh)
    kwh.push(`${t.pv}: ${invoice.pv_kwh.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")} kWh`);
  if (kwh.length) {
    const source = invoice.consumption_source
      ? ` (${t.consumptionSource[invoice.consumption_source]})`
      : "";
    text(page, `${t.consumption}: ${kwh.join(" · ")}${source}`, MARGIN, y, { size: 9.5 });
    y -= 22;
  }

  // The charges, line by line.
  rule(y + 8);
  text(page, t.charges, MARGIN, y - 8, { font: bold, size: 12, color: BRAND });
  y -= 28;
  text(page, t.description, MARGIN, y, { font: bold, size: 9, color: MUTED });
  text(page, t.amount, right, y, { font: bold, size: 9, color: MUTED, align: "right" });
  y -= 6;
  rule(y);
  y -= 16;
  const rows = pdfBillRows(invoice, t);
  for (const [label, amount] of rows.charges) {
    text(page, label, MARGIN, y, { size: 10 });
    text(page, pdfAmount(amount), right, y, { size: 10, align: "right" });
    y -= 17;
  }
  rule(y + 8);
  y -= 10;

  // How the total follows from the previous balance.
  const summary = rows.summary;
  const labelX = right - 260;
  const colour = asTariffColour(invoice.tariff_colour);
  for (const [label, amount, strong] of summary) {
    if (strong) {
      page.drawRectangle({
        x: labelX - 10,
        y: y - 7,
        width: right - labelX + 10,
        height: 24,
        color: color(ROW),
      });
      // The colour the bill was issued under, beside the amount payable (#37 §3), by name and
      // swatch (gas bills and bills from before colours were recorded have none).
      if (colour) {
        page.drawRectangle({
          x: MARGIN,
          y: y - 1,
          width: 10,
          height: 10,
          color: color(rgbOfHex(TARIFF_COLOUR_STYLES[colour].hex)),
          borderColor: color(MUTED),
          borderWidth: 0.5,
        });
        text(page, `${t.tariffColour}: ${t.tariffColours[colour]}`, MARGIN + 15, y, {
          font: bold,
          size: 9.5,
        });
      }
    }
    const font = strong ? bold : regular;
    const size = strong ? 12 : 10.5;
    text(page, label, labelX, y, { font, size });
    text(page, `${pdfAmount(amount)}\u00a0€`, right - 6, y, { font, size, align: "right" });
    y -= strong ? 30 : 19;
  }

  // The ΚΟΤ discount (#38 §2): an "of which" of the energy charge, said under the total so that
  // the charges above still add up to the current amount (ADR 0033).
  const kot = pdfSocialTariffNote(data.socialTariff ?? null, t);
  if (kot) {
    for (const line of wrap(kot, regular, 9, right - MARGIN)) {
      text(page, line, MARGIN, y, { size: 9, color: MUTED });
      y -= 12;
    }
    y -= 6;
  }

  // Due date.
  y -= 6;
  text(page, `${t.dueDate}: ${pdfDate(invoice.date_due)}`, MARGIN, y, { font: bold, size: 12 });
  y -= 22;

  // The RF payment code (#34): what the customer types into e-banking, in groups of four.
  if (invoice.rf_code) {
    text(page, `${t.rfCode}: ${formatRf(invoice.rf_code)}`, MARGIN, y, { font: bold, size: 12 });
    y -= 14;
    text(page, t.rfHelp, MARGIN, y, { size: 8.5, color: MUTED });
    y -= 16;
  }
  y -= 8;

  // The e-invoice: MARK and a QR code of its verification page, drawn as vector rectangles (one
  // per run of dark modules), above the footer at a fixed place.
  if (invoice.mark && data.verifyUrl) {
    const qr = qrRuns(data.verifyUrl);
    const module = QR_SIDE / qr.size;
    const qrX = right - QR_SIDE;
    const qrTop = MARGIN + 56 + QR_SIDE;
    for (const [x, row, w] of qr.runs) {
      page.drawRectangle({
        x: qrX + x * module,
        y: qrTop - (row + 1) * module,
        width: w * module,
        height: module,
        color: color([0, 0, 0]),
      });
    }
    let at = qrTop - 14;
    text(page, t.eInvoice, MARGIN, at, { font: bold, size: 11, color: BRAND });
    at -= 18;
    text(page, `${t.mark}: ${formatMark(invoice.mark)}`, MARGIN, at, { font: bold, size: 11 });
    at -= 16;
    text(page, t.verify, MARGIN, at, { size: 8, color: MUTED });
    at -= 11;
    for (const line of wrap(data.verifyUrl, regular, 8, qrX - MARGIN - 16)) {
      text(page, line, MARGIN, at, { size: 8 });
      at -= 11;
    }
  }

  // Footer.
  let footerY = MARGIN + 30;
  for (const line of wrap(t.footer, regular, 8, right - MARGIN)) {
    text(page, line, MARGIN, footerY, { size: 8, color: MUTED });
    footerY -= 11;
  }
  text(page, `${t.page} 1/1`, right, MARGIN - 4, { size: 8, color: MUTED, align: "right" });

  return doc.save({ useObjectStreams: true });
}
