/**
 * Direct debit with Viva (ADR 0025, "Direct debit"): the card is entered on Viva's Smart Checkout
 * page, never in the portal. The mandate is set up by a verification order of 0,30 € (Viva's
 * minimum) created with `allowRecurring: true` ("Create a recurring payment"); its finished
 * transaction, read back and checked as a payment's is (statusId "F", order code, merchantTrns,
 * amount), becomes the supply's mandate: the initial transaction id is the token later charges
 * use (`POST {checkout}/api/transactions/{id}`), the card's last four digits come from the
 * read-back's masked number and its expiry from Viva's transaction look-up. The 0,30 € is then
 * refunded at once (Viva cancels on the same day). Nothing here touches a balance or the ledger.
 *
 * The return comes to the one stable /checkout-return with `t` and `s`: the payments API finds
 * no payment order with that code and asks here (`mandateReturn`); the webhook and the hourly
 * reconciliation go the same way.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { ApiPaymentOutcome } from "../../core/contract";
import { cardBrand, FLOW_TTL_SECONDS } from "../../core/direct-debit/rules";
import { randomToken } from "../../core/tokens";
import type { Db } from "../db";
import { customers, directDebitFlows, directDebitOrders } from "../db/schema";
import { euros } from "../domain/money";
import { vivaClient, VivaUnavailable, type VivaConfig } from "../gateway/viva";
import { ApiError, badRequest } from "../lib/errors";
import { nowIso } from "../lib/time";
import { auditStatementWhen } from "../services/audit";
import type { Lang } from "../types";
import { ownEligibleMeter, upsertStatement, type FlowRow, type RegisteredCard } from "./service";

/** The verification amount: Viva's smallest order (0,30 €), refunded as soon as it is recorded. */
export const MANDATE_AMOUNT_CENTS = 30;
/** At most this many Viva orders per set-up flow (each is an order at Viva): then 429. */
export const MAX_MANDATE_ORDERS_PER_FLOW = 5;
/** Where a mandate's return sends the customer (checkout-return knows this path). */
export const MANDATE_RETURN = "/direct-debit";

type OrderRow = typeof directDebitOrders.$inferSelect;

const description: Record<Lang, string> = {
  el: "NRG πάγια εντολή: έλεγχος κάρτας 0,30 €, επιστρέφεται αμέσως",
  en: "NRG direct debit: card check of €0.30, refunded at once",
};

/**
 * The card step with Viva: the chosen supply is kept on the flow, a mandate order is created at
 * Viva, and the customer goes to its hosted page (the answer's URL).
 */
export async function startMandateOrder(
  db: Db,
  config: VivaConfig,
  flow: FlowRow,
  meterId: number,
  lang: Lang,
): Promise<string> {
  if (flow.status !== "card" && flow.status !== "confirm") throw badRequest("invalid_data");
  const meter = await ownEligibleMeter(db, { customerId: flow.customer_id }, meterId);
  const [made] = await db
    .select({ n: sql<number>`count(*)` })
    .from(directDebitOrders)
    .where(eq(directDebitOrders.flow_id, flow.id));
  if ((made?.n ?? 0) >= MAX_MANDATE_ORDERS_PER_FLOW) {
    throw new ApiError(429, "too_many_attempts", { message: String(FLOW_TTL_SECONDS) });
  }
  const id = `ddo_${randomToken(16)}`;
  const [, , [holder]] = await db.batch([
    db
      .update(directDebitFlows)
      .set({
        meter_id: meter.id,
        status: "card",
        card_token: null,
        card_last4: null,
        card_brand: null,
      })
      .where(
        and(
          eq(directDebitFlows.id, flow.id),
          inArray(directDebitFlows.status, ["card", "confirm"]),
        ),
      ),
    db.insert(directDebitOrders).values({
      id,
      flow_id: flow.id,
      meter_id: meter.id,
      amount_cents: MANDATE_AMOUNT_CENTS,
      created_at: nowIso(),
    }),
    db
      .select({ name: customers.name, email: customers.email })
      .from(customers)
      .where(eq(customers.id, flow.customer_id)),
  ]);
  const client = vivaClient(config);
  let code: string;
  try {
    code = await client.createOrder({
      amountCents: MANDATE_AMOUNT_CENTS,
      merchantTrns: id,
      customerTrns: description[lang],
      lang,
      email: holder?.email ?? null,
      fullName: holder?.name ?? null,
      allowRecurring: true,
    });
  } catch (error) {
    if (error instanceof VivaUnavailable) throw new ApiError(502, "payment_provider_error");
    throw error;
  }
  await db
    .update(directDebitOrders)
    .set({ provider_order: code })
    .where(eq(directDebitOrders.id, id));
  return client.checkoutUrl(code);
}

const outcomeOf = (
  order: OrderRow,
  outcome: ApiPaymentOutcome["outcome"],
  reason: ApiPaymentOutcome["reason"] = null,
): ApiPaymentOutcome => ({
  outcome,
  reason,
  order_id: order.id,
  reference: order.id,
  amount: euros(order.amount_cents),
  return_to: MANDATE_RETURN,
});

async function closeMandateOrder(
  db: Db,
  id: string,
  status: "failed" | "cancelled",
  failure: string | null,
  acquirerTxn: string | null = null,
) {
  const rows = await db
    .update(directDebitOrders)
    .set({ status, failure, acquirer_txn: acquirerTxn, completed_at: nowIso() })
    .where(and(eq(directDebitOrders.id, id), eq(directDebitOrders.status, "started")))
    .returning({ id: directDebitOrders.id });
  return rows.length > 0;
}

/**
 * A return (or webhook, or reconciliation) naming a mandate order: read back, checked, and the
 * mandate stored at most once. Anything that does not prove a finished 0,30 € transaction of this
 * very order stores nothing: "generic failure" (tampered, another amount), "declined" (failed at
 * Viva; the order stays open, the customer may try again) or "timed out" (Viva could not be
 * asked, or the payment is still in progress: the webhook or the reconciliation settles it).
 */
export async function processMandateReturn(
  db: Db,
  config: VivaConfig,
  order: OrderRow,
  fields: Record<string, string>,
): Promise<ApiPaymentOutcome> {
  if (order.status === "success") return outcomeOf(order, "success");
  if (order.status !== "started") return outcomeOf(order, "fail");
  const t = fields.t ?? "";
  if (!/^[0-9a-fA-F-]{16,64}$/.test(t)) return outcomeOf(order, "fail");
  const client = vivaClient(config);
  let txn: Awaited<ReturnType<typeof client.transaction>>;
  let expiry: Awaited<ReturnType<typeof client.cardExpiry>> = null;
  try {
    txn = await client.transaction(t);
    if (txn?.statusId === "F") expiry = await client.cardExpiry(t);
  } catch (error) {
    if (error instanceof VivaUnavailable) return outcomeOf(order, "fail", "not_completed");
    throw error;
  }
  // Another order's transaction or an unknown one: told, nothing stored, the order left as it is.
  if (!txn || txn.orderCode !== order.provider_order || txn.merchantTrns !== order.id) {
    return outcomeOf(order, "fail");
  }
  if (txn.statusId === "A") return outcomeOf(order, "fail", "not_completed");
  if (txn.statusId !== "F") return outcomeOf(order, "fail", "card_failed");
  if (txn.amountCents !== order.amount_cents || !txn.cardLast4 || !expiry) {
    // Money of another amount moved, or Viva gave no card: support looks at it.
    await closeMandateOrder(db, order.id, "failed", "invalid", t);
    return outcomeOf(order, "fail");
  }
  if (!txn.recurringSupport) {
    // Paid with a method that cannot be charged again (a wallet): no mandate; money back.
    if (await closeMandateOrder(db, order.id, "failed", "no_recurring", t)) {
      await refund(client, order, t);
    }
    return outcomeOf(order, "fail", "card_failed");
  }
  const [flow] = await db
    .select({ customer_id: directDebitFlows.customer_id })
    .from(directDebitFlows)
    .where(eq(directDebitFlows.id, order.flow_id));
  const meter = flow
    ? await ownEligibleMeter(db, { customerId: flow.customer_id }, order.meter_id).catch(() => null)
    : null;
  if (!meter) {
    // The supply left the customer or stopped meanwhile: no mandate; money back.
    if (await closeMandateOrder(db, order.id, "failed", "invalid", t)) {
      await refund(client, order, t);
    }
    return outcomeOf(order, "fail");
  }
  const card: RegisteredCard = {
    token: `viva:${t}`,
    last4: txn.cardLast4,
    brand: cardBrand(txn.cardPrefix),
    expMonth: expiry.month,
    expYear: expiry.year,
    holder: txn.fullName,
  };
  const stamp = nowIso();
  // One transaction: the order is claimed once; the flow ends and the mandate is written only
  // if this call claimed it (a replay, the webhook at the same moment: nothing more).
  const claimed = sql`EXISTS (SELECT 1 FROM direct_debit_orders
    WHERE id = ${order.id} AND status = 'success' AND completed_at = ${stamp} AND acquirer_txn = ${t})`;
  const [claim] = await db.batch([
    db
      .update(directDebitOrders)
      .set({ status: "success", acquirer_txn: t, completed_at: stamp })
      .where(and(eq(directDebitOrders.id, order.id), eq(directDebitOrders.status, "started")))
      .returning({ id: directDebitOrders.id }),
    db
      .update(directDebitFlows)
      .set({
        status: "done",
        completed_at: stamp,
        meter_id: meter.id,
        card_token: card.token,
        card_last4: card.last4,
        card_brand: card.brand,
        card_exp_month: card.expMonth,
        card_exp_year: card.expYear,
        holder: card.holder,
      })
      .where(and(eq(directDebitFlows.id, order.flow_id), claimed)),
    upsertStatement(db, meter, card, stamp, claimed),
    auditStatementWhen(
      db,
      {
        action: "direct_debit_change",
        customerId: meter.customer_id,
        meterId: meter.id,
        detail: { direct_debit: ["off", card.brand] },
      },
      claimed,
    ),
  ]);
  if (claim.length === 0) {
    const [now] = await db
      .select({ status: directDebitOrders.status })
      .from(directDebitOrders)
      .where(eq(directDebitOrders.id, order.id));
    return outcomeOf(order, now?.status === "success" ? "success" : "fail");
  }
  await refund(client, order, t);
  return outcomeOf(order, "success");
}

/** The mandate order a Viva order code names, if it is one. */
export async function findMandateOrder(db: Db, providerOrder: string) {
  const [order] = await db
    .select()
    .from(directDebitOrders)
    .where(eq(directDebitOrders.provider_order, providerOrder));
  return order;
}

/**
 * For processReturn: a Viva order code that names no payment order may name a mandate order;
 * its outcome then goes to the direct-debit pages (MANDATE_RETURN), never to a payment's.
 */
export const mandateReturn =
  (db: Db, config: VivaConfig | null, fields: Record<string, string>) =>
  async (providerOrder: string): Promise<ApiPaymentOutcome | null> => {
    if (!config) return null;
    const order = await findMandateOrder(db, providerOrder);
    return order ? processMandateReturn(db, config, order, fields) : null;
  };

/** Mandate orders older than this are settled by the hourly reconciliation. */
const RECONCILE_AFTER_MS = 30 * 60_000;

/**
 * The hourly reconciliation of mandate orders (like payments'): a finished transaction is read
 * back and stored as on the return; an order expired, cancelled or unknown at Viva is closed; one
 * still open is kept. Never a payment. Returns how many were settled and kept.
 */
export async function reconcileMandateOrders(db: Db, config: VivaConfig, now: Date) {
  const report = { settled: 0, kept: 0, errors: 0 };
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const pending = await db
    .select()
    .from(directDebitOrders)
    .where(
      and(
        eq(directDebitOrders.status, "started"),
        isNotNull(directDebitOrders.provider_order),
        lte(directDebitOrders.created_at, before),
      ),
    )
    .orderBy(asc(directDebitOrders.created_at))
    .limit(20);
  for (const order of pending) {
    if (!order.provider_order || report.errors >= 3) break;
    try {
      const state = await vivaClient(config).orderState(order.provider_order);
      const paid = state?.transactions.find((x) => x.statusId === "F");
      if (paid) {
        const outcome = await processMandateReturn(db, config, order, { t: paid.transactionId });
        if (outcome.reason === "not_completed") report.kept += 1;
        else report.settled += 1;
      } else if (!state || state.stateId === 1) {
        await closeMandateOrder(db, order.id, "failed", "expired");
        report.settled += 1;
      } else if (state.stateId === 2) {
        await closeMandateOrder(db, order.id, "cancelled", null);
        report.settled += 1;
      } else {
        report.kept += 1;
      }
    } catch (error) {
      report.errors += 1;
      console.error(
        JSON.stringify({ type: "reconcile-dd", order: order.id, error: String(error) }),
      );
    }
  }
  return report;
}

async function refund(client: ReturnType<typeof vivaClient>, order: OrderRow, t: string) {
  try {
    if (!(await client.refund(t, order.amount_cents))) throw new Error("refused");
  } catch (error) {
    // The mandate stands; the 0,30 € is for support to refund by hand (logged, no card data).
    console.error(JSON.stringify({ type: "dd-refund", order: order.id, error: String(error) }));
  }
}
