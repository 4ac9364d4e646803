/**
 * Synthetic customers for sizing (docs/scale.md): N more customers after the demo set, with the
 * household/business mix of a retail energy supplier and `years` of bills, payments, readings,
 * messages, portal card payments and sign-ins (audit log) each, made by the same Builder as the
 * demo accounts.
 *
 * It never changes the demo set: `generateSeed()` is called as before and its SQL comes first,
 * untouched; the synthetic rows follow with ids above every demo id (customers and meters from
 * 100,001; invoices, readings and messages continue after the demo set's last id). The same
 * (base seed, options) always gives the same rows: every random choice comes from a PRNG seeded
 * by the customer's index and `seed`.
 *
 * Rows are produced in batches of customers, so that 10,000 or 100,000 customers never sit in
 * memory (or in one JavaScript string) at once.
 */
import { TRANSFER_DEMO } from "./applications.ts";
import { DD_NO_MOBILE } from "./direct-debit.ts";
import { Builder } from "./builder.ts";
import { addDays, addMonths, pad, stamp } from "./dates.ts";
import { prng, type Rng, seedFor } from "./random.ts";
import { ADDRESSES } from "./reference.ts";
import type { CustomerRow, MeterRow, Seed, SeedTables } from "./rows.ts";
import { toSql } from "./sql.ts";

/** The first synthetic customer id (and user id) and the first synthetic meter id. */
export const SYNTHETIC_FIRST_CUSTOMER_ID = 100_001;
export const SYNTHETIC_FIRST_METER_ID = 100_001;
/**
 * Meter SAP ids are 4,000,000,000 + id × 7,919 and must keep 10 digits: meter ids up to
 * 757,000, i.e. about 300,000 synthetic customers at this mix (≈ 2.2 supplies each).
 */
export const SYNTHETIC_MAX_CUSTOMERS = 300_000;

export interface SyntheticOptions {
  /** How many customers to add. */
  customers: number;
  /** Years of history every synthetic supply has (bills, payments, readings, messages). */
  years?: number;
  /** Any integer: another seed gives other (equally realistic) customers. */
  seed?: number;
  /** Customers per batch of SQL. */
  batchSize?: number;
}

/** The portal's payment tables, which the demo set leaves empty (card payments made online). */
export interface PaymentOrderRow {
  id: string;
  reference: string;
  user_id: number;
  channel: "portal";
  return_to: string;
  amount_cents: number;
  status: "success";
  acquirer_txn: string;
  claim: string;
  lang: "el" | "en";
  created_at: string;
  completed_at: string;
}
export interface PaymentOrderItemRow {
  order_id: string;
  meter_id: number;
  amount_cents: number;
}
export interface TransactionRow {
  txn_no: string;
  user_id: number;
  meter_id: number;
  amount_cents: number;
  status: "success";
  payment_group: string;
  created_at: string;
  completed_at: string;
  order_id: string;
}

/** The sign-in history (api/services/audit.ts), which the hourly clean-up keeps. */
export interface AuditRow {
  user_id: number;
  customer_id: number;
  action: "login_success" | "logout";
  detail: null;
  ip: string;
  created_at: string;
}

export interface SyntheticBatch {
  /** Index of the batch's first customer (0-based). */
  first: number;
  tables: SeedTables;
  payment_orders: PaymentOrderRow[];
  payment_order_items: PaymentOrderItemRow[];
  transactions: TransactionRow[];
  audit_log: AuditRow[];
}

export type CustomerKind = "household" | "small-business" | "large-business";

/**
 * The mix, by share of customers (a Greek retail supplier: mostly households with one or two
 * supplies; some businesses, a few with many premises).
 */
export const MIX: ReadonlyArray<{ kind: CustomerKind; share: number }> = [
  { kind: "household", share: 0.915 },
  { kind: "small-business", share: 0.08 },
  { kind: "large-business", share: 0.005 },
];

/** Share of customers with a portal account (the rest are billing customers only). */
const REGISTERED_SHARE = 0.7;
/** Share of a registered customer's payments made by card in the portal. */
const PORTAL_PAYMENT_SHARE = 0.35;

const FIRST_NAMES = [
  ["Γεώργιος", "Γιώργος"],
  ["Ιωάννης", "Γιάννης"],
  ["Κωνσταντίνος", "Κώστας"],
  ["Δημήτριος", "Δημήτρης"],
  ["Νικόλαος", "Νίκος"],
  ["Παναγιώτης", "Παναγιώτης"],
  ["Χρήστος", "Χρήστος"],
  ["Μαρία", "Μαρία"],
  ["Ελένη", "Ελένη"],
  ["Αικατερίνη", "Κατερίνα"],
  ["Βασιλική", "Βάσω"],
  ["Σοφία", "Σοφία"],
  ["Αναστασία", "Αναστασία"],
  ["Δέσποινα", "Δέσποινα"],
] as const;
const LAST_NAMES = [
  "Παπαδόπουλος",
  "Παπαδοπούλου",
  "Γεωργίου",
  "Οικονόμου",
  "Καραγιάννης",
  "Βασιλείου",
  "Μακρή",
  "Αντωνίου",
  "Νικολάου",
  "Ιωάννου",
  "Δημητρίου",
  "Κωνσταντινίδης",
  "Αθανασίου",
  "Παππά",
] as const;
const COMPANY_WORDS = [
  "ΑΛΦΑ",
  "ΟΛΥΜΠΟΣ",
  "ΑΙΓΑΙΟ",
  "ΠΗΓΑΣΟΣ",
  "ΕΡΜΗΣ",
  "ΑΣΤΡΟ",
  "ΚΡΗΤΙΚΗ",
  "ΜΑΚΕΔΟΝΙΚΗ",
  "ΙΟΝΙΑ",
  "ΘΕΣΣΑΛΙΚΗ",
] as const;
const COMPANY_TRADES = [
  "ΤΡΟΦΙΜΑ",
  "ΞΕΝΟΔΟΧΕΙΑΚΗ",
  "ΚΑΤΑΣΚΕΥΑΣΤΙΚΗ",
  "ΛΙΑΝΙΚΗ",
  "ΦΑΡΜΑΚΕΙΑ",
  "ΕΜΠΟΡΙΚΗ",
  "ΤΕΧΝΙΚΗ",
] as const;
const COMPANY_FORMS = ["Α.Ε.", "Ε.Π.Ε.", "Ι.Κ.Ε.", "Ο.Ε."] as const;
const TAX_OFFICES = [
  "Δ.Ο.Υ. Αμαρουσίου",
  "Δ.Ο.Υ. Καλλιθέας",
  "Δ.Ο.Υ. Πειραιά",
  "Δ.Ο.Υ. Ε΄ Θεσσαλονίκης",
  "Δ.Ο.Υ. Πατρών",
  "Δ.Ο.Υ. Ηρακλείου",
  "Δ.Ο.Υ. Λάρισας",
] as const;

const MESSAGES = [
  {
    title: "Νέος λογαριασμός",
    content:
      "Ο νέος σας λογαριασμός είναι διαθέσιμος. Μπορείτε να τον δείτε και να τον πληρώσετε από την ενότητα «Οι λογαριασμοί μου».",
    title_en: "New bill",
    content_en: "Your new bill is available. You can see it and pay it under “My bills”.",
    type: "info",
    category: "billing",
  },
  {
    title: "Η πληρωμή σας καταχωρίστηκε",
    content: "Λάβαμε την πληρωμή σας. Σας ευχαριστούμε.",
    title_en: "Your payment was received",
    content_en: "We received your payment. Thank you.",
    type: "confirm",
    category: "billing",
  },
  {
    title: "Άνοιξε η περίοδος καταχώρισης ένδειξης",
    content: "Μπορείτε να καταχωρίσετε την ένδειξη του μετρητή σας τις επόμενες δέκα ημέρες.",
    title_en: "The meter reading period is open",
    content_en: "You can send your meter reading in the next ten days.",
    type: "alert",
    category: "readings",
  },
  {
    title: "Υπενθύμιση ανεξόφλητου υπολοίπου",
    content: "Η παροχή σας έχει ανεξόφλητο υπόλοιπο. Εξοφλήστε το online ή καλέστε στο 18101.",
    title_en: "Reminder: unpaid balance",
    content_en: "Your supply has an unpaid balance. Pay it online or call 18101.",
    type: "alert",
    category: "billing",
  },
] as const;

/** The synthetic VAT of customer `index`: "05", six digits, a valid check digit (no demo VAT starts 05). */
export function syntheticVat(index: number): string {
  const body = `05${pad(index, 6)}`;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * 2 ** (8 - i);
  return `${body}${(sum % 11) % 10}`;
}

/** A mobile no demo account uses: 693 and seven digits. */
function syntheticPhone(index: number): string {
  return `693${pad(index, 7)}`;
}

function kindOf(rng: Rng): CustomerKind {
  let u = rng.next();
  for (const { kind, share } of MIX) {
    if (u < share) return kind;
    u -= share;
  }
  return "household";
}

function token(rng: Rng, length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(rng.next() * 64)];
  return s;
}

/** Six characters of the payment reference alphabet (api/payments/service.ts newReference). */
function base32(n: number): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let s = "";
  for (let i = 0, v = n; i < 6; i++, v = Math.floor(v / 32)) s = alphabet[v % 32] + s;
  return s;
}

interface SupplyPlan {
  division: 1 | 2;
  meterType: MeterRow["meter_type"];
  monthlyKwh: number;
  night: boolean;
}

function suppliesOf(kind: CustomerKind, rng: Rng): SupplyPlan[] {
  if (kind === "household") {
    const plans: SupplyPlan[] = [
      {
        division: 1,
        meterType: "home",
        monthlyKwh: rng.int(180, 520),
        night: rng.chance(0.3),
      },
    ];
    if (rng.chance(0.3))
      plans.push({ division: 2, meterType: "home", monthlyKwh: rng.int(300, 900), night: false });
    if (rng.chance(0.1))
      plans.push({ division: 1, meterType: "home", monthlyKwh: rng.int(40, 200), night: false });
    return plans;
  }
  // Businesses: small ones 1–5 premises, mostly one or two; large ones 10–150, most near 10.
  const count =
    kind === "small-business"
      ? 1 + Math.floor(5 * rng.next() ** 2)
      : 10 + Math.floor(140 * rng.next() ** 3);
  return Array.from({ length: count }, () => {
    const electric = rng.chance(0.75);
    return {
      division: electric ? 1 : 2,
      meterType: rng.chance(0.08) ? "shared" : "professional",
      monthlyKwh: electric ? rng.int(900, 9_000) : rng.int(1_500, 8_000),
      night: electric && rng.chance(0.15),
    } satisfies SupplyPlan;
  });
}

/**
 * The synthetic customers after `base` (the demo set), batch by batch. `base` is only read.
 * A batch's row arrays are reused: they hold its rows until the next batch is asked for.
 */
export function* syntheticBatches(
  base: Seed,
  options: SyntheticOptions,
): Generator<SyntheticBatch> {
  const years = options.years ?? 3;
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? 500;
  if (!Number.isInteger(options.customers) || options.customers < 0)
    throw new Error(`customers must be a whole number ≥ 0, got ${options.customers}`);
  if (options.customers > SYNTHETIC_MAX_CUSTOMERS)
    throw new Error(`at most ${SYNTHETIC_MAX_CUSTOMERS} synthetic customers (meter SAP ids)`);
  if (!Number.isInteger(years) || years < 1 || years > 10)
    throw new Error(`years must be 1..10, got ${years}`);

  const passwordHash = base.tables.users[0]?.password_hash ?? "";
  const b = new Builder(base.today, passwordHash);
  const maxId = (rows: Array<{ id: number }>) => rows.reduce((m, r) => Math.max(m, r.id), 0);
  b.continueIds({
    invoices: maxId(base.tables.invoices),
    readings: maxId(base.tables.readings),
    messages: maxId(base.tables.messages),
  });
  // Every supply number already taken, the demo set's and its extras', so none repeats.
  const taken = new Set<string>([DD_NO_MOBILE.perCode, TRANSFER_DEMO.pendingSupply]);
  for (const m of base.tables.meters) {
    if (m.per_code) taken.add(m.per_code);
    if (m.pod) taken.add(m.pod);
  }
  for (const code of taken) b.reserve(code);

  const months = years * 12;
  let orderSeq = 0;
  let meterId = SYNTHETIC_FIRST_METER_ID;
  let batch = newBatch(0);
  function newBatch(first: number): SyntheticBatch {
    for (const rows of Object.values(b.tables) as unknown[][]) rows.length = 0;
    return {
      first,
      tables: b.tables,
      payment_orders: [],
      payment_order_items: [],
      transactions: [],
      audit_log: [],
    };
  }

  for (let index = 0; index < options.customers; index++) {
    if (index > 0 && index % batchSize === 0) {
      yield batch;
      batch = newBatch(index);
    }
    const id = SYNTHETIC_FIRST_CUSTOMER_ID + index;
    const rng = prng((seedFor(id) ^ Math.imul(seed, 0x9e3779b1)) >>> 0);
    const kind = kindOf(rng);
    const business = kind !== "household";
    const [first, welcome] = rng.pick(FIRST_NAMES);
    const person = `${first} ${rng.pick(LAST_NAMES)}`;
    const email = business ? `info@etaireia${id}.example.gr` : `pelatis${id}@example.gr`;
    const phone = syntheticPhone(index);
    const c: CustomerRow = b.customer({
      id,
      afm: syntheticVat(index),
      name: business
        ? `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_TRADES)} ${rng.pick(COMPANY_FORMS)}`
        : person,
      is_legal_person: business ? 1 : 0,
      employee_name: business ? person : null,
      tax_office: rng.pick(TAX_OFFICES),
      phone,
      email,
    });
    const registered = rng.chance(REGISTERED_SHARE);
    const user = registered
      ? b.user(c, {
          welcome_name: welcome,
          registration_email: email,
          registration_phone: phone,
          nrg_skin: business ? 2 : 1,
          indication_email: rng.chance(0.5) ? 1 : 0,
          indication_sms: rng.chance(0.2) ? 1 : 0,
          lang: rng.chance(0.05) ? "en" : "el",
          created_at: stamp(addMonths(base.today, -rng.int(1, months))),
        })
      : null;

    const home = rng.pick(ADDRESSES);
    const plans = suppliesOf(kind, rng);
    plans.forEach((plan, i) => {
      const stopped = rng.chance(0.03);
      const address = business && i > 0 ? rng.pick(ADDRESSES) : home;
      const ebill = user !== null && rng.chance(0.5);
      const meter = b.meter(
        c,
        rng,
        {
          id: meterId++,
          status: stopped ? "Stopped" : "Active",
          is_main: i === 0 ? 1 : 0,
          division: plan.division,
          meter_type: plan.meterType,
          has_night: plan.night ? 1 : 0,
          ebill: ebill ? 1 : 0,
          ebill_email: ebill ? email : null,
          ebill_enable_edit: stopped ? 0 : 1,
          next_reading_date:
            plan.division === 1 && !stopped ? addDays(base.today, rng.int(20, 110)) : null,
          created_at: stamp(addMonths(base.today, -months)),
        },
        address,
        home,
      );
      const endMonthsAgo = stopped ? rng.int(1, 6) : 0;
      const before = b.tables.invoices.length;
      b.billingHistory(meter, c, rng, {
        months,
        endMonthsAgo,
        unpaid: stopped || rng.chance(0.25),
        monthlyKwh: plan.monthlyKwh,
        dueDays: business ? 30 : 20,
        partial: rng.chance(0.1) ? [rng.int(0, months - 2)] : undefined,
        credits: rng.chance(0.1) ? { [rng.int(0, months - 1)]: rng.int(500, 5_000) } : undefined,
        cancelAt: rng.chance(0.05) ? rng.int(0, months / 3 - 1) * 3 : undefined,
      });
      if (plan.division === 1)
        b.readings(meter, rng, {
          months,
          endMonthsAgo,
          monthlyKwh: plan.monthlyKwh,
          client: user !== null,
        });
      if (!user) return;
      // A share of the payments were card payments in the portal: its order, item and ledger row.
      for (const row of b.tables.invoices.slice(before)) {
        if (row.type !== "payment" || !rng.chance(PORTAL_PAYMENT_SHARE)) continue;
        // Random-looking like the API's (same lengths), unique by construction: the PRNG streams
        // of two customers can overlap, so uniqueness comes from a counter.
        orderSeq += 1;
        const orderId = `ord_${token(rng, 12)}${orderSeq.toString(36).padStart(10, "0")}`;
        const reference = `P${row.issue_date.slice(2).replaceAll("-", "")}-${base32(orderSeq)}`;
        const at = stamp(
          row.issue_date,
          `${pad(rng.int(7, 22), 2)}:${pad(rng.int(0, 59), 2)}:00.000`,
        );
        const amount = -row.total_value_cents;
        batch.payment_orders.push({
          id: orderId,
          reference,
          user_id: user.id,
          channel: "portal",
          return_to: "/b2b/pay",
          amount_cents: amount,
          status: "success",
          acquirer_txn: `gw_${token(rng, 22)}`,
          claim: token(rng, 22),
          lang: user.lang,
          created_at: at,
          completed_at: at,
        });
        batch.payment_order_items.push({
          order_id: orderId,
          meter_id: meter.id,
          amount_cents: amount,
        });
        batch.transactions.push({
          txn_no: reference,
          user_id: user.id,
          meter_id: meter.id,
          amount_cents: amount,
          status: "success",
          payment_group: reference,
          created_at: at,
          completed_at: at,
          order_id: orderId,
        });
      }
    });

    if (!user) continue;
    // Sign-ins: from monthly to three a month; the audit log records each, and a logout for some.
    const signIns = rng.int(6, 36) * years;
    for (let k = 0; k < signIns; k++) {
      const at = stamp(
        addDays(base.today, -rng.int(1, 365 * years)),
        `${pad(rng.int(6, 23), 2)}:${pad(rng.int(0, 59), 2)}:${pad(rng.int(0, 59), 2)}.${pad(rng.int(0, 999), 3)}`,
      );
      const ip = rng.chance(0.2)
        ? `2a02:587:${rng.int(0, 0xffff).toString(16)}:${rng.int(0, 0xffff).toString(16)}::${rng.int(1, 0xffff).toString(16)}`
        : `${rng.pick([79, 94, 176, 188, 213])}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
      batch.audit_log.push({
        user_id: user.id,
        customer_id: user.customer_id,
        action: "login_success",
        detail: null,
        ip,
        created_at: at,
      });
      if (rng.chance(0.4))
        batch.audit_log.push({
          user_id: user.id,
          customer_id: user.customer_id,
          action: "logout",
          detail: null,
          ip,
          created_at: at,
        });
    }
    // Messages: households about two a year, businesses about four, the newest ones unread.
    const perYear = business ? rng.int(3, 5) : rng.int(1, 3);
    const firstMeter = meterId - plans.length;
    for (let k = perYear * years - 1; k >= 0; k--) {
      const template = rng.pick(MESSAGES);
      const when = addDays(base.today, -Math.floor(((k + rng.next()) * 365) / perYear));
      b.message({
        user_id: user.id,
        meter_id: firstMeter + rng.int(0, plans.length - 1),
        title: template.title,
        content: template.content,
        title_en: template.title_en,
        content_en: template.content_en,
        type: template.type,
        category: template.category,
        read_status: k < 1 && rng.chance(0.5) ? 0 : 1,
        c_stamp: stamp(when, `${pad(rng.int(7, 21), 2)}:${pad(rng.int(0, 59), 2)}:00.000`),
      });
    }
  }
  if (options.customers > 0) yield batch;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

function insertSql(table: string, rows: ReadonlyArray<object>): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0] as object);
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map(
        (row) => `(${columns.map((c) => literal((row as Record<string, unknown>)[c])).join(", ")})`,
      );
    out.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return `${out.join("\n")}\n`;
}

/** One batch as SQL INSERTs (parents before children: customers … invoices, then payments). */
export function batchSql(batch: SyntheticBatch, today: string): string {
  const core = toSql(batch.tables, today).replace(
    /^-- Demo data generated[^\n]*\n/,
    `-- Synthetic customers ${batch.first + 1}… (seed/synthetic.ts)\n`,
  );
  return (
    core +
    insertSql("payment_orders", batch.payment_orders) +
    insertSql("payment_order_items", batch.payment_order_items) +
    insertSql("transactions", batch.transactions) +
    insertSql("audit_log", batch.audit_log)
  );
}

/** The demo set's SQL, then the synthetic customers' SQL, in pieces (write or execute each). */
export function* seedWithSyntheticSql(base: Seed, options: SyntheticOptions): Generator<string> {
  yield base.sql;
  for (const batch of syntheticBatches(base, options)) yield batchSql(batch, base.today);
}
