import type { Builder } from "./builder.ts";
import type { CustomerRow, UserRow } from "./rows.ts";

/** What seed/accounts.ts says of a demo customer; a legal person names its authorised employee. */
export interface DemoCustomer {
  customerId: number;
  vat: string;
  name: string;
  phone: string;
  email?: string;
  employeeName?: string;
}

/** The customer row of a demo account; `email` when accounts.ts has none for it. */
export function demoCustomer(
  b: Builder,
  d: DemoCustomer,
  taxOffice: string,
  email?: string,
): CustomerRow {
  return b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: d.employeeName === undefined ? 0 : 1,
    employee_name: d.employeeName ?? null,
    tax_office: taxOffice,
    phone: d.phone,
    email: email ?? d.email ?? null,
  });
}

/** The portal user of a demo customer, registered with the customer's email and mobile. */
export function demoUser(
  b: Builder,
  customer: CustomerRow,
  d: { email: string; phone: string },
  welcomeName: string,
  row: Partial<UserRow> = {},
): UserRow {
  return b.user(customer, {
    welcome_name: welcomeName,
    registration_email: d.email,
    registration_phone: d.phone,
    ...row,
  });
}
