import { formatRf } from "../../core/rf";
import { greekVocative } from "../../core/vocative";
import { emailAmount } from "../payments/emails";
import { quotedName } from "../people/messages";
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

export interface ReadingFacts {
  name: string;
  supply: string;
  closes: string;
  url: string;
}

export const readingEmail: Record<Lang, (f: ReadingFacts, kind: "open" | "reminder") => Text> = {
  el: (f, kind) => ({
    subject:
      kind === "open"
        ? `Μπορείτε να στείλετε την ένδειξη του μετρητή έως ${dayText(f.closes)}`
        : `Υπενθύμιση: η ένδειξη του μετρητή έως ${dayText(f.closes)}`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      (kind === "open"
        ? `άνοιξε η περίοδος καταχώρισης ένδειξης για την παροχή ${f.supply}. `
        : `δεν έχουμε ακόμη την ένδειξη της παροχής ${f.supply}. `) +
      `Μπορείτε να τη στείλετε έως ${dayText(f.closes)}:\n${f.url}\n\n` +
      `Με την ένδειξή σας ο λογαριασμός βγαίνει με την πραγματική κατανάλωση, όχι με εκτίμηση.\n\n` +
      `Λαμβάνετε αυτό το μήνυμα επειδή ζητήσατε ειδοποίηση για την ένδειξη (Ρυθμίσεις).`,
  }),
  en: (f, kind) => ({
    subject:
      kind === "open"
        ? `You can send your meter reading until ${dayText(f.closes)}`
        : `Reminder: your meter reading by ${dayText(f.closes)}`,
    body:
      `Hello ${f.name},\n\n` +
      (kind === "open"
        ? `the reading period of supply ${f.supply} is open. `
        : `we do not have the reading of supply ${f.supply} yet. `) +
      `You can send it until ${dayText(f.closes)}:\n${f.url}\n\n` +
      `With your reading the bill uses your real consumption, not an estimate.\n\n` +
      `You receive this message because you asked to be told when you can send your reading (Settings).`,
  }),
};

export const readingSms: Record<Lang, (f: ReadingFacts, kind: "open" | "reminder") => Text> = {
  el: (f, kind) => ({
    subject: "Ένδειξη μετρητή",
    body:
      gsmGreek(
        `NRG: ${kind === "open" ? "Στείλτε" : "Υπενθύμιση: στείλτε"} την ένδειξη του μετρητή έως ${dayText(f.closes)}: `,
      ) + f.url,
  }),
  en: (f, kind) => ({
    subject: "Meter reading",
    body: `NRG: ${kind === "open" ? "send" : "reminder: send"} your meter reading by ${dayText(f.closes)}: ${f.url}`,
  }),
};

export const readingInbox = (f: ReadingFacts, kind: "open" | "reminder"): InboxText => ({
  title: kind === "open" ? "Στείλτε την ένδειξη του μετρητή" : "Υπενθύμιση ένδειξης",
  content: `Παροχή ${f.supply}: μπορείτε να στείλετε την ένδειξη έως ${dayText(f.closes)}.`,
  title_en: kind === "open" ? "Send your meter reading" : "Meter reading reminder",
  content_en: `Supply ${f.supply}: you can send your reading until ${dayText(f.closes)}.`,
});

export interface OverdueFacts {
  name: string;
  supply: string;
  amount: number;
  due: string;
  rf: string;
  payUrl: string;
}

export const overdueEmail: Record<Lang, (f: OverdueFacts) => Text> = {
  el: (f) => ({
    subject: `Ο λογαριασμός σας έληξε στις ${dayText(f.due)}`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      `ο λογαριασμός της παροχής ${f.supply} (${emailAmount(f.amount)}) έληξε στις ${dayText(f.due)} ` +
      `και δεν έχουμε λάβει ακόμη την πληρωμή του. Αν πληρώσατε πρόσφατα, αγνοήστε αυτό το μήνυμα.\n\n` +
      `Πληρωμή με κάρτα χωρίς σύνδεση:\n${f.payUrl}\n\nΚωδικός πληρωμής RF: ${formatRf(f.rf)}\n\n` +
      `Αν δυσκολεύεστε να πληρώσετε, καλέστε μας στο 18101: υπάρχουν λύσεις.`,
  }),
  en: (f) => ({
    subject: `Your bill was due on ${dayText(f.due)}`,
    body:
      `Hello ${f.name},\n\n` +
      `the bill of supply ${f.supply} (${emailAmount(f.amount)}) was due on ${dayText(f.due)} ` +
      `and we have not received its payment yet. If you paid recently, please ignore this message.\n\n` +
      `Pay by card without signing in:\n${f.payUrl}\n\nRF payment code: ${formatRf(f.rf)}\n\n` +
      `If paying is hard right now, call us on 18101: there are ways to help.`,
  }),
};

export const overdueSms: Record<Lang, (f: { amount: number; due: string; url: string }) => Text> = {
  el: (f) => ({
    subject: "Ληξιπρόθεσμος λογαριασμός",
    body:
      gsmGreek(`NRG: Ο λογαριασμός ${smsAmount(f.amount)} έληξε ${dayText(f.due)}. Πληρωμή: `) +
      f.url,
  }),
  en: (f) => ({
    subject: "Overdue bill",
    body: `NRG: your bill of ${smsAmount(f.amount)} was due ${dayText(f.due)}. Pay: ${f.url}`,
  }),
};

export const overdueInbox = (f: OverdueFacts): InboxText => ({
  title: "Ληξιπρόθεσμος λογαριασμός",
  content: `Ο λογαριασμός της παροχής ${f.supply} (${emailAmount(f.amount)}) έληξε στις ${dayText(f.due)}.`,
  title_en: "Overdue bill",
  content_en: `The bill of supply ${f.supply} (${emailAmount(f.amount)}) was due on ${dayText(f.due)}.`,
});

export interface DisconnectionFacts {
  name: string;
  supply: string;
  date: string;
  amount: number;
  payUrl: string;
}

export const disconnectionEmail: Record<Lang, (f: DisconnectionFacts) => Text> = {
  el: (f) => ({
    subject: `Προειδοποίηση διακοπής της παροχής ${f.supply} στις ${dayText(f.date)}`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      `λόγω ληξιπρόθεσμης οφειλής ${emailAmount(f.amount)}, η παροχή ${f.supply} θα διακοπεί ` +
      `στις ${dayText(f.date)}.\n\nΠώς την αποφεύγετε:\n` +
      `- πληρώστε την οφειλή έως τότε (με κάρτα χωρίς σύνδεση: ${f.payUrl}), ή\n` +
      `- καλέστε μας στο 18101 για διακανονισμό σε δόσεις.\n\n` +
      `Αν στο σπίτι υπάρχει ιατρικός εξοπλισμός υποστήριξης ζωής, καλέστε μας αμέσως.`,
  }),
  en: (f) => ({
    subject: `Warning: supply ${f.supply} will be disconnected on ${dayText(f.date)}`,
    body:
      `Hello ${f.name},\n\n` +
      `because of an overdue balance of ${emailAmount(f.amount)}, supply ${f.supply} will be ` +
      `disconnected on ${dayText(f.date)}.\n\nHow to avoid it:\n` +
      `- pay the balance before then (by card without signing in: ${f.payUrl}), or\n` +
      `- call us on 18101 to agree a payment plan.\n\n` +
      `If anyone at home relies on life-support equipment, call us at once.`,
  }),
};

export const disconnectionSms: Record<Lang, (f: { date: string; url: string }) => Text> = {
  el: (f) => ({
    subject: "Προειδοποίηση διακοπής",
    body:
      gsmGreek(`NRG: Διακοπή παροχής ${dayText(f.date)} λόγω οφειλής. Πληρωμή ή 18101: `) + f.url,
  }),
  en: (f) => ({
    subject: "Disconnection warning",
    body: `NRG: disconnection on ${dayText(f.date)} for an unpaid balance. Pay or call 18101: ${f.url}`,
  }),
};

/**
 * A planned interruption of the network operator (ΔΕΔΔΗΕ) at a supply whose home has life-support
 * equipment (#38 §3, the register's category life_support): by every channel, whatever the
 * settings, with the day, the hours and what to do. The inbox row is the back-office message's.
 */
export interface PlannedInterruptionFacts {
  name: string;
  supply: string;
  date: string;
  /** "HH:MM", Athens time. */
  from: string;
  to: string;
}

export const plannedInterruptionEmail: Record<Lang, (f: PlannedInterruptionFacts) => Text> = {
  el: (f) => ({
    subject: `Προγραμματισμένη διακοπή ρεύματος στις ${dayText(f.date)}, ${f.from}–${f.to}`,
    body:
      `Γεια σας ${greekVocative(f.name)},

` +
      `ο διαχειριστής του δικτύου (ΔΕΔΔΗΕ) θα διακόψει την παροχή ${f.supply} στις ` +
      `${dayText(f.date)}, από ${f.from} έως ${f.to}, για εργασίες στο δίκτυο.

` +
      `Η παροχή είναι στο Μητρώο Ευάλωτων Πελατών για ιατρικό εξοπλισμό υποστήριξης ζωής: ` +
      `φροντίστε εγκαίρως για εφεδρική τροφοδοσία (μπαταρία, γεννήτρια) ή για μετακίνηση σε ` +
      `ασφαλές μέρος. Αν χρειάζεστε βοήθεια, καλέστε μας στο 18101.`,
  }),
  en: (f) => ({
    subject: `Planned power cut on ${dayText(f.date)}, ${f.from}–${f.to}`,
    body:
      `Hello ${f.name},

` +
      `the network operator (HEDNO) will interrupt supply ${f.supply} on ${dayText(f.date)}, ` +
      `from ${f.from} to ${f.to}, for work on the network.

` +
      `The supply is on the vulnerable-customers register for life-support equipment: arrange a ` +
      `backup power source (battery, generator) or a safe place in time. If you need help, call ` +
      `us on 18101.`,
  }),
};

export const plannedInterruptionSms: Record<
  Lang,
  (f: { date: string; from: string; to: string }) => Text
> = {
  el: (f) => ({
    subject: "Προγραμματισμένη διακοπή",
    body: gsmGreek(
      `NRG: Προγραμματισμένη διακοπή ρεύματος ${dayText(f.date)} ${f.from}-${f.to}. Εξοπλισμός υποστήριξης ζωής: φροντίστε εφεδρεία. 18101`,
    ),
  }),
  en: (f) => ({
    subject: "Planned power cut",
    body: `NRG: planned power cut on ${dayText(f.date)} ${f.from}-${f.to}. Life-support equipment: arrange a backup. Help: 18101`,
  }),
};

/**
 * A copy of a notice to the account's trusted person (#38 §4): it says it is a copy, for whom and
 * why, then the notice itself in the trusted person's language. The names are the people's own,
 * quoted (people/messages.ts quotedName), never the supplier's words.
 */
export const trustedCopyEmail: Record<
  Lang,
  (f: { holder: string; account: string; original: Text }) => Text
> = {
  el: (f) => ({
    subject: `Αντίγραφο: ${f.original.subject}`,
    body:
      `Αυτό είναι αντίγραφο ειδοποίησης προς ${quotedName(f.holder)} για τον λογαριασμό ` +
      `ρεύματος ${quotedName(f.account)}. Το λαμβάνετε επειδή ο κάτοχος του λογαριασμού σας ` +
      `όρισε να λαμβάνετε αντίγραφα· μπορείτε να το σταματήσετε από τις ρυθμίσεις σας στο portal.` +
      `

----------

${f.original.body}`,
  }),
  en: (f) => ({
    subject: `Copy: ${f.original.subject}`,
    body:
      `This is a copy of a notice to ${quotedName(f.holder)} about the electricity account ` +
      `${quotedName(f.account)}. You receive it because the account holder chose you to receive ` +
      `copies; you can stop them in your settings on the portal.` +
      `

----------

${f.original.body}`,
  }),
};

/** A copy by SMS: the notice's own SMS, marked as a copy (names do not fit one segment). */
export const trustedCopySms: Record<Lang, (original: Text) => Text> = {
  el: (original) => ({
    subject: `Αντίγραφο: ${original.subject}`,
    body: `NRG ${gsmGreek("αντίγραφο")}: ${original.body.replace(/^NRG: /, "")}`,
  }),
  en: (original) => ({
    subject: `Copy: ${original.subject}`,
    body: `NRG copy: ${original.body.replace(/^NRG: /, "")}`,
  }),
};

/** The line an original notice's email ends with when a copy went to the trusted person. */
export const copySentNote: Record<Lang, (name: string) => string> = {
  el: (name) =>
    `\n\nΑντίγραφο αυτής της ειδοποίησης στάλθηκε και στο πρόσωπο που ορίσατε: ${quotedName(name)}.`,
  en: (name) => `\n\nA copy of this notice also went to the person you chose: ${quotedName(name)}.`,
};

/**
 * An alert the person set tripped (#37 §2): the figure (the forecast's central one or the new
 * bill's charges), and the threshold it exceeds or last year's charges and by how much, with the
 * link to the forecast's explanation or the bill's page. To that person only.
 */
export interface AlertFacts {
  name: string;
  supply: string;
  source: "forecast" | "bill";
  /** The period the figure is for. */
  from: string;
  to: string;
  amount: number;
  /** The threshold in € the amount exceeds, when that rule tripped. */
  threshold: number | null;
  /** Last year's charges of the same period, when known. */
  reference: number | null;
  /** How much more than last year, in per cent, when known. */
  overPercent: number | null;
  url: string;
}

const periodText = (f: AlertFacts) => `${dayText(f.from)}–${dayText(f.to)}`;

const alertWhat: Record<Lang, (f: AlertFacts) => string> = {
  el: (f) =>
    f.source === "forecast"
      ? `Η πρόβλεψη του επόμενου λογαριασμού της παροχής ${f.supply} (${periodText(f)}) είναι περίπου ${emailAmount(f.amount)}`
      : `Ο νέος λογαριασμός της παροχής ${f.supply} (${periodText(f)}) είναι ${emailAmount(f.amount)}`,
  en: (f) =>
    f.source === "forecast"
      ? `The forecast of the next bill of supply ${f.supply} (${periodText(f)}) is about ${emailAmount(f.amount)}`
      : `The new bill of supply ${f.supply} (${periodText(f)}) is ${emailAmount(f.amount)}`,
};

const alertWhy: Record<Lang, (f: AlertFacts) => string> = {
  el: (f) =>
    [
      f.threshold !== null ? `πάνω από το όριο των ${emailAmount(f.threshold)} που ορίσατε` : "",
      f.reference !== null && f.overPercent !== null
        ? `${f.overPercent}% πάνω από την ίδια περίοδο πέρσι (${emailAmount(f.reference)})`
        : "",
    ]
      .filter(Boolean)
      .join(" και "),
  en: (f) =>
    [
      f.threshold !== null ? `above the limit of ${emailAmount(f.threshold)} you set` : "",
      f.reference !== null && f.overPercent !== null
        ? `${f.overPercent}% above the same period last year (${emailAmount(f.reference)})`
        : "",
    ]
      .filter(Boolean)
      .join(" and "),
};

export const alertTrippedEmail: Record<Lang, (f: AlertFacts) => Text> = {
  el: (f) => ({
    subject: `Ειδοποίηση NRG: ${f.source === "forecast" ? "η πρόβλεψη" : "ο λογαριασμός"} ${emailAmount(f.amount)} ${f.threshold === null ? `είναι ${f.overPercent ?? 0}% πάνω από πέρσι` : "ξεπερνά το όριό σας"}`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      `${alertWhat.el(f)}: ${alertWhy.el(f)}.\n\n` +
      (f.source === "forecast"
        ? `Πώς βγαίνει η πρόβλεψη (είναι εκτίμηση, όχι λογαριασμός):\n${f.url}\n\n`
        : `Ο λογαριασμός στο portal:\n${f.url}\n\n`) +
      `Λαμβάνετε αυτό το μήνυμα επειδή ορίσατε ειδοποίηση για την παροχή (Ειδοποιήσεις). ` +
      `Μία φορά ανά περίοδο λογαριασμού.`,
  }),
  en: (f) => ({
    subject: `NRG alert: ${f.source === "forecast" ? "the forecast" : "the bill"} of ${emailAmount(f.amount)} ${f.threshold === null ? `is ${f.overPercent ?? 0}% above last year` : "exceeds your limit"}`,
    body:
      `Hello ${f.name},\n\n` +
      `${alertWhat.en(f)}: ${alertWhy.en(f)}.\n\n` +
      (f.source === "forecast"
        ? `How the forecast is worked out (an estimate, not a bill):\n${f.url}\n\n`
        : `The bill in the portal:\n${f.url}\n\n`) +
      `You receive this message because you set an alert for this supply (Alerts). ` +
      `Once per bill period.`,
  }),
};

export const alertTrippedSms: Record<Lang, (f: AlertFacts) => Text> = {
  el: (f) => ({
    subject: "Ειδοποίηση",
    body:
      gsmGreek(
        `NRG: ${f.source === "forecast" ? "Πρόβλεψη λογαριασμού" : "Νέος λογαριασμός"} ${smsAmount(f.amount)}` +
          (f.threshold !== null
            ? `, πάνω από το όριο ${smsAmount(f.threshold)}`
            : f.overPercent !== null
              ? `, +${f.overPercent}% από πέρσι`
              : "") +
          ". ",
      ) + f.url,
  }),
  en: (f) => ({
    subject: "Alert",
    body:
      `NRG: ${f.source === "forecast" ? "bill forecast" : "new bill"} ${smsAmount(f.amount)}` +
      (f.threshold !== null
        ? `, above your limit of ${smsAmount(f.threshold)}`
        : f.overPercent !== null
          ? `, +${f.overPercent}% on last year`
          : "") +
      `. ${f.url}`,
  }),
};

/** The inbox's texts: the link is the portal's path on a paragraph of its own (shown as a link). */
export const alertTrippedInbox = (f: AlertFacts): InboxText => ({
  title:
    f.source === "forecast"
      ? "Ειδοποίηση: η πρόβλεψη ξεπερνά το όριό σας"
      : "Ειδοποίηση: ο λογαριασμός ξεπερνά το όριό σας",
  content: `${alertWhat.el(f)}: ${alertWhy.el(f)}.\n\n${f.url}`,
  title_en:
    f.source === "forecast"
      ? "Alert: the forecast exceeds your limit"
      : "Alert: the bill exceeds your limit",
  content_en: `${alertWhat.en(f)}: ${alertWhy.en(f)}.\n\n${f.url}`,
});

/** A payment plan ended because an instalment was missed (#38 §1). */
export interface PlanEndedFacts {
  name: string;
  supply: string;
  /** The instalment missed: its number, amount and date. */
  n: number;
  amount: number;
  due: string;
  /** What the supply owes now, all of it due again. */
  balance: number;
  /** The supply's signed pay link (no sign-in needed). */
  url: string;
}

export const planEndedEmail: Record<Lang, (f: PlanEndedFacts) => Text> = {
  el: (f) => ({
    subject: `Ο διακανονισμός της παροχής ${f.supply} έληξε`,
    body:
      `Γεια σας ${greekVocative(f.name)},\n\n` +
      `η ${f.n}η δόση του διακανονισμού της παροχής ${f.supply} (${emailAmount(f.amount)}, ` +
      `έως ${dayText(f.due)}) δεν πληρώθηκε εγκαίρως, γι' αυτό ο διακανονισμός έληξε. ` +
      `Το υπόλοιπο της οφειλής, ${emailAmount(f.balance)}, είναι πλέον ληξιπρόθεσμο και πληρωτέο.\n\n` +
      `Πληρωμή με κάρτα χωρίς σύνδεση:\n${f.url}\n\n` +
      `Αν δυσκολεύεστε να πληρώσετε, καλέστε μας στο 18101: υπάρχουν λύσεις.`,
  }),
  en: (f) => ({
    subject: `The payment plan of supply ${f.supply} has ended`,
    body:
      `Hello ${f.name},\n\n` +
      `instalment ${f.n} of the payment plan of supply ${f.supply} (${emailAmount(f.amount)}, ` +
      `due ${dayText(f.due)}) was not paid in time, so the plan has ended. ` +
      `The rest of the balance, ${emailAmount(f.balance)}, is now overdue and due in full.\n\n` +
      `Pay by card without signing in:\n${f.url}\n\n` +
      `If paying is hard right now, call us on 18101: there are ways to help.`,
  }),
};

export const planEndedSms: Record<Lang, (f: { balance: number; url: string }) => Text> = {
  el: (f) => ({
    subject: "Λήξη διακανονισμού",
    body:
      gsmGreek(
        `NRG: Ο διακανονισμός σας έληξε λόγω απλήρωτης δόσης. Οφειλή ${smsAmount(f.balance)}. `,
      ) + f.url,
  }),
  en: (f) => ({
    subject: "Payment plan ended",
    body: `NRG: your payment plan ended: an instalment was not paid. You owe ${smsAmount(f.balance)}. ${f.url}`,
  }),
};

export const planEndedInbox = (f: PlanEndedFacts): InboxText => ({
  title: "Ο διακανονισμός σας έληξε",
  content:
    `Η ${f.n}η δόση του διακανονισμού της παροχής ${f.supply} (${emailAmount(f.amount)}, έως ` +
    `${dayText(f.due)}) δεν πληρώθηκε εγκαίρως. Το υπόλοιπο, ${emailAmount(f.balance)}, είναι πλέον ληξιπρόθεσμο.`,
  title_en: "Your payment plan has ended",
  content_en:
    `Instalment ${f.n} of the payment plan of supply ${f.supply} (${emailAmount(f.amount)}, due ` +
    `${dayText(f.due)}) was not paid in time. The rest, ${emailAmount(f.balance)}, is now overdue.`,
});
