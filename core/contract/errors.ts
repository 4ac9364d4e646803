import { z } from "zod";

/**
 * The error codes of the API (`{ error: { code, message?, field? } }`), each with what it means.
 * A code's description is also what a generated API description shows for it.
 */
export const API_ERROR_CODES = {
  // login (spec §8)
  wrong_credentials: "wrong VAT or password",
  not_active: "the account is not activated yet",
  deactivated: "the account was deactivated",
  no_user: "no user with this VAT",
  email_several_accounts: "the email is on more than one account: sign in with the VAT",
  already_logged_in: "already signed in",
  daily_attempts_exceeded: "too many failed sign-ins today",
  // registration
  captcha: "the honeypot field was filled in (a bot)",
  no_customer: "no user or active meter, or wrong phone",
  already_active: "the account is already active",
  email_in_use: "the email belongs to another account",
  mobile_in_use: "the mobile belongs to another account",
  activation_not_sent: "the activation email could not be sent",
  user_validation: "the user's data did not validate",
  validation: "400: `field` names the first bad field, `message` is a translation key",
  unavailable: "503: the database or a backend stayed unavailable; try again later",
  bad_activation_url: "unknown, used or expired activation link",
  passwords_mismatch: "the password and its confirmation differ",
  employee_name_required: "a legal person must name the employee",
  // password reset and one-time links
  link_expired: "the link expired",
  invalid_data: "unknown link, or a password that breaks the rules (`message` is a key)",
  bad_token: "unknown, used or expired token",
  // meter readings (POST /readings)
  reading_not_allowed: "gas, category B1/G22, voltage 02/03, or a supply that is not Active",
  reading_period_closed: "the reading (indication) period of the supply is not open today",
  reading_not_greater: "field day|night: not greater than the previous reading",
  reading_implausible:
    "field day|night (the first of them), message decimal|high: far higher than expected; resend with confirm",
  reading_too_high:
    "field day|night: implies over 12× the highest billed period (or 100,000 kWh): call 18101",
  reading_not_correctable:
    "POST /readings/correction: not the customer's own latest reading of the open period",
  idempotency_key_reused:
    "422: the idempotency_key was already used by this person for another reading or supply",
  // card payments (api/payments, api/gateway; spec §8 "Payment")
  nothing_due: "the supply owes nothing: a payment needs a total due above 0",
  payment_missing_transaction: "gateway return without an order (transaction) number",
  payment_not_found: "signed return for an order the portal does not know",
  payment_invalid: "signature missing, wrong or over altered fields (amount, status, id)",
  payment_already_processed: "the order was already recorded, failed or cancelled (a replay)",
  payments_unavailable: "503: online card payment is off (PAYMENT_PROVIDER off or not configured)",
  payment_provider_error: "502: the acquirer (Viva) did not answer in time or failed: try later",
  gateway_session_invalid: "test acquirer: unknown or altered payment session",
  // allSmart (spec §8 "allSmart"): invalid VAT/phone are `validation` with a field
  card_invalid: "not a card number of ours (format, check digit) or no such card",
  card_exists: "the customer already holds a card, or the card belongs to someone else",
  too_many_attempts: "429: too many failed attempts per VAT or IP this hour",
  minor: "the birth date is of someone under 18",
  vat_not_registered: "the VAT is not the link's customer in the billing data",
  no_eligible_meters: "the customer has no Active supply",
  // bills (GET /getInvoicePdf/{id})
  file_not_available: "400: the row has no document (a payment)",
  // questionnaire (POST /users/{id}/questionnaire)
  questionnaire_answered: "this period's answer is already stored",
  // requests (docs/api/requests.md)
  request_not_allowed:
    "message not_active | not_normal: the supply cannot get this request; field product, message unknown_product | current | business_user | needs_smart_meter: not this tariff (POST /requests/tariff-switch)",
  request_already_open: "an open request of that kind exists for the supply",
  already_decided:
    "409: the register application was already approved or rejected; a decision is final",
  // transfer and new-supply applications (spec §8 "Transfer flow")
  vat_not_found:
    "no longer answered (#35): a VAT failing its check digit is a `validation` error; one no register knows is a new customer",
  phone_not_found: "field phone: not the mobile declared for that VAT",
  already_customer: "field supply_number: the supply is already with us",
  transfer_pending: "field supply_number, 409: a transfer of that supply is already under way",
  application_incomplete: "a step before this one, or the whole draft, is not filled in yet",
  // direct debit (spec §8 "Direct debit"; docs/api/direct-debit.md)
  dd_vat_not_found: "field afm: no customer with an Active supply has this VAT",
  dd_no_mobile: "field afm: the customer has no mobile declared for the code",
  dd_wrong_code: "field code, message = guesses left",
  dd_code_expired: "field code: older than 10 minutes, ask for a new one",
  dd_card_not_found: "field number: the issuer does not know the card",
  dd_card_declined: "field number",
  dd_card_expired: "field number: the issuer reports the card expired",
  dd_timeout: "the issuer did not answer in time; nothing was registered",
  dd_failed: "the issuer refused for another reason",
  dd_sms_not_sent:
    "the SMS with the code could not be sent (number refused, or SMS off): try again or call 18101",
  dd_session_expired: "410: the flow expired or ended after 5 wrong codes; start again",
  dd_unavailable:
    "503: cards for direct debit cannot be registered here (no test issuer on a deploy)",
  // payment plans (#38 §1, core/payment-plans.ts)
  plan_not_eligible:
    "message not_payable | not_overdue | below_minimum: the supply cannot have a payment plan now; field count: not one of the counts offered",
  plan_open: "409: the supply has a payment plan already (one at a time)",
  plan_not_open: "409: the plan's first instalment is paid, or the plan ended: nothing to withdraw",
  // generic
  unauthorized: "401: missing/expired access token → refresh and retry",
  forbidden: "403: session ended → logout",
  not_permitted:
    "403: the person's role does not allow this (core/permissions.ts); the session goes on",
  not_found: "404: missing, or not the caller's (the same answer)",
  csrf: "403: a state-changing call without the CSRF proof",
  too_large: "413: the request body is over the endpoint's limit",
  error: "500: anything else",
} as const satisfies Record<string, string>;

export const apiErrorCodeSchema = z
  .enum(Object.keys(API_ERROR_CODES) as [keyof typeof API_ERROR_CODES])
  .meta({
    description: Object.entries(API_ERROR_CODES)
      .map(([code, meaning]) => `${code}: ${meaning}`)
      .join("\n"),
  });
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;

/** Error body of every non-2xx answer. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: apiErrorCodeSchema,
    message: z
      .string()
      .optional()
      .meta({ description: "a translation key for `validation`, else a detail of the code" }),
    field: z.string().optional().meta({ description: "path of the field, e.g. items.0.amount" }),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
