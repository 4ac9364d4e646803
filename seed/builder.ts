import { addDays, addMonths, stamp } from "./dates.ts";
import { billingHistory, type BillingOptions } from "./invoices.ts";
import { type MeterArgs, meterRow } from "./meters.ts";
import type { Rng } from "./random.ts";
import { meterReadings, type ReadingOptions } from "./readings.ts";
import type { CustomerRow, MessageRow, MeterRow, SeedTables, UserRow } from "./rows.ts";

/**
 * Collects the rows of every table as the accounts are generated: customers, users and messages
 * here; meters (meters.ts), bills and payments (invoices.ts) and readings (readings.ts) through
 * their own modules. It hands out the invoice, reading and message ids in order and keeps every
 * supply code unique.
 */
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
  /** The last id given in each table whose ids the builder counts. */
  readonly lastId = { invoices: 0, readings: 0, messages: 0 };
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
    this.lastId.invoices = after.invoices;
    this.lastId.readings = after.readings;
    this.lastId.messages = after.messages;
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
      popup_title_en: null,
      popup_body_en: null,
      popup_button_title_en: null,
      // Every customer's own login is its master (#18); seed/people.ts adds the other people.
      test_role: "master",
      created_at: stamp(addMonths(this.today, -40)),
      ...row,
    };
    this.tables.users.push(full);
    return full;
  }

  /** A customer's supply (meters.ts), added to the meters table. */
  meter(...args: MeterArgs): MeterRow {
    const full = meterRow(this, ...args);
    this.tables.meters.push(full);
    return full;
  }

  /** A supply's bills and the payments that settle them (invoices.ts). */
  billingHistory(meter: MeterRow, customer: CustomerRow, rng: Rng, options: BillingOptions): void {
    billingHistory(this, meter, customer, rng, options);
  }

  /** A supply's meter readings (readings.ts). */
  readings(meter: MeterRow, rng: Rng, options: ReadingOptions): void {
    meterReadings(this, meter, rng, options);
  }

  message(row: Omit<MessageRow, "id">): void {
    this.lastId.messages += 1;
    this.tables.messages.push({ id: this.lastId.messages, ...row });
  }
}
