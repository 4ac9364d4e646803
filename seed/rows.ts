import type { TariffColour } from "../core/tariff-colours.ts";

/** Row shapes of the demo data, column names exactly as in the schema (migrations/). */

export interface CustomerRow {
  id: number;
  afm: string;
  name: string;
  is_legal_person: 0 | 1;
  employee_name: string | null;
  tax_office: string;
  phone: string | null;
  email: string | null;
  sap_id: string;
}

export interface UserRow {
  id: number;
  customer_id: number;
  username: string;
  name: string;
  welcome_name: string;
  lang: "el" | "en";
  nrg_skin: 1 | 2 | 3;
  registration_email: string;
  registration_phone: string | null;
  indication_email: 0 | 1;
  indication_sms: 0 | 1;
  needs_activation: 0 | 1;
  first_login_settings_open: 0 | 1;
  account_status: number;
  password_hash: string;
  password_changed_at: string | null;
  popup_title: string | null;
  popup_body: string | null;
  popup_button_title: string | null;
  popup_url: string | null;
  popup_title_en: string | null;
  popup_body_en: string | null;
  popup_button_title_en: string | null;
  test_role: "master" | "admin" | "user";
  created_at: string;
}

export interface MeterRow {
  id: number;
  customer_id: number;
  status: string;
  is_main: 0 | 1;
  meter_type: "home" | "shared" | "professional";
  sap_id: string;
  division: number;
  category: string;
  voltage_type: string;
  phys_street: string;
  phys_street_no: string;
  phys_postal_code: string;
  phys_region: string;
  bill_street: string;
  bill_street_no: string;
  bill_postal_code: string;
  bill_region: string;
  per_code: string | null;
  id_code: string | null;
  next_code: string | null;
  pod: string | null;
  package_print_descr: string;
  package_name: string;
  running_total_cents: number;
  trn_value_cents: number;
  last_payment_date: string | null;
  last_invoice_due_date: string | null;
  ebill: 0 | 1;
  sms_bill: 0 | 1;
  ebill_email: string | null;
  sms_number: string | null;
  ebill_enable_edit: 0 | 1;
  agreed_power: string | null;
  representation_date: string | null;
  next_reading_date: string | null;
  has_night: 0 | 1;
  has_pv: 0 | 1;
  smart_meter: 0 | 1;
  indication_open_from: string | null;
  indication_open_to: string | null;
  created_at: string;
}

export type InvoiceType = "Clearance" | "Advance" | "Credit" | "Cancelled" | "payment" | "Manual";

export interface InvoiceRow {
  id: number;
  meter_id: number;
  type: InvoiceType;
  invoice_no: string;
  issue_date: string;
  date_due: string | null;
  period_from: string | null;
  period_to: string | null;
  consumption_from: string | null;
  consumption_to: string | null;
  payment_date: string | null;
  ypoloipo_cents: number;
  total_value_cents: number;
  remaining_cents: number;
  energy_cents: number;
  regulated_cents: number;
  municipality_cents: number;
  taxes_cents: number;
  collateral_cents: number;
  advance_cents: number;
  day_kwh: number;
  night_kwh: number;
  pv_kwh: number;
  business_partner: string;
  contract_account: string;
  /** myDATA MARK, 15 digits (core/e-invoice.ts); null for payments. */
  mark: string | null;
  /** 1 estimated, 0 actual consumption; null for rows that bill none (payments, credits, cancelled). */
  consumption_estimated: 0 | 1 | null;
  /** The colour of the supply's product the bill was issued under (0028); null for gas and payments. */
  tariff_colour: TariffColour | null;
}

export interface ReadingRow {
  id: number;
  meter_id: number;
  date_ins: string;
  cp_code: string;
  origin: 1 | 2 | 5;
  value: number;
  registered_by: "operator" | "client";
  created_at: string;
  /** 1 for an estimated reading (the operator's estimate when the meter was not read). */
  estimated: 0 | 1;
}

export interface MessageRow {
  id: number;
  user_id: number;
  meter_id: number | null;
  title: string;
  content: string;
  /** The English texts (migrations/0021); null: shown in Greek in English too. */
  title_en: string | null;
  content_en: string | null;
  type: "info" | "confirm" | "alert";
  category: string;
  read_status: 0 | 1;
  c_stamp: string;
}

export interface BannerRow {
  id: number;
  meter_id: number | null;
  division: number | null;
  title_el: string;
  title_en: string;
  body_el: string;
  body_en: string;
  url: string | null;
  kind: string;
  active_from: string | null;
  active_to: string | null;
}

export interface ActionTokenRow {
  id: string;
  user_id: number;
  purpose: "activate" | "reset" | "redirect-login";
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxRow {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  user_id: number | null;
  created_at: string;
}

export interface SeedTables {
  customers: CustomerRow[];
  users: UserRow[];
  meters: MeterRow[];
  invoices: InvoiceRow[];
  readings: ReadingRow[];
  messages: MessageRow[];
  banners: BannerRow[];
  action_tokens: ActionTokenRow[];
  outbox: OutboxRow[];
}

export interface SeedOptions {
  /** YYYY-MM-DD the data is relative to; default: the current UTC date. */
  today?: string;
}

export interface Seed {
  today: string;
  tables: SeedTables;
  counts: Record<keyof SeedTables, number>;
  sql: string;
}
