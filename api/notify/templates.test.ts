import { describe, expect, it } from "vitest";
import { smsSegments } from "../messages/sms";
import {
  alertTrippedEmail,
  alertTrippedInbox,
  alertTrippedSms,
  type AlertFacts,
  copySentNote,
  disconnectionEmail,
  disconnectionSms,
  gsmGreek,
  newBillEmail,
  newBillSms,
  overdueEmail,
  overdueSms,
  paymentEmail,
  planEndedEmail,
  planEndedSms,
  plannedInterruptionEmail,
  plannedInterruptionSms,
  readingEmail,
  readingSms,
  trustedCopyEmail,
  trustedCopySms,
} from "./templates";

/** The longest values a notice can carry: the largest amount, a long origin, a short code. */
const AMOUNT = 9_999_999.99;
const DUE = "2026-12-31";
const URL = "https://my-account.nrg-energy.gr/p/Ab3dE9xZkQ";
const LANGS = ["el", "en"] as const;
const ALERT_URL = "https://my-account.nrg-energy.gr/b2b/logariasmoi/999999999999";
/** An alert's notice, by each rule and source, with the longest amounts. */
const alertFacts: AlertFacts = {
  name: "Μαρία",
  supply: "123456789012345678901",
  source: "forecast",
  from: "2026-11-05",
  to: "2026-12-04",
  amount: AMOUNT,
  threshold: 100_000,
  reference: AMOUNT,
  overPercent: 99_999,
  url: ALERT_URL,
};
const alertSmsFacts: AlertFacts[] = [
  alertFacts,
  { ...alertFacts, source: "bill" },
  { ...alertFacts, threshold: null },
  { ...alertFacts, source: "bill", threshold: null },
];

describe("#36 §2 every notice SMS fits one segment in both languages", () => {
  const texts = LANGS.flatMap((lang) => [
    newBillSms[lang]({ amount: AMOUNT, due: DUE, url: URL }).body,
    overdueSms[lang]({ amount: AMOUNT, due: DUE, url: URL }).body,
    disconnectionSms[lang]({ date: DUE, url: URL }).body,
    planEndedSms[lang]({ balance: AMOUNT, url: URL }).body,
    ...(["open", "reminder"] as const).map(
      (kind) => readingSms[lang]({ name: "x", supply: "x", closes: DUE, url: URL }, kind).body,
    ),
    // An alert's SMS links the bill's page itself (no short link): the longest such path.
    ...alertSmsFacts.map((f) => alertTrippedSms[lang]({ ...f, url: ALERT_URL }).body),
    // #38: a planned interruption has no link (nothing to do online); each copy of a notice to
    // the trusted person is the notice's own SMS, marked as a copy.
    plannedInterruptionSms[lang]({ date: DUE, from: "08:30", to: "14:30" }).body,
    trustedCopySms[lang](overdueSms[lang]({ amount: AMOUNT, due: DUE, url: URL })).body,
    trustedCopySms[lang](disconnectionSms[lang]({ date: DUE, url: URL })).body,
    trustedCopySms[lang](plannedInterruptionSms[lang]({ date: DUE, from: "08:30", to: "14:30" }))
      .body,
  ]);
  it.each(texts)("%s", (text) => {
    expect(smsSegments(text).segments).toBe(1);
  });
  const linked = (text: string) => !text.includes(ALERT_URL) && !/08:30-14:30/.test(text);
  it.each(texts.filter(linked))("%s links the short URL", (text) => {
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

describe("#37 §2 an alert that tripped", () => {
  const facts: AlertFacts = {
    ...alertFacts,
    amount: 95.26,
    threshold: 80,
    reference: 70,
    overPercent: 36,
    url: "https://my.nrg.gr/b2b/provlepsi",
  };
  it.each(LANGS)("%s: the email has the figures, the period and the link", (lang) => {
    const mail = alertTrippedEmail[lang](facts);
    expect(mail.subject).toContain("95,26\u00a0€");
    for (const part of [
      "05/11/2026",
      "04/12/2026",
      "80,00\u00a0€",
      "70,00\u00a0€",
      "36%",
      facts.url,
    ]) {
      expect(mail.body).toContain(part);
    }
  });
  it("by the percentage alone it names last year's figure, not a limit", () => {
    const mail = alertTrippedEmail.en({ ...facts, threshold: null });
    expect(mail.body).toContain("36% above the same period last year (70,00\u00a0€)");
    expect(mail.body).not.toContain("limit");
    expect(alertTrippedSms.en({ ...facts, threshold: null }).body).toContain("+36% on last year");
  });
  it("a bill's notice links the bill; the inbox has both languages and the link", () => {
    const bill = { ...facts, source: "bill" as const, url: "/b2b/logariasmoi/7" };
    expect(alertTrippedEmail.el(bill).body).toContain("Ο νέος λογαριασμός");
    const inbox = alertTrippedInbox(bill);
    expect(inbox.content).toContain("/b2b/logariasmoi/7");
    expect(inbox.content_en).toContain("/b2b/logariasmoi/7");
    expect(inbox.title_en).toBe("Alert: the bill exceeds your limit");
  });
});

describe("#38 §1 the plan-ended notice", () => {
  const facts = {
    name: "Γιώργος",
    supply: "123456789012345678901",
    n: 2,
    amount: 30.52,
    due: "2027-01-04",
    balance: 30.52,
    url: "https://my.nrg.gr/pay/x",
  };
  it.each(LANGS)("%s: which instalment, its date, what is due now and the pay link", (lang) => {
    const mail = planEndedEmail[lang](facts);
    for (const part of ["04/01/2027", "30,52\u00a0€", facts.url, "18101"]) {
      expect(mail.body).toContain(part);
    }
    expect(mail.subject).toContain(facts.supply);
  });
});

describe("#38 the copies of notices to a trusted person and the planned interruption", () => {
  const facts = {
    name: "Μαρία",
    supply: "123456789012345678901",
    amount: 95.26,
    due: DUE,
    rf: "RF18539007547034",
    payUrl: "https://my.nrg.gr/pay/x",
  };
  it.each(LANGS)("%s: a copy says it is one, for whom, and carries the notice", (lang) => {
    const original = overdueEmail[lang](facts);
    const copy = trustedCopyEmail[lang]({
      holder: "Μαρία Παπαδοπούλου",
      account: "ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ",
      original,
    });
    expect(copy.subject).toBe(`${lang === "el" ? "Αντίγραφο" : "Copy"}: ${original.subject}`);
    expect(copy.body).toContain("«Μαρία Παπαδοπούλου»");
    expect(copy.body).toContain("«ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ»");
    expect(copy.body.endsWith(original.body)).toBe(true);
    expect(trustedCopySms[lang](overdueSms[lang]({ amount: 1, due: DUE, url: URL })).body).toMatch(
      lang === "el" ? /^NRG AN/ : /^NRG copy: /,
    );
  });
  it.each(LANGS)("%s: the original names the person who got the copy, quoted", (lang) => {
    expect(copySentNote[lang]("Γιάννης www.evil.example")).toContain(
      "«Γιάννης www. evil. example»",
    );
  });
  it.each(LANGS)("%s: a planned interruption says the day, the hours and what to do", (lang) => {
    const mail = plannedInterruptionEmail[lang]({
      ...facts,
      date: DUE,
      from: "08:30",
      to: "14:30",
    });
    for (const part of ["31/12/2026", "08:30", "14:30", "18101", facts.supply])
      expect(mail.body).toContain(part);
    expect(mail.subject).toContain("31/12/2026");
  });
});
