import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { BILL_LINE_KEYS, type BillLineKey } from "../../core/bill-lines";
import { isoDate } from "../../core/contract/common";
import { MARK_PATTERN } from "../../core/e-invoice";
import { toCents } from "../../core/gateway";
import { INVOICE_TYPES } from "../../core/invoice-types";
import { isValidRf, RF_PATTERN } from "../../core/rf";
import { invoices, meters, products } from "../db/schema";
import { standInColour } from "../../core/products";
import { asTariffColour, TARIFF_COLOURS, type TariffColour } from "../../core/tariff-colours";
import { backofficeKeys } from "./tables";
import { pdfBillingKey } from "../invoices/rules";
import { tripCounterOf } from "../db/resilient";
import { executionContextOf } from "../middleware/context";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { data, documented, json } from "../lib/openapi";
import { INVALID_KEY, validate } from "../lib/validate";
import { BACKOFFICE_PDF_LIMIT } from "../middleware/body-limit";
import type { ApiEnv } from "../types";
import { logError } from "../../workers/log";
import {
  applyKeyed,
  BATCH_MAX_ITEMS,
  chunks,
  IN_CHUNK,
  isUniqueViolation,
  knownKeys,
  KEY_PATTERN,
  knownKey,
  Refusal,
  runBatch,
  type BatchContext,
  type ServiceClient,
} from "./batch";
import { requireService } from "./auth";
import { checkBillAlerts } from "../alerts/trips";
import { notifyNewBill } from "../notify/events";

/**
 * POST /api/backoffice/invoices and PUT /api/backoffice/invoices/{key}/pdf (#36 §1): the billing
 * system's bills, with their lines (core/bill-lines.ts), MARK, RF code and PDF.
 *
 * - A bill is keyed by the billing system's own key (backoffice_keys kind "invoice"); a bill of
 *   the same number on the same supply that the portal already has (the demo's) is claimed.
 * - Its lines are the portal's bill lines, by code; they must add up to the current amount, and
 *   previous balance + current amount must be the total, or the bill is refused with a reason.
 * - The billing system owns the bill's status: `paid` leaves nothing remaining, `unpaid` leaves
 *   the total (or `remaining`, when part of it is paid). The supply's newest bill sets the supply's
 *   balance and due date, unless the portal recorded a payment after the bill was issued (the
 *   issue's balance rule: that payment is newer than the bill's figure).
 * - A new bill gets its notice (api/notify/events.ts) once, after its row is written; a notice
 *   that fails never refuses the bill.
 * - A bill's colour (#37 §3, core/tariff-colours.ts) is fixed when its row is first written: an
 *   electricity bill takes the colour of the supply's product at that moment (the products
 *   table's, else core/products.ts's stand-in of the package's name), or the item's own
 *   `tariff_colour`. A later write of the bill changes it only when the item names one: the bill
 *   was printed under that colour, and a product recoloured or a supply moved to another product
 *   since must not repaint it. A gas bill has none (a colour sent for one: `colour_not_for_gas`).
 */

/** The answer of every batch route (api/backoffice/batch.ts BatchAnswer), as documented. */
export const batchAnswerSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      key: z.string().nullable(),
      outcome: z.enum(["created", "updated", "unchanged", "refused"]),
      id: z.number().int().optional(),
      reason: z.string().optional(),
      field: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
  summary: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
});

/**
 * A batch's body: `{ items: [...] }` with 1 to 500 items. Only the list is checked here (a body
 * that is no such list is refused as a whole); each item is validated on its own by runBatch, so
 * a bad item is refused alone. The API description shows `item`'s schema for the items.
 */
export function batchEnvelope(item: z.ZodType) {
  const { $schema: _drop, ...itemJson } = z.toJSONSchema(item, {
    io: "input",
    unrepresentable: "any",
  });
  return z.object({
    items: z
      .array(z.unknown())
      .min(1)
      .max(BATCH_MAX_ITEMS)
      .meta({
        description: `1 to ${BATCH_MAX_ITEMS} items, each validated and applied on its own`,
        items: itemJson as never,
      }),
  });
}

/** The batch's context: the request's database, the calling client and one instant. */
export function batchContext(c: Context<ApiEnv>): BatchContext {
  const client: ServiceClient | undefined = c.get("service");
  if (!client) throw new ApiError(401, "unauthorized");
  const trips = tripCounterOf(executionContextOf(c));
  return {
    db: c.get("db"),
    env: c.env,
    client,
    now: new Date(),
    requestUrl: c.req.url,
    ...(trips ? { d1Calls: () => trips.calls } : {}),
  };
}

/** Euros with at most two decimals, of either sign (credits and deducted advances). */
const signedEuros = z
  .number()
  .min(-10_000_000)
  .max(10_000_000)
  .refine((v) => Math.abs(toCents(v) - v * 100) < 1e-6, "validate.amount");

const kwh = z.number().int().min(0).max(100_000_000);

/** A supply: the billing system's key of it, or a supply number the portal has. */
export const supplyRef = {
  supply_key: z
    .string()
    .regex(KEY_PATTERN)
    .optional()
    .meta({ description: "The billing system's key of the supply (a supplies batch's)" }),
  supply_number: z
    .string()
    .regex(/^[A-Za-z0-9]{1,40}$/)
    .optional()
    .meta({ description: "Or the supply number the portal shows (electricity) or the POD (gas)" }),
};

const BILL_TYPES = INVOICE_TYPES.filter((type) => type !== "payment") as [
  Exclude<(typeof INVOICE_TYPES)[number], "payment">,
  ...Exclude<(typeof INVOICE_TYPES)[number], "payment">[],
];

export const invoiceItemSchema = z
  .object({
    key: z
      .string()
      .regex(KEY_PATTERN)
      .meta({ description: "The billing system's key of the bill" }),
    ...supplyRef,
    invoice_no: z.string().trim().min(1).max(40),
    type: z.enum(BILL_TYPES),
    issue_date: isoDate,
    date_due: isoDate.nullable().optional(),
    period_from: isoDate.nullable().optional(),
    period_to: isoDate.nullable().optional(),
    consumption_from: isoDate.nullable().optional(),
    consumption_to: isoDate.nullable().optional(),
    previous_balance: signedEuros.meta({ description: "Euros carried over from earlier bills" }),
    current_amount: signedEuros.meta({ description: "Euros of this bill: the sum of its lines" }),
    total: signedEuros.meta({ description: "previous_balance + current_amount" }),
    lines: z
      .array(z.object({ code: z.enum(BILL_LINE_KEYS), amount: signedEuros }))
      .max(BILL_LINE_KEYS.length)
      .meta({ description: "The bill's lines by code (core/bill-lines.ts), each code once" }),
    status: z
      .enum(["paid", "unpaid"])
      .meta({ description: "As the billing system owns it: paid leaves nothing remaining" }),
    /** What is still unpaid of the total (unpaid bills; default: the total). */
    remaining: z.number().min(0).max(10_000_000).optional(),
    payment_date: isoDate.nullable().optional(),
    mark: z.string().regex(MARK_PATTERN).nullable().optional(),
    rf_code: z
      .string()
      .regex(RF_PATTERN)
      .refine(isValidRf, "validate.invalid")
      .nullable()
      .optional(),
    day_kwh: kwh.optional(),
    night_kwh: kwh.optional(),
    pv_kwh: kwh.optional(),
    consumption_estimated: z.boolean().nullable().optional(),
    business_partner: z.string().trim().min(1).max(20).optional(),
    contract_account: z.string().trim().min(1).max(20).optional(),
    tariff_colour: z.enum(TARIFF_COLOURS).optional().meta({
      description:
        "The colour the bill is printed under, when the billing system sets it; default: the supply's product's colour when the bill is first written (electricity only)",
    }),
  })
  .strict()
  .refine((item) => item.supply_key !== undefined || item.supply_number !== undefined, {
    path: ["supply_key"],
    message: "validate.require",
  });

export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export interface SupplyRow {
  id: number;
  customer_id: number;
  last_payment_date: string | null;
  /** 1 electricity, any other gas (meters.division). */
  division: number;
  /** The product the supply is billed under (meters.package_name). */
  package_name: string;
  /** That product's colour in the products table (joined), null when the table lacks it. */
  product_colour: string | null;
}

/** The number the portal shows for a supply: the electricity code's three parts, or the POD. */
const supplyNumberSql = sql<string>`CASE WHEN ${meters.division} = 1 THEN COALESCE(${meters.per_code}, '') || COALESCE(${meters.id_code}, '') || COALESCE(${meters.next_code}, '') ELSE ${meters.pod} END`;

/*
 * The supply's product's colour comes with the supply, joined on the products table's unique
 * name: a new bill's colour costs no query of its own, in a batch or for a bill read alone (the
 * back office's D1 calls a bill stay as they were).
 */
const supplyColumns = {
  id: meters.id,
  customer_id: meters.customer_id,
  last_payment_date: meters.last_payment_date,
  division: meters.division,
  package_name: meters.package_name,
  product_colour: products.tariff_colour,
};
const productOfSupply = eq(products.name, meters.package_name);

/**
 * What one call reads for all its bills at once (runBatch's `prepare`): the supplies they name,
 * the keys already known, the bills the portal has by supply and number, and each supply's
 * newest bill's account numbers. A few queries a call instead of five a bill; every miss is
 * read again item by item, and what an item writes is put back, so a later bill of the same
 * batch sees it.
 */
interface InvoiceCache {
  supplyByKey: Map<string, SupplyRow>;
  supplyByNumber: Map<string, SupplyRow>;
  known: Map<string, { portalId: number; hash: string }>;
  /** `${meterId}:${invoiceNo}` → the portal's bill of that number (payments excluded). */
  existing: Map<string, number>;
  /** The `${meterId}:${invoiceNo}` pairs `existing` answers for (found there or not). */
  checked: Set<string>;
  /** The account numbers of each supply's newest bill (supplies read, with or without). */
  accounts: Map<number, { business_partner: string; contract_account: string } | null>;
}

const caches = new WeakMap<BatchContext, InvoiceCache>();

export async function prepareInvoices(items: readonly InvoiceItem[], ctx: BatchContext) {
  const cache: InvoiceCache = {
    supplyByKey: new Map(),
    supplyByNumber: new Map(),
    known: new Map(),
    existing: new Map(),
    checked: new Set(),
    accounts: new Map(),
  };
  const supplyKeys = [...new Set(items.flatMap((i) => (i.supply_key ? [i.supply_key] : [])))];
  for (const chunk of chunks(supplyKeys)) {
    const rows = await ctx.db
      .select({ key: backofficeKeys.external_key, ...supplyColumns })
      .from(backofficeKeys)
      .innerJoin(meters, eq(meters.id, backofficeKeys.portal_id))
      .leftJoin(products, productOfSupply)
      .where(and(eq(backofficeKeys.kind, "supply"), inArray(backofficeKeys.external_key, chunk)));
    for (const { key, ...row } of rows) cache.supplyByKey.set(key, row);
  }
  const numbers = [
    ...new Set(
      items.flatMap((i) =>
        i.supply_key === undefined && i.supply_number !== undefined ? [i.supply_number] : [],
      ),
    ),
  ];
  // The number is matched twice (electricity code, gas POD): half a chunk of parameters.
  for (const chunk of chunks(numbers, IN_CHUNK / 2)) {
    const rows = await ctx.db
      .select({ number: supplyNumberSql, ...supplyColumns })
      .from(meters)
      .leftJoin(products, productOfSupply)
      .where(
        or(
          and(eq(meters.division, 1), inArray(supplyNumberSql, chunk)),
          and(ne(meters.division, 1), inArray(meters.pod, chunk)),
        ),
      )
      .orderBy(meters.id);
    for (const { number, ...row } of rows) {
      if (!cache.supplyByNumber.has(number)) cache.supplyByNumber.set(number, row);
    }
  }
  cache.known = await knownKeys(
    ctx.db,
    "invoice",
    items.map((i) => i.key),
  );
  caches.set(ctx, cache);
  const supplyOf = (item: InvoiceItem) =>
    item.supply_key !== undefined
      ? cache.supplyByKey.get(item.supply_key)
      : item.supply_number !== undefined
        ? cache.supplyByNumber.get(item.supply_number)
        : undefined;
  const fresh = items.flatMap((item) => {
    const supply = supplyOf(item);
    return supply && !cache.known.has(item.key)
      ? [{ meterId: supply.id, no: item.invoice_no }]
      : [];
  });
  for (const chunk of chunks(fresh, IN_CHUNK / 2)) {
    for (const f of chunk) cache.checked.add(`${f.meterId}:${f.no}`);
    const rows = await ctx.db
      .select({ id: invoices.id, meterId: invoices.meter_id, no: invoices.invoice_no })
      .from(invoices)
      .where(
        and(
          inArray(invoices.meter_id, [...new Set(chunk.map((f) => f.meterId))]),
          inArray(invoices.invoice_no, [...new Set(chunk.map((f) => f.no))]),
          ne(invoices.type, "payment"),
        ),
      )
      .orderBy(invoices.id);
    for (const row of rows) {
      const at = `${row.meterId}:${row.no}`;
      if (!cache.existing.has(at)) cache.existing.set(at, row.id);
    }
  }
  const needAccounts = [
    ...new Set(
      items.flatMap((item) => {
        const supply = supplyOf(item);
        return supply &&
          (item.business_partner === undefined || item.contract_account === undefined)
          ? [supply.id]
          : [];
      }),
    ),
  ];
  for (const chunk of chunks(needAccounts)) {
    const newest = alias(invoices, "newest");
    const rows = await ctx.db
      .select({
        meterId: invoices.meter_id,
        business_partner: invoices.business_partner,
        contract_account: invoices.contract_account,
      })
      .from(invoices)
      .where(
        and(
          inArray(invoices.meter_id, chunk),
          eq(
            invoices.id,
            ctx.db
              .select({ id: newest.id })
              .from(newest)
              .where(and(eq(newest.meter_id, invoices.meter_id), ne(newest.type, "payment")))
              .orderBy(desc(newest.issue_date), desc(newest.id))
              .limit(1),
          ),
        ),
      );
    for (const id of chunk) cache.accounts.set(id, null);
    for (const { meterId, ...row } of rows) cache.accounts.set(meterId, row);
  }
}

/** The supply an item names, by the billing system's key or by its number; else refused. */
export async function resolveSupply(
  ctx: BatchContext,
  ref: { supply_key?: string | undefined; supply_number?: string | undefined },
): Promise<SupplyRow> {
  const field = ref.supply_key !== undefined ? "supply_key" : "supply_number";
  const cache = caches.get(ctx);
  let found: SupplyRow | undefined;
  if (ref.supply_key !== undefined) {
    found = cache?.supplyByKey.get(ref.supply_key);
    const known = found ? undefined : await knownKey(ctx.db, "supply", ref.supply_key);
    if (known) {
      [found] = await ctx.db
        .select(supplyColumns)
        .from(meters)
        .leftJoin(products, productOfSupply)
        .where(eq(meters.id, known.portalId));
    }
  } else if (ref.supply_number !== undefined) {
    const number = ref.supply_number;
    found = cache?.supplyByNumber.get(number);
    if (!found) {
      [found] = await ctx.db
        .select(supplyColumns)
        .from(meters)
        .leftJoin(products, productOfSupply)
        .where(
          or(
            and(eq(meters.division, 1), sql`${supplyNumberSql} = ${number}`),
            and(ne(meters.division, 1), eq(meters.pod, number)),
          ),
        )
        .orderBy(meters.id)
        .limit(1);
    }
  }
  if (!found) throw new Refusal("unknown_supply", field);
  return found;
}

const cents = (euros: number) => toCents(euros);

/**
 * The colour a bill is first written under: the item's own, else (electricity) its supply's
 * product's as it is now, the products table's before the stand-in's; null for gas and for a
 * product the portal knows no colour of.
 */
export function issuedColour(
  item: Pick<InvoiceItem, "tariff_colour">,
  supply: Pick<SupplyRow, "division" | "package_name" | "product_colour">,
): TariffColour | null {
  if (supply.division !== 1) return null;
  return (
    item.tariff_colour ??
    asTariffColour(supply.product_colour) ??
    standInColour(supply.package_name)
  );
}

/** The invoice row an item stands for (every column the overview, bill page and PDF read). */
async function rowOf(ctx: BatchContext, item: InvoiceItem, supply: SupplyRow) {
  // Gas products have no colour classes: a colour sent for a gas bill is the feed's mistake.
  if (item.tariff_colour !== undefined && supply.division !== 1) {
    throw new Refusal("colour_not_for_gas", "tariff_colour");
  }
  const lines = new Map<BillLineKey, number>();
  for (const [index, line] of item.lines.entries()) {
    if (lines.has(line.code)) throw new Refusal("duplicate_line", `lines.${index}.code`);
    lines.set(line.code, cents(line.amount));
  }
  const previous = cents(item.previous_balance);
  const current = cents(item.current_amount);
  const total = cents(item.total);
  const linesSum = [...lines.values()].reduce((sum, amount) => sum + amount, 0);
  // A bill is its lines: they add up to the current amount. Only a credit or a cancellation may
  // come as one figure without a breakdown (core/bill-lines.ts `consistent`).
  const breakdownOptional = item.type === "Credit" || item.type === "Cancelled";
  if (linesSum !== current && !(lines.size === 0 && breakdownOptional)) {
    throw new Refusal("lines_sum", "lines");
  }
  if (previous + current !== total) throw new Refusal("total_mismatch", "total");
  const settled = item.status === "paid" || breakdownOptional;
  // What is unpaid of the total, never below 0 (a bill whose total is a credit owes nothing).
  const remaining = settled
    ? 0
    : item.remaining !== undefined
      ? cents(item.remaining)
      : Math.max(0, total);
  if (remaining > Math.max(total, 0)) throw new Refusal("remaining_above_total", "remaining");

  // The account numbers the bill prints: sent, or the supply's previous bill's.
  let partner = item.business_partner;
  let account = item.contract_account;
  const cachedAccounts = caches.get(ctx)?.accounts;
  if ((partner === undefined || account === undefined) && cachedAccounts?.has(supply.id)) {
    const previousBill = cachedAccounts.get(supply.id);
    partner ??= previousBill?.business_partner ?? "";
    account ??= previousBill?.contract_account ?? "";
  } else if (partner === undefined || account === undefined) {
    const [previousBill] = await ctx.db
      .select({
        business_partner: invoices.business_partner,
        contract_account: invoices.contract_account,
      })
      .from(invoices)
      .where(and(eq(invoices.meter_id, supply.id), ne(invoices.type, "payment")))
      .orderBy(desc(invoices.issue_date), desc(invoices.id))
      .limit(1);
    partner ??= previousBill?.business_partner ?? "";
    account ??= previousBill?.contract_account ?? "";
  }
  const line = (key: BillLineKey) => lines.get(key) ?? 0;
  return {
    meter_id: supply.id,
    type: item.type,
    invoice_no: item.invoice_no,
    issue_date: item.issue_date,
    date_due: item.date_due ?? null,
    period_from: item.period_from ?? null,
    period_to: item.period_to ?? null,
    consumption_from: item.consumption_from ?? null,
    consumption_to: item.consumption_to ?? null,
    payment_date: settled ? (item.payment_date ?? item.issue_date) : (item.payment_date ?? null),
    ypoloipo_cents: previous,
    total_value_cents: current,
    remaining_cents: remaining,
    energy_cents: line("energy"),
    regulated_cents: line("regulated"),
    municipality_cents: line("municipality"),
    taxes_cents: line("taxes"),
    collateral_cents: line("collateral"),
    advance_cents: line("advance"),
    day_kwh: item.day_kwh ?? 0,
    night_kwh: item.night_kwh ?? 0,
    pv_kwh: item.pv_kwh ?? 0,
    business_partner: partner,
    contract_account: account,
    mark: item.mark ?? null,
    consumption_estimated:
      item.consumption_estimated === undefined || item.consumption_estimated === null
        ? null
        : item.consumption_estimated
          ? 1
          : 0,
    rf_code: item.rf_code ?? null,
  } satisfies typeof invoices.$inferInsert;
}

/**
 * A MARK is one document's (a unique index, 0015): a write that would give a second bill the
 * MARK of another is refused `mark_taken` (the index decides, so two calls at once cannot both
 * take it).
 */
async function writeBill<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "invoices.mark")) throw new Refusal("mark_taken", "mark");
    throw error;
  }
}

/**
 * The supply's balance and due date follow its newest bill (seed/generate.ts: the newest bill's
 * remaining is the supply's running total), unless the portal recorded a payment on a later day
 * than the bill's issue day or on that very day (the issue's rule: the bill's figure replaces the
 * portal's only when it is newer than the last payment; a day is all either date carries). One
 * statement: only when `invoiceId` is the newest bill, and against the supply's last payment as
 * it is at that moment. A credit or a cancellation has nothing of its own to pay: the balance is
 * its total.
 */
async function followNewestBill(ctx: BatchContext, supply: SupplyRow, invoiceId: number) {
  await ctx.db.run(sql`
    UPDATE meters SET
      running_total_cents = CASE WHEN newest.type IN ('Credit', 'Cancelled')
        THEN newest.ypoloipo_cents + newest.total_value_cents ELSE newest.remaining_cents END,
      last_invoice_due_date = newest.date_due
    FROM (
      SELECT id, type, issue_date, remaining_cents, ypoloipo_cents, total_value_cents, date_due
        FROM invoices WHERE meter_id = ${supply.id} AND type <> 'payment'
        ORDER BY issue_date DESC, id DESC LIMIT 1
    ) AS newest
    WHERE meters.id = ${supply.id} AND newest.id = ${invoiceId}
      AND (meters.last_payment_date IS NULL OR meters.last_payment_date < newest.issue_date)`);
}

/** Applies one bill (created, updated or unchanged). */
export async function applyInvoice(item: InvoiceItem, ctx: BatchContext) {
  const supply = await resolveSupply(ctx, item);
  const row = await rowOf(ctx, item, supply);
  // A write of a bill the portal has keeps its colour unless the item names one (the header).
  const rewrite =
    item.tariff_colour === undefined ? row : { ...row, tariff_colour: item.tariff_colour };
  const cache = caches.get(ctx);
  let created = false;
  const applied = await applyKeyed(ctx, "invoice", item, {
    ...(cache ? { known: cache.known.get(item.key) ?? null } : {}),
    create: async () => {
      // The same bill the portal already has (the demo's, or one sent before keys were kept).
      const at = `${supply.id}:${item.invoice_no}`;
      let existing: { id: number } | undefined;
      if (cache?.checked.has(at)) {
        const id = cache.existing.get(at);
        existing = id === undefined ? undefined : { id };
      } else {
        [existing] = await ctx.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.meter_id, supply.id),
              eq(invoices.invoice_no, item.invoice_no),
              ne(invoices.type, "payment"),
            ),
          )
          .orderBy(invoices.id)
          .limit(1);
      }
      if (existing) {
        const { id } = existing;
        await writeBill(() => ctx.db.update(invoices).set(rewrite).where(eq(invoices.id, id)));
        return id;
      }
      const [inserted] = await writeBill(() =>
        ctx.db
          .insert(invoices)
          .values({ ...row, tariff_colour: issuedColour(item, supply) })
          .returning({ id: invoices.id }),
      );
      if (!inserted) throw new Error("invoice insert returned nothing");
      cache?.existing.set(at, inserted.id);
      cache?.checked.add(at);
      created = true;
      return inserted.id;
    },
    update: async (invoiceId) => {
      const [current] = await ctx.db
        .select({ meter_id: invoices.meter_id })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      if (!current) throw new Refusal("unknown_invoice");
      if (current.meter_id !== supply.id) throw new Refusal("supply_changed", "supply_key");
      await writeBill(() => ctx.db.update(invoices).set(rewrite).where(eq(invoices.id, invoiceId)));
    },
  });
  if (applied.outcome !== "unchanged") {
    await followNewestBill(ctx, supply, applied.id);
    // A later bill of this batch for the same supply prints this one's account numbers.
    cache?.accounts.set(supply.id, {
      business_partner: row.business_partner,
      contract_account: row.contract_account,
    });
  }
  if (created) {
    try {
      await notifyNewBill(ctx, applied.id, {
        id: applied.id,
        meterId: supply.id,
        total: row.ypoloipo_cents + row.total_value_cents,
        due: row.date_due,
        rf_code: row.rf_code,
        contract_account: row.contract_account,
        invoice_no: row.invoice_no,
        type: row.type,
      });
    } catch (error) {
      // The bill is written; its notice is the notices' own concern (logged, never a refusal).
      logError(error, { id: `invoice-${applied.id}`, where: "notice-new-bill" });
    }
    try {
      // The alerts people set on the supply (#37 §2): against this bill's own charges.
      await checkBillAlerts(ctx, {
        id: applied.id,
        meterId: supply.id,
        type: row.type,
        period_from: row.period_from,
        period_to: row.period_to,
        cents: row.total_value_cents,
      });
    } catch (error) {
      logError(error, { id: `invoice-${applied.id}`, where: "alerts-new-bill" });
    }
  }
  return applied;
}

/** The billing system's PDF of a bill: at most 5 MB (its own body limit), a real PDF (`%PDF-`). */
export const INVOICE_PDF_MAX_BYTES = BACKOFFICE_PDF_LIMIT;

const keyParams = z.object({ key: z.string().regex(KEY_PATTERN) });

const pdfAnswerSchema = z.object({
  key: z.string(),
  id: z.number().int(),
  size: z.number().int(),
});

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficeInvoiceRoutes = new Hono<ApiEnv>()
  .post(
    "/invoices",
    doc({
      summary: "Bills of the billing system, with their lines, MARK and RF code (batch upsert)",
      description:
        "At most 500 items, each keyed by the billing system's own key and answered created, updated, unchanged or refused with a reason (lines_sum, total_mismatch, unknown_supply, mark_taken, colour_not_for_gas, duplicate_key, validation). A new electricity bill is issued under the colour of its supply's product at that moment (tariff_colour, or the item's own); a later write keeps it unless the item names one, and a gas bill has none.",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("invoices"),
    validate("json", batchEnvelope(invoiceItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(
        await runBatch(items, invoiceItemSchema, ctx, applyInvoice, "invoices", prepareInvoices),
      );
    },
  )
  .put(
    "/invoices/:key/pdf",
    doc({
      summary: "The billing system's PDF of one bill (application/pdf, at most 5 MB)",
      description:
        "Stored in R2; the bill page's download serves it instead of the portal's own rendering.",
      ok: data(pdfAnswerSchema),
      errors: { 400: ["validation"], 404: ["not_found"], 413: ["too_large"] },
      body: {
        media: "application/pdf",
        schema: z.string().meta({ format: "binary" }),
      },
    }),
    requireService("invoices"),
    validate("param", keyParams, { invalid: "not_found" }),
    async (c) => {
      const { key } = c.req.valid("param");
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/pdf") throw badRequest("validation", "content-type", INVALID_KEY);
      const declared = Number(c.req.header("content-length") ?? "0");
      if (declared > INVOICE_PDF_MAX_BYTES) throw new ApiError(413, "too_large");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > INVOICE_PDF_MAX_BYTES) throw new ApiError(413, "too_large");
      const magic = new TextDecoder().decode(bytes.subarray(0, 5));
      if (magic !== "%PDF-") throw badRequest("validation", "body", INVALID_KEY);
      const known = await knownKey(c.get("db"), "invoice", key);
      if (!known) throw notFound();
      await c.env.FILES.put(pdfBillingKey(known.portalId), bytes, {
        httpMetadata: { contentType: "application/pdf" },
      });
      return c.json({
        data: { key, id: known.portalId, size: bytes.byteLength },
      });
    },
  );
