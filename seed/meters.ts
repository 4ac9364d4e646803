import type { Builder } from "./builder.ts";
import { addDays, addMonths, pad, stamp } from "./dates.ts";
import type { Rng } from "./random.ts";
import {
  ELEC_HOME_PACKAGES,
  ELEC_PRO_PACKAGES,
  GAS_HOME_PACKAGE,
  GAS_PRO_PACKAGE,
  type Address,
} from "./reference.ts";
import type { CustomerRow, MeterRow } from "./rows.ts";

/** A supply's id, status, division and type, and any column to set rather than draw. */
export type MeterFields = Pick<MeterRow, "id" | "status" | "division" | "meter_type"> &
  Partial<MeterRow>;

/** The customer, its PRNG, the fields, the supply's address and the billing address. */
export type MeterArgs = [
  customer: CustomerRow,
  rng: Rng,
  row: MeterFields,
  address: Address,
  billing: Address,
];

/**
 * One supply (meter row) of a customer: the package, street number, supply codes, agreed power
 * and dates drawn from `rng` in a fixed order; `row` overrides any column.
 */
export function meterRow(
  b: Builder,
  ...[customer, rng, row, address, billing]: MeterArgs
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
    per_code: electric ? b.uniqueDigits(rng, 9, "1") : null,
    id_code: electric ? pad(rng.int(1, 99), 2) : null,
    next_code: electric ? String(rng.int(0, 9)) : null,
    pod: electric ? null : b.uniqueDigits(rng, 14, "20"),
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
    representation_date: addMonths(b.today, -rng.int(40, 96)),
    next_reading_date: electric ? addDays(b.today, rng.int(20, 110)) : null,
    has_night: 0,
    has_pv: 0,
    smart_meter: 0,
    indication_open_from: null,
    indication_open_to: null,
    created_at: stamp(addMonths(b.today, -40)),
    ...row,
  };
  return full;
}
