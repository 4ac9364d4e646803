import type {
  ApiInvoice,
  ApiMessage,
  ApiMeter,
  ApiMeterSummary,
  ApiUser,
  UserStatus,
} from "../../core/contract";
import type { customers, invoices, messages, meters, users } from "../db/schema";
import { euros } from "../domain/money";
import { ROLES } from "../../core/permissions";
import { consumptionSourceOf } from "../../core/figure-sources";
import { billRf } from "../../core/rf";
import { asTariffColour } from "../../core/tariff-colours";

type UserRow = typeof users.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;
/**
 * A supply row with the two dates its reads compute beside the columns (services/customers.ts:
 * the newest actual reading and the newest bill's period start); absent on other reads.
 */
type MeterRow = typeof meters.$inferSelect & {
  last_actual_reading_date?: string | null;
  billing_period_from?: string | null;
  /** The kept payment plan's JSON (services/customers.ts PAYMENT_PLAN_COLUMN), #38 §1. */
  payment_plan?: string | null;
};
type InvoiceRow = typeof invoices.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

const bit = (value: number): 0 | 1 => (value ? 1 : 0);

/** A text in the request's language: the English one when asked and there is one (0021), else Greek. */
const inLanguage = (greek: string, english: string | null | undefined, en: boolean) =>
  en && english ? english : greek;

/**
 * The person as /v2/me answers, but for `managers` (services/customers.ts loadApiUser adds it);
 * the pop-up in the request's language.
 */
export function toApiUser(
  user: UserRow,
  customer: CustomerRow,
  status: UserStatus,
  en = false,
): Omit<ApiUser, "managers" | "trusted_copies_for"> {
  const popupVisible = user.popup_title && !user.popup_dismissed_at;
  return {
    id: user.id,
    username: user.username,
    afm: customer.afm,
    name: user.name,
    welcome_name: user.welcome_name,
    lang: user.lang,
    nrg_skin: user.nrg_skin === 2 || user.nrg_skin === 3 ? user.nrg_skin : 1,
    registration_email: user.registration_email,
    registration_phone: user.registration_phone,
    indication_email: bit(user.indication_email),
    indication_sms: bit(user.indication_sms),
    needs_activation: bit(user.needs_activation),
    first_login_settings_open: bit(user.first_login_settings_open),
    avatar: user.avatar_key
      ? { img_name: user.avatar_name ?? "avatar", img: `/api/user/${user.id}/avatar` }
      : null,
    status,
    popup: popupVisible
      ? {
          title: inLanguage(user.popup_title ?? "", user.popup_title_en, en),
          body: inLanguage(user.popup_body ?? "", user.popup_body_en, en),
          button_title: inLanguage(user.popup_button_title ?? "", user.popup_button_title_en, en),
          url: user.popup_url ?? "",
        }
      : null,
    sap_id: customer.sap_id,
    test_role: ROLES.find((r) => r === user.test_role) ?? null,
    all_supplies: bit(user.all_supplies),
    is_legal_person: bit(customer.is_legal_person),
    employee_name: customer.is_legal_person ? (customer.employee_name ?? user.welcome_name) : null,
  };
}

export function toApiInvoice(row: InvoiceRow): ApiInvoice {
  return {
    id: row.id,
    meter_id: row.meter_id,
    type: row.type,
    invoice_no: row.invoice_no,
    issue_date: row.issue_date,
    date_due: row.date_due,
    period_from: row.period_from,
    period_to: row.period_to,
    consumption_from: row.consumption_from,
    consumption_to: row.consumption_to,
    payment_date: row.payment_date,
    ypoloipo: euros(row.ypoloipo_cents),
    total_value: euros(row.total_value_cents),
    // Summed in cents, so the two-decimal total is exact.
    total: euros(row.ypoloipo_cents + row.total_value_cents),
    remaining: euros(row.remaining_cents),
    energy: euros(row.energy_cents),
    regulated: euros(row.regulated_cents),
    municipality: euros(row.municipality_cents),
    taxes: euros(row.taxes_cents),
    collateral: euros(row.collateral_cents),
    advance: euros(row.advance_cents),
    day_kwh: row.day_kwh,
    night_kwh: row.night_kwh,
    pv_kwh: row.pv_kwh,
    consumption_source: consumptionSourceOf(row),
    business_partner: row.business_partner,
    contract_account: row.contract_account,
    mark: row.mark,
    // A payment is a ledger row, not a bill: nothing to pay with a code.
    rf_code: row.type === "payment" ? null : billRf(row),
    // As the bill was issued (api/backoffice/invoices.ts); a payment is no bill and has none.
    tariff_colour: row.type === "payment" ? null : asTariffColour(row.tariff_colour),
  };
}

const METER_TYPES = ["home", "shared", "professional"] as const;

/** The columns of a supply summary (services/customers.ts reads only these for the whole list). */
export const SUMMARY_COLUMNS = [
  "id",
  "status",
  "is_main",
  "division",
  "category",
  "voltage_type",
  "running_total_cents",
  "indication_open_from",
  "indication_open_to",
] as const satisfies readonly (keyof MeterRow)[];

export type MeterSummaryRow = Pick<MeterRow, (typeof SUMMARY_COLUMNS)[number]>;

export function toApiMeterSummary(row: MeterSummaryRow): ApiMeterSummary {
  return {
    id: row.id,
    status: row.status,
    is_main: bit(row.is_main),
    division: row.division,
    category: row.category,
    voltage_type: row.voltage_type,
    running_total: euros(row.running_total_cents),
    indication_open_from: row.indication_open_from,
    indication_open_to: row.indication_open_to,
  };
}

/** The kept plan's JSON column as the contract has it (null: none, or unreadable). */
function paymentPlanOf(text: string | null): ApiMeter["payment_plan"] {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as {
      since: string;
      next_n: number;
      next_due_date: string;
      next_amount_cents: number;
    };
    return {
      since: value.since,
      next_n: value.next_n,
      next_due_date: value.next_due_date,
      next_amount: euros(value.next_amount_cents),
    };
  } catch {
    return null;
  }
}

export function toApiMeter(row: MeterRow, history?: InvoiceRow[]): ApiMeter {
  const meter: ApiMeter = {
    id: row.id,
    status: row.status,
    is_main: bit(row.is_main),
    meter_type: METER_TYPES.find((t) => t === row.meter_type) ?? "home",
    sap_id: row.sap_id,
    division: row.division,
    category: row.category,
    voltage_type: row.voltage_type,
    phys_street: row.phys_street,
    phys_street_no: row.phys_street_no,
    phys_postal_code: row.phys_postal_code,
    phys_region: row.phys_region,
    bill_street: row.bill_street,
    bill_street_no: row.bill_street_no,
    bill_postal_code: row.bill_postal_code,
    bill_region: row.bill_region,
    per_code: row.per_code,
    id_code: row.id_code,
    next_code: row.next_code,
    pod: row.pod,
    package_print_descr: row.package_print_descr,
    package_name: row.package_name,
    running_total: euros(row.running_total_cents),
    trn_value: euros(row.trn_value_cents),
    last_payment_date: row.last_payment_date,
    last_invoice_due_date: row.last_invoice_due_date,
    eBill: bit(row.ebill),
    sms_bill: bit(row.sms_bill),
    eBill_email: row.ebill_email,
    sms_number: row.sms_number,
    ebill_enable_edit: bit(row.ebill_enable_edit),
    agreed_power: row.agreed_power,
    representation_date: row.representation_date,
    next_reading_date: row.next_reading_date,
    has_night: bit(row.has_night),
    has_pv: bit(row.has_pv),
    indication_open_from: row.indication_open_from,
    indication_open_to: row.indication_open_to,
    last_actual_reading_date: row.last_actual_reading_date?.slice(0, 10) ?? null,
    billing_period_from: row.billing_period_from?.slice(0, 10) ?? null,
  };
  // Only the reads that compute it carry the column: elsewhere the field is left out, not null.
  if (row.payment_plan !== undefined) meter.payment_plan = paymentPlanOf(row.payment_plan);
  if (history) meter.billing_history = { data: history.map(toApiInvoice) };
  return meter;
}

/** A message in the request's language (the Language header), Greek where it has no English. */
export function toApiMessage(row: MessageRow, en = false): ApiMessage {
  return {
    id: row.id,
    title: inLanguage(row.title, row.title_en, en),
    content: inLanguage(row.content, row.content_en, en),
    type: row.type,
    category: row.category,
    read_status: bit(row.read_status),
    c_stamp: row.c_stamp,
    meter_id: row.meter_id,
  };
}
