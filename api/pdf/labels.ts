import type { InvoiceType } from "../../core/contract";
import { BILL_LINE_KEYS, type BillLineKey } from "../../core/bill-lines";
import elLines from "../../locales/el/billLines.json";
import enLines from "../../locales/en/billLines.json";
import elCommon from "../../locales/el/common.json";
import enCommon from "../../locales/en/common.json";
import type { TariffColour } from "../../core/tariff-colours";
/** The API's Lang (api/types.ts), spelled here so node-side tests can import the labels without the Worker's Env. */
export type Lang = "el" | "en";

/** The bill lines' labels: the portal's own words (core/bill-lines.ts), one text per language. */
const lineLabels = (file: typeof enLines): Record<BillLineKey, string> =>
  Object.fromEntries(BILL_LINE_KEYS.map((key) => [key, file[key].label])) as Record<
    BillLineKey,
    string
  >;

/** The invoice document's text, in the customer's language (the `Language` header). */
export interface PdfLabels {
  supplier: string;
  supplierLine: string;
  title: Record<InvoiceType, string>;
  customer: string;
  vat: string;
  billingAddress: string;
  supply: string;
  supplyNumber: string;
  supplyAddress: string;
  invoiceNo: string;
  issueDate: string;
  billingPeriod: string;
  consumptionPeriod: string;
  consumption: string;
  day: string;
  night: string;
  pv: string;
  /** Whether the consumption was metered or estimated (issue #20). */
  consumptionSource: Record<"actual" | "estimated", string>;
  businessPartner: string;
  contractAccount: string;
  charges: string;
  description: string;
  amount: string;
  /** The bill lines' labels (locales/<lang>/billLines.json, as on the pages). */
  lines: Record<BillLineKey, string>;
  /** The ΚΟΤ discount's "of which" line under the energy charge (#38 §2). */
  socialTariff: string;
  socialTariffWithin: string;
  currentBill: string;
  previousBalance: string;
  total: string;
  dueDate: string;
  payBy: string;
  footer: string;
  page: string;
  /** The e-invoice block: its MARK and the QR code of its verification page. */
  mark: string;
  eInvoice: string;
  verify: string;
  /** The RF payment code (#34, core/rf.ts) and how to pay with it. */
  rfCode: string;
  rfHelp: string;
  docTitle: string;
  /** The tariff colour beside the amount payable (#37 §3), the portal's words (common.json). */
  tariffColour: string;
  tariffColours: Record<TariffColour, string>;
}

const el: PdfLabels = {
  supplier: "NRG Α.Ε. Προμήθεια Ηλεκτρικής Ενέργειας και Φυσικού Αερίου",
  supplierLine: "Λεωφόρος Κηφισίας 100, 11526 Αθήνα · ΑΦΜ 099999999 · Εξυπηρέτηση πελατών 18101",
  title: {
    Clearance: "Εκκαθαριστικός λογαριασμός",
    Advance: "Έναντι λογαριασμός",
    Credit: "Πιστωτικό σημείωμα",
    Cancelled: "Ακυρωτικό παραστατικό",
    payment: "Πληρωμή",
    Manual: "Λογαριασμός (επανέκδοση)",
  },
  customer: "Πελάτης",
  vat: "ΑΦΜ",
  billingAddress: "Διεύθυνση αλληλογραφίας",
  supply: "Παροχή",
  supplyNumber: "Αριθμός παροχής",
  supplyAddress: "Διεύθυνση παροχής",
  invoiceNo: "Αριθμός λογαριασμού",
  issueDate: "Ημερομηνία έκδοσης",
  billingPeriod: "Περίοδος χρέωσης",
  consumptionPeriod: "Περίοδος κατανάλωσης",
  consumption: "Κατανάλωση",
  day: "Ημέρα",
  night: "Νύχτα",
  pv: "Παραγωγή φωτοβολταϊκού",
  consumptionSource: { actual: "πραγματική", estimated: "εκτίμηση" },
  businessPartner: "Κωδικός πελάτη",
  contractAccount: "Αριθμός συμβολαίου",
  charges: "Ανάλυση χρεώσεων",
  description: "Περιγραφή",
  amount: "Ποσό (€)",
  lines: lineLabels(elLines),
  socialTariff: "Εκ των οποίων έκπτωση ΚΟΤ",
  socialTariffWithin: "μέσα στη χρέωση ενέργειας.",
  currentBill: "Τρέχων λογαριασμός",
  previousBalance: "Προηγούμενο υπόλοιπο",
  total: "Σύνολο πληρωτέο",
  dueDate: "Ημερομηνία λήξης",
  payBy: "Πληρώστε έως",
  footer:
    "Η πληρωμή εμφανίζεται μέσα σε 5 ημέρες· διαφορετικά καλέστε το 18101. Ο λογαριασμός εκδόθηκε ηλεκτρονικά από το myNRG.",
  page: "Σελίδα",
  mark: "ΜΑΡΚ",
  eInvoice: "Ηλεκτρονικό τιμολόγιο (myDATA)",
  verify: "Επαλήθευση με τον κωδικό QR ή στη διεύθυνση:",
  rfCode: "Κωδικός πληρωμής RF",
  rfHelp: "Πληρώστε από το e-banking ή το ATM της τράπεζάς σας με αυτόν τον κωδικό.",
  docTitle: "Λογαριασμός",
  tariffColour: elCommon.tariffColour.label,
  tariffColours: elCommon.tariffColour,
};

const en: PdfLabels = {
  supplier: "NRG S.A. Electricity and Natural Gas Supply",
  supplierLine: "100 Kifisias Avenue, 11526 Athens · VAT 099999999 · Customer service 18101",
  title: {
    Clearance: "Balancing bill",
    Advance: "Advance bill",
    Credit: "Credit note",
    Cancelled: "Cancellation document",
    payment: "Payment",
    Manual: "Bill (re-issued)",
  },
  customer: "Customer",
  vat: "VAT number",
  billingAddress: "Billing address",
  supply: "Supply",
  supplyNumber: "Supply number",
  supplyAddress: "Supply address",
  invoiceNo: "Bill number",
  issueDate: "Issue date",
  billingPeriod: "Billing period",
  consumptionPeriod: "Consumption period",
  consumption: "Consumption",
  day: "Day",
  night: "Night",
  pv: "PV production",
  consumptionSource: { actual: "actual", estimated: "estimated" },
  businessPartner: "Customer number",
  contractAccount: "Contract number",
  charges: "Charges explained",
  description: "Description",
  amount: "Amount (€)",
  lines: lineLabels(enLines),
  socialTariff: "Of which the KOT discount",
  socialTariffWithin: "within the energy charge.",
  currentBill: "Current bill",
  previousBalance: "Previous balance",
  total: "Total to pay",
  dueDate: "Due date",
  payBy: "Pay by",
  footer:
    "A payment shows within 5 days; otherwise call 18101. This bill was issued electronically by myNRG.",
  page: "Page",
  mark: "MARK",
  eInvoice: "E-invoice (myDATA)",
  verify: "Verify with the QR code or at:",
  rfCode: "RF payment code",
  rfHelp: "Pay in your bank's e-banking or at its ATM with this code.",
  docTitle: "Bill",
  tariffColour: enCommon.tariffColour.label,
  tariffColours: enCommon.tariffColour,
};

export const pdfLabels = (lang: Lang): PdfLabels => (lang === "en" ? en : el);
