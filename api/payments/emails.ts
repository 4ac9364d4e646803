import type { ApiReceipt } from "../../core/contract";
import type { Lang } from "../types";

/** "1.234,50 €": the display format of spec §5 in both languages (U+00A0 before "€"). */
export function emailAmount(euros: number): string {
  const cents = Math.round(Math.abs(euros) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${euros < 0 ? "-" : ""}${whole},${String(cents % 100).padStart(2, "0")}\u00a0€`;
}

/** The payment receipt (one per payment, whatever the number of supplies). */
export function receiptEmail(lang: Lang, receipt: ApiReceipt): { subject: string; body: string } {
  const lines = receipt.items.map(
    (item) =>
      `- ${item.supply_number} (${item.address}): ${emailAmount(item.amount)} · ${item.txn_no}`,
  );
  if (lang === "en") {
    return {
      subject: `Payment receipt ${receipt.reference}`,
      body: [
        "Thank you for your payment.",
        "",
        `Payment number: ${receipt.reference}`,
        `Total: ${emailAmount(receipt.amount)}`,
        ...(receipt.card_last4 ? [`Card: •••• ${receipt.card_last4}`] : []),
        "",
        ...lines,
        "",
        "The payment will show on your account within 5 days. If it does not, call 18101.",
      ].join("\n"),
    };
  }
  return {
    subject: `Απόδειξη πληρωμής ${receipt.reference}`,
    body: [
      "Σας ευχαριστούμε για την πληρωμή σας.",
      "",
      `Αριθμός πληρωμής: ${receipt.reference}`,
      `Σύνολο: ${emailAmount(receipt.amount)}`,
      ...(receipt.card_last4 ? [`Κάρτα: •••• ${receipt.card_last4}`] : []),
      "",
      ...lines,
      "",
      "Η πληρωμή θα εμφανιστεί στον λογαριασμό σας εντός 5 ημερών. Σε αντίθετη περίπτωση καλέστε στο 18101.",
    ].join("\n"),
  };
}
