/** Greek reference data: addresses, tariff packages and seasonal use. */

/** A street, its region and its postcode. */
export type Address = readonly [street: string, region: string, postcode: string];

export const ADDRESSES: ReadonlyArray<Address> = [
  ["Λεωφόρος Κηφισίας", "Μαρούσι", "15124"],
  ["Πανεπιστημίου", "Αθήνα", "10679"],
  ["Ερμού", "Αθήνα", "10563"],
  ["Λεωφόρος Συγγρού", "Νέα Σμύρνη", "17121"],
  ["Αγίου Δημητρίου", "Άγιος Δημήτριος", "17343"],
  ["Λεωφόρος Μεσογείων", "Χολαργός", "15561"],
  ["Θησέως", "Καλλιθέα", "17671"],
  ["Ακτή Μιαούλη", "Πειραιάς", "18538"],
  ["Λεωφόρος Βουλιαγμένης", "Γλυφάδα", "16674"],
  ["Αγίας Παρασκευής", "Χαλάνδρι", "15234"],
  ["Τατοΐου", "Κηφισιά", "14561"],
  ["Λεωφόρος Αθηνών", "Περιστέρι", "12131"],
  ["Εγνατία", "Θεσσαλονίκη", "54630"],
  ["Τσιμισκή", "Θεσσαλονίκη", "54623"],
  ["Βασιλίσσης Όλγας", "Θεσσαλονίκη", "54641"],
  ["Κωνσταντινουπόλεως", "Καλαμαριά", "55134"],
  ["Μαιζώνος", "Πάτρα", "26221"],
  ["Κορίνθου", "Πάτρα", "26223"],
  ["Ικάρου", "Ηράκλειο", "71307"],
  ["Λεωφόρος Δημοκρατίας", "Ηράκλειο", "71306"],
  ["Ιωάννου Μεταξά", "Λάρισα", "41222"],
  ["Παπαναστασίου", "Λάρισα", "41222"],
  ["Ιάσονος", "Βόλος", "38221"],
  ["Δωδώνης", "Ιωάννινα", "45221"],
  ["Ελευθερίου Βενιζέλου", "Καβάλα", "65302"],
  ["Αριστοτέλους", "Χανιά", "73132"],
  ["Αγίου Νικολάου", "Ρόδος", "85100"],
  ["Λεωφόρος Ειρήνης", "Καλαμάτα", "24100"],
];

/** The address at `index`, counting round the list. */
export function addressAt(index: number): Address {
  return ADDRESSES[index % ADDRESSES.length] as Address;
}

/** The supplier's packages (and their prices): one list, core/products.ts (#35 §5). */
export {
  ELEC_HOME_PACKAGES,
  ELEC_PRO_PACKAGES,
  GAS_HOME_PACKAGE,
  GAS_PRO_PACKAGE,
} from "../core/products.ts";

/** Monthly consumption factor by calendar month (Jan..Dec). */
export const ELEC_SEASON = [1.25, 1.15, 1.0, 0.85, 0.8, 0.95, 1.2, 1.25, 0.9, 0.85, 1.0, 1.2];
export const GAS_SEASON = [2.0, 1.8, 1.4, 0.8, 0.35, 0.2, 0.15, 0.15, 0.25, 0.7, 1.3, 1.9];
