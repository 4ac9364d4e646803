import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import type { ApiReceipt } from "../../core/contract";
import { pdfText } from "../../tests/support/pdf-text";
import { pdfFonts } from "./fonts";
import { receiptFilename, receiptLabels, receiptMoment, renderReceiptPdf } from "./receipt-pdf";

const fonts = pdfFonts();

const receipt: ApiReceipt = {
  reference: "P261201-7F3K9Q",
  amount: 156.3,
  completed_at: "2026-12-01 22:18:05",
  card_last4: "4242",
  source: "portal",
  items: [
    {
      meter_id: 1,
      supply_number: "112345678017",
      address: "Λεωφόρος Κηφισίας 83, 15124 Μαρούσι",
      txn_no: "P261201-7F3K9Q",
      amount: 95.26,
    },
    {
      meter_id: 3,
      supply_number: "198765432016",
      address: "Πανεπιστημίου 10, 10671 Αθήνα",
      txn_no: "P261201-7F3K9Q-2",
      amount: 61.04,
    },
  ],
};
const customer = { name: "Γεώργιος Παπαδόπουλος", afm: "100000003" };

describe("#35 §7 the receipt PDF", () => {
  it("names every supply paid with its amount, the total and the payment number", async () => {
    for (const lang of ["el", "en"] as const) {
      const text = (await pdfText(await renderReceiptPdf({ receipt, customer }, lang, fonts))).join(
        "\n",
      );
      const t = receiptLabels(lang);
      for (const expected of [
        t.title,
        receipt.reference,
        "112345678017",
        "198765432016",
        "P261201-7F3K9Q-2",
        "95,26",
        "61,04",
        "156,30",
        customer.name,
        "**** 4242",
        // 22:18 UTC on 1 December is 00:18 on 2 December in Athens.
        "02/12/2026 00:18",
      ])
        expect(text, `${lang}: ${expected}`).toContain(expected);
    }
  });

  it("a billing-history payment shows its day only, without a card", async () => {
    const ledger: ApiReceipt = {
      ...receipt,
      reference: "900000000123",
      completed_at: "2026-11-20",
      card_last4: null,
      source: "ledger",
      items: [{ ...receipt.items[0]!, txn_no: "900000000123", amount: 40 }],
      amount: 40,
    };
    expect(receiptMoment(ledger)).toBe("20/11/2026");
    const text = (
      await pdfText(await renderReceiptPdf({ receipt: ledger, customer }, "en", fonts))
    ).join("\n");
    expect(text).toContain("20/11/2026");
    expect(text).not.toContain("****");
    expect(text).toContain(receiptLabels("en").ledgerNote.split(" ").slice(0, 3).join(" "));
  });

  it("is named NRG-receipt-<reference>.pdf", () => {
    expect(receiptFilename("P261201-7F3K9Q")).toBe("NRG-receipt-P261201-7F3K9Q.pdf");
    expect(receiptFilename('x"; evil')).toBe("NRG-receipt-xevil.pdf");
  });

  it("every label encodes with the subset fonts", () => {
    const cut = [fontkit.create(fonts.regular), fontkit.create(fonts.bold)];
    const texts = (["el", "en"] as const).flatMap((lang) => Object.values(receiptLabels(lang)));
    const missing = texts.flatMap((text) =>
      [...text].filter((ch) => cut.some((font) => !font.hasGlyphForCodePoint(ch.codePointAt(0)!))),
    );
    expect(missing).toEqual([]);
  });
});
