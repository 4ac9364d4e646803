import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import type { Lang } from "./labels";

/**
 * What the portal's PDFs share (the invoice, api/pdf/invoice-pdf.ts, and the receipt,
 * api/pdf/receipt-pdf.ts): A4 with its margin, the colours, the document with the subset fonts
 * and its metadata, and the pen that writes text, rules and wrapped lines, and the supplier's
 * header, so both documents look like the same supplier's.
 */

export type Rgb = readonly [red: number, green: number, blue: number];
export const INK: Rgb = [0.12, 0.14, 0.18];
export const MUTED: Rgb = [0.38, 0.4, 0.45];
export const BRAND: Rgb = [0.0, 0.36, 0.6];
export const RULE: Rgb = [0.82, 0.84, 0.88];

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/**
 * pdf-lib and fontkit (~370 KB gzip, most of the Worker's library code) are loaded on the first
 * PDF, not when the Worker starts: a cold start does not evaluate fontkit's Unicode tables for
 * the pages that never draw a PDF (docs/decisions/0011-worker-size.md).
 */
const loadPdfLib = () =>
  Promise.all([import("pdf-lib"), import("@pdf-lib/fontkit").then((m) => m.default)]);

export interface Pen {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  color: (value: Rgb) => Color;
  /** Writes `value` at (x, at); `align: "right"` ends it at x. */
  text: (
    target: PDFPage,
    value: string,
    x: number,
    at: number,
    options?: { font?: PDFFont; size?: number; color?: Rgb; align?: "right" },
  ) => void;
  /** A hairline across the page's text width at height `at`. */
  rule: (target: PDFPage, at: number, thickness?: number) => void;
}

/**
 * A new document with the subset fonts embedded (Greek renders: the 14 standard PDF fonts only
 * cover WinAnsi) and its metadata; `stamp` (the bill's or the payment's date, never "now") makes
 * the same document the same bytes.
 */
export async function startPdf(
  fonts: PdfFonts,
  meta: { title: string; subject: string; lang: Lang; producer: string; stamp: Date },
): Promise<Pen> {
  const [{ PDFDocument, rgb }, fontkit] = await loadPdfLib();
  const color = (value: Rgb): Color => rgb(...value);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  doc.setTitle(meta.title);
  doc.setAuthor("NRG");
  doc.setSubject(meta.subject);
  doc.setLanguage(meta.lang === "en" ? "en-GB" : "el-GR");
  doc.setProducer(`${meta.producer} (pdf-lib)`);
  doc.setCreator(meta.producer);
  if (!Number.isNaN(meta.stamp.getTime())) {
    doc.setCreationDate(meta.stamp);
    doc.setModificationDate(meta.stamp);
  }
  const right = A4[0] - MARGIN;
  return {
    doc,
    regular,
    bold,
    color,
    text: (target, value, x, at, options = {}) => {
      const font = options.font ?? regular;
      const size = options.size ?? 10;
      const drawX = options.align === "right" ? x - font.widthOfTextAtSize(value, size) : x;
      target.drawText(value, { x: drawX, y: at, font, size, color: color(options.color ?? INK) });
    },
    rule: (target, at, thickness = 0.7) =>
      target.drawLine({
        start: { x: MARGIN, y: at },
        end: { x: right, y: at },
        thickness,
        color: color(RULE),
      }),
  };
}

/** Wraps long text (addresses, notes, the footer) to a width; returns the lines. */
export function wrapText(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > maxWidth && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The supplier's header at the top of `page` (the brand bar, "NRG", the supplier's name and
 * line, a rule); answers the height below the rule.
 */
export function drawSupplierHeader(
  pen: Pen,
  page: PDFPage,
  labels: { supplier: string; supplierLine: string },
): number {
  const [width, height] = A4;
  const y = height - MARGIN;
  page.drawRectangle({ x: 0, y: height - 6, width, height: 6, color: pen.color(BRAND) });
  pen.text(page, "NRG", MARGIN, y - 14, { font: pen.bold, size: 24, color: BRAND });
  pen.text(page, labels.supplier, MARGIN + 62, y - 6, { font: pen.bold, size: 10 });
  pen.text(page, labels.supplierLine, MARGIN + 62, y - 19, { size: 8, color: MUTED });
  pen.rule(page, y - 44);
  return y - 44;
}
