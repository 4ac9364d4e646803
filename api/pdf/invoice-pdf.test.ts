import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ApiInvoice } from "../../core/contract";
import { pdfPlainText } from "../../tests/support/pdf-text";
import { SUPPLIER } from "../../core/supplier";
import { pdfFonts } from "./fonts";
import { pdfLabels } from "./labels";
import {
  pdfAmount,
  pdfDate,
  pdfSocialTariffNote,
  renderInvoicePdf,
  rgbOfHex,
  type InvoicePdfData,
} from "./invoice-pdf";

// The same font bytes the Worker embeds (Vite inlines them in tests too).
const fonts = pdfFonts();
/** Bytes → a string of the same code units (true ISO-8859-1; TextDecoder's "latin1" is cp1252). */
const latin1 = (bytes: Uint8Array) => {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return out;
};
const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const invoice: ApiInvoice = {
  id: 7,
  meter_id: 1,
  type: "Clearance",
  invoice_no: "202670000123",
  issue_date: "2026-10-12",
  date_due: "2026-11-01",
  period_from: "2026-07-12",
  period_to: "2026-10-11",
  consumption_from: "2026-07-12",
  consumption_to: "2026-10-11",
  payment_date: null,
  ypoloipo: 12.5,
  total_value: 157.48,
  total: 169.98,
  remaining: 169.98,
  energy: 180.1,
  regulated: 40.2,
  municipality: 5.05,
  taxes: 22.33,
  collateral: 0,
  advance: -90.2,
  day_kwh: 1234,
  night_kwh: 400,
  pv_kwh: 0,
  consumption_source: "actual",
  business_partner: "1000000001",
  contract_account: "300000000101",
  mark: "400000000594038",
  rf_code: "RF18539007547034",
  tariff_colour: "blue",
};
const data: InvoicePdfData = {
  invoice,
  customer: { name: "Γεώργιος Παπαδόπουλος", afm: "100000003", employee_name: null },
  meter: {
    supply_number: "112345678013",
    division: 1,
    phys_address: "Πατησίων 10, 10434 Αθήνα",
    bill_address: "Πατησίων 10, 10434 Αθήνα",
    package_print_descr: "Οικιακό Γ1",
  },
  verifyUrl: "https://my.nrg.gr/e-invoice/400000000594038",
};

/** Every Unicode code point that the PDF's ToUnicode maps name (the text it can show). */
async function mappedText(bytes: Uint8Array): Promise<string> {
  const raw = latin1(bytes);
  let out = "";
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const body = Uint8Array.from(match[1] ?? "", (c) => c.charCodeAt(0));
    let text: string;
    try {
      text = latin1(await inflate(body));
    } catch {
      text = latin1(body);
    }
    for (const pair of text.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]{4})>/g)) {
      out += String.fromCodePoint(parseInt(pair[1] ?? "0", 16));
    }
  }
  return out;
}

describe("renderInvoicePdf", () => {
  it("makes a valid one-page A4 PDF with the font embedded and subset", async () => {
    const bytes = await renderInvoicePdf(data, "el", fonts);
    expect(latin1(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.byteLength).toBeLessThan(120_000); // subset: not the 600 KB font
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize().width).toBeCloseTo(595.28);
    expect(doc.getTitle()).toBe("Εκκαθαριστικός λογαριασμός 202670000123");
  });

  it("maps Greek glyphs (Greek text renders) in Greek, Latin-only labels in English", async () => {
    const greek = await mappedText(await renderInvoicePdf(data, "el", fonts));
    for (const ch of "ΕκαθριστόςλγμΠελάτης€") expect(greek).toContain(ch);
    const english = await renderInvoicePdf(data, "en", fonts);
    const doc = await PDFDocument.load(english);
    expect(doc.getTitle()).toBe("Balancing bill 202670000123");
    // The customer's Greek name is still drawn in the English document.
    expect(await mappedText(english)).toContain("Γ");
  });

  it("prints the MARK, its verification link and a vector QR code, in both languages", async () => {
    const greek = await pdfPlainText(await renderInvoicePdf(data, "el", fonts));
    expect(greek).toContain("ΜΑΡΚ: 400 000 000 594 038");
    expect(greek).toContain("https://my.nrg.gr/e-invoice/400000000594038");
    const english = await pdfPlainText(await renderInvoicePdf(data, "en", fonts));
    expect(english).toContain("MARK: 400 000 000 594 038");
    // The code is drawn, not embedded as an image.
    const doc = await PDFDocument.load(await renderInvoicePdf(data, "en", fonts));
    const images = doc.getPage(0).node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    expect(images?.keys() ?? []).toEqual([]);
  });

  it("#34 prints the RF payment code in groups of four, in both languages", async () => {
    const greek = await pdfPlainText(await renderInvoicePdf(data, "el", fonts));
    expect(greek).toContain("Κωδικός πληρωμής RF: RF18 5390 0754 7034");
    const english = await pdfPlainText(await renderInvoicePdf(data, "en", fonts));
    expect(english).toContain("RF payment code: RF18 5390 0754 7034");
  });

  it("#37 prints the tariff colour by name beside the amount payable; a gas bill has none", async () => {
    const greek = await pdfPlainText(await renderInvoicePdf(data, "el", fonts));
    expect(greek).toContain("Χρώμα τιμολογίου: Μπλε (σταθερό)");
    const english = await pdfPlainText(
      await renderInvoicePdf(
        { ...data, invoice: { ...invoice, tariff_colour: "orange" } },
        "en",
        fonts,
      ),
    );
    expect(english).toContain("Tariff colour: Orange (dynamic)");
    const gas = await pdfPlainText(
      await renderInvoicePdf(
        { ...data, invoice: { ...invoice, tariff_colour: null } },
        "en",
        fonts,
      ),
    );
    expect(gas).not.toContain("Tariff colour");
    expect(rgbOfHex("#1565c0")).toEqual([0x15 / 255, 0x65 / 255, 0xc0 / 255]);
  });

  it("names the same issuer as the e-invoice's public view (core/supplier.ts)", () => {
    expect(pdfLabels("el").supplier.startsWith(SUPPLIER.name)).toBe(true);
    for (const lang of ["el", "en"] as const) {
      expect(pdfLabels(lang).supplierLine).toContain(SUPPLIER.vat);
    }
  });

  it("has no e-invoice block without a MARK", async () => {
    const text = await pdfPlainText(
      await renderInvoicePdf(
        { ...data, invoice: { ...invoice, mark: null }, verifyUrl: null },
        "el",
        fonts,
      ),
    );
    expect(text).not.toContain("ΜΑΡΚ");
    expect(text).toContain("202670000123");
  });

  it("is deterministic for the same bill and language (cache-friendly)", async () => {
    const a = await renderInvoicePdf(data, "en", fonts);
    const b = await renderInvoicePdf(data, "en", fonts);
    expect(sameBytes(a, b)).toBe(true);
  });

  it("handles credit notes without a breakdown", async () => {
    const credit = {
      ...data,
      invoice: {
        ...invoice,
        type: "Credit" as const,
        energy: 0,
        regulated: 0,
        municipality: 0,
        taxes: 0,
        advance: 0,
        total_value: -20,
      },
    };
    const bytes = await renderInvoicePdf(credit, "el", fonts);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe("formatting", () => {
  it("amounts with comma decimals and dot thousands; dates DD/MM/YYYY, zero dates -", () => {
    expect(pdfAmount(1234.5)).toBe("1.234,50");
    expect(pdfAmount(-0.004)).toBe("0,00");
    expect(pdfAmount(-90.2)).toBe("-90,20");
    expect(pdfAmount(1.005)).toBe("1,01");
    expect(pdfDate("2026-03-05")).toBe("05/03/2026");
    expect(pdfDate(null)).toBe("-");
    expect(pdfDate("0000-00-00")).toBe("-");
  });
});

describe("the ΚΟΤ discount's note (#38 §2)", () => {
  it("says the discount within the energy charge, in each language; nothing without one", () => {
    const line = { key: "socialTariff", amount: -27, kwh: 600, perKwh: 0.045 } as const;
    expect(pdfSocialTariffNote(line, pdfLabels("el"))).toBe(
      "Εκ των οποίων έκπτωση ΚΟΤ: -27,00\u00a0€ (600\u00a0kWh × 0,0450\u00a0€), μέσα στη χρέωση ενέργειας.",
    );
    expect(pdfSocialTariffNote(line, pdfLabels("en"))).toContain("Of which the KOT discount");
    expect(pdfSocialTariffNote(null, pdfLabels("el"))).toBeNull();
  });
});
