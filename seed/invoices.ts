import type { Builder } from "./builder.ts";
import { addDays, addMonths, minDate, monthOf, pad } from "./dates.ts";
import type { Rng } from "./random.ts";
import { ELEC_SEASON, GAS_SEASON } from "./reference.ts";
import type { CustomerRow, InvoiceRow, MeterRow } from "./rows.ts";
import { standInColour } from "../core/products.ts";

/**
 * The myDATA MARK of demo invoice `id`: 15 digits, unique per id (a strictly increasing function of
 * it) and unlike the invoice number. Real MARKs come from myDATA and are not predictable.
 */
export function demoMark(id: number): string {
  return String(400_000_000_000_000 + id * 7_919 + 113);
}

export interface BillingOptions {
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
  /** Bill indexes (0 = oldest) whose consumption is estimated (their Clearance, Advance or Manual bills). */
  estimated?: number[];
}

/**
 * Monthly bills (every third one a Clearance) and the payments that settle them, ending with
 * the bill issued `endMonthsAgo` months before the newest bill date.
 */
export function billingHistory(
  b: Builder,
  meter: MeterRow,
  customer: CustomerRow,
  rng: Rng,
  options: BillingOptions,
): void {
  const electric = meter.division === 1;
  const contract = `3000${pad(meter.id, 8)}`;
  const partner = customer.sap_id;
  const dueDays = options.dueDays ?? 20;
  const lastIssue = addMonths(b.lastIssue, -(options.endMonthsAgo ?? 0));
  const rows: InvoiceRow[] = [];
  const nightShare = meter.has_night ? 0.32 : 0;
  const municipalityMonthly = electric ? rng.int(350, 900) : 0;
  const energyRate = electric ? (meter.meter_type === "professional" ? 0.142 : 0.158) : 0.071;
  const regulatedRate = electric ? (meter.voltage_type === "01" ? 0.046 : 0.021) : 0.017;
  const colour = electric ? standInColour(meter.package_name) : null;

  /** The charge columns of a bill for `kwh` over `months`. */
  const charges = (kwh: number, months: number) => {
    const energy = Math.round(kwh * energyRate * 100);
    const regulated = Math.round(kwh * regulatedRate * 100);
    const municipality = municipalityMonthly * months;
    const taxes = Math.round((energy + regulated) * 0.06 + kwh * (electric ? 0.22 : 0.54));
    return {
      energy_cents: energy,
      regulated_cents: regulated,
      municipality_cents: municipality,
      taxes_cents: taxes,
    };
  };
  /** `kwh` split into day and night use by the meter's night share. */
  const dayNight = (kwh: number) => {
    const night = Math.round(kwh * nightShare);
    return { day_kwh: kwh - night, night_kwh: night };
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
      | "mark"
      | "ypoloipo_cents"
      | "remaining_cents"
      | "invoice_no"
      | "consumption_estimated"
      | "tariff_colour"
    > & { invoice_no?: string },
  ) => {
    b.lastId.invoices += 1;
    const {
      id: _id,
      meter_id: _meter,
      ypoloipo_cents: _y,
      remaining_cents: _r,
      mark: _mark,
      ...fields
    } = row as typeof row & Partial<InvoiceRow>;
    const full: InvoiceRow = {
      ...fields,
      id: b.lastId.invoices,
      meter_id: meter.id,
      business_partner: partner,
      contract_account: contract,
      mark: row.type === "payment" ? null : demoMark(b.lastId.invoices),
      ypoloipo_cents: 0,
      remaining_cents: 0,
      // Set per bill below (billed rows); null for the rows that bill no consumption.
      consumption_estimated: null,
      // The supply's product's colour (core/products.ts: the seed's packages are stand-ins):
      // every demo bill was issued under the product the supply has today.
      tariff_colour: row.type === "payment" ? null : colour,
      invoice_no:
        row.invoice_no ?? `${row.issue_date.slice(0, 4)}${pad(70_000_000 + b.lastId.invoices, 8)}`,
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
    const period = {
      issue_date: issue,
      date_due: dateDue,
      period_from: periodFrom,
      period_to: periodTo,
      consumption_from: periodFrom,
      consumption_to: periodTo,
      payment_date: null,
      total_value_cents: 0,
    };

    const billed: InvoiceRow[] = [];
    if (clearance) {
      const kwh = actualSinceClearance;
      const pv = meter.has_pv ? Math.round(kwh * 0.4) : 0;
      billed.push(
        push({
          type: "Clearance",
          ...period,
          ...charges(kwh, 3),
          collateral_cents: 0,
          advance_cents: -advancesSinceClearance,
          ...dayNight(kwh),
          pv_kwh: pv,
        }),
      );
      advancesSinceClearance = 0;
      actualSinceClearance = 0;
    } else {
      // Advances estimate 82–98 % of the real use, so the Clearance mostly collects a rest.
      const kwh = Math.max(1, Math.round(actual * (0.82 + rng.next() * 0.16)));
      const advance = push({
        type: "Advance",
        ...period,
        ...empty,
        ...charges(kwh, 1),
        ...dayNight(kwh),
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
        const manual = push({
          ...advance,
          type: "Manual",
          issue_date: addDays(issue, 2),
          ...charges(fixedKwh, 1),
          ...dayNight(fixedKwh),
          invoice_no: undefined,
        });
        billed.push(cancelled, manual);
      }
    }
    if (i === 0 && options.collateralCents) {
      const first = billed[0];
      if (first) first.collateral_cents = options.collateralCents;
    }
    const estimated = options.estimated?.includes(i) ? 1 : 0;
    for (const bill of billed) {
      bill.consumption_estimated =
        bill.type === "Clearance" || bill.type === "Advance" || bill.type === "Manual"
          ? estimated
          : null;
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
    payDate = minDate(payDate, addDays(b.today, -1));
    const partial = options.partial?.includes(i) && !isLast;
    const paid = partial ? Math.round(balance * 0.6) : balance;
    push({
      type: "payment",
      invoice_no: `9${pad(b.lastId.invoices + 1, 11)}`,
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
  meter.trn_value_cents = payments.length ? -(payments.at(-1) as InvoiceRow).total_value_cents : 0;
  meter.last_payment_date = payments.at(-1)?.payment_date ?? null;
  meter.last_invoice_due_date = bills.at(-1)?.date_due ?? null;
  b.tables.invoices.push(...rows);
}
