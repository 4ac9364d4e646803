/**
 * The portal API's response shapes (spec §3 and §7). The API serialises to these and the portal's
 * typed client reads them; an external billing backend behind API_BASE_URL must speak the same.
 * Money is in euros as numbers with two decimals; dates are ISO strings (YYYY-MM-DD) or null.
 */

export type UserStatus = "active" | "intermediate" | "inactive";
export type Role = "master" | "admin" | "user";

export interface ApiUser {
  id: number;
  username: string; // VAT number (afm)
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
  avatar: { img_name: string; img: string } | null; // img: URL under /api/user/{id}/avatar
  status: UserStatus; // derived from the meters (spec §1)
  popup: { title: string; body: string; button_title: string; url: string } | null; // null once dismissed
  sap_id: string;
  test_role: Role | null;
  is_legal_person: 0 | 1;
  employee_name: string | null;
}

export type InvoiceType = "Clearance" | "Advance" | "Credit" | "Cancelled" | "payment" | "Manual";

export interface ApiInvoice {
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
  ypoloipo: number; // previous balance
  total_value: number; // current bill
  total: number; // ypoloipo + total_value, 2 decimals
  remaining: number;
  energy: number;
  regulated: number;
  municipality: number;
  taxes: number;
  collateral: number;
  advance: number;
  day_kwh: number;
  night_kwh: number;
  pv_kwh: number;
  business_partner: string;
  contract_account: string;
}

export interface ApiMeter {
  id: number;
  status: string; // Active, Stopped, an intermediate status, or Inactive
  is_main: 0 | 1;
  meter_type: "home" | "shared" | "professional";
  sap_id: string;
  division: number; // 1 electricity, otherwise gas
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
  running_total: number;
  trn_value: number;
  last_payment_date: string | null;
  last_invoice_due_date: string | null;
  billing_history?: { data: ApiInvoice[] }; // only with ?billing_history=true
  eBill: 0 | 1;
  sms_bill: 0 | 1;
  eBill_email: string | null;
  sms_number: string | null;
  ebill_enable_edit: 0 | 1;
  agreed_power: string | null;
  representation_date: string | null;
  next_reading_date: string | null;
  has_night: 0 | 1;
  has_pv: 0 | 1;
  indication_open_from: string | null;
  indication_open_to: string | null;
}

export interface ApiMessage {
  id: number;
  title: string;
  content: string;
  type: "info" | "confirm" | "alert";
  category: string;
  read_status: 0 | 1;
  c_stamp: string; // ISO timestamp
  meter_id: number | null;
}

export interface ApiBanner {
  id: number;
  title: string;
  body: string;
  url: string | null;
  kind: string;
}

export interface ApiTokens {
  access_token: string;
  refresh_token: string;
  user_id: number;
}

/** Error body of every non-2xx answer: `{ error: { code, message?, field? } }`. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message?: string; field?: string };
}

export type ApiErrorCode =
  // login (spec §8)
  | "wrong_credentials"
  | "not_active"
  | "deactivated"
  | "no_user"
  | "already_logged_in"
  | "daily_attempts_exceeded"
  // registration
  | "captcha"
  | "no_customer" // no user or active meter, or wrong phone
  | "already_active"
  | "email_in_use"
  | "mobile_in_use"
  | "activation_not_sent"
  | "user_validation"
  | "validation"
  | "bad_activation_url"
  | "passwords_mismatch"
  | "employee_name_required"
  // password reset and one-time links
  | "link_expired"
  | "invalid_data"
  | "bad_token"
  // generic
  | "unauthorized" // 401: missing/expired access token → refresh and retry
  | "forbidden" // 403: session ended → logout
  | "not_found"
  | "csrf"
  | "error";
