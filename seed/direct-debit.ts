import type { SeedExtra } from "./extras.ts";

/**
 * Direct debit demo data: a billing customer with an Active supply and NO mobile declared, so
 * that /direct-debit shows the spec's "no mobile declared" error. The customer has no portal
 * account. Ids are fixed far from the core set's.
 */
export const DD_NO_MOBILE = {
  vat: "740000005",
  customerId: 740,
  name: "Παναγιώτης Σαράφης",
  meterId: 7400,
  perCode: "174000005",
} as const;

export const directDebitSeed: SeedExtra = ({ today }) => {
  const d = DD_NO_MOBILE;
  return [
    `INSERT INTO customers (id, afm, name, is_legal_person, employee_name, phone, email, sap_id) VALUES (${d.customerId}, '${d.vat}', '${d.name}', 0, NULL, NULL, NULL, '7400000001');`,
    `INSERT INTO meters (id, customer_id, status, is_main, meter_type, sap_id, division, phys_street, phys_street_no, phys_postal_code, phys_region, bill_street, bill_street_no, bill_postal_code, bill_region, per_code, id_code, next_code, package_print_descr, package_name, last_invoice_due_date) VALUES (${d.meterId}, ${d.customerId}, 'Active', 1, 'home', '7400000002', 1, 'Ερμού', '12', '10563', 'Αθήνα', 'Ερμού', '12', '10563', 'Αθήνα', '${d.perCode}', '01', '5', 'Οικιακό Τιμολόγιο', 'NRG_HOME', '${today}');`,
  ].join("\n");
};
