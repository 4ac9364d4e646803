import { and, asc, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { euros as eurosSchema, isoDate, timestamp } from "../../core/contract/common";
import { roleSchema } from "../../core/contract/users";
import { athensDayOf } from "../../core/dates";
import { registerOf } from "../../core/readings";
import { supplyNumber } from "../../core/supply-number";
import { applications } from "../applications/tables";
import { addressChanges } from "../change-address/tables";
import type { Db } from "../db";
import { inIds } from "../db/ids";
import {
  customers,
  directDebits,
  meters,
  paymentOrderChannels,
  paymentOrders,
  readings,
  requests,
  transactions,
  users,
} from "../db/schema";
import { supplyNumberColumns } from "../db/supply-columns";
import { euros } from "../domain/money";
import { documented, json } from "../lib/openapi";
import { INVALID_KEY, validate } from "../lib/validate";
import { toApiRequest } from "../requests/service";
import { requestFiles } from "../requests/tables";
import { declarationsOf } from "../hardship/service";
import { vulnerableApplications, vulnerableCertificates } from "../hardship/tables";
import type { ApiEnv } from "../types";
import { requireService } from "./auth";
import { changeJournal } from "./journal/tables";
import { backofficeKeys } from "./tables";
import { planExportData, planExportSchema } from "../payment-plans/backoffice";

/**
 * GET /api/backoffice/changes?after=<cursor>&limit=<1..1000> (#36 §1): what the portal collected,
 * for the billing system, each change once and in the order it happened.
 *
 * - The triggers of migrations/0025_changes.sql write a journal row (change_journal) in the same
 *   transaction as every change that counts: card payments taken in the portal, the customer's
 *   readings and corrections, the e-bill and SMS settings of a supply, a person's email and phone,
 *   requests, applications, direct-debit mandates, billing-address changes and payment plans
 *   (migrations/0032: set up and each change of status).
 * - The export reads the journal after the cursor, oldest first, and joins each row to its row's
 *   data as it is NOW (a mandate replaced twice shows the newest card both times; a row that no
 *   longer exists has `data: null`, and a mandate that was ended `active: false`).
 * - `next` is the last seq answered (or the same cursor when there is nothing new): the billing
 *   system keeps it and asks `after=next`. It is a cursor, not a queue: the same cursor answers
 *   the same items again, so a page lost on the way is asked for again.
 * - The billing system's own keys (backoffice_keys) of the customer and the supply come with
 *   each item when a batch sent or claimed them.
 * - Never a password hash, a token, a card's number or digits, or the applicant's IP address.
 */

export const CHANGES_DEFAULT_LIMIT = 500;
export const CHANGES_MAX_LIMIT = 1000;

export const CHANGE_KINDS = [
  "card_payment",
  "reading",
  "reading_correction",
  "supply_settings",
  "person_contact",
  "request",
  "application",
  "direct_debit",
  "billing_address",
  "payment_plan",
  "vulnerable_application",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const changesQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, INVALID_KEY)
    .optional()
    .meta({ description: "The cursor: `next` of the previous answer (default 0, the beginning)" }),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, INVALID_KEY)
    .refine((v) => Number(v) >= 1 && Number(v) <= CHANGES_MAX_LIMIT, INVALID_KEY)
    .optional()
    .meta({ description: `1 to ${CHANGES_MAX_LIMIT} items (default ${CHANGES_DEFAULT_LIMIT})` }),
});

// ---- the answer ----------------------------------------------------------------------------

const count = z.number().int().nonnegative();
const portalId = z.number().int().positive();

const cardPaymentData = z.object({
  transaction_id: z
    .string()
    .nullable()
    .meta({ description: "The acquirer's transaction id (a payments batch's transaction_id)" }),
  reference: z
    .string()
    .meta({ description: "The portal's transaction number: the payment in the billing history" }),
  order_reference: z.string().nullable().meta({ description: "The customer's payment reference" }),
  amount: eurosSchema,
  paid_at: timestamp,
  paid_on: isoDate.meta({ description: "The customer's (Athens) day of the payment" }),
  channel: z
    .enum(paymentOrderChannels)
    .nullable()
    .meta({ description: "portal (signed in), pay (a pay link), instant-bill" }),
});

const readingData = z.object({
  reading_id: portalId,
  date: z.string().meta({ description: "YYYY-MM-DD" }),
  register: z.enum(["day", "night"]).nullable(),
  cp_code: z.string(),
  value: z.number().int(),
  registered_at: timestamp,
  replaces: portalId
    .nullable()
    .meta({ description: "A correction: the reading it replaces (a reading item before it)" }),
  corrected_at: timestamp
    .nullable()
    .meta({ description: "Set when the customer has corrected this reading since" }),
});

const supplySettingsData = z.object({
  ebill: z.boolean().meta({ description: "Bills by email" }),
  ebill_email: z
    .string()
    .nullable()
    .meta({ description: "The e-bill address on file (kept when e-bill is off)" }),
  sms_bill: z.boolean().meta({ description: "Bill notices by SMS" }),
  sms_number: z
    .string()
    .nullable()
    .meta({ description: "The SMS number on file (kept when SMS is off)" }),
});

const personContactData = z.object({
  person_id: portalId,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  role: roleSchema,
  removed: z.boolean(),
});

const requestData = z.object({
  request_id: portalId,
  reference: z.string(),
  kind: z.string().meta({
    description: "name_change, cancellation or tariff_switch (fields.product: the product key)",
  }),
  status: z.string(),
  fields: z.record(z.string(), z.string()).meta({ description: "The form's fields as submitted" }),
  file: z
    .object({ name: z.string(), content_type: z.string(), size: count })
    .nullable()
    .meta({ description: "The attachment's name, type and bytes (the file stays in the portal)" }),
  submitted_at: timestamp,
});

const applicationData = z.object({
  application_id: portalId,
  reference: z.string(),
  kind: z.enum(["transfer", "new_supply"]),
  status: z.string(),
  vat: z.string(),
  email: z.string(),
  phone: z.string(),
  supply_number: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()).meta({ description: "What the steps collected" }),
  lang: z.enum(["el", "en"]),
  submitted_at: timestamp,
});

const directDebitData = z.object({
  active: z.boolean().meta({ description: "The supply has a mandate now" }),
  holder: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_expiry: z.string().nullable().meta({ description: "MM/YYYY" }),
  charge_day: z.number().int().nullable().meta({ description: "Day of the month it is charged" }),
  set_at: timestamp.nullable(),
  updated_at: timestamp.nullable(),
});

const address = {
  street: z.string(),
  street_no: z.string(),
  postal_code: z.string(),
};

const billingAddressData = z.object({
  change_id: portalId,
  same_as_supply: z.boolean(),
  ...address,
  city: z.string(),
  area: z.string(),
  state: z.string(),
  comments: z.string(),
  previous: z.object({ ...address, region: z.string() }).nullable(),
  changed_at: timestamp,
});

// #38 §3: no health data here: the certificate itself is behind the `register` scope.
const vulnerableApplicationData = z.object({
  application_id: portalId.meta({
    description: "PUT /vulnerable-applications/{id}/decision decides it (scope register)",
  }),
  category: z.enum(["life_support", "over_70_alone", "social_tariff"]),
  declarations: z.array(z.string()).meta({ description: "The declarations the applicant ticked" }),
  status: z.enum(["submitted", "in_review", "approved", "rejected"]),
  has_certificate: z.boolean().meta({
    description:
      "A doctor's certificate is attached: GET /vulnerable-applications/{id}/certificate (scope register)",
  }),
  submitted_at: timestamp,
});

const DATA = {
  card_payment: cardPaymentData,
  reading: readingData,
  reading_correction: readingData,
  supply_settings: supplySettingsData,
  person_contact: personContactData,
  request: requestData,
  application: applicationData,
  direct_debit: directDebitData,
  billing_address: billingAddressData,
  payment_plan: planExportSchema,
  vulnerable_application: vulnerableApplicationData,
} satisfies Record<ChangeKind, z.ZodType>;

type DataOf<K extends ChangeKind> = z.infer<(typeof DATA)[K]>;

const customerRef = z.object({
  vat: z.string(),
  key: z.string().optional().meta({ description: "The billing system's key, when it sent one" }),
});
const supplyRef = z.object({
  key: z.string().optional().meta({ description: "The billing system's key, when it sent one" }),
  number: z.string().meta({ description: "The supply number (electricity) or the POD (gas)" }),
});

const itemOf = <K extends ChangeKind>(kind: K) =>
  z.object({
    seq: portalId,
    kind: z.literal(kind),
    at: timestamp.meta({ description: "When the portal recorded the change" }),
    customer: customerRef.nullable(),
    supply: supplyRef.nullable(),
    data: kind === "direct_debit" ? DATA[kind] : DATA[kind].nullable(),
  });

export const changeItemSchema = z.discriminatedUnion(
  "kind",
  CHANGE_KINDS.map(itemOf) as unknown as [
    ReturnType<typeof itemOf<ChangeKind>>,
    ...ReturnType<typeof itemOf<ChangeKind>>[],
  ],
);
export type ChangeItem = z.infer<typeof changeItemSchema>;

export const changesAnswerSchema = z.object({
  items: z.array(changeItemSchema),
  next: count.meta({ description: "The cursor to ask after next (the last seq, or the same)" }),
  more: z.boolean().meta({ description: "More changes wait after `next`" }),
});
export type ChangesAnswer = z.infer<typeof changesAnswerSchema>;

// ---- reading the journal -------------------------------------------------------------------

type Journal = typeof changeJournal.$inferSelect;

const byId = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));
const unique = (values: (number | null)[]) => [
  ...new Set(values.filter((v): v is number => v !== null)),
];

/** Runs `load` only when there are ids to load. */
const when = async <T>(ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<T[]> =>
  ids.length === 0 ? [] : load(ids);

function loadPayments(db: Db, ids: number[]) {
  return db
    .select({
      id: transactions.id,
      txn_no: transactions.txn_no,
      amount_cents: transactions.amount_cents,
      created_at: transactions.created_at,
      completed_at: transactions.completed_at,
      acquirer_txn: paymentOrders.acquirer_txn,
      order_reference: paymentOrders.reference,
      channel: paymentOrders.channel,
    })
    .from(transactions)
    .leftJoin(paymentOrders, eq(paymentOrders.id, transactions.order_id))
    .where(inIds(transactions.id, ids));
}

function loadRequests(db: Db, ids: number[]) {
  return db
    .select({
      id: requests.id,
      reference: requests.reference,
      kind: requests.kind,
      status: requests.status,
      meter_id: requests.meter_id,
      payload: requests.payload,
      created_at: requests.created_at,
      file_name: requestFiles.name,
      file_type: requestFiles.content_type,
      file_size: requestFiles.size,
    })
    .from(requests)
    .leftJoin(requestFiles, eq(requestFiles.request_id, requests.id))
    .where(inIds(requests.id, ids));
}

function loadApplications(db: Db, ids: number[]) {
  return db
    .select({
      id: applications.id,
      reference: applications.reference,
      kind: applications.kind,
      status: applications.status,
      afm: applications.afm,
      email: applications.email,
      phone: applications.phone,
      supply_number: applications.supply_number,
      payload: applications.payload,
      lang: applications.lang,
      created_at: applications.created_at,
    })
    .from(applications)
    .where(inIds(applications.id, ids));
}

function loadVulnerableApplications(db: Db, ids: number[]) {
  return db
    .select({
      id: vulnerableApplications.id,
      category: vulnerableApplications.category,
      declarations: vulnerableApplications.declarations,
      status: vulnerableApplications.status,
      created_at: vulnerableApplications.created_at,
      certificate: vulnerableCertificates.application_id,
    })
    .from(vulnerableApplications)
    .leftJoin(
      vulnerableCertificates,
      eq(vulnerableCertificates.application_id, vulnerableApplications.id),
    )
    .where(inIds(vulnerableApplications.id, ids));
}

function loadMandates(db: Db, ids: number[]) {
  return db
    .select({
      meter_id: directDebits.meter_id,
      holder: directDebits.holder,
      card_brand: directDebits.card_brand,
      card_exp_month: directDebits.card_exp_month,
      card_exp_year: directDebits.card_exp_year,
      charge_day: directDebits.charge_day,
      created_at: directDebits.created_at,
      updated_at: directDebits.updated_at,
    })
    .from(directDebits)
    .where(inIds(directDebits.meter_id, ids));
}

function loadPeople(db: Db, ids: number[]) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.registration_email,
      phone: users.registration_phone,
      email_verified: users.email_verified,
      role: users.test_role,
      removed_at: users.removed_at,
    })
    .from(users)
    .where(inIds(users.id, ids));
}

function loadMeters(db: Db, ids: number[]) {
  return db
    .select({
      id: meters.id,
      ...supplyNumberColumns,
      ebill: meters.ebill,
      ebill_email: meters.ebill_email,
      sms_bill: meters.sms_bill,
      sms_number: meters.sms_number,
    })
    .from(meters)
    .where(inIds(meters.id, ids));
}

/** The billing system's key of each portal row of `kind` among `ids` (the newest, if several). */
async function keysOf(db: Db, kind: "customer" | "supply", ids: number[]) {
  const rows = await when(ids, (list) =>
    db
      .select({ portal_id: backofficeKeys.portal_id, key: backofficeKeys.external_key })
      .from(backofficeKeys)
      .where(and(eq(backofficeKeys.kind, kind), inIds(backofficeKeys.portal_id, list)))
      .orderBy(asc(backofficeKeys.updated_at)),
  );
  return new Map(rows.map((row) => [row.portal_id, row.key]));
}

const jsonObject = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

const previousAddress = (text: string): DataOf<"billing_address">["previous"] => {
  const value = jsonObject(text);
  const part = (name: string) => (typeof value[name] === "string" ? value[name] : null);
  const [street, street_no, postal_code, region] = [
    part("street"),
    part("street_no"),
    part("postal_code"),
    part("region"),
  ];
  return street !== null && street_no !== null && postal_code !== null && region !== null
    ? { street, street_no, postal_code, region }
    : null;
};

/** One page of the export: the journal after `after`, each row with its row's current data. */
export async function changesAfter(db: Db, after: number, limit: number): Promise<ChangesAnswer> {
  const rows = await db
    .select()
    .from(changeJournal)
    .where(gt(changeJournal.seq, after))
    .orderBy(asc(changeJournal.seq))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const idsOf = (...kinds: ChangeKind[]) =>
    unique(page.filter((r) => (kinds as string[]).includes(r.kind)).map((r) => r.row_id));

  const [
    payments,
    readingRows,
    people,
    requestRows,
    applicationRows,
    mandates,
    addressRows,
    plans,
    vulnerableRows,
  ] = await Promise.all([
    when(idsOf("card_payment"), (ids) => loadPayments(db, ids)),
    when(idsOf("reading", "reading_correction"), (ids) =>
      db.select().from(readings).where(inIds(readings.id, ids)),
    ),
    when(idsOf("person_contact"), (ids) => loadPeople(db, ids)),
    when(idsOf("request"), (ids) => loadRequests(db, ids)),
    when(idsOf("application"), (ids) => loadApplications(db, ids)),
    when(idsOf("direct_debit"), (ids) => loadMandates(db, ids)),
    when(idsOf("billing_address"), (ids) =>
      db.select().from(addressChanges).where(inIds(addressChanges.id, ids)),
    ),
    planExportData(db, idsOf("payment_plan")),
    when(idsOf("vulnerable_application"), (ids) => loadVulnerableApplications(db, ids)),
  ]);
  const customerIds = unique(page.map((r) => r.customer_id));
  const meterIds = unique(page.map((r) => r.meter_id));
  const [customerRows, meterRows, customerKeys, supplyKeys] = await Promise.all([
    when(customerIds, (ids) =>
      db
        .select({ id: customers.id, afm: customers.afm })
        .from(customers)
        .where(inIds(customers.id, ids)),
    ),
    when(meterIds, (ids) => loadMeters(db, ids)),
    keysOf(db, "customer", customerIds),
    keysOf(db, "supply", meterIds),
  ]);

  const payment = byId(payments, (r) => r.id);
  const reading = byId(readingRows, (r) => r.id);
  const person = byId(people, (r) => r.id);
  const request = byId(requestRows, (r) => r.id);
  const application = byId(applicationRows, (r) => r.id);
  const mandate = byId(mandates, (r) => r.meter_id);
  const addressChange = byId(addressRows, (r) => r.id);
  const vulnerable = byId(vulnerableRows, (r) => r.id);
  const customer = byId(customerRows, (r) => r.id);
  const meter = byId(meterRows, (r) => r.id);

  const dataOf = (entry: Journal): ChangeItem["data"] => {
    const id = entry.row_id;
    switch (entry.kind as ChangeKind) {
      case "card_payment": {
        const row = payment.get(id);
        if (!row) return null;
        const paidAt = row.completed_at ?? row.created_at;
        return {
          transaction_id: row.acquirer_txn,
          reference: row.txn_no,
          order_reference: row.order_reference,
          amount: euros(row.amount_cents),
          paid_at: paidAt,
          paid_on: athensDayOf(paidAt) ?? paidAt.slice(0, 10),
          channel: row.channel,
        } satisfies DataOf<"card_payment">;
      }
      case "reading":
      case "reading_correction": {
        const row = reading.get(id);
        if (!row) return null;
        return {
          reading_id: row.id,
          date: row.date_ins.slice(0, 10),
          register: registerOf(row),
          cp_code: row.cp_code,
          value: row.value,
          registered_at: row.created_at,
          replaces: row.replaces_id,
          corrected_at: row.corrected_at,
        } satisfies DataOf<"reading">;
      }
      case "supply_settings": {
        const row = meter.get(id);
        if (!row) return null;
        return {
          ebill: row.ebill === 1,
          ebill_email: row.ebill_email,
          sms_bill: row.sms_bill === 1,
          sms_number: row.sms_number,
        } satisfies DataOf<"supply_settings">;
      }
      case "person_contact": {
        const row = person.get(id);
        if (!row) return null;
        return {
          person_id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          email_verified: row.email_verified === 1,
          role: row.role,
          removed: row.removed_at !== null,
        } satisfies DataOf<"person_contact">;
      }
      case "request": {
        const row = request.get(id);
        if (!row || row.meter_id === null) return null;
        const api = toApiRequest({
          ...row,
          kind: row.kind as Parameters<typeof toApiRequest>[0]["kind"],
          status: row.status as Parameters<typeof toApiRequest>[0]["status"],
          meter_id: row.meter_id,
        });
        return {
          request_id: api.id,
          reference: api.reference,
          kind: api.kind,
          status: api.status,
          fields: api.fields,
          file: api.file,
          submitted_at: api.created_at,
        } satisfies DataOf<"request">;
      }
      case "application": {
        const row = application.get(id);
        if (!row) return null;
        return {
          application_id: row.id,
          reference: row.reference,
          kind: row.kind,
          status: row.status,
          vat: row.afm,
          email: row.email,
          phone: row.phone,
          supply_number: row.supply_number,
          fields: jsonObject(row.payload),
          lang: row.lang,
          submitted_at: row.created_at,
        } satisfies DataOf<"application">;
      }
      case "direct_debit": {
        const row = mandate.get(id);
        return {
          active: row !== undefined,
          holder: row?.holder ?? null,
          card_brand: row?.card_brand ?? null,
          card_expiry: row
            ? `${String(row.card_exp_month).padStart(2, "0")}/${row.card_exp_year}`
            : null,
          charge_day: row?.charge_day ?? null,
          set_at: row?.created_at ?? null,
          updated_at: row?.updated_at ?? null,
        } satisfies DataOf<"direct_debit">;
      }
      case "billing_address": {
        const row = addressChange.get(id);
        if (!row) return null;
        return {
          change_id: row.id,
          same_as_supply: row.same_as_supply === 1,
          street: row.street,
          street_no: row.street_no,
          postal_code: row.zip,
          city: row.city,
          area: row.area,
          state: row.state,
          comments: row.comments,
          previous: previousAddress(row.previous),
          changed_at: row.created_at,
        } satisfies DataOf<"billing_address">;
      }
      case "payment_plan":
        return plans.get(id) ?? null;
      case "vulnerable_application": {
        const row = vulnerable.get(id);
        if (!row) return null;
        return {
          application_id: row.id,
          category: row.category,
          declarations: declarationsOf(row.declarations),
          status: row.status,
          has_certificate: row.certificate !== null,
          submitted_at: row.created_at,
        } satisfies DataOf<"vulnerable_application">;
      }
    }
  };

  const customerOf = (entry: Journal): ChangeItem["customer"] => {
    const row = entry.customer_id === null ? undefined : customer.get(entry.customer_id);
    const key = entry.customer_id === null ? undefined : customerKeys.get(entry.customer_id);
    // An application's applicant is named by the VAT typed, a customer of the portal or not yet.
    const vat =
      entry.kind === "application" ? (application.get(entry.row_id)?.afm ?? row?.afm) : row?.afm;
    if (vat === undefined) return null;
    return key === undefined ? { vat } : { vat, key };
  };

  const supplyOf = (entry: Journal): ChangeItem["supply"] => {
    if (entry.meter_id === null) {
      // A transfer names the supply it is for by its number (one the portal does not serve yet).
      const number =
        entry.kind === "application" ? application.get(entry.row_id)?.supply_number : null;
      return number ? { number } : null;
    }
    const row = meter.get(entry.meter_id);
    if (!row) return null;
    const key = supplyKeys.get(entry.meter_id);
    const number = supplyNumber(row);
    return key === undefined ? { number } : { key, number };
  };

  const items: ChangeItem[] = [];
  for (const entry of page) {
    // A kind this code does not know (a newer trigger) is skipped, never answered half-described.
    if (!(CHANGE_KINDS as readonly string[]).includes(entry.kind)) {
      console.error("changes export: unknown journal kind", entry.kind, entry.seq);
      continue;
    }
    items.push({
      seq: entry.seq,
      kind: entry.kind,
      at: entry.created_at,
      customer: customerOf(entry),
      supply: supplyOf(entry),
      data: dataOf(entry),
    } as ChangeItem);
  }
  return { items, next: page.at(-1)?.seq ?? after, more };
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficeChangeRoutes = new Hono<ApiEnv>().get(
  "/changes",
  doc({
    summary: "What the portal collected, each change once, in order (a cursor)",
    description:
      "Card payments taken in the portal (with the acquirer's transaction id), the customers' readings and corrections, e-bill and SMS settings, people's email and phone, requests, applications, direct-debit mandates, billing-address changes and payment plans (set up, kept, completed, ended, with their schedule), oldest first, each with its row's current data. Ask again with after=next until more is false; the same cursor answers the same items again.",
    ok: json(changesAnswerSchema),
    errors: { 400: ["validation"] },
  }),
  requireService("customers"),
  validate("query", changesQuerySchema),
  async (c) => {
    const query = c.req.valid("query");
    const after = Number(query.after ?? 0);
    const limit = query.limit === undefined ? CHANGES_DEFAULT_LIMIT : Number(query.limit);
    return c.json(await changesAfter(c.get("db"), after, limit));
  },
);
