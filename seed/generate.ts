/**
 * Deterministic demo data (design §5) as SQL INSERTs for migrations/0001_init.sql.
 *
 * Pure (no Node APIs): runs in Node 24 (scripts/setup-db.ts) and in workerd alike. The same
 * `today` always gives byte-identical SQL: every random choice comes from a PRNG seeded per
 * entity, and the one password hash uses a fixed salt.
 *
 * Money rules (all integer cents; see docs/demo-data.md):
 * - every bill (all types but payment): total_value = energy + regulated + municipality + taxes +
 *   collateral + advance; a Clearance deducts the advances of its period in `advance` (negative).
 *   Payment rows have no breakdown (all charge columns 0).
 * - per meter, rows in (issue_date, id) order form a ledger: ypoloipo = previous row's
 *   ypoloipo + total_value (0 for the first row); payment, Credit and Cancelled rows have a
 *   negative total_value.
 * - remaining = what is still unpaid today of a bill's total (ypoloipo + total_value), never below 0;
 *   0 on payment/Credit/Cancelled rows. The newest bill's remaining equals the meter's running_total.
 * - meter.running_total = the ledger's final balance; trn_value/last_payment_date = the newest
 *   payment row; last_invoice_due_date = the newest bill's date_due.
 */
import { hashPassword } from "../api/lib/password.ts";
import { DEMO, DEMO_ACTIVATION_TOKEN, DEMO_PASSWORD } from "./accounts.ts";
import { SEED_EXTRAS } from "./extras.ts";

// ---------------------------------------------------------------------------------------------
// Row shapes (column names exactly as in the schema)

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
  test_role: string | null;
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
}

export interface MessageRow {
  id: number;
  user_id: number;
  meter_id: number | null;
  title: string;
  content: string;
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

// ---------------------------------------------------------------------------------------------
// Deterministic randomness and dates

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    digits: (n: number) => {
      let s = String(1 + Math.floor(next() * 9));
      while (s.length < n) s += String(Math.floor(next() * 10));
      return s;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

const DAY = 86_400_000;
function parseDate(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}
function fmt(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}
export function addDays(iso: string, days: number): string {
  return fmt(parseDate(iso) + days * DAY);
}
/** Adds calendar months, clamping the day to the target month's length. */
export function addMonths(iso: string, months: number): string {
  const [y = 1970, m = 1, d = 1] = iso.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fmt(Date.UTC(year, month, Math.min(d, last)));
}
function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
export function stamp(iso: string, time = "09:00:00.000"): string {
  return `${iso}T${time}Z`;
}
export function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}
function monthOf(iso: string): number {
  return Number(iso.slice(5, 7)) - 1;
}

// ---------------------------------------------------------------------------------------------
// Greek reference data

const ADDRESSES: ReadonlyArray<readonly [street: string, region: string, postcode: string]> = [
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
export { ADDRESSES };

const ELEC_HOME_PACKAGES = [
  { name: "NRG_HOME_FIXED", descr: "nrg home Σταθερό" },
  { name: "NRG_HOME_NIGHT", descr: "nrg home Νυχτερινό" },
] as const;
const ELEC_PRO_PACKAGES = [
  { name: "NRG_BUSINESS_FIXED", descr: "nrg business Σταθερό" },
  { name: "NRG_BUSINESS_FLEX", descr: "nrg business Κυμαινόμενο" },
] as const;
const GAS_HOME_PACKAGE = { name: "NRG_GAS_HOME", descr: "nrg gas Οικιακό" } as const;
const GAS_PRO_PACKAGE = { name: "NRG_GAS_BUSINESS", descr: "nrg gas Επαγγελματικό" } as const;

/** Monthly consumption factor by calendar month (Jan..Dec). */
const ELEC_SEASON = [1.25, 1.15, 1.0, 0.85, 0.8, 0.95, 1.2, 1.25, 0.9, 0.85, 1.0, 1.2];
const GAS_SEASON = [2.0, 1.8, 1.4, 0.8, 0.35, 0.2, 0.15, 0.15, 0.25, 0.7, 1.3, 1.9];

// ---------------------------------------------------------------------------------------------
// Generation

export class Builder {
  readonly tables: SeedTables = {
    customers: [],
    users: [],
    meters: [],
    invoices: [],
    readings: [],
    messages: [],
    banners: [],
    action_tokens: [],
    outbox: [],
  };
  private invoiceSeq = 0;
  private readingSeq = 0;
  private messageSeq = 0;
  private usedCodes = new Set<string>();
  /** The newest bill date: ten days ago, so the newest due date is still ahead. */
  readonly lastIssue: string;

  readonly today: string;
  readonly passwordHash: string;

  constructor(today: string, passwordHash: string) {
    this.today = today;
    this.passwordHash = passwordHash;
    this.lastIssue = addDays(today, -10);
  }

  uniqueDigits(rng: Rng, n: number, prefix = ""): string {
    for (;;) {
      const code = prefix + rng.digits(n - prefix.length);
      if (!this.usedCodes.has(code)) {
        this.usedCodes.add(code);
        return code;
      }
    }
  }

  /**
   * Continue the invoice, reading and message ids after rows made elsewhere (seed/synthetic.ts
   * adds customers after the demo set; the demo set itself never calls this).
   */
  continueIds(after: { invoices: number; readings: number; messages: number }): void {
    this.invoiceSeq = after.invoices;
    this.readingSeq = after.readings;
    this.messageSeq = after.messages;
  }

  reserve(code: string): string {
    if (this.usedCodes.has(code)) throw new Error(`duplicate code ${code}`);
    this.usedCodes.add(code);
    return code;
  }

  customer(row: Omit<CustomerRow, "sap_id">): CustomerRow {
    const full = { ...row, sap_id: String(1_000_100_000 + row.id * 7_919) };
    this.tables.customers.push(full);
    return full;
  }

  user(
    customer: CustomerRow,
    row: Partial<UserRow> &
      Pick<UserRow, "welcome_name" | "registration_email" | "registration_phone">,
  ): UserRow {
    const full: UserRow = {
      id: customer.id,
      customer_id: customer.id,
      username: customer.afm,
      name: customer.is_legal_person ? (customer.employee_name ?? customer.name) : customer.name,
      lang: "el",
      nrg_skin: 1,
      indication_email: 0,
      indication_sms: 0,
      needs_activation: 0,
      first_login_settings_open: 0,
      account_status: 1,
      password_hash: this.passwordHash,
      password_changed_at: stamp(addMonths(this.today, -14)),
      popup_title: null,
      popup_body: null,
      popup_button_title: null,
      popup_url: null,
      test_role: "user",
      created_at: stamp(addMonths(this.today, -40)),
      ...row,
    };
    this.tables.users.push(full);
    return full;
  }

  meter(
    customer: CustomerRow,
    rng: Rng,
    row: Pick<MeterRow, "id" | "status" | "division" | "meter_type"> & Partial<MeterRow>,
    address: readonly [string, string, string],
    billing: readonly [string, string, string],
  ): MeterRow {
    const electric = row.division === 1;
    const pro = row.meter_type === "professional";
    const electricPackages: ReadonlyArray<{ name: string; descr: string }> = pro
      ? ELEC_PRO_PACKAGES
      : ELEC_HOME_PACKAGES;
    const pkg = electric ? rng.pick(electricPackages) : pro ? GAS_PRO_PACKAGE : GAS_HOME_PACKAGE;
    const streetNo = String(rng.int(1, 180));
    const full: MeterRow = {
      customer_id: customer.id,
      is_main: 0,
      sap_id: String(4_000_000_000 + row.id * 7_919),
      category: electric ? (pro ? "Γ21" : "Γ1") : pro ? "Ε1" : "Ο1",
      voltage_type: "01",
      phys_street: address[0],
      phys_street_no: streetNo,
      phys_postal_code: address[2],
      phys_region: address[1],
      bill_street: billing[0],
      bill_street_no: billing === address ? streetNo : String(rng.int(1, 120)),
      bill_postal_code: billing[2],
      bill_region: billing[1],
      per_code: electric ? this.uniqueDigits(rng, 9, "1") : null,
      id_code: electric ? pad(rng.int(1, 99), 2) : null,
      next_code: electric ? String(rng.int(0, 9)) : null,
      pod: electric ? null : this.uniqueDigits(rng, 14, "20"),
      package_print_descr: pkg.descr,
      package_name: pkg.name,
      running_total_cents: 0,
      trn_value_cents: 0,
      last_payment_date: null,
      last_invoice_due_date: null,
      ebill: 0,
      sms_bill: 0,
      ebill_email: null,
      sms_number: null,
      ebill_enable_edit: 1,
      agreed_power: electric
        ? pro
          ? `${rng.pick([15, 25, 35, 55, 85])} kVA`
          : `${rng.pick([8, 12])} kVA`
        : null,
      representation_date: addMonths(this.today, -rng.int(40, 96)),
      next_reading_date: electric ? addDays(this.today, rng.int(20, 110)) : null,
      has_night: 0,
      has_pv: 0,
      indication_open_from: null,
      indication_open_to: null,
      created_at: stamp(addMonths(this.today, -40)),
      ...row,
    };
    this.tables.meters.push(full);
    return full;
  }

  /**
   * Monthly bills (every third one a Clearance) and the payments that settle them, ending with
   * the bill issued `endMonthsAgo` months before the newest bill date.
   */
  billingHistory(
    meter: MeterRow,
    customer: CustomerRow,
    rng: Rng,
    options: {
      months: number;
      endMonthsAgo?: number;
      /** Leave the newest bill unpaid (running_total > 0). */
      unpaid?: boolean;
      /** Monthly kWh at a factor-1 month. */
      monthlyKwh: number;
      /** Days from issue to due date. */
      dueDays?: number;
      /** Bill indexes (0 = oldest) that are paid only in part, carrying a balance forward. */
      partial?: number[];
      /** Bill indexes followed by a credit note of this many cents. */
      credits?: Record<number, number>;
      /** Bill index (an Advance) that is cancelled and re-issued as a Manual bill. */
      cancelAt?: number;
      collateralCents?: number;
    },
  ): void {
    const electric = meter.division === 1;
    const contract = `3000${pad(meter.id, 8)}`;
    const partner = customer.sap_id;
    const dueDays = options.dueDays ?? 20;
    const lastIssue = addMonths(this.lastIssue, -(options.endMonthsAgo ?? 0));
    const rows: InvoiceRow[] = [];
    const nightShare = meter.has_night ? 0.32 : 0;
    const municipalityMonthly = electric ? rng.int(350, 900) : 0;
    const energyRate = electric ? (meter.meter_type === "professional" ? 0.142 : 0.158) : 0.071;
    const regulatedRate = electric ? (meter.voltage_type === "01" ? 0.046 : 0.021) : 0.017;

    const charges = (kwh: number, months: number) => {
      const energy = Math.round(kwh * energyRate * 100);
      const regulated = Math.round(kwh * regulatedRate * 100);
      const municipality = municipalityMonthly * months;
      const taxes = Math.round((energy + regulated) * 0.06 + kwh * (electric ? 0.22 : 0.54));
      return { energy, regulated, municipality, taxes };
    };
    const monthKwh = (periodStart: string) => {
      const season = (electric ? ELEC_SEASON : GAS_SEASON)[monthOf(periodStart)] ?? 1;
      return Math.max(1, Math.round(options.monthlyKwh * season * (0.9 + rng.next() * 0.2)));
    };
    const push = (
      row: Omit<
        InvoiceRow,
        | "id"
        | "meter_id"
        | "business_partner"
        | "contract_account"
        | "ypoloipo_cents"
        | "remaining_cents"
        | "invoice_no"
      > & { invoice_no?: string },
    ) => {
      this.invoiceSeq += 1;
      const {
        id: _id,
        meter_id: _meter,
        ypoloipo_cents: _y,
        remaining_cents: _r,
        ...fields
      } = row as typeof row & Partial<InvoiceRow>;
      const full: InvoiceRow = {
        ...fields,
        id: this.invoiceSeq,
        meter_id: meter.id,
        business_partner: partner,
        contract_account: contract,
        ypoloipo_cents: 0,
        remaining_cents: 0,
        invoice_no:
          row.invoice_no ?? `${row.issue_date.slice(0, 4)}${pad(70_000_000 + this.invoiceSeq, 8)}`,
      };
      rows.push(full);
      return full;
    };
    const empty = {
      energy_cents: 0,
      regulated_cents: 0,
      municipality_cents: 0,
      taxes_cents: 0,
      collateral_cents: 0,
      advance_cents: 0,
      day_kwh: 0,
      night_kwh: 0,
      pv_kwh: 0,
    };

    let balance = 0;
    let advancesSinceClearance = 0;
    let actualSinceClearance = 0;
    for (let i = 0; i < options.months; i++) {
      const issue = addMonths(lastIssue, -(options.months - 1 - i));
      const nextIssue = addMonths(lastIssue, -(options.months - 2 - i));
      const dateDue = addDays(issue, dueDays);
      const clearance = (i + 1) % 3 === 0;
      const periodMonths = clearance ? 3 : 1;
      const periodFrom = addMonths(issue, -periodMonths);
      const periodTo = addDays(issue, -1);
      const actual = monthKwh(addMonths(issue, -1));
      actualSinceClearance += actual;

      const billed: InvoiceRow[] = [];
      if (clearance) {
        const kwh = actualSinceClearance;
        const c = charges(kwh, 3);
        const night = Math.round(kwh * nightShare);
        const pv = meter.has_pv ? Math.round(kwh * 0.4) : 0;
        billed.push(
          push({
            type: "Clearance",
            issue_date: issue,
            date_due: dateDue,
            period_from: periodFrom,
            period_to: periodTo,
            consumption_from: periodFrom,
            consumption_to: periodTo,
            payment_date: null,
            total_value_cents: 0,
            energy_cents: c.energy,
            regulated_cents: c.regulated,
            municipality_cents: c.municipality,
            taxes_cents: c.taxes,
            collateral_cents: 0,
            advance_cents: -advancesSinceClearance,
            day_kwh: kwh - night,
            night_kwh: night,
            pv_kwh: pv,
          }),
        );
        advancesSinceClearance = 0;
        actualSinceClearance = 0;
      } else {
        // Advances estimate 82–98 % of the real use, so the Clearance mostly collects a rest.
        const kwh = Math.max(1, Math.round(actual * (0.82 + rng.next() * 0.16)));
        const c = charges(kwh, 1);
        const night = Math.round(kwh * nightShare);
        const advance = push({
          type: "Advance",
          issue_date: issue,
          date_due: dateDue,
          period_from: periodFrom,
          period_to: periodTo,
          consumption_from: periodFrom,
          consumption_to: periodTo,
          payment_date: null,
          total_value_cents: 0,
          ...empty,
          energy_cents: c.energy,
          regulated_cents: c.regulated,
          municipality_cents: c.municipality,
          taxes_cents: c.taxes,
          day_kwh: kwh - night,
          night_kwh: night,
        });
        billed.push(advance);
        if (options.cancelAt === i) {
          // The advance was wrong: a cancellation reverses it and a manual bill replaces it.
          const cancelled = push({
            ...advance,
            type: "Cancelled",
            issue_date: addDays(issue, 2),
            date_due: null,
            energy_cents: -advance.energy_cents,
            regulated_cents: -advance.regulated_cents,
            municipality_cents: -advance.municipality_cents,
            taxes_cents: -advance.taxes_cents,
            day_kwh: 0,
            night_kwh: 0,
            invoice_no: undefined,
          });
          const fixedKwh = Math.round(kwh * 0.8);
          const fc = charges(fixedKwh, 1);
          const fixedNight = Math.round(fixedKwh * nightShare);
          const manual = push({
            ...advance,
            type: "Manual",
            issue_date: addDays(issue, 2),
            energy_cents: fc.energy,
            regulated_cents: fc.regulated,
            municipality_cents: fc.municipality,
            taxes_cents: fc.taxes,
            day_kwh: fixedKwh - fixedNight,
            night_kwh: fixedNight,
            invoice_no: undefined,
          });
          billed.push(cancelled, manual);
        }
      }
      if (i === 0 && options.collateralCents) {
        const first = billed[0];
        if (first) first.collateral_cents = options.collateralCents;
      }
      for (const bill of billed) {
        bill.total_value_cents =
          bill.energy_cents +
          bill.regulated_cents +
          bill.municipality_cents +
          bill.taxes_cents +
          bill.collateral_cents +
          bill.advance_cents;
        if (bill.type === "Advance" || bill.type === "Manual" || bill.type === "Cancelled")
          advancesSinceClearance += bill.total_value_cents;
      }

      const creditCents = options.credits?.[i];
      if (creditCents) {
        const credit = push({
          type: "Credit",
          issue_date: addDays(issue, 5),
          date_due: null,
          period_from: periodFrom,
          period_to: periodTo,
          consumption_from: null,
          consumption_to: null,
          payment_date: null,
          total_value_cents: -creditCents,
          ...empty,
          energy_cents: -creditCents,
        });
        billed.push(credit);
      }

      // Ledger up to this bill, then the payment that settles it (unless it is the newest and unpaid).
      const isLast = i === options.months - 1;
      for (const bill of billed) {
        bill.ypoloipo_cents = balance;
        balance += bill.total_value_cents;
      }
      if (isLast && options.unpaid) continue;
      if (balance <= 0) continue;
      let payDate = addDays(dateDue, -rng.int(0, 12));
      if (rng.chance(0.1)) payDate = addDays(dateDue, rng.int(1, 5)); // a little late
      payDate = minDate(payDate, addDays(nextIssue, -1));
      const latestBill = billed.at(-1)?.issue_date ?? issue;
      if (payDate <= latestBill) payDate = addDays(latestBill, 1);
      payDate = minDate(payDate, addDays(this.today, -1));
      const partial = options.partial?.includes(i) && !isLast;
      const paid = partial ? Math.round(balance * 0.6) : balance;
      push({
        type: "payment",
        invoice_no: `9${pad(this.invoiceSeq + 1, 11)}`,
        issue_date: payDate,
        date_due: null,
        period_from: null,
        period_to: null,
        consumption_from: null,
        consumption_to: null,
        payment_date: payDate,
        total_value_cents: -paid,
        ...empty,
      }).ypoloipo_cents = balance;
      balance -= paid;
    }

    // remaining: what is still unpaid of each bill's total today.
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k] as InvoiceRow;
      if (row.total_value_cents <= 0 || row.type === "payment") continue;
      let paidAfter = 0;
      for (let j = k + 1; j < rows.length; j++) {
        const later = rows[j] as InvoiceRow;
        if (later.total_value_cents < 0) {
          paidAfter -= later.total_value_cents;
          if (
            later.type === "payment" &&
            row.payment_date === null &&
            row.ypoloipo_cents + row.total_value_cents - paidAfter <= 0
          ) {
            row.payment_date = later.payment_date;
          }
        }
      }
      row.remaining_cents = Math.max(0, row.ypoloipo_cents + row.total_value_cents - paidAfter);
    }

    const payments = rows.filter((r) => r.type === "payment");
    const bills = rows.filter(
      (r) => r.type === "Advance" || r.type === "Clearance" || r.type === "Manual",
    );
    meter.running_total_cents = balance;
    meter.trn_value_cents = payments.length
      ? -(payments.at(-1) as InvoiceRow).total_value_cents
      : 0;
    meter.last_payment_date = payments.at(-1)?.payment_date ?? null;
    meter.last_invoice_due_date = bills.at(-1)?.date_due ?? null;
    this.tables.invoices.push(...rows);
  }

  /**
   * Cumulative meter readings: the network operator every 4 months (day cp 10, night cp 12),
   * client readings between them (11/13) and, when asked, excluded origin-5 rows (21/24).
   */
  readings(
    meter: MeterRow,
    rng: Rng,
    options: {
      months: number;
      endMonthsAgo?: number;
      monthlyKwh: number;
      client?: boolean;
      excluded?: boolean;
    },
  ): void {
    const end = addMonths(addDays(this.today, -40), -(options.endMonthsAgo ?? 0));
    type Point = { date: string; origin: 1 | 2 | 5 };
    const points: Point[] = [];
    for (let m = 0; m < options.months; m += 4) {
      const date = addMonths(end, -m);
      points.push({ date, origin: 1 });
      if (options.client && m >= 4 && rng.chance(0.6))
        points.push({ date: addMonths(date, 2), origin: 2 });
    }
    if (options.excluded && points.length > 3) {
      const base = points[1] as Point;
      points.push({ date: addDays(base.date, 9), origin: 5 });
    }
    points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let day = rng.int(8_000, 20_000);
    let night = rng.int(3_000, 9_000);
    let previous = points[0]?.date ?? end;
    const dailyDay = (options.monthlyKwh * (meter.has_night ? 0.68 : 1)) / 30;
    const dailyNight = (options.monthlyKwh * 0.32) / 30;
    for (const point of points) {
      const days = (parseDate(point.date) - parseDate(previous)) / DAY;
      previous = point.date;
      day += Math.round(days * dailyDay * (0.9 + rng.next() * 0.2));
      night += Math.round(days * dailyNight * (0.9 + rng.next() * 0.2));
      const registeredBy = point.origin === 2 ? "client" : "operator";
      const codes =
        point.origin === 1 ? ["10", "12"] : point.origin === 2 ? ["11", "13"] : ["21", "24"];
      const created = stamp(point.date, "10:30:00.000");
      this.readingSeq += 1;
      this.tables.readings.push({
        id: this.readingSeq,
        meter_id: meter.id,
        date_ins: point.date,
        cp_code: codes[0] as string,
        origin: point.origin,
        value: day,
        registered_by: registeredBy,
        created_at: created,
      });
      if (meter.has_night) {
        this.readingSeq += 1;
        this.tables.readings.push({
          id: this.readingSeq,
          meter_id: meter.id,
          date_ins: point.date,
          cp_code: codes[1] as string,
          origin: point.origin,
          value: night,
          registered_by: registeredBy,
          created_at: created,
        });
      }
    }
  }

  message(row: Omit<MessageRow, "id">): void {
    this.messageSeq += 1;
    this.tables.messages.push({ id: this.messageSeq, ...row });
  }
}

export function seedFor(id: number): number {
  return (id * 2_654_435_761) >>> 0;
}

async function sha256Base64Url(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)),
  );
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function generateSeed(options: SeedOptions = {}): Promise<Seed> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || fmt(parseDate(today)) !== today)
    throw new Error(`invalid today: ${today}`);
  // A fixed salt keeps the output stable; the hash is still a real PBKDF2 hash of Demo2026!.
  const passwordHash = await hashPassword(
    DEMO_PASSWORD,
    new TextEncoder().encode("nrg-demo-salt-01"),
  );
  const b = new Builder(today, passwordHash);
  // The documented supply numbers first, so no generated one can take them.
  for (const code of [
    DEMO.household.mainPerCode,
    DEMO.signupPerson.perCode,
    DEMO.signupCompany.perCode,
  ])
    b.reserve(code);

  household(b);
  company(b);
  largeCompany(b);
  applicant(b);
  await unactivated(b);
  former(b);
  firstLogin(b);
  signupCustomers(b);
  banners(b);
  // Last: its rows take the next ids of every table, so the ids above never move.
  hugeCompany(b);

  const counts = Object.fromEntries(
    Object.entries(b.tables).map(([k, v]) => [k, v.length]),
  ) as Record<keyof SeedTables, number>;
  const extras = SEED_EXTRAS.map((extra) => extra({ today, tables: b.tables }).trim()).filter(
    Boolean,
  );
  const sql = [toSql(b.tables, today).trimEnd(), ...extras].join("\n") + "\n";
  return { today, tables: b.tables, counts, sql };
}

// ---------------------------------------------------------------------------------------------
// The accounts

function household(b: Builder) {
  const d = DEMO.household;
  const rng = prng(seedFor(d.customerId));
  const home = ADDRESSES[0] as (typeof ADDRESSES)[number];
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 0,
    employee_name: null,
    tax_office: "Δ.Ο.Υ. Αμαρουσίου",
    phone: d.phone,
    email: d.email,
  });
  const u = b.user(c, {
    welcome_name: "Γιώργος",
    registration_email: d.email,
    registration_phone: d.phone,
    indication_email: 1,
    indication_sms: 0,
    nrg_skin: 1,
  });

  const main = b.meter(
    c,
    rng,
    {
      id: d.mainMeterId,
      status: "Active",
      is_main: 1,
      division: 1,
      meter_type: "home",
      category: "Γ1",
      voltage_type: "01",
      has_night: 1,
      per_code: d.mainPerCode,
      id_code: "01",
      next_code: "7",
      package_name: "NRG_HOME_NIGHT",
      package_print_descr: "nrg home Νυχτερινό",
      agreed_power: "12 kVA",
      indication_open_from: addDays(b.today, -3),
      indication_open_to: addDays(b.today, 7),
      next_reading_date: addDays(b.today, 45),
      ebill: 1,
      ebill_email: d.email,
    },
    home,
    home,
  );
  b.billingHistory(main, c, rng, {
    months: 36,
    unpaid: true,
    monthlyKwh: 380,
    partial: [14],
    credits: { 9: 1500, 25: 2350 },
    cancelAt: 19,
    collateralCents: 2500,
  });
  b.readings(main, rng, { months: 36, monthlyKwh: 380, client: true, excluded: true });

  const gas = b.meter(
    c,
    rng,
    {
      id: d.gasMeterId,
      status: "Active",
      division: 2,
      meter_type: "home",
      sms_bill: 1,
      sms_number: d.phone,
    },
    home,
    home,
  );
  b.billingHistory(gas, c, rng, {
    months: 36,
    monthlyKwh: 650,
    credits: { 30: 1200 },
    partial: [22],
  });

  const oldHome = ADDRESSES[3] as (typeof ADDRESSES)[number];
  const stopped = b.meter(
    c,
    rng,
    {
      id: d.stoppedMeterId,
      status: "Stopped",
      division: 1,
      meter_type: "home",
      has_night: 0,
      ebill_enable_edit: 0,
      next_reading_date: null,
    },
    oldHome,
    home,
  );
  b.billingHistory(stopped, c, rng, { months: 12, endMonthsAgo: 6, unpaid: true, monthlyKwh: 240 });
  b.readings(stopped, rng, { months: 12, endMonthsAgo: 6, monthlyKwh: 240 });

  const latest = b.tables.invoices
    .filter((i) => i.meter_id === main.id && i.type === "Clearance")
    .at(-1);
  const messages: Array<Omit<MessageRow, "id" | "user_id">> = [
    {
      meter_id: main.id,
      title: "Νέος εκκαθαριστικός λογαριασμός",
      content: `Ο λογαριασμός σας με αριθμό ${latest?.invoice_no ?? ""} είναι διαθέσιμος. Μπορείτε να τον δείτε και να τον πληρώσετε από την ενότητα «Οι λογαριασμοί μου».`,
      type: "info",
      category: "billing",
      read_status: 0,
      c_stamp: stamp(b.lastIssue, "08:15:00.000"),
    },
    {
      meter_id: main.id,
      title: "Άνοιξε η περίοδος καταχώρισης ένδειξης",
      content:
        "Μπορείτε να καταχωρίσετε την ένδειξη του μετρητή σας έως τις " +
        addDays(b.today, 7).split("-").reverse().join("/") +
        ".",
      type: "alert",
      category: "readings",
      read_status: 0,
      c_stamp: stamp(addDays(b.today, -3), "07:00:00.000"),
    },
    {
      meter_id: gas.id,
      title: "Η πληρωμή σας καταχωρίστηκε",
      content: "Λάβαμε την πληρωμή του λογαριασμού φυσικού αερίου. Σας ευχαριστούμε.",
      type: "confirm",
      category: "billing",
      read_status: 1,
      c_stamp: stamp(addDays(b.today, -20), "12:40:00.000"),
    },
    {
      meter_id: null,
      title: "Ενεργοποιήθηκε ο ηλεκτρονικός λογαριασμός",
      content: "Από εδώ και πέρα θα λαμβάνετε τους λογαριασμούς σας μόνο με email.",
      type: "confirm",
      category: "account",
      read_status: 1,
      c_stamp: stamp(addMonths(b.today, -3), "18:05:00.000"),
    },
    {
      meter_id: d.stoppedMeterId,
      title: "Υπενθύμιση ανεξόφλητου υπολοίπου",
      content:
        "Η παροχή στην οδό Λεωφόρος Συγγρού έχει ανεξόφλητο υπόλοιπο. Εξοφλήστε το online ή καλέστε στο 18101.",
      type: "alert",
      category: "billing",
      read_status: 1,
      c_stamp: stamp(addMonths(b.today, -4), "10:00:00.000"),
    },
    {
      meter_id: main.id,
      title: "Η ένδειξή σας καταχωρίστηκε",
      content:
        "Η ένδειξη που καταχωρίσατε έγινε δεκτή και θα ληφθεί υπόψη στον επόμενο λογαριασμό.",
      type: "info",
      category: "readings",
      read_status: 1,
      c_stamp: stamp(addMonths(b.today, -5), "20:30:00.000"),
    },
  ];
  for (const m of messages) b.message({ user_id: u.id, ...m });
}

function company(b: Builder) {
  const d = DEMO.company;
  const hq = ["Λεωφόρος Κηφισίας", "Μαρούσι", "15125"] as const;
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 1,
    employee_name: d.employeeName,
    tax_office: "Δ.Ο.Υ. ΦΑΕ Αθηνών",
    phone: d.phone,
    email: d.email,
  });
  const u = b.user(c, {
    welcome_name: "Μαρία",
    registration_email: d.email,
    registration_phone: d.phone,
    nrg_skin: 2,
    indication_email: 1,
    indication_sms: 1,
  });
  const owing = new Set([0, 3, 7, 12, 20, 41]);
  for (let i = 0; i < d.meterCount; i++) {
    const id = d.firstMeterId + i;
    const mrng = prng(seedFor(id));
    const electric = i % 3 !== 2; // 40 electricity, 20 gas
    const status = i >= 52 && i <= 55 ? "Stopped" : "Active";
    let category = electric ? mrng.pick(["Γ21", "Γ23"]) : mrng.pick(["Ε1", "Ε2"]);
    let voltage = "01";
    if (electric && i % 8 === 1) category = "G22";
    if (electric && i % 8 === 4) [category, voltage] = ["B1", "02"];
    if (electric && i % 10 === 7) [category, voltage] = ["A", "03"];
    const big = voltage !== "01";
    const monthly = electric
      ? big
        ? mrng.int(20_000, 60_000)
        : mrng.int(900, 6_000)
      : mrng.int(2_000, 12_000);
    const meter = b.meter(
      c,
      mrng,
      {
        id,
        status,
        is_main: i === 0 ? 1 : 0,
        division: electric ? 1 : 2,
        meter_type: i % 12 === 5 ? "shared" : "professional",
        category,
        voltage_type: voltage,
        has_night: electric && i % 5 === 0 ? 1 : 0,
        has_pv: electric && i === 6 ? 1 : 0,
        ebill: i % 2 === 0 ? 1 : 0,
        ebill_email: i % 2 === 0 ? d.email : null,
        ebill_enable_edit: status === "Stopped" ? 0 : 1,
        indication_open_from: i === 0 ? addDays(b.today, -3) : null,
        indication_open_to: i === 0 ? addDays(b.today, 7) : null,
      },
      ADDRESSES[(i * 7) % ADDRESSES.length] as (typeof ADDRESSES)[number],
      hq,
    );
    const stoppedAgo = status === "Stopped" ? i - 51 : 0;
    b.billingHistory(meter, c, mrng, {
      months: 12,
      endMonthsAgo: stoppedAgo,
      unpaid: owing.has(i) || i === 53,
      monthlyKwh: monthly,
      dueDays: 30,
      collateralCents: i % 9 === 0 ? 50_000 : 0,
      cancelAt: i === 10 ? 4 : undefined,
      credits: i === 15 ? { 6: 8_000 } : undefined,
    });
    if (electric)
      b.readings(meter, mrng, {
        months: 12,
        endMonthsAgo: stoppedAgo,
        monthlyKwh: monthly,
        client: i === 0,
      });
  }
  b.message({
    user_id: u.id,
    meter_id: d.firstMeterId,
    title: "Νέοι λογαριασμοί διαθέσιμοι",
    content: "Εκδόθηκαν οι λογαριασμοί του μήνα για τις παροχές της εταιρείας σας.",
    type: "info",
    category: "billing",
    read_status: 0,
    c_stamp: stamp(b.lastIssue, "08:00:00.000"),
  });
  b.message({
    user_id: u.id,
    meter_id: null,
    title: "Συνοπτική πληρωμή πολλών παροχών",
    content: "Μπορείτε να εξοφλήσετε με μία συναλλαγή όλες τις παροχές με ανοιχτό υπόλοιπο.",
    type: "info",
    category: "account",
    read_status: 1,
    c_stamp: stamp(addMonths(b.today, -2), "09:30:00.000"),
  });
  b.message({
    user_id: u.id,
    meter_id: d.firstMeterId + 53,
    title: "Ληξιπρόθεσμο υπόλοιπο",
    content: "Μία από τις παροχές σας σε διακοπή έχει ανεξόφλητο υπόλοιπο.",
    type: "alert",
    category: "billing",
    read_status: 1,
    c_stamp: stamp(addMonths(b.today, -1), "11:00:00.000"),
  });
}

function largeCompany(b: Builder) {
  const d = DEMO.largeCompany;
  const hq = ["Λεωφόρος Μεσογείων", "Αθήνα", "11527"] as const;
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 1,
    employee_name: d.employeeName,
    tax_office: "Δ.Ο.Υ. ΦΑΕ Αθηνών",
    phone: d.phone,
    email: d.email,
  });
  const u = b.user(c, {
    welcome_name: "Νικόλαος",
    registration_email: d.email,
    registration_phone: d.phone,
    nrg_skin: 3,
  });
  for (let i = 0; i < d.meterCount; i++) {
    const id = d.firstMeterId + i;
    const mrng = prng(seedFor(id));
    const electric = i % 4 !== 3; // 150 electricity, 50 gas
    const status = i % 40 === 39 ? "Stopped" : "Active";
    const monthly = electric ? mrng.int(1_200, 9_000) : mrng.int(1_500, 8_000);
    const meter = b.meter(
      c,
      mrng,
      {
        id,
        status,
        is_main: i === 0 ? 1 : 0,
        division: electric ? 1 : 2,
        meter_type: "professional",
        category: electric ? (i % 25 === 10 ? "B1" : mrng.pick(["Γ21", "Γ23"])) : "Ε1",
        voltage_type: electric && i % 25 === 10 ? "02" : "01",
        ebill: 1,
        ebill_email: d.email,
        ebill_enable_edit: status === "Stopped" ? 0 : 1,
      },
      ADDRESSES[(i * 11 + 3) % ADDRESSES.length] as (typeof ADDRESSES)[number],
      hq,
    );
    b.billingHistory(meter, c, mrng, {
      months: 6,
      endMonthsAgo: status === "Stopped" ? 3 : 0,
      unpaid: i % 7 === 0,
      monthlyKwh: monthly,
      dueDays: 30,
    });
    if (electric)
      b.readings(meter, mrng, {
        months: 6,
        endMonthsAgo: status === "Stopped" ? 3 : 0,
        monthlyKwh: monthly,
      });
  }
  b.message({
    user_id: u.id,
    meter_id: null,
    title: "Καλώς ήρθατε στο myNRG για επιχειρήσεις",
    content: "Δείτε όλες τις παροχές της εταιρείας σας σε μία οθόνη.",
    type: "info",
    category: "account",
    read_status: 0,
    c_stamp: stamp(addDays(b.today, -6), "09:00:00.000"),
  });
}

/**
 * 1,000 supplies (issue 14 point 8): 800 electricity, 200 gas; every 50th Stopped; a quarter
 * owing; the reading window open on every tenth electricity supply that offers reading entry.
 * Three months of bills each (one Clearance) keep the data set, and loading it, small.
 */
function hugeCompany(b: Builder) {
  const d = DEMO.hugeCompany;
  const hq = ["Λεωφόρος Βουλιαγμένης", "Γλυφάδα", "16674"] as const;
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 1,
    employee_name: d.employeeName,
    tax_office: "Δ.Ο.Υ. ΦΑΕ Πειραιά",
    phone: d.phone,
    email: d.email,
  });
  const u = b.user(c, {
    welcome_name: "Αναστασία",
    registration_email: d.email,
    registration_phone: d.phone,
    nrg_skin: 2,
  });
  for (let i = 0; i < d.meterCount; i++) {
    const id = d.firstMeterId + i;
    const mrng = prng(seedFor(id));
    const electric = i % 5 !== 4; // 800 electricity, 200 gas
    const status = i % 50 === 49 ? "Stopped" : "Active";
    const hidden = electric && i % 25 === 12; // B1, voltage 02: no reading entry
    const open = electric && !hidden && status === "Active" && i % 10 === 0;
    const monthly = electric ? mrng.int(1_000, 8_000) : mrng.int(1_500, 7_000);
    const meter = b.meter(
      c,
      mrng,
      {
        id,
        status,
        is_main: i === 0 ? 1 : 0,
        division: electric ? 1 : 2,
        meter_type: "professional",
        category: electric ? (hidden ? "B1" : mrng.pick(["Γ21", "Γ23"])) : "Ε1",
        voltage_type: hidden ? "02" : "01",
        has_night: electric && i % 20 === 3 ? 1 : 0,
        ebill: i % 3 === 0 ? 1 : 0,
        ebill_email: i % 3 === 0 ? d.email : null,
        ebill_enable_edit: status === "Stopped" ? 0 : 1,
        indication_open_from: open ? addDays(b.today, -3) : null,
        indication_open_to: open ? addDays(b.today, 7) : null,
      },
      ADDRESSES[(i * 13 + 5) % ADDRESSES.length] as (typeof ADDRESSES)[number],
      hq,
    );
    const endMonthsAgo = status === "Stopped" ? 2 : 0;
    b.billingHistory(meter, c, mrng, {
      months: 3,
      endMonthsAgo,
      unpaid: i % 4 === 0 || status === "Stopped",
      monthlyKwh: monthly,
      dueDays: 30,
    });
    if (electric) b.readings(meter, mrng, { months: 6, endMonthsAgo, monthlyKwh: monthly });
  }
  b.message({
    user_id: u.id,
    meter_id: null,
    title: "Όλες οι παροχές σας σε μία οθόνη",
    content: "Δείτε, πληρώστε και καταχωρίστε μετρήσεις για τις 1.000 παροχές της εταιρείας σας.",
    type: "info",
    category: "account",
    read_status: 0,
    c_stamp: stamp(addDays(b.today, -2), "09:00:00.000"),
  });
}

function applicant(b: Builder) {
  const d = DEMO.applicant;
  const rng = prng(seedFor(d.customerId));
  const home = ADDRESSES[12] as (typeof ADDRESSES)[number];
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 0,
    employee_name: null,
    tax_office: "Δ.Ο.Υ. Ε΄ Θεσσαλονίκης",
    phone: d.phone,
    email: d.email,
  });
  b.user(c, {
    welcome_name: "Ελένη",
    registration_email: d.email,
    registration_phone: d.phone,
    account_status: 2,
    created_at: stamp(addDays(b.today, -9)),
  });
  d.meterStatuses.forEach((status, i) => {
    b.meter(
      c,
      rng,
      {
        id: d.firstMeterId + i,
        status,
        is_main: i === 0 ? 1 : 0,
        division: i === 3 ? 2 : 1,
        meter_type: "home",
        representation_date: null,
        next_reading_date: null,
        created_at: stamp(addDays(b.today, -9 + i)),
      },
      ADDRESSES[(12 + i) % ADDRESSES.length] as (typeof ADDRESSES)[number],
      home,
    );
  });
}

async function unactivated(b: Builder) {
  const d = DEMO.unactivated;
  const rng = prng(seedFor(d.customerId));
  const home = ADDRESSES[16] as (typeof ADDRESSES)[number];
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 0,
    employee_name: null,
    tax_office: "Δ.Ο.Υ. Πατρών",
    phone: d.phone,
    email: d.email,
  });
  const created = stamp(addDays(b.today, -1), "16:20:00.000");
  const u = b.user(c, {
    welcome_name: "Δημήτρης",
    registration_email: d.email,
    registration_phone: d.phone,
    needs_activation: 1,
    password_changed_at: null,
    created_at: created,
  });
  const meter = b.meter(
    c,
    rng,
    { id: d.meterId, status: "Active", is_main: 1, division: 1, meter_type: "home" },
    home,
    home,
  );
  b.billingHistory(meter, c, rng, { months: 6, monthlyKwh: 300 });
  b.tables.action_tokens.push({
    id: await sha256Base64Url(DEMO_ACTIVATION_TOKEN),
    user_id: u.id,
    purpose: "activate",
    created_at: created,
    expires_at: new Date(Date.parse(created) + 30 * DAY).toISOString(),
    used_at: null,
  });
  b.tables.outbox.push({
    id: 1,
    channel: "email",
    recipient: d.email,
    subject: "Ενεργοποίηση λογαριασμού myNRG",
    body: `Αγαπητέ/ή ${d.name},\n\nευχαριστούμε για την εγγραφή σας στο myNRG. Για να ενεργοποιήσετε τον λογαριασμό σας ακολουθήστε τον σύνδεσμο:\n${d.activationPath}\n\nΟ σύνδεσμος ισχύει για 30 ημέρες.`,
    link: d.activationPath,
    user_id: u.id,
    created_at: created,
  });
}

function former(b: Builder) {
  const d = DEMO.former;
  const rng = prng(seedFor(d.customerId));
  const home = ADDRESSES[20] as (typeof ADDRESSES)[number];
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 0,
    employee_name: null,
    tax_office: "Δ.Ο.Υ. Λάρισας",
    phone: d.phone,
    email: d.email,
  });
  b.user(c, {
    welcome_name: "Κατερίνα",
    registration_email: d.email,
    registration_phone: d.phone,
    account_status: 1,
  });
  const statuses = ["Inactive", "Inactive", "Terminated"] as const;
  statuses.forEach((status, i) => {
    const meter = b.meter(
      c,
      rng,
      {
        id: d.firstMeterId + i,
        status,
        is_main: i === 0 ? 1 : 0,
        division: i === 1 ? 2 : 1,
        meter_type: "home",
        ebill_enable_edit: 0,
        next_reading_date: null,
      },
      ADDRESSES[(20 + i) % ADDRESSES.length] as (typeof ADDRESSES)[number],
      home,
    );
    b.billingHistory(meter, c, rng, {
      months: 6,
      endMonthsAgo: 24 + i * 3,
      monthlyKwh: i === 1 ? 500 : 280,
    });
  });
}

function firstLogin(b: Builder) {
  const d = DEMO.firstLogin;
  const rng = prng(seedFor(d.customerId));
  const home = ADDRESSES[18] as (typeof ADDRESSES)[number];
  const c = b.customer({
    id: d.customerId,
    afm: d.vat,
    name: d.name,
    is_legal_person: 0,
    employee_name: null,
    tax_office: "Δ.Ο.Υ. Ηρακλείου",
    phone: d.phone,
    email: d.email,
  });
  b.user(c, {
    welcome_name: "Κωνσταντίνος",
    registration_email: d.email,
    registration_phone: d.phone,
    first_login_settings_open: 1,
    popup_title: "Καλώς ήρθατε στο νέο myNRG",
    popup_body:
      "Δείτε τους λογαριασμούς σας, πληρώστε online και καταχωρίστε την ένδειξη του μετρητή σας από ένα σημείο.",
    popup_button_title: "Μάθετε περισσότερα",
    popup_url: "/b2b/help",
    created_at: stamp(addDays(b.today, -2)),
  });
  const meter = b.meter(
    c,
    rng,
    { id: d.meterId, status: "Active", is_main: 1, division: 1, meter_type: "home" },
    home,
    home,
  );
  b.billingHistory(meter, c, rng, { months: 6, unpaid: true, monthlyKwh: 320 });
  b.readings(meter, rng, { months: 6, monthlyKwh: 320 });
}

function signupCustomers(b: Builder) {
  const p = DEMO.signupPerson;
  const prngP = prng(seedFor(p.customerId));
  const homeP = ADDRESSES[14] as (typeof ADDRESSES)[number];
  const cp = b.customer({
    id: p.customerId,
    afm: p.vat,
    name: p.name,
    is_legal_person: 0,
    employee_name: null,
    tax_office: "Δ.Ο.Υ. Ε΄ Θεσσαλονίκης",
    phone: p.phone,
    email: "sofia.makri@example.gr",
  });
  const mp = b.meter(
    cp,
    prngP,
    {
      id: p.meterId,
      status: "Active",
      is_main: 1,
      division: 1,
      meter_type: "home",
      per_code: p.perCode,
      id_code: "01",
      next_code: "3",
    },
    homeP,
    homeP,
  );
  b.billingHistory(mp, cp, prngP, { months: 6, monthlyKwh: 290 });
  b.readings(mp, prngP, { months: 6, monthlyKwh: 290 });

  const k = DEMO.signupCompany;
  const prngK = prng(seedFor(k.customerId));
  const office = ADDRESSES[22] as (typeof ADDRESSES)[number];
  const ck = b.customer({
    id: k.customerId,
    afm: k.vat,
    name: k.name,
    is_legal_person: 1,
    employee_name: k.employeeName,
    tax_office: "Δ.Ο.Υ. Βόλου",
    phone: k.phone,
    email: "info@gamma-techniki.example.gr",
  });
  const mk = b.meter(
    ck,
    prngK,
    {
      id: k.meterId,
      status: "Active",
      is_main: 1,
      division: 1,
      meter_type: "professional",
      per_code: k.perCode,
      id_code: "02",
      next_code: "8",
    },
    office,
    office,
  );
  b.billingHistory(mk, ck, prngK, { months: 6, monthlyKwh: 2_400, dueDays: 30 });
}

function banners(b: Builder) {
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

// ---------------------------------------------------------------------------------------------
// SQL

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`non-finite number in seed: ${value}`);
    return String(value);
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Multi-row INSERTs in chunks that stay well below D1's statement size limit (100 KB). */
export function toSql(tables: SeedTables, today: string): string {
  const lines = [
    `-- Demo data generated by seed/generate.ts for ${today}. Do not edit; regenerate.`,
  ];
  const order: Array<keyof SeedTables> = [
    "customers",
    "users",
    "meters",
    "invoices",
    "readings",
    "messages",
    "banners",
    "action_tokens",
    "outbox",
  ];
  for (const table of order) {
    const rows = tables[table] as unknown as Array<Record<string, unknown>>;
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0] as Record<string, unknown>);
    let chunk: string[] = [];
    let size = 0;
    const flush = () => {
      if (chunk.length === 0) return;
      lines.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${chunk.join(",\n")};`);
      chunk = [];
      size = 0;
    };
    for (const row of rows) {
      const keys = Object.keys(row);
      if (keys.length !== columns.length || !columns.every((c) => c in row)) {
        throw new Error(`inconsistent columns in ${table}`);
      }
      const values = `(${columns.map((c) => literal(row[c])).join(", ")})`;
      if (size + values.length > 60_000 || chunk.length >= 200) flush();
      chunk.push(values);
      size += values.length;
    }
    flush();
  }
  return `${lines.join("\n")}\n`;
}
