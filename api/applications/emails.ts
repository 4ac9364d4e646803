import type { TransferApplication } from "../../core/applications/transfer";
import type { NewSupplyApplication } from "../../core/applications/new-supply";
import type { Lang } from "../types";
import type { TariffCategory } from "../../core/applications/rules";
import { greekVocative } from "../../core/vocative";

const TARIFFS: Record<Lang, Record<TariffCategory, string>> = {
  el: {
    residential: "Οικιακό",
    residential_night: "Οικιακό με νυχτερινό",
    professional_upto_25kva: "Επαγγελματικό έως 25 kVA",
    professional_over_25kva: "Επαγγελματικό άνω των 25 kVA",
    professional_night: "Επαγγελματικό με νυχτερινό",
  },
  en: {
    residential: "Residential",
    residential_night: "Residential with night rate",
    professional_upto_25kva: "Professional up to 25 kVA",
    professional_over_25kva: "Professional over 25 kVA",
    professional_night: "Professional with night rate",
  },
};

/** The confirmation of a transfer application (outbox), in the request's language. */
export function transferEmail(lang: Lang, reference: string, application: TransferApplication) {
  if (lang === "en") {
    return {
      subject: `We received your transfer application ${reference}`,
      body: [
        "Hello,",
        "",
        `we received your application to move supply ${application.supply_number} to NRG (number ${reference}).`,
        `Tariff category: ${TARIFFS.en[application.tariff]}`,
        `VAT number: ${application.afm} · Mobile: ${application.phone}`,
        "",
        "We will contact you within 2 working days. Customer service: 18101.",
      ].join("\n"),
    };
  }
  return {
    subject: `Λάβαμε την αίτηση μετάβασης ${reference}`,
    body: [
      "Γεια σας,",
      "",
      `λάβαμε την αίτησή σας για τη μεταφορά της παροχής ${application.supply_number} στη NRG (αριθμός ${reference}).`,
      `Κατηγορία τιμολογίου: ${TARIFFS.el[application.tariff]}`,
      `ΑΦΜ: ${application.afm} · Κινητό: ${application.phone}`,
      "",
      "Θα επικοινωνήσουμε μαζί σας μέσα σε 2 εργάσιμες ημέρες. Εξυπηρέτηση πελατών: 18101.",
    ].join("\n"),
  };
}

/** The confirmation of a new-supply application (outbox). */
export function newSupplyEmail(lang: Lang, reference: string, application: NewSupplyApplication) {
  const address = `${application.address}, ${application.postal_code} ${application.city}`;
  if (lang === "en") {
    const type = application.supply_type === "gas" ? "gas" : "electricity";
    return {
      subject: `We received your new supply application ${reference}`,
      body: [
        `Hello ${application.name},`,
        "",
        `we received your application for ${application.supply_count} new ${type} supply(-ies) at ${address} (number ${reference}).`,
        "",
        "We will contact you within 2 working days. Customer service: 18101.",
      ].join("\n"),
    };
  }
  const type = application.supply_type === "gas" ? "φυσικού αερίου" : "ηλεκτρικού ρεύματος";
  return {
    subject: `Λάβαμε την αίτηση νέας παροχής ${reference}`,
    body: [
      `Γεια σας ${greekVocative(application.name)},`,
      "",
      `λάβαμε την αίτησή σας για ${application.supply_count} νέα/-ες παροχή/-ές ${type} στη διεύθυνση ${address} (αριθμός ${reference}).`,
      "",
      "Θα επικοινωνήσουμε μαζί σας μέσα σε 2 εργάσιμες ημέρες. Εξυπηρέτηση πελατών: 18101.",
    ].join("\n"),
  };
}
