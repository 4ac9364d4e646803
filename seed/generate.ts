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
import { applicant, firstLogin, former, signupCustomers, unactivated } from "./account-states.ts";
import { DEMO, DEMO_PASSWORD } from "./accounts.ts";
import { banners } from "./banners.ts";
import { Builder } from "./builder.ts";
import { company, hugeCompany, largeCompany } from "./companies.ts";
import { largeCompanyPeople } from "./people.ts";
import { fmt, parseDate } from "./dates.ts";
import { SEED_EXTRAS } from "./extras.ts";
import { household } from "./household.ts";
import type { Seed, SeedOptions, SeedTables } from "./rows.ts";
import { toSql } from "./sql.ts";

// The parts, by what they generate: row shapes (rows.ts), the PRNG (random.ts), dates
// (dates.ts), addresses and tariffs (reference.ts), the Builder that collects every table
// (builder.ts) with customers and users (customers.ts), meters (meters.ts), bills and payments
// (invoices.ts) and readings (readings.ts); the demo accounts (household.ts, companies.ts,
// account-states.ts), the banners (banners.ts) and the SQL (sql.ts). Re-exported here for the
// scripts, tests and benchmarks that import this entry.
export { Builder } from "./builder.ts";
export { addDays, addMonths, pad, stamp } from "./dates.ts";
export { prng, type Rng, seedFor } from "./random.ts";
export { ADDRESSES } from "./reference.ts";
export type {
  ActionTokenRow,
  BannerRow,
  CustomerRow,
  InvoiceRow,
  InvoiceType,
  MessageRow,
  MeterRow,
  OutboxRow,
  ReadingRow,
  Seed,
  SeedOptions,
  SeedTables,
  UserRow,
} from "./rows.ts";
export { toSql } from "./sql.ts";

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
  // The people of the large company: users rows with ids of their own (11, 12), after the rest.
  largeCompanyPeople(b);

  const counts = Object.fromEntries(
    Object.entries(b.tables).map(([k, v]) => [k, v.length]),
  ) as Record<keyof SeedTables, number>;
  const extras = SEED_EXTRAS.map((extra) => extra({ today, tables: b.tables }).trim()).filter(
    Boolean,
  );
  const sql = [toSql(b.tables, today).trimEnd(), ...extras].join("\n") + "\n";
  return { today, tables: b.tables, counts, sql };
}
