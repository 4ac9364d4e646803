import { describe, expect, it } from "vitest";
import elLines from "../locales/el/billLines.json";
import enLines from "../locales/en/billLines.json";
import {
  BILL_LINE_KEYS,
  billLineHelpKey,
  billLineLabelKey,
  billLines,
  billPdfFilename,
  socialTariffLine,
  type BillLinesSource,
} from "./bill-lines";

/** The household's November bill (issue #35 §2): 169,85 + 49,45 + 25,02 + 15,52 + 0 − 164,58. */
const bill: BillLinesSource = {
  type: "Clearance",
  ypoloipo: 0,
  total_value: 95.26,
  energy: 169.85,
  regulated: 49.45,
  municipality: 25.02,
  taxes: 15.52,
  collateral: 0,
  advance: -164.58,
};

describe("billLines (#35 §2: one list of a bill's lines)", () => {
  it("lists energy first and every non-zero line, in bill order", () => {
    expect(billLines(bill).lines).toEqual([
      { key: "energy", amount: 169.85 },
      { key: "regulated", amount: 49.45 },
      { key: "municipality", amount: 25.02 },
      { key: "taxes", amount: 15.52 },
      { key: "advance", amount: -164.58 },
    ]);
  });

  it("sums the lines to the current amount in cents, and previous + current = total", () => {
    const lines = billLines({ ...bill, ypoloipo: 61.04 });
    expect(lines.linesCents).toBe(9526);
    expect(lines.currentCents).toBe(9526);
    expect(lines.previousCents).toBe(6104);
    expect(lines.totalCents).toBe(6104 + 9526);
    expect(lines.consistent).toBe(true);
  });

  it("adds exactly, without floating-point drift", () => {
    const tenths = billLines({
      ...bill,
      total_value: 0.3,
      energy: 0.1,
      regulated: 0.2,
      municipality: 0,
      taxes: 0,
      advance: 0,
    });
    expect(tenths.linesCents).toBe(30);
    expect(tenths.consistent).toBe(true);
  });

  it("says when the lines do not make the current amount", () => {
    expect(billLines({ ...bill, total_value: 95.27 }).consistent).toBe(false);
  });

  it("has no lines to add up for a payment or a document without a breakdown", () => {
    const row: BillLinesSource = {
      type: "payment",
      ypoloipo: 95.26,
      total_value: -95.26,
      energy: 0,
      regulated: 0,
      municipality: 0,
      taxes: 0,
      collateral: 0,
      advance: 0,
    };
    const payment = billLines(row);
    expect(payment).toMatchObject({ lines: [], isPayment: true, consistent: true, totalCents: 0 });
    const credit = billLines({ ...row, type: "Credit" });
    expect(credit).toMatchObject({ lines: [], isPayment: false, consistent: true });
  });
});

describe("the lines' words: one label per line and language", () => {
  it.each([
    ["el", elLines],
    ["en", enLines],
  ] as const)("%s names every line and says what it is", (_lng, file) => {
    // The lines, and the ΚΟΤ discount's "of which" line (#38 §2, not a line of the sum).
    expect(Object.keys(file).sort()).toEqual([...BILL_LINE_KEYS, "socialTariff"].sort());
    for (const key of BILL_LINE_KEYS) {
      expect(file[key].label.trim()).not.toBe("");
      expect(file[key].help.trim()).not.toBe("");
    }
  });

  it("uses the words the issue settled", () => {
    expect(elLines.municipality.label).toBe("Δημοτικά τέλη και φόροι, ΕΡΤ");
    expect(elLines.taxes.label).toBe("ΦΠΑ και ειδικός φόρος κατανάλωσης");
    expect(elLines.collateral.label).toBe("Εγγύηση");
    expect(enLines.municipality.label).toBe("Municipal charges and taxes, ERT");
    expect(enLines.taxes.label).toBe("VAT and excise duty");
    expect(enLines.collateral.label).toBe("Deposit");
  });

  it("names the keys in the billLines namespace", () => {
    expect(billLineLabelKey("energy")).toBe("billLines:energy.label");
    expect(billLineHelpKey("advance")).toBe("billLines:advance.help");
  });
});

describe("billPdfFilename (#35 §2)", () => {
  it("names the PDF after the supply and the bill's month", () => {
    expect(billPdfFilename("112345678", "2026-11-12")).toBe("NRG-112345678-2026-11.pdf");
  });

  it("keeps only letters and digits of the supply number; none: the month alone", () => {
    expect(billPdfFilename("GR 0012/34", "2026-01-05")).toBe("NRG-GR001234-2026-01.pdf");
    expect(billPdfFilename("-", "2026-01-05")).toBe("NRG-2026-01.pdf");
  });
});

describe("socialTariffLine (#38 §2)", () => {
  it.each([
    [null, null],
    [{ kwh: 0, perKwh: 0.045, cents: 0 }, null],
    [
      { kwh: 600, perKwh: 0.045, cents: 2_700 },
      { key: "socialTariff", amount: -27, kwh: 600, perKwh: 0.045 },
    ],
  ])("%j → %j", (discount, line) => {
    expect(socialTariffLine(discount)).toEqual(line);
  });
});
