import { DEMO } from "./accounts.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * Demo data of the help and notice pages: supplier-wide important notices in both languages (one
 * expired and one scheduled for later, which the portal must not show) and an answer to last
 * quarter's questionnaire by the household (it must not block this quarter's).
 */

const DAY = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const q = (value: string | number | null) =>
  value === null
    ? "NULL"
    : typeof value === "number"
      ? String(value)
      : `'${value.replace(/'/g, "''")}'`;

interface Notice {
  id: number;
  published: number;
  expires: number | null;
  importance: "normal" | "important" | "urgent";
  title_el: string;
  title_en: string;
  body_el: string;
  body_en: string;
}

export const NOTICES: Notice[] = [
  {
    id: 1,
    published: -2,
    expires: 30,
    importance: "urgent",
    title_el: "Προγραμματισμένη συντήρηση της πύλης",
    title_en: "Scheduled portal maintenance",
    body_el:
      "Την Κυριακή από τις 02:00 έως τις 05:00 η πύλη myNRG δεν θα είναι διαθέσιμη λόγω αναβάθμισης. Οι πληρωμές με κάρτα και η καταχώριση ενδείξεων θα λειτουργούν ξανά αμέσως μετά. Για επείγοντα θέματα καλέστε το 18101.",
    body_en:
      "On Sunday from 02:00 to 05:00 the myNRG portal will be unavailable for an upgrade. Card payments and meter readings will work again right after. For urgent matters call 18101.",
  },
  {
    id: 2,
    published: -12,
    expires: null,
    importance: "important",
    title_el: "Νέα τιμολόγια ρεύματος από τον επόμενο μήνα",
    title_en: "New electricity tariffs from next month",
    body_el:
      "Σύμφωνα με την υποχρέωση ενημέρωσης, τα πράσινα τιμολόγια ρεύματος για τον επόμενο μήνα έχουν αναρτηθεί στον ιστότοπό μας την 1η του μήνα. Η τιμή εφαρμόζεται αυτόματα στην κατανάλωση του επόμενου μήνα· δεν χρειάζεται καμία ενέργεια από εσάς.",
    body_en:
      "As required, next month's green electricity tariffs were published on our website on the 1st of the month. The price applies automatically to next month's consumption; you do not need to do anything.",
  },
  {
    id: 3,
    published: -30,
    expires: null,
    importance: "normal",
    title_el: "Πληρώστε με πάγια εντολή και κερδίστε έκπτωση",
    title_en: "Pay by direct debit and get a discount",
    body_el:
      "Με την πάγια εντολή πληρωμής ο λογαριασμός σας εξοφλείται αυτόματα κάθε μήνα και έχετε έκπτωση συνέπειας. Ενεργοποιήστε τη από την επιλογή «Πάγια εντολή» της πύλης.",
    body_en:
      "With direct debit your bill is paid automatically every month and you get the prompt-payment discount. Turn it on from the portal's “Direct debit” option.",
  },
  {
    id: 4,
    published: -55,
    expires: null,
    importance: "normal",
    title_el: "Ηλεκτρονικός λογαριασμός: λιγότερο χαρτί",
    title_en: "E-bill: less paper",
    body_el:
      "Λάβετε τον λογαριασμό σας με email αντί για χαρτί. Την επιλογή θα τη βρείτε στις Ρυθμίσεις, ανά παροχή.",
    body_en:
      "Receive your bill by email instead of paper. You will find the option in Settings, per supply.",
  },
  {
    id: 5,
    published: -200,
    expires: -100,
    importance: "important",
    title_el: "Λήξη προσφοράς καλοκαιριού",
    title_en: "End of the summer offer",
    body_el: "Η προσφορά του καλοκαιριού έληξε.",
    body_en: "The summer offer has ended.",
  },
  {
    id: 6,
    published: 20,
    expires: null,
    importance: "normal",
    title_el: "Ανακοίνωση που δεν έχει δημοσιευθεί ακόμη",
    title_en: "A notice not yet published",
    body_el: "Θα εμφανιστεί σε 20 ημέρες.",
    body_en: "It will appear in 20 days.",
  },
];

/** The quarter before the one `today` is in, e.g. "2026-Q3" for 2026-11-22. */
function previousQuarter(today: string): string {
  const year = Number(today.slice(0, 4));
  const quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
  return quarter === 1 ? `${year - 1}-Q4` : `${year}-Q${quarter - 1}`;
}

export const pagesSeed: SeedExtra = ({ today }) => {
  const notices = NOTICES.map((n) =>
    [
      n.id,
      addDays(today, n.published),
      n.expires === null ? null : addDays(today, n.expires),
      n.importance,
      n.title_el,
      n.title_en,
      n.body_el,
      n.body_en,
    ]
      .map(q)
      .join(", "),
  );
  const answeredAt = `${addDays(today, -100)}T09:30:00.000Z`;
  return [
    `INSERT INTO notices (id, published_at, expires_at, importance, title_el, title_en, body_el, body_en) VALUES\n(${notices.join("),\n(")});`,
    `INSERT INTO questionnaire_answers (user_id, period, overall, bills, portal, support, channel, comment, lang, created_at) VALUES\n(${[DEMO.household.userId, previousQuarter(today), 4, 3, 5, 4, "portal", "Πολύ εύχρηστη πύλη.", "el", answeredAt].map(q).join(", ")});`,
  ].join("\n");
};
