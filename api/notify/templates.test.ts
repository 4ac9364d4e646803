import { describe, expect, it } from "vitest";
import { smsSegments } from "../messages/sms";
import {
  disconnectionEmail,
  disconnectionSms,
  gsmGreek,
  newBillEmail,
  newBillSms,
  overdueEmail,
  overdueSms,
  paymentEmail,
  readingEmail,
  readingSms,
} from "./templates";

/** The longest values a notice can carry: the largest amount, a long origin, a short code. */
const AMOUNT = 9_999_999.99;
const DUE = "2026-12-31";
const URL = "https://my-account.nrg-energy.gr/p/Ab3dE9xZkQ";
const LANGS = ["el", "en"] as const;

describe("#36 §2 every notice SMS fits one segment in both languages", () => {
  const texts = LANGS.flatMap((lang) => [
    newBillSms[lang]({ amount: AMOUNT, due: DUE, url: URL }).body,
    overdueSms[lang]({ amount: AMOUNT, due: DUE, url: URL }).body,
    disconnectionSms[lang]({ date: DUE, url: URL }).body,
    ...(["open", "reminder"] as const).map(
      (kind) => readingSms[lang]({ name: "x", supply: "x", closes: DUE, url: URL }, kind).body,
    ),
  ]);
  it.each(texts)("%s", (text) => {
    expect(smsSegments(text).segments).toBe(1);
    expect(text).toContain(URL);
  });

  it("writes Greek in the GSM alphabet's capitals, without accents", () => {
    expect(gsmGreek("Νέος λογαριασμός έως")).toBe("NEOΣ ΛOΓAPIAΣMOΣ EΩΣ");
    expect(smsSegments(gsmGreek("Ψηφιακή Ξάνθη Θεσσαλονίκη")).encoding).toBe("GSM-7");
  });
});

describe("#36 §2 notice emails", () => {
  const bill = {
    name: "Μαρία",
    supply: "123456789012345678901",
    amount: 95.26,
    due: DUE,
    rf: "RF18539007547034",
    payUrl: "https://my.nrg.gr/pay/x",
    billUrl: "https://my.nrg.gr/b2b/logariasmoi/1",
    pdfUrl: "https://my.nrg.gr/b2b/invoice-pdf/1",
  };
  it.each(LANGS)("%s: a new bill has the amount, due date, RF code, pay link and PDF", (lang) => {
    const mail = newBillEmail[lang](bill);
    expect(mail.subject).toContain("95,26\u00a0€");
    for (const part of ["31/12/2026", "RF18 5390 0754 7034", bill.payUrl, bill.pdfUrl]) {
      expect(mail.body).toContain(part);
    }
  });
  it("Greek greets in the vocative; English by name", () => {
    expect(newBillEmail.el({ ...bill, name: "Γιώργος" }).body).toMatch(/^Γεια σας Γιώργο,/);
    expect(newBillEmail.en({ ...bill, name: "George" }).body).toMatch(/^Hello George,/);
  });
  it.each(LANGS)("%s: the other notices say what, when and how", (lang) => {
    expect(
      paymentEmail[lang]({ ...bill, paidAt: "2026-12-03", channel: "cash_desk" }).body,
    ).toContain("03/12/2026");
    expect(overdueEmail[lang]({ ...bill, due: DUE }).body).toContain("18101");
    const warning = disconnectionEmail[lang]({ ...bill, date: DUE });
    expect(warning.subject).toContain("31/12/2026");
    expect(warning.body).toContain("18101");
    expect(readingEmail[lang]({ ...bill, closes: DUE, url: "https://x/r" }, "open").body).toContain(
      "https://x/r",
    );
  });
});
