import { DEMO, DEMO_ACTIVATION_TOKEN } from "./accounts.ts";
import type { Builder } from "./builder.ts";
import { type DemoCustomer, demoCustomer, demoUser } from "./customers.ts";
import { addDays, DAY, stamp } from "./dates.ts";
import type { BillingOptions } from "./invoices.ts";
import { prng, type Rng, seedFor } from "./random.ts";
import { type Address, addressAt } from "./reference.ts";
import type { CustomerRow, MeterRow } from "./rows.ts";

/**
 * The demo accounts that show one state of a portal account: an applicant still onboarding, a
 * user not activated yet (its activation token and email), a former customer, a first login, and
 * two billing customers with no account yet (sign-up).
 */

async function sha256Base64Url(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)),
  );
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The one active electricity supply of a small account, billed where it supplies. */
function onlySupply(
  b: Builder,
  c: CustomerRow,
  rng: Rng,
  id: number,
  meterType: MeterRow["meter_type"],
  address: Address,
  row: Partial<MeterRow> = {},
): MeterRow {
  return b.meter(
    c,
    rng,
    { id, status: "Active", is_main: 1, division: 1, meter_type: meterType, ...row },
    address,
    address,
  );
}

export function applicant(b: Builder) {
  const d = DEMO.applicant;
  const rng = prng(seedFor(d.customerId));
  const home = addressAt(12);
  const c = demoCustomer(b, d, "Δ.Ο.Υ. Ε΄ Θεσσαλονίκης");
  demoUser(b, c, d, "Ελένη", {
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
      addressAt(12 + i),
      home,
    );
  });
}

export async function unactivated(b: Builder) {
  const d = DEMO.unactivated;
  const rng = prng(seedFor(d.customerId));
  const home = addressAt(16);
  const c = demoCustomer(b, d, "Δ.Ο.Υ. Πατρών");
  const created = stamp(addDays(b.today, -1), "16:20:00.000");
  const u = demoUser(b, c, d, "Δημήτρης", {
    needs_activation: 1,
    password_changed_at: null,
    created_at: created,
  });
  const meter = onlySupply(b, c, rng, d.meterId, "home", home);
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

export function former(b: Builder) {
  const d = DEMO.former;
  const rng = prng(seedFor(d.customerId));
  const home = addressAt(20);
  const c = demoCustomer(b, d, "Δ.Ο.Υ. Λάρισας");
  demoUser(b, c, d, "Κατερίνα", {
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
      addressAt(20 + i),
      home,
    );
    b.billingHistory(meter, c, rng, {
      months: 6,
      endMonthsAgo: 24 + i * 3,
      monthlyKwh: i === 1 ? 500 : 280,
    });
  });
}

export function firstLogin(b: Builder) {
  const d = DEMO.firstLogin;
  const rng = prng(seedFor(d.customerId));
  const home = addressAt(18);
  const c = demoCustomer(b, d, "Δ.Ο.Υ. Ηρακλείου");
  demoUser(b, c, d, "Κωνσταντίνος", {
    first_login_settings_open: 1,
    popup_title: "Καλώς ήρθατε στο νέο myNRG",
    popup_body:
      "Δείτε τους λογαριασμούς σας, πληρώστε online και καταχωρίστε την ένδειξη του μετρητή σας από ένα σημείο.",
    popup_button_title: "Μάθετε περισσότερα",
    popup_title_en: "Welcome to the new myNRG",
    popup_body_en: "See your bills, pay online and send your meter reading, all in one place.",
    popup_button_title_en: "Learn more",
    popup_url: "/b2b/help",
    created_at: stamp(addDays(b.today, -2)),
  });
  const meter = onlySupply(b, c, rng, d.meterId, "home", home);
  b.billingHistory(meter, c, rng, { months: 6, unpaid: true, monthlyKwh: 320 });
  b.readings(meter, rng, { months: 6, monthlyKwh: 320 });
}

/**
 * A billing customer with one supply and no portal account yet: it signs up with the supply
 * number (`perCode`) and the mobile on file.
 */
function signupCustomer(
  b: Builder,
  d: DemoCustomer & { meterId: number; perCode: string },
  customer: { taxOffice: string; email: string; address: Address },
  supply: Pick<MeterRow, "meter_type" | "id_code" | "next_code">,
  billing: BillingOptions,
): { meter: MeterRow; rng: Rng } {
  const rng = prng(seedFor(d.customerId));
  const c = demoCustomer(b, d, customer.taxOffice, customer.email);
  const meter = onlySupply(b, c, rng, d.meterId, supply.meter_type, customer.address, {
    per_code: d.perCode,
    id_code: supply.id_code,
    next_code: supply.next_code,
  });
  b.billingHistory(meter, c, rng, billing);
  return { meter, rng };
}

export function signupCustomers(b: Builder) {
  const person = signupCustomer(
    b,
    DEMO.signupPerson,
    {
      taxOffice: "Δ.Ο.Υ. Ε΄ Θεσσαλονίκης",
      email: "sofia.makri@example.gr",
      address: addressAt(14),
    },
    { meter_type: "home", id_code: "01", next_code: "3" },
    { months: 6, monthlyKwh: 290 },
  );
  b.readings(person.meter, person.rng, { months: 6, monthlyKwh: 290 });

  signupCustomer(
    b,
    DEMO.signupCompany,
    {
      taxOffice: "Δ.Ο.Υ. Βόλου",
      email: "info@gamma-techniki.example.gr",
      address: addressAt(22),
    },
    { meter_type: "professional", id_code: "02", next_code: "8" },
    { months: 6, monthlyKwh: 2_400, dueDays: 30 },
  );
}
