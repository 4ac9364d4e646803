import { DEMO } from "./accounts.ts";
import type { Builder } from "./builder.ts";
import { addDays } from "./dates.ts";

/** The banners: by division, for the household's main supply, and an expired one never shown. */
export function banners(b: Builder) {
  const from = addDays(b.today, -30);
  const to = addDays(b.today, 60);
  b.tables.banners.push(
    {
      id: 1,
      meter_id: null,
      division: 1,
      title_el: "Εξοικονομήστε ενέργεια αυτόν τον χειμώνα",
      title_en: "Save energy this winter",
      body_el:
        "Ρυθμίστε τον θερμοσίφωνα να λειτουργεί τις ώρες του νυχτερινού τιμολογίου και μειώστε τον λογαριασμό σας.",
      body_en: "Run your water heater during night-tariff hours and lower your bill.",
      url: "/b2b/help",
      kind: "info",
      active_from: from,
      active_to: to,
    },
    {
      id: 2,
      meter_id: DEMO.household.mainMeterId,
      division: null,
      title_el: "Η περίοδος καταχώρισης ένδειξης είναι ανοιχτή",
      title_en: "The meter reading period is open",
      body_el:
        "Καταχωρίστε την ένδειξη του μετρητή σας για να λάβετε λογαριασμό με την πραγματική σας κατανάλωση.",
      body_en: "Submit your meter reading to be billed for your actual consumption.",
      url: "/b2b/kataxorisi",
      kind: "alert",
      active_from: addDays(b.today, -3),
      active_to: addDays(b.today, 7),
    },
    {
      id: 3,
      meter_id: null,
      division: 2,
      title_el: "Φυσικό αέριο: σταθερή τιμή για 12 μήνες",
      title_en: "Natural gas: a fixed price for 12 months",
      body_el: "Κλειδώστε την τιμή του φυσικού αερίου με το πρόγραμμα nrg gas Σταθερό.",
      body_en: "Lock in your natural gas price with the nrg gas Fixed plan.",
      url: null,
      kind: "info",
      active_from: from,
      active_to: to,
    },
    {
      // Expired: must never be shown.
      id: 4,
      meter_id: null,
      division: null,
      title_el: "Προσφορά που έληξε",
      title_en: "An expired offer",
      body_el: "Αυτό το μήνυμα δεν πρέπει να εμφανίζεται.",
      body_en: "This banner must not be shown.",
      url: null,
      kind: "info",
      active_from: addDays(b.today, -90),
      active_to: addDays(b.today, -1),
    },
  );
}
