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

/**
 * One register value of a meter reading (spec §3 Reading): cumulative kWh. Day registers have
 * cp_code 10, 11, 21, 22, 23, 40–43, night registers 12, 13, 24, 44; origin 1 is the network
 * operator, 2 the customer, 5 a reading the portal must not show (the API returns it; the portal
 * excludes it, spec §4).
 */
export interface ApiReading {
  id: number;
  meter_id: number;
  date_ins: string; // YYYY-MM-DD
  cp_code: string;
  origin: number;
  value: number;
  registeredBy: "operator" | "client";
  created_at: string; // ISO timestamp
}

/** POST /readings success (201): the rows saved, all dated `date_ins`. */
export interface ApiReadingSaved {
  date_ins: string;
  readings: ApiReading[];
  /** true when the same values were already saved (a second tab, a resubmitted form). */
  duplicate: boolean;
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
  // meter readings (POST /readings)
  | "reading_not_allowed" // gas, category B1/G22, voltage 02/03, or a supply that is not Active
  | "reading_period_closed" // the reading (indication) period of the supply is not open today
  | "reading_not_greater" // field day|night: not greater than the previous reading
  | "reading_implausible" // field day|night, message decimal|high: far higher than expected; resend with confirm
  // card payments (api/payments, api/gateway; spec §8 "Payment")
  | "nothing_due" // the supply owes nothing: a payment needs a total due above 0
  | "payment_missing_transaction" // gateway return without an order (transaction) number
  | "payment_not_found" // signed return for an order the portal does not know
  | "payment_invalid" // signature missing, wrong or over altered fields (amount, status, id)
  | "payment_already_processed" // the order was already recorded, failed or cancelled (a replay)
  | "gateway_session_invalid" // test acquirer: unknown or altered payment session
  // bills (GET /getInvoicePdf/{id})
  | "file_not_available" // 400: the row has no document (a payment); the portal says "not available for download"
  // generic
  | "unauthorized" // 401: missing/expired access token → refresh and retry
  | "forbidden" // 403: session ended → logout
  | "not_found"
  | "csrf"
  | "error";

// ---- card payments (api/payments, api/gateway; docs/api.md "Payments") ----

/** POST /payments/orders and /payments/links/{hash}/orders: send the customer to `redirect_url`. */
export interface ApiPaymentStart {
  order_id: string; // new for every attempt
  reference: string; // the payment number shown to the customer (checkout query t)
  amount: number; // euros, the sum of the items
  redirect_url: string; // the gateway's hosted card page
}

/** POST /payments/return: what the verified gateway return did. */
export interface ApiPaymentOutcome {
  outcome: "success" | "fail" | "cancelled" | "mismatch" | "already_processed";
  /** For fail: card_failed (declined, expired card) or not_completed (timeout). */
  reason: "card_failed" | "not_completed" | null;
  order_id: string;
  reference: string;
  amount: number;
  return_to: string; // portal path the customer goes back to
}

/** GET /payments/links/{hash}: the supply a /pay or /instant-bill link names. */
export interface ApiPayLink {
  purpose: "pay" | "instant-bill";
  meter_id: number;
  supply_number: string;
  division: number;
  address: string;
  holder: string;
  package_print_descr: string;
  package_name: string;
  running_total: number;
  last_invoice_due_date: string | null;
}

export interface ApiReceipt {
  reference: string;
  amount: number;
  completed_at: string;
  card_last4: string | null;
  items: {
    meter_id: number;
    supply_number: string;
    address: string;
    txn_no: string;
    amount: number;
  }[];
}

/** Test acquirer: GET /gateway/sessions/{token}. */
export interface ApiGatewaySession {
  order_id: string;
  amount: number;
  description: string;
  lang: "el" | "en";
  cancel_url: string;
  sca_required: boolean;
  state: "open" | "challenge" | "done";
  card_last4: string | null;
}

export type ApiGatewayNext = { next: "challenge" | "return"; url: string };
