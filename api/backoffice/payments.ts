import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { amountSchema } from "../../core/contract/payments";
import { athensToday } from "../../core/dates";
import { toCents } from "../../core/gateway";
import { invoices, meters, paymentOrders, transactions } from "../db/schema";
import { euros } from "../domain/money";
import { validate } from "../lib/validate";
import { documented, json } from "../lib/openapi";
import { auditStatement } from "../services/audit";
import type { ApiEnv } from "../types";
import { logError } from "../../workers/log";
import { notifyPaymentReceived } from "../notify/events";
import { requireService } from "./auth";
import {
  claimKey,
  contentHash,
  KEY_PATTERN,
  knownKey,
  Refusal,
  releaseClaim,
  rememberKey,
  runBatch,
  type Applied,
  type BatchContext,
} from "./batch";
import {
  batchAnswerSchema,
  batchEnvelope,
  batchContext,
  resolveSupply,
  supplyRef,
  type SupplyRow,
} from "./invoices";

/**
 * POST /api/backoffice/payments (#36 §1): payments from every channel (card, RF through the
 * banks, cash desk, direct debit) that settle balances.
 *
 * A payment the portal did not take is recorded as the portal's own card payment records one
 * (api/payments/service.ts recordSuccess), in one atomic D1 batch: a 'payment' row in the supply's
 * billing history carrying the ledger balance on (its receipt is the history's, api/payments/
 * receipts.ts), the bill(s) it pays lowered (the invoice named, or else every unpaid bill of the
 * supply, as the portal's payment does), the supply's balance lowered and its last payment set,
 * and an activity-log entry. It is not a `transactions` row: that ledger holds the card payments
 * taken in the portal, which the changes export sends to the billing system.
 *
 * A card payment taken in the portal is already counted: sent back with the acquirer's
 * transaction id, it is matched to the portal's order (payment_orders.acquirer_txn) and its key
 * remembered on the portal's billing-history row: `unchanged` (or `updated` when the billing
 * system sends it again with other details), never counted twice. An acquirer id the portal knows
 * on another supply or for another amount is refused (transaction_mismatch).
 *
 * The same payment sent again is `unchanged`. Sent again with another amount, the difference is
 * applied to the balance; moved to another supply it is refused (supply_changed).
 */

export const PAYMENT_CHANNELS = ["card", "rf", "cash_desk", "direct_debit"] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const paymentItemSchema = z
  .object({
    key: z.string().regex(KEY_PATTERN),
    ...supplyRef,
    /** The billing system's key of the bill it pays (an invoices batch's). */
    invoice_key: z.string().regex(KEY_PATTERN).optional(),
    amount: amountSchema,
    /** The day (YYYY-MM-DD) or the instant (ISO 8601 with offset) it was paid. */
    paid_at: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
    channel: z.enum(PAYMENT_CHANNELS),
    /** Card payments: the acquirer's transaction id (matches a payment taken in the portal). */
    transaction_id: z.string().trim().min(1).max(100).optional(),
    /** What the customer's history shows as the payment's number (default: the key). */
    reference: z.string().trim().min(1).max(40).optional(),
  })
  .strict()
  .refine((item) => item.supply_key !== undefined || item.supply_number !== undefined, {
    path: ["supply_key"],
    message: "validate.require",
  })
  .refine((item) => item.channel !== "card" || item.transaction_id !== undefined, {
    path: ["transaction_id"],
    message: "validate.require",
  });

export type PaymentItem = z.infer<typeof paymentItemSchema>;

const KIND = "payment";

/** The customer's calendar day of the payment (Athens), as the portal's own payments are dated. */
const paidDay = (paidAt: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(paidAt) ? paidAt : athensToday(new Date(paidAt));

/**
 * The portal's billing-history row of a card payment it took itself, found by the acquirer's
 * transaction id; null when the portal took no such payment. Refused when the portal's payment is
 * of another supply or amount.
 */
async function portalCardPayment(
  ctx: BatchContext,
  item: PaymentItem,
  supply: SupplyRow,
): Promise<number | null> {
  if (item.channel !== "card" || item.transaction_id === undefined) return null;
  const orders = await ctx.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.acquirer_txn, item.transaction_id), eq(paymentOrders.status, "success")),
    );
  if (orders.length === 0) return null;
  const [paid] = await ctx.db
    .select({ txn_no: transactions.txn_no, amount_cents: transactions.amount_cents })
    .from(transactions)
    .where(
      and(
        inArray(
          transactions.order_id,
          orders.map((o) => o.id),
        ),
        eq(transactions.meter_id, supply.id),
      ),
    )
    .limit(1);
  if (!paid || paid.amount_cents !== toCents(item.amount)) {
    throw new Refusal("transaction_mismatch", "transaction_id");
  }
  const [row] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.meter_id, supply.id),
        eq(invoices.type, "payment"),
        eq(invoices.invoice_no, paid.txn_no),
      ),
    )
    .limit(1);
  if (!row) throw new Refusal("transaction_mismatch", "transaction_id");
  return row.id;
}

/** The bill a payment names (an invoices batch's key), on the payment's supply; else refused. */
async function namedInvoice(ctx: BatchContext, item: PaymentItem, supply: SupplyRow) {
  if (item.invoice_key === undefined) return null;
  const known = await knownKey(ctx.db, "invoice", item.invoice_key);
  const [bill] = known
    ? await ctx.db
        .select({ id: invoices.id, meter_id: invoices.meter_id })
        .from(invoices)
        .where(eq(invoices.id, known.portalId))
    : [];
  if (!bill || bill.meter_id !== supply.id) throw new Refusal("unknown_invoice", "invoice_key");
  return bill.id;
}

/** Records a payment the portal did not take; answers its billing-history row's id. */
async function recordPayment(
  ctx: BatchContext,
  item: PaymentItem,
  supply: SupplyRow,
  invoiceId: number | null,
): Promise<number> {
  const db = ctx.db;
  const amount = toCents(item.amount);
  const day = paidDay(item.paid_at);
  const [latest] = await db
    .select({
      balance: sql<number>`${invoices.ypoloipo_cents} + ${invoices.total_value_cents}`,
      business_partner: invoices.business_partner,
      contract_account: invoices.contract_account,
    })
    .from(invoices)
    .where(eq(invoices.meter_id, supply.id))
    .orderBy(desc(invoices.issue_date), desc(invoices.id))
    .limit(1);
  const billsPaid = and(
    eq(invoices.meter_id, supply.id),
    inArray(invoices.type, ["Advance", "Clearance", "Manual"]),
    gt(invoices.remaining_cents, 0),
    invoiceId === null ? undefined : eq(invoices.id, invoiceId),
  );
  const [inserted] = await db.batch([
    db
      .insert(invoices)
      .values({
        meter_id: supply.id,
        type: "payment",
        invoice_no: item.reference ?? item.key,
        issue_date: day,
        payment_date: day,
        ypoloipo_cents: latest?.balance ?? 0,
        total_value_cents: -amount,
        remaining_cents: 0,
        business_partner: latest?.business_partner ?? "",
        contract_account: latest?.contract_account ?? "",
      })
      .returning({ id: invoices.id }),
    // As the portal's payment does (SET expressions read the old values): a bill whose remaining
    // is covered gets the payment's day.
    db
      .update(invoices)
      .set({
        remaining_cents: sql`MAX(0, ${invoices.remaining_cents} - ${amount})`,
        payment_date: sql`CASE WHEN ${invoices.remaining_cents} <= ${amount} AND ${invoices.payment_date} IS NULL THEN ${day} ELSE ${invoices.payment_date} END`,
      })
      .where(billsPaid),
    db
      .update(meters)
      .set({
        running_total_cents: sql`${meters.running_total_cents} - ${amount}`,
        trn_value_cents: amount,
        last_payment_date: sql`MAX(COALESCE(${meters.last_payment_date}, ''), ${day})`,
      })
      .where(eq(meters.id, supply.id)),
    auditStatement(db, {
      action: "payment",
      customerId: supply.customer_id,
      meterId: supply.id,
      detail: { amount: euros(amount).toFixed(2), kind: item.channel },
    }),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error("payment insert returned nothing");
  return id;
}

/** A payment sent again with other details: its row follows, the balance by the difference. */
async function updatePayment(ctx: BatchContext, item: PaymentItem, supply: SupplyRow, id: number) {
  const db = ctx.db;
  const [row] = await db
    .select({
      meter_id: invoices.meter_id,
      type: invoices.type,
      total_value_cents: invoices.total_value_cents,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row || row.type !== "payment") throw new Refusal("unknown_payment");
  if (row.meter_id !== supply.id) throw new Refusal("supply_changed", "supply_key");
  const amount = toCents(item.amount);
  const difference = amount - -row.total_value_cents;
  const day = paidDay(item.paid_at);
  await db.batch([
    db
      .update(invoices)
      .set({
        invoice_no: item.reference ?? item.key,
        issue_date: day,
        payment_date: day,
        total_value_cents: -amount,
      })
      .where(eq(invoices.id, id)),
    db
      .update(meters)
      .set({
        running_total_cents: sql`${meters.running_total_cents} - ${difference}`,
        ...(difference !== 0 ? { trn_value_cents: amount } : {}),
      })
      .where(eq(meters.id, supply.id)),
  ]);
}

/** Applies one payment (created, updated, unchanged; a portal card payment is never counted). */
export async function applyPayment(item: PaymentItem, ctx: BatchContext): Promise<Applied> {
  const supply = await resolveSupply(ctx, item);
  const invoiceId = await namedInvoice(ctx, item, supply);
  const hash = await contentHash(item);
  const known = await knownKey(ctx.db, KIND, item.key);
  if (known && known.hash === hash) return { outcome: "unchanged", id: known.portalId };

  const portalRow = await portalCardPayment(ctx, item, supply);
  if (portalRow !== null) {
    // Already counted when the portal took it: only the key (and its content) is remembered.
    if (known && known.portalId !== portalRow) throw new Refusal("transaction_mismatch");
    await rememberKey(ctx, KIND, item.key, portalRow, hash);
    return { outcome: known ? "updated" : "unchanged", id: portalRow };
  }
  if (known) {
    await updatePayment(ctx, item, supply, known.portalId);
    await rememberKey(ctx, KIND, item.key, known.portalId, hash);
    return { outcome: "updated", id: known.portalId };
  }
  // A new payment: its key is claimed first, so the same payment sent twice at once (or a
  // batch retried while the first call still runs) is counted once.
  if (!(await claimKey(ctx, KIND, item.key))) throw new Refusal("in_progress");
  let id: number;
  try {
    id = await recordPayment(ctx, item, supply, invoiceId);
  } catch (error) {
    await releaseClaim(ctx, KIND, item.key);
    throw error;
  }
  await rememberKey(ctx, KIND, item.key, id, hash);
  try {
    await notifyPaymentReceived(ctx, {
      key: item.key,
      meterId: supply.id,
      amount: item.amount,
      paidAt: item.paid_at,
      channel: item.channel,
    });
  } catch (error) {
    // The payment is recorded; its receipt is the notices' concern (logged, never a refusal).
    logError(error, { id: `payment-${id}`, where: "notice-payment" });
  }
  return { outcome: "created", id };
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficePaymentRoutes = new Hono<ApiEnv>().post(
  "/payments",
  doc({
    summary: "Payments from every channel that settle balances (batch upsert)",
    description:
      "Card (with the acquirer's transaction id: a payment taken in the portal is matched, never counted twice), RF through the banks, cash desk, direct debit. At most 500 items, each answered created, updated, unchanged or refused with a reason (unknown_supply, unknown_invoice, transaction_mismatch, supply_changed, duplicate_key, validation).",
    ok: json(batchAnswerSchema),
    errors: { 400: ["validation"] },
  }),
  requireService("payments"),
  validate("json", batchEnvelope(paymentItemSchema)),
  async (c) => {
    const { items } = c.req.valid("json");
    const ctx = batchContext(c);
    return c.json(await runBatch(items, paymentItemSchema, ctx, applyPayment, "payments"));
  },
);
