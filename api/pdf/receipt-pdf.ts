import type { ApiReceipt } from "../../core/contract";
import type { Lang } from "../types";
import { pdfAmount, pdfDate } from "./invoice-pdf";
import {
  A4,
  BRAND,
  drawSupplierHeader,
  MARGIN,
  MUTED,
  type PdfFonts,
  startPdf,
  wrapText,
} from "./layout";
import { pdfLabels } from "./labels";

/**
 * Proof of payment as a PDF (#35 §7, GET /api/payments/receipts/{reference}/pdf): A4, the
 * supplier's header, the payment's number, moment (Athens time) and card, the customer, every
 * supply paid with its transaction number and amount, and the total. Drawn like the invoice
 * (api/pdf/invoice-pdf.ts) with the same subset fonts, so Greek renders; a page of its own size
 * (a few KB), made on each request (no cache: it is small and cheap).
 */

export interface ReceiptPdfData {
  receipt: ApiReceipt;
  customer: { name: string; afm: string };
}

export interface ReceiptLabels {
  title: string;
  reference: string;
  date: string;
  card: string;
  customer: string;
  vat: string;
  supplies: string;
  supply: string;
  address: string;
  txn: string;
  amount: string;
  total: string;
  portalNote: string;
  ledgerNote: string;
}

const LABELS: Record<Lang, ReceiptLabels> = {
  el: {
    title: "Απόδειξη πληρωμής",
    reference: "Αριθμός πληρωμής",
    date: "Ημερομηνία",
    card: "Κάρτα",
    customer: "Πελάτης",
    vat: "ΑΦΜ",
    supplies: "Παροχές που πληρώθηκαν",
    supply: "Παροχή",
    address: "Διεύθυνση παροχής",
    txn: "Αριθμός συναλλαγής",
    amount: "Ποσό (€)",
    total: "Σύνολο πληρωμής (€)",
    portalNote:
      "Πληρωμή με κάρτα στο myNRG. Εμφανίζεται στον λογαριασμό σας μέσα σε 5 εργάσιμες ημέρες· αν όχι, καλέστε το 18101 με τον αριθμό πληρωμής.",
    ledgerNote:
      "Πληρωμή που καταχωρίστηκε στο ιστορικό των λογαριασμών σας (τράπεζα, κωδικός RF ή κατάστημα). Ως ημερομηνία αναγράφεται η ημέρα καταχώρισης.",
  },
  en: {
    title: "Payment receipt",
    reference: "Payment number",
    date: "Date",
    card: "Card",
    customer: "Customer",
    vat: "VAT number",
    supplies: "Supplies paid",
    supply: "Supply",
    address: "Supply address",
    txn: "Transaction number",
    amount: "Amount (€)",
    total: "Payment total (€)",
    portalNote:
      "Paid by card in myNRG. It shows on your account within 5 working days; if not, call 18101 with the payment number.",
    ledgerNote:
      "A payment recorded in your billing history (bank, RF code or shop). The date is the day it was recorded.",
  },
};

export function receiptLabels(lang: Lang): ReceiptLabels {
  return LABELS[lang];
}

/** The receipt's file name: NRG-receipt-<reference>.pdf (the reference is [A-Z0-9-] or digits). */
export function receiptFilename(reference: string): string {
  return `NRG-receipt-${reference.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}

/**
 * "02/12/2026 00:18" in Athens for a portal payment's moment (stored in UTC, ISO or SQLite's
 * "YYYY-MM-DD HH:MM:SS"); the day alone for a billing-history payment.
 */
export function receiptMoment(receipt: Pick<ApiReceipt, "completed_at" | "source">): string {
  const value = receipt.completed_at;
  if (receipt.source === "ledger" || /^\d{4}-\d{2}-\d{2}$/.test(value)) return pdfDate(value);
  const iso = value.includes("T") ? value : value.replace(" ", "T");
  const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) return pdfDate(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Athens",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

export async function renderReceiptPdf(
  data: ReceiptPdfData,
  lang: Lang,
  fonts: PdfFonts,
): Promise<Uint8Array> {
  const t = receiptLabels(lang);
  const supplier = pdfLabels(lang);
  const { receipt, customer } = data;
  const pen = await startPdf(fonts, {
    title: `${t.title} ${receipt.reference}`,
    subject: `${t.title} ${receipt.reference}`,
    lang,
    producer: "myNRG",
    stamp: new Date(
      /^\d{4}-\d{2}-\d{2}$/.test(receipt.completed_at)
        ? `${receipt.completed_at}T00:00:00Z`
        : receipt.completed_at.replace(" ", "T").replace(/(\d)$/, "$1Z"),
    ),
  });
  const { doc, regular, bold } = pen;
  const page = doc.addPage(A4);
  const right = A4[0] - MARGIN;
  const text = (value: string, x: number, at: number, options?: Parameters<typeof pen.text>[4]) =>
    pen.text(page, value, x, at, options);
  const rule = (at: number) => pen.rule(page, at);
  const wrap = wrapText;

  // Supplier header, as on the invoice.
  let y = drawSupplierHeader(pen, page, supplier) - 28;

  text(t.title, MARGIN, y, { font: bold, size: 16 });
  y -= 26;
  const facts: [string, string][] = [
    [t.reference, receipt.reference],
    [t.date, receiptMoment(receipt)],
    ...(receipt.card_last4 ? [[t.card, `**** ${receipt.card_last4}`] as [string, string]] : []),
    [t.customer, customer.name],
    [t.vat, customer.afm],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, y, { size: 9, color: MUTED });
    text(value || "-", MARGIN + 140, y, { size: 10 });
    y -= 15;
  }
  y -= 12;

  // The supplies paid.
  text(t.supplies, MARGIN, y, { font: bold, size: 11, color: BRAND });
  y -= 18;
  const col = { supply: MARGIN, address: MARGIN + 110, txn: MARGIN + 300, amount: right };
  text(t.supply, col.supply, y, { size: 8, color: MUTED });
  text(t.address, col.address, y, { size: 8, color: MUTED });
  text(t.txn, col.txn, y, { size: 8, color: MUTED });
  text(t.amount, col.amount, y, { size: 8, color: MUTED, align: "right" });
  y -= 6;
  rule(y);
  y -= 14;
  for (const item of receipt.items) {
    const address = wrap(item.address || "-", regular, 9, col.txn - col.address - 10);
    text(item.supply_number || "-", col.supply, y, { size: 9.5 });
    text(item.txn_no, col.txn, y, { size: 9 });
    text(pdfAmount(item.amount), col.amount, y, { size: 9.5, align: "right" });
    for (const [i, line] of address.entries()) text(line, col.address, y - i * 11, { size: 9 });
    y -= Math.max(1, address.length) * 11 + 8;
    if (y < MARGIN + 90) break; // one page: a payment covers a handful of supplies
  }
  rule(y + 4);
  y -= 12;
  text(t.total, col.txn, y, { font: bold, size: 10.5 });
  text(pdfAmount(receipt.amount), col.amount, y, { font: bold, size: 10.5, align: "right" });
  y -= 34;
  for (const line of wrap(
    receipt.source === "ledger" ? t.ledgerNote : t.portalNote,
    regular,
    8.5,
    right - MARGIN,
  )) {
    text(line, MARGIN, y, { size: 8.5, color: MUTED });
    y -= 12;
  }
  return doc.save();
}
