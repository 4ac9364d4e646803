import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { vatSchema } from "../../core/contract/auth";
import { athensDayOf } from "../../core/dates";
import { toCents } from "../../core/gateway";
import { ACTIVE_METER_STATUSES, INTERMEDIATE_METER_STATUSES } from "../../core/meter-status";
import { PHONE_PATTERN } from "../../core/validation";
import { customers, meters, users } from "../db/schema";
import { documented, json } from "../lib/openapi";
import { validate } from "../lib/validate";
import { masterOf, REMOVED_METER_STATUS } from "../services/customers";
import { revokeUserSessionsStatement } from "../services/sessions";
import type { ApiEnv } from "../types";
import { requireService } from "./auth";
import {
  applyKeyed,
  KEY_PATTERN,
  keyOfPortalId,
  knownKey,
  Refusal,
  runBatch,
  type Applied,
  type BatchContext,
} from "./batch";
import { batchAnswerSchema, batchContext, batchEnvelope } from "./invoices";

/**
 * POST /api/backoffice/customers and POST /api/backoffice/supplies (#36 §1): the billing system's
 * customers and their supplies.
 *
 * Customers (backoffice_keys kind "customer"):
 * - A customer is a `customers` row only. Its portal account (the master user) is made by the
 *   portal's own sign-up (api/auth/service.ts signUp), which looks the customer up by VAT, finds a
 *   supply of it (Active, Stopped or onboarding) with the number typed and checks the mobile
 *   against `customers.phone`; a users row made here beforehand would make sign-up only resend an
 *   activation to whatever address it holds, and the password typed would be lost. So the billing
 *   system sends the customer and its supplies, and the person signs up with the VAT.
 * - A customer the portal already has by that VAT (the demo's, one from before keys were kept) is
 *   claimed; one already keyed by another key is refused `vat_taken`, and so is an update to a
 *   VAT another customer has.
 * - The billing system owns the customer's name, kind (person or legal person), the authorised
 *   employee, tax office, email, mobile, language and SAP id: the item is their whole state, an
 *   optional field left out is cleared. When the account exists, its master's name follows the
 *   customer's and its login name (the VAT) follows a corrected VAT.
 * - `language` (customers.lang) is the language of the customer's notices while nobody has signed
 *   up: e-bill emails and bill SMS reach a customer before there is a portal account. It never
 *   changes a person's language: that is the person's own choice on the portal (the page's at
 *   sign-up, then the settings), and notices follow it once there is one (api/notify/events.ts).
 *
 * Supplies (backoffice_keys kind "supply"):
 * - A supply belongs to a customer sent before (`customer_key`, else `unknown_customer`) and
 *   never moves to another (`customer_changed`). A supply the portal already has by its number
 *   on that customer is claimed; one of the same number on another customer, or already keyed by
 *   another key, is refused `supply_taken`.
 * - Its status is the billing system's (Active, Stopped, the onboarding statuses, Inactive, Terminated) or
 *   "Removed": the supply leaves the account (the row stays for its history, and no page or API
 *   read lists a Removed supply, api/services/customers.ts). When that leaves a person with no
 *   supply at all (spec §1: "a user with no meters is logged out"), every live session of theirs
 *   ends, so the next page goes to /login.
 * - `running_total` (with `running_total_at`) replaces the portal's balance only when it is newer
 *   than the last payment the portal recorded for the supply, as a bill's figure does
 *   (invoices.ts followNewestBill): a day is all the payment date carries, so a figure of the
 *   payment's own day or earlier leaves the balance as the payment made it.
 */

const CUSTOMER = "customer";
const SUPPLY = "supply";

/** An id the billing system gives the SAP account (default: the item's key). */
const sapId = z
  .string()
  .regex(/^[A-Za-z0-9._:/-]{1,40}$/)
  .optional()
  .meta({ description: "The id the portal shows for the account (default: the key)" });

const text = (max: number) => z.string().trim().min(1).max(max);

export const customerItemSchema = z
  .object({
    key: z
      .string()
      .regex(KEY_PATTERN)
      .meta({ description: "The billing system's key of the customer" }),
    vat: vatSchema.meta({ description: "The VAT (ΑΦΜ): 9 digits with a valid check digit" }),
    kind: z.enum(["person", "legal"]).meta({ description: "A natural or a legal person" }),
    name: text(200),
    /** A legal person's authorised employee (the name its account greets). */
    employee_name: text(120).optional(),
    tax_office: text(80).optional(),
    email: z.string().trim().toLowerCase().pipe(z.email("validate.notValidEmail")).optional(),
    mobile: z
      .string()
      .trim()
      .regex(PHONE_PATTERN, "validate.phoneNumber")
      .optional()
      .meta({ description: "10 digits, 69…: sign-up checks the mobile typed against it" }),
    language: z.enum(["el", "en"]).optional().meta({
      description:
        "The customer's language for notices until they sign up on the portal; a person's own choice on the portal wins",
    }),
    sap_id: sapId,
  })
  .strict();

export type CustomerItem = z.infer<typeof customerItemSchema>;

/** The customers row an item stands for. */
function customerRow(item: CustomerItem) {
  return {
    afm: item.vat,
    name: item.name,
    is_legal_person: item.kind === "legal" ? 1 : 0,
    employee_name: item.kind === "legal" ? (item.employee_name ?? null) : null,
    tax_office: item.tax_office ?? null,
    phone: item.mobile ?? null,
    email: item.email ?? null,
    sap_id: item.sap_id ?? item.key,
    lang: item.language ?? null,
  } satisfies typeof customers.$inferInsert;
}

/** A lost race on customers.afm answers as the check before it would have. */
function vatRace(error: unknown): never {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : "";
  if (message.includes("UNIQUE") && message.includes("afm")) throw new Refusal("vat_taken", "vat");
  throw error;
}

/**
 * The account's master follows the customer: its name and its login name (the VAT). Not its
 * language: the person chose it on the portal, and the billing system's is for notices only.
 */
async function followCustomer(
  ctx: BatchContext,
  customerId: number,
  item: CustomerItem,
  previousVat: string,
) {
  await ctx.db
    .update(users)
    .set({
      name: item.name,
      ...(previousVat !== item.vat ? { username: item.vat } : {}),
    })
    .where(and(masterOf(customerId), eq(users.username, previousVat)));
}

/** Applies one customer (created, updated or unchanged). */
export async function applyCustomer(item: CustomerItem, ctx: BatchContext): Promise<Applied> {
  const row = customerRow(item);
  return applyKeyed(ctx, CUSTOMER, item, {
    create: async () => {
      const [existing] = await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.afm, item.vat))
        .limit(1);
      if (existing) {
        // The portal's own customer of that VAT is claimed, unless another key has it.
        const owner = await keyOfPortalId(ctx.db, CUSTOMER, existing.id);
        if (owner !== null && owner !== item.key) throw new Refusal("vat_taken", "vat");
        await ctx.db.update(customers).set(row).where(eq(customers.id, existing.id));
        await followCustomer(ctx, existing.id, item, item.vat);
        return existing.id;
      }
      const [inserted] = await ctx.db
        .insert(customers)
        .values(row)
        .returning({ id: customers.id })
        .catch(vatRace);
      if (!inserted) throw new Error("customer insert returned nothing");
      return inserted.id;
    },
    update: async (customerId) => {
      const [current] = await ctx.db
        .select({ afm: customers.afm })
        .from(customers)
        .where(eq(customers.id, customerId));
      if (!current) throw new Refusal("unknown_customer");
      if (current.afm !== item.vat) {
        const [other] = await ctx.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.afm, item.vat), ne(customers.id, customerId)))
          .limit(1);
        if (other) throw new Refusal("vat_taken", "vat");
      }
      await ctx.db.update(customers).set(row).where(eq(customers.id, customerId)).catch(vatRace);
      await followCustomer(ctx, customerId, item, current.afm);
    },
  });
}

/** Every status a supply may have: the billing system's (core/meter-status.ts), or Removed. */
export const SUPPLY_STATUSES = [
  ...new Set([
    ...ACTIVE_METER_STATUSES,
    ...INTERMEDIATE_METER_STATUSES,
    "Inactive",
    "Terminated",
    REMOVED_METER_STATUS,
  ]),
] as [string, ...string[]];

/** Euros with at most two decimals, of either sign (a credit balance is negative). */
const signedEuros = z
  .number()
  .min(-10_000_000)
  .max(10_000_000)
  .refine((v) => Math.abs(toCents(v) - v * 100) < 1e-6, "validate.amount");

const address = z
  .object({
    street: text(120),
    street_no: z.string().trim().max(20),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{3} ?\d{2}$/),
    region: text(80),
  })
  .strict();

const digits = (pattern: RegExp) => z.string().trim().regex(pattern, "validate.digits");

export const supplyItemSchema = z
  .object({
    key: z
      .string()
      .regex(KEY_PATTERN)
      .meta({ description: "The billing system's key of the supply" }),
    customer_key: z
      .string()
      .regex(KEY_PATTERN)
      .meta({ description: "The key of its customer, as a customers batch sent it" }),
    division: z.enum(["electricity", "gas"]),
    /** Electricity: the supply number's parts (per_code is the 9 digits sign-up asks for). */
    per_code: digits(/^\d{9}$/).optional(),
    id_code: digits(/^\d{1,10}$/).optional(),
    next_code: digits(/^\d{1,10}$/).optional(),
    /** Gas: the 14-digit POD. */
    pod: digits(/^\d{14}$/).optional(),
    type: z.enum(["home", "shared", "professional"]),
    status: z.enum(SUPPLY_STATUSES).meta({
      description:
        "Active, Stopped, an onboarding status, Inactive, Terminated, or Removed: the supply leaves the account",
    }),
    address,
    /** Where bills go (default: the supply's address). */
    billing_address: address.optional(),
    package_name: text(120),
    package_description: text(500),
    category: z.string().trim().max(10).optional(),
    voltage_type: z.string().trim().min(1).max(10).optional(),
    agreed_power: text(20).optional(),
    has_night: z.boolean().optional(),
    has_pv: z.boolean().optional(),
    smart_meter: z.boolean().optional().meta({
      description:
        "An interval (smart) meter that records hourly use; a dynamic (orange) product is offered only with one (default false)",
    }),
    sap_id: sapId,
    running_total: signedEuros
      .optional()
      .meta({ description: "What the supply owes, euros (with running_total_at)" }),
    running_total_at: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "The instant of running_total (ISO 8601 with offset)" }),
  })
  .strict()
  .refine((item) => item.division !== "electricity" || item.per_code !== undefined, {
    path: ["per_code"],
    message: "validate.require",
  })
  .refine((item) => item.division !== "gas" || item.pod !== undefined, {
    path: ["pod"],
    message: "validate.require",
  })
  .refine(
    (item) =>
      item.division === "electricity"
        ? item.pod === undefined
        : item.per_code === undefined && item.id_code === undefined && item.next_code === undefined,
    { path: ["division"], message: "validate.invalid" },
  )
  .refine((item) => (item.running_total === undefined) === (item.running_total_at === undefined), {
    path: ["running_total_at"],
    message: "validate.require",
  });

export type SupplyItem = z.infer<typeof supplyItemSchema>;

/** The meters row an item stands for (the balance is `followRunningTotal`'s). */
function meterRow(item: SupplyItem, customerId: number) {
  const electric = item.division === "electricity";
  const billing = item.billing_address ?? item.address;
  return {
    customer_id: customerId,
    status: item.status,
    meter_type: item.type,
    sap_id: item.sap_id ?? item.key,
    division: electric ? 1 : 2,
    category: item.category ?? "",
    voltage_type: item.voltage_type ?? "01",
    phys_street: item.address.street,
    phys_street_no: item.address.street_no,
    phys_postal_code: item.address.postal_code,
    phys_region: item.address.region,
    bill_street: billing.street,
    bill_street_no: billing.street_no,
    bill_postal_code: billing.postal_code,
    bill_region: billing.region,
    per_code: electric ? (item.per_code ?? null) : null,
    id_code: electric ? (item.id_code ?? null) : null,
    next_code: electric ? (item.next_code ?? null) : null,
    pod: electric ? null : (item.pod ?? null),
    package_name: item.package_name,
    package_print_descr: item.package_description,
    agreed_power: item.agreed_power ?? null,
    has_night: item.has_night ? 1 : 0,
    has_pv: item.has_pv ? 1 : 0,
    smart_meter: item.smart_meter ? 1 : 0,
  } satisfies typeof meters.$inferInsert;
}

/** The supply number as the portal shows it (core/supply-number.ts). */
const numberOf = (item: SupplyItem) =>
  item.division === "electricity"
    ? `${item.per_code ?? ""}${item.id_code ?? ""}${item.next_code ?? ""}`
    : (item.pod ?? "");

const numberField = (item: SupplyItem) => (item.division === "electricity" ? "per_code" : "pod");

/** For a query of `meters`: the supply of this number (as invoices.ts resolveSupply finds one). */
function sameNumber(item: SupplyItem): SQL {
  const number = numberOf(item);
  return (
    item.division === "electricity"
      ? and(
          eq(meters.division, 1),
          sql`COALESCE(${meters.per_code}, '') || COALESCE(${meters.id_code}, '') || COALESCE(${meters.next_code}, '') = ${number}`,
        )
      : and(ne(meters.division, 1), eq(meters.pod, number))
  ) as SQL;
}

/** The customer a supply names: one a customers batch sent; else refused. */
async function resolveCustomer(ctx: BatchContext, key: string): Promise<number> {
  const known = await knownKey(ctx.db, CUSTOMER, key);
  const [row] = known
    ? await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, known.portalId))
    : [];
  if (!row) throw new Refusal("unknown_customer", "customer_key");
  return row.id;
}

/**
 * The billing system's balance replaces the portal's unless the portal recorded a payment for the
 * supply on the figure's day or later (the rule of invoices.ts followNewestBill).
 */
async function followRunningTotal(ctx: BatchContext, item: SupplyItem, meterId: number) {
  if (item.running_total === undefined || item.running_total_at === undefined) return;
  const day = athensDayOf(item.running_total_at);
  if (day === null) return;
  await ctx.db
    .update(meters)
    .set({ running_total_cents: toCents(item.running_total) })
    .where(
      and(
        eq(meters.id, meterId),
        or(isNull(meters.last_payment_date), sql`${meters.last_payment_date} < ${day}`),
      ),
    );
}

/**
 * Spec §1: a person left with no supply is signed out. Every live session ends of the customer's
 * people who now see none (the master and those with all supplies once the last one is Removed,
 * a person with a list once all of theirs are), as a password change ends them (services/sessions).
 */
async function signOutPeopleWithoutSupplies(ctx: BatchContext, customerId: number) {
  const people = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.customer_id, customerId),
        isNull(users.removed_at),
        sql`NOT EXISTS (SELECT 1 FROM "meters" m WHERE m."customer_id" = ${customerId}
          AND m."status" <> ${REMOVED_METER_STATUS}
          AND (${users.all_supplies} = 1
            OR m."id" IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = ${users.id})))`,
      ),
    );
  const [first, ...rest] = people.map((person) =>
    revokeUserSessionsStatement(ctx.db, person.id, "no_supplies"),
  );
  if (first) await ctx.db.batch([first, ...rest]);
}

/** Applies one supply (created, updated or unchanged). */
export async function applySupply(item: SupplyItem, ctx: BatchContext): Promise<Applied> {
  const customerId = await resolveCustomer(ctx, item.customer_key);
  const row = meterRow(item, customerId);
  let previousStatus: string | null = null;
  const applied = await applyKeyed(ctx, SUPPLY, item, {
    create: async () => {
      const same = await ctx.db
        .select({ id: meters.id, customer_id: meters.customer_id, status: meters.status })
        .from(meters)
        .where(sameNumber(item));
      // A supply number is one live supply's: another customer's is not taken over.
      if (same.some((m) => m.customer_id !== customerId && m.status !== REMOVED_METER_STATUS))
        throw new Refusal("supply_taken", numberField(item));
      const own = same.find((m) => m.customer_id === customerId);
      if (own) {
        // The customer's supply the portal already has (the demo's) is claimed, once.
        if ((await keyOfPortalId(ctx.db, SUPPLY, own.id)) !== null)
          throw new Refusal("supply_taken", numberField(item));
        previousStatus = own.status;
        await ctx.db.update(meters).set(row).where(eq(meters.id, own.id));
        return own.id;
      }
      const [inserted] = await ctx.db.insert(meters).values(row).returning({ id: meters.id });
      if (!inserted) throw new Error("supply insert returned nothing");
      return inserted.id;
    },
    update: async (meterId) => {
      const [current] = await ctx.db
        .select({ customer_id: meters.customer_id, status: meters.status })
        .from(meters)
        .where(eq(meters.id, meterId));
      if (!current) throw new Refusal("unknown_supply");
      if (current.customer_id !== customerId) throw new Refusal("customer_changed", "customer_key");
      const [other] = await ctx.db
        .select({ id: meters.id })
        .from(meters)
        .where(
          and(sameNumber(item), ne(meters.id, meterId), ne(meters.status, REMOVED_METER_STATUS)),
        )
        .limit(1);
      if (other) throw new Refusal("supply_taken", numberField(item));
      previousStatus = current.status;
      await ctx.db.update(meters).set(row).where(eq(meters.id, meterId));
    },
  });
  if (applied.outcome === "unchanged") return applied;
  await followRunningTotal(ctx, item, applied.id);
  if (item.status === REMOVED_METER_STATUS && previousStatus !== REMOVED_METER_STATUS)
    await signOutPeopleWithoutSupplies(ctx, customerId);
  return applied;
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficeCustomerRoutes = new Hono<ApiEnv>()
  .post(
    "/customers",
    doc({
      summary: "Customers of the billing system (batch upsert)",
      description:
        "The customer's record only: the person makes the portal account by signing up with the VAT, a supply number and the mobile sent here. At most 500 items, each keyed by the billing system's own key and answered created, updated, unchanged or refused with a reason (vat_taken, duplicate_key, validation).",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("customers"),
    validate("json", batchEnvelope(customerItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(await runBatch(items, customerItemSchema, ctx, applyCustomer, "customers"));
    },
  )
  .post(
    "/supplies",
    doc({
      summary: "Supplies of the billing system's customers, with status and balance (batch upsert)",
      description:
        "Status Removed takes the supply off the account; a person left with no supply is signed out. running_total replaces the portal's balance only when running_total_at is newer than the supply's last payment. At most 500 items, each answered created, updated, unchanged or refused with a reason (unknown_customer, customer_changed, supply_taken, duplicate_key, validation).",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("supplies"),
    validate("json", batchEnvelope(supplyItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(await runBatch(items, supplyItemSchema, ctx, applySupply, "supplies"));
    },
  );
