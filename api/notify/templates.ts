import { formatRf } from "../../core/rf";
import { greekVocative } from "../../core/vocative";
import { emailAmount } from "../payments/emails";
import type { Lang } from "../types";

/**
 * The texts of the notices (#36 §2, docs/notices.md), in both languages. An SMS fits one segment
 * with the longest values (tests/unit/notices.test.ts): the Greek one is written in capitals of
 * the GSM alphabet (`gsmGreek`), as Greek operators send them, so it has 160 characters rather
 * than the 70 of UCS-2.
 */

/** "2026-12-15" → "15/12/2026". */
export const dayText = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
};

/** Greek capitals without accents, each letter the GSM alphabet lacks as its Latin look-alike. */
const GSM_LOOKALIKES: Record<string, string> = {
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
};
export function gsmGreek(text: string): string {
  return [
    ...text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLocaleUpperCase("el"),
  ]
    .map((c) => GSM_LOOKALIKES[c] ?? c)
    .join("");
}

/** "1.234,56€" for an SMS (no space: every character counts). */
const smsAmount = (euros: number) => emailAmount(euros).replace("\u00a0", "");

export interface Text {
  subject: string;
  body: string;
}

export interface BillFacts {
  name: string;
  supply: string;
  amount: number;
  due: string | null;
  rf: string;
  payUrl: string;
  billUrl: string;
  pdfUrl: string;
}

export const newBillEmail: Record<Lang, (f: BillFacts) => Text> = {
  el: (f) => ({
    subject: `Νέος λογαριασμός NRG: ${emailAmount(f.amount)}${f.due ? ` έως ${dayText(f.due)}` : ""}`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      `εκδόθηκε ο νέος λογαριασμός της παροχής ${f.supply}.\n\n` +
      `Ποσό: ${emailAmount(f.amount)}\n` +
      (f.due ? `Λήξη: ${dayText(f.due)}\n` : "") +
      `Κωδικός πληρωμής RF: ${formatRf(f.rf)}\n\n` +
      `Πληρώστε με κάρτα χωρίς σύνδεση:\n${f.payUrl}\n\n` +
      `Ο λογαριασμός σε PDF (μετά τη σύνδεση):\n${f.pdfUrl}\n\n` +
      `Όλα τα στοιχεία του στο portal:\n${f.billUrl}\n\n` +
      `Λαμβάνετε αυτό το μήνυμα επειδή έχετε ενεργό τον ηλεκτρονικό λογαριασμό (e-bill).`,
  }),
  en: (f) => ({
    subject: `Your new NRG bill: ${emailAmount(f.amount)}${f.due ? ` due ${dayText(f.due)}` : ""}`,
    body:
      `Hello ${f.name},\n\n` +
      `the new bill of supply ${f.supply} has been issued.\n\n` +
      `Amount: ${emailAmount(f.amount)}\n` +
      (f.due ? `Due date: ${dayText(f.due)}\n` : "") +
      `RF payment code: ${formatRf(f.rf)}\n\n` +
      `Pay by card without signing in:\n${f.payUrl}\n\n` +
      `The bill as a PDF (after signing in):\n${f.pdfUrl}\n\n` +
      `All its details in the portal:\n${f.billUrl}\n\n` +
      `You receive this message because e-bill is on for this supply.`,
  }),
};

export const newBillSms: Record<
  Lang,
  (f: { amount: number; due: string | null; url: string }) => Text
> = {
  el: (f) => ({
    subject: "Νέος λογαριασμός",
    body:
      gsmGreek(
        `NRG: Νέος λογαριασμός ${smsAmount(f.amount)}${f.due ? ` έως ${dayText(f.due)}` : ""}. Πληρωμή: `,
      ) + f.url,
  }),
  en: (f) => ({
    subject: "New bill",
    body: `NRG: new bill ${smsAmount(f.amount)}${f.due ? ` due ${dayText(f.due)}` : ""}. Pay: ${f.url}`,
  }),
};

/** The inbox row of a notice: both languages, like every message (0021). */
export interface InboxText {
  title: string;
  content: string;
  title_en: string;
  content_en: string;
}

export const newBillInbox = (f: {
  supply: string;
  amount: number;
  due: string | null;
}): InboxText => ({
  title: "Νέος λογαριασμός",
  content: `Εκδόθηκε ο λογαριασμός της παροχής ${f.supply}: ${emailAmount(f.amount)}${f.due ? `, λήξη ${dayText(f.due)}` : ""}.`,
  title_en: "New bill",
  content_en: `The bill of supply ${f.supply} has been issued: ${emailAmount(f.amount)}${f.due ? `, due ${dayText(f.due)}` : ""}.`,
});

export interface PaymentFacts {
  name: string;
  supply: string;
  amount: number;
  paidAt: string;
  channel: "card" | "rf" | "cash_desk" | "direct_debit";
}

const CHANNEL: Record<Lang, Record<PaymentFacts["channel"], string>> = {
  el: {
    card: "με κάρτα",
    rf: "μέσω τράπεζας (κωδικός RF)",
    cash_desk: "σε ταμείο",
    direct_debit: "με πάγια εντολή",
  },
  en: {
    card: "by card",
    rf: "through a bank (RF code)",
    cash_desk: "at a cash desk",
    direct_debit: "by direct debit",
  },
};

export const paymentEmail: Record<Lang, (f: PaymentFacts) => Text> = {
  el: (f) => ({
    subject: `Λάβαμε την πληρωμή σας: ${emailAmount(f.amount)}`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      `λάβαμε την πληρωμή ${emailAmount(f.amount)} για την παροχή ${f.supply}, ` +
      `${CHANNEL.el[f.channel]}, στις ${dayText(f.paidAt)}.\n\nΕυχαριστούμε.`,
  }),
  en: (f) => ({
    subject: `We received your payment: ${emailAmount(f.amount)}`,
    body:
      `Hello ${f.name},\n\n` +
      `we received your payment of ${emailAmount(f.amount)} for supply ${f.supply}, ` +
      `${CHANNEL.en[f.channel]}, on ${dayText(f.paidAt)}.\n\nThank you.`,
  }),
};

export const paymentInbox = (f: PaymentFacts): InboxText => ({
  title: "Λάβαμε την πληρωμή σας",
  content: `Πληρωμή ${emailAmount(f.amount)} για την παροχή ${f.supply}, ${CHANNEL.el[f.channel]}, στις ${dayText(f.paidAt)}.`,
  title_en: "Payment received",
  content_en: `A payment of ${emailAmount(f.amount)} for supply ${f.supply}, ${CHANNEL.en[f.channel]}, on ${dayText(f.paidAt)}.`,
});
