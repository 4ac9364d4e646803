import type { Lang } from "../types";

/** The email that confirms a linked or created card. */
export function cardLinkedEmail(lang: Lang, card: string, vat: string) {
  const en = lang === "en";
  return {
    subject: en ? "Your allSmart card" : "Η κάρτα σας allSmart",
    body: en
      ? `Your allSmart card ${card} is now linked to VAT ${vat}.`
      : `Η κάρτα σας allSmart ${card} συνδέθηκε με τον ΑΦΜ ${vat}.`,
  };
}
