/**
 * The portal API's response shapes (spec §3 and §7). The API serialises to these and the portal's
 * typed client reads them; an external billing backend behind API_BASE_URL must speak the same.
 * Money is in euros as numbers with two decimals; dates are ISO strings (YYYY-MM-DD) or null.
 */

import type { UserStatus } from "../core/meter-status";
import type { ApiCalendarEvent } from "../core/calendar";

export type { UserStatus };
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

/**
 * A supply as every signed-in page needs it for the whole list (GET /users/{id}/meters?view=summary):
 * which supplies there are, which one is selected on login, the account's status, who owes, and the
 * sidebar's counters. A page reads full rows only for the supplies it shows (`?ids=`): the
 * 200-supply account's list is 200 short rows instead of 200 × 38 columns (issue #16).
 */

export type ApiMeterSummary = Pick<
  ApiMeter,
  | "id"
  | "status"
  | "is_main"
  | "division"
  | "category"
  | "voltage_type"
  | "running_total"
  | "indication_open_from"
  | "indication_open_to"
>;

/** GET /users/{id}/account: the user and the summaries of their supplies, in one call. */
export interface ApiAccount {
  user: ApiUser;
  meters: ApiMeterSummary[];
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
  /** When the customer corrected this reading (it stays in the history, marked, and no longer counts). */
  corrected_at?: string | null;
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

/** GET /users/{id}/meters/{meterId}/shell: what every signed-in page shows around its content. */
export interface ApiShellReads {
  messages: ApiMessage[];
  banners: ApiBanner[];
  /**
   * The supply's readings, newest first; null unless asked for (`readings=1`, or
   * `readings_from=YYYY-MM-DD` for those dated on or after that day).
   */
  readings: ApiReading[] | null;
  /** Full rows of the supplies asked for (`ids=`) that are the caller's, in list order. */
  meters: ApiMeter[];
  /** With `invoices=overview`: the supply's history rows the overview shows; else null. */
  invoices: ApiInvoice[] | null;
}

export interface ApiTokens {
  access_token: string;
  refresh_token: string;
  user_id: number;
}

/** Whom a redirect-login token would sign in (POST /v2/auth/redirect-login/preview). */
export interface ApiRedirectLoginPreview {
  user_id: number;
  /** The name the portal greets them with (first name, or the authorised employee's). */
  name: string;
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
  | "unavailable" // 503: the database or a backend stayed unavailable; try again later
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
  | "reading_implausible" // field day|night (the first of them), message decimal|high: far higher than expected; resend with confirm
  | "reading_too_high" // field day|night: implies over 12× the highest billed period (or 100,000 kWh): call 18101
  | "reading_not_correctable" // POST /readings/correction: not the customer's own latest reading of the open period
  // card payments (api/payments, api/gateway; spec §8 "Payment")
  | "nothing_due" // the supply owes nothing: a payment needs a total due above 0
  | "payment_missing_transaction" // gateway return without an order (transaction) number
  | "payment_not_found" // signed return for an order the portal does not know
  | "payment_invalid" // signature missing, wrong or over altered fields (amount, status, id)
  | "payment_already_processed" // the order was already recorded, failed or cancelled (a replay)
  | "gateway_session_invalid" // test acquirer: unknown or altered payment session
  // allSmart (api/all-smart; spec §8 "allSmart"): invalid VAT/phone are `validation` with a field
  | "card_invalid" // not a card number of ours (format, check digit) or no such card
  | "card_exists" // the customer already holds a card, or the card belongs to someone else
  | "too_many_attempts" // 429: too many failed attempts per VAT or IP this hour
  | "minor" // the birth date is of someone under 18
  | "vat_not_registered" // the VAT is not the link's customer in the billing data
  | "no_eligible_meters" // the customer has no Active supply
  // bills (GET /getInvoicePdf/{id})
  | "file_not_available" // 400: the row has no document (a payment); the portal says "not available for download"
  // questionnaire (POST /users/{id}/questionnaire): this period's answer is already stored
  | "questionnaire_answered"
  // requests (api/requests; docs/api/requests.md)
  | "request_not_allowed" // message not_active | not_normal: the supply cannot get this request
  | "request_already_open" // an open request of that kind exists for the supply
  // transfer and new-supply applications (api/applications; spec §8 "Transfer flow")
  | "vat_not_found" // field afm: the VAT is not a supply holder in the operator's register
  | "phone_not_found" // field phone: not the mobile declared for that VAT
  | "already_customer" // field supply_number: the supply is already with us
  | "transfer_pending" // field supply_number, 409: a transfer of that supply is already under way
  | "application_incomplete" // a step before this one, or the whole draft, is not filled in yet
  // direct debit (api/direct-debit; spec §8 "Direct debit"; docs/api/direct-debit.md)
  | "dd_vat_not_found" // field afm: no customer with an Active supply has this VAT
  | "dd_no_mobile" // field afm: the customer has no mobile declared for the code
  | "dd_wrong_code" // field code, message = guesses left
  | "dd_code_expired" // field code: older than 10 minutes, ask for a new one
  | "dd_card_not_found" // field number: the issuer does not know the card
  | "dd_card_declined" // field number
  | "dd_card_expired" // field number: the issuer reports the card expired
  | "dd_timeout" // the issuer did not answer in time; nothing was registered
  | "dd_failed" // the issuer refused for another reason
  | "dd_session_expired" // 410: the flow expired or ended after 5 wrong codes; start again
  // generic
  | "unauthorized" // 401: missing/expired access token → refresh and retry
  | "forbidden" // 403: session ended → logout
  | "not_found"
  | "csrf"
  | "too_large" // 413: the request body is over the endpoint's limit (api/middleware/body-limit.ts)
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
  /**
   * already_paid: approved by the card's bank, but what it was for had been paid meanwhile by
   * another payment (another tab, a second order): not recorded, the authorisation is voided.
   */
  outcome: "success" | "fail" | "cancelled" | "mismatch" | "already_processed" | "already_paid";
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

/**
 * GET /payments/results/{reference} (signed in) and /payments/links/{purpose}/{hash}/results/
 * {reference}: one payment as the ledger recorded it, only for its owner (a customer whose
 * supplies it paid, or the supply a link names). The checkout dialog trusts this, not the URL.
 */
export interface ApiPaymentResult {
  reference: string;
  status: "started" | "success" | "failed" | "cancelled";
  amount: number;
  completed_at: string | null;
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

// ---- notices, questionnaire, calendar (docs/api/pages.md) ----

/** A supplier-wide notice in the request's language (GET /notices). */
export interface ApiNotice {
  id: number;
  published_at: string; // YYYY-MM-DD
  importance: "normal" | "important" | "urgent";
  title: string;
  body: string;
}

/** GET/POST /users/{id}/questionnaire: the current period and whether it is answered. */
export interface ApiQuestionnaireStatus {
  period: string; // "2026-Q4"
  period_start: string;
  period_end: string;
  next_period_start: string; // when the next questionnaire opens
  answered: boolean;
  answered_at: string | null; // ISO timestamp
}

/** GET /users/{id}/calendar: dated events of all the customer's supplies, oldest first. */
export type { ApiCalendarEvent };

export interface ApiCalendar {
  from: string;
  to: string;
  events: ApiCalendarEvent[];
}

// ---- requests: name change and supply cancellation (docs/api/requests.md) ----

export type ApiRequestKind = "name_change" | "cancellation";
export type ApiRequestStatus = "submitted" | "in_review" | "completed" | "rejected";

/** An uploaded attachment: a draft until a request uses it (POST /requests/files). */
export interface ApiRequestFile {
  id: string;
  name: string;
  content_type: "application/pdf" | "image/jpeg" | "image/png";
  size: number; // bytes
}

/** A name-change or supply-cancellation request of the customer. */
export interface ApiRequest {
  id: number;
  reference: string; // REQ-2026-000123
  kind: ApiRequestKind;
  status: ApiRequestStatus;
  meter_id: number;
  created_at: string; // ISO timestamp
  /** The form's fields as submitted (without the file). */
  fields: Record<string, string>;
  file: Omit<ApiRequestFile, "id"> | null;
}

// ---- transfer and new-supply applications (docs/api/applications.md) ----

export type ApiApplicationKind = "transfer" | "new_supply";

/** A flow's server-side draft: what the steps saved so far (values as the schemas output them). */
export interface ApiApplicationDraft {
  id: string; // random; whoever holds it may read and edit the draft
  kind: ApiApplicationKind;
  values: Record<string, string | number>;
  completed: string[]; // steps saved, in flow order
  expires_at: string; // ISO timestamp, 2 days after the last change
}

/** POST /applications/drafts/{id}/submit (201). */
export interface ApiApplicationReceipt {
  reference: string; // T-2026-000123 | N-2026-000123
  kind: ApiApplicationKind;
  email: string; // where the confirmation went
}
