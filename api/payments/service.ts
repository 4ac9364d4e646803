/**
 * Card payments on the merchant side: orders (one per attempt), the verified gateway return and
 * the exactly-once recording of a successful payment in the ledger.
 *
 * Exactly once: the return's processing "claims" the order with a conditional UPDATE (status
 * 'started' → final, plus a random claim id) and every ledger write of the same atomic D1 batch
 * is conditioned on that claim. A second, replayed or concurrent return finds nothing to claim, so
 * its writes do nothing; and transactions(order_id, meter_id) is UNIQUE, so even a bug here could
 * not insert a second ledger row (the batch would fail and roll back as a whole).
 *
 * Never more than due: the same claim also re-checks, inside that one UPDATE,
 * that no item of the order is above what its supply still owes NOW. Two orders for the whole
 * balance of one supply, returned at the same moment, both pass the check at order time; only the
 * first recorded one passes it at return time. The other is not recorded at all (all items or
 * none): its authorisation is voided at the acquirer and the customer is told so.
 *
 * Every statement works on the order's items inside SQL (`payment_order_items`, or one JSON
 * array parameter when the order is created), so an order for 1,000 supplies is the same handful
 * of statements with a handful of bound parameters as an order for one (D1 binds at most 100).
 */
import { supplyAddress, supplyAddressColumns, supplyNumberColumns } from "../db/supply-columns";
import { supplyNumber } from "../../core/supply-number";
import { and, asc, eq, exists, getTableColumns, ne, notExists, sql } from "drizzle-orm";
import type { ApiPaymentOutcome, ApiPaymentResult, ApiReceipt } from "../../core/contract";
import type { Db } from "../db";
import {
  customers,
  gatewayPayments,
  meters,
  paymentOrderChannels,
  paymentOrderItems,
  paymentOrders,
  transactions,
  users,
} from "../db/schema";
import type { PaymentGateway } from "../gateway/gateway";
import { euros } from "../domain/money";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { randomToken } from "../../core/tokens";
import { nowIso } from "../lib/time";
import { athensToday } from "../../core/dates";
import { isActiveMeterStatus } from "../../core/meter-status";
import { owesCents } from "../../core/balance";
import type { Lang } from "../types";
import { receiptEmail } from "./emails";
import { sendEmail } from "../services/outbox";
import { changedRow } from "../db/changes";
import { inIds } from "../db/ids";
import { personMeter, personMeterIds, type SupplyScope } from "../services/customers";

export type Channel = (typeof paymentOrderChannels)[number];

/** What paying a supply needs of it: its status, balance, number, address and e-bill email. */
const meterColumns = {
  id: meters.id,
  customer_id: meters.customer_id,
  status: meters.status,
  ...supplyNumberColumns,
  ...supplyAddressColumns,
  package_print_descr: meters.package_print_descr,
  package_name: meters.package_name,
  running_total_cents: meters.running_total_cents,
  last_invoice_due_date: meters.last_invoice_due_date,
  ebill_email: meters.ebill_email,
};

export type MeterRow = Pick<typeof meters.$inferSelect, keyof typeof meterColumns>;

/** An order as the service reads it: every column but the claim, which only SQL compares. */
const { claim: _claim, ...orderColumns } = getTableColumns(paymentOrders);

export type OrderRow = Omit<typeof paymentOrders.$inferSelect, "claim">;

/** The raw D1 binding, for the one batch Drizzle's builders cannot write (recordSuccess). */
const d1 = (db: Db): D1Database => db.$client;

export async function findMeter(db: Db, meterId: number): Promise<MeterRow | undefined> {
  const [meter] = await db.select(meterColumns).from(meters).where(eq(meters.id, meterId));
  return meter;
}

/** The person's meters with these ids (others are silently absent: the caller answers 404). */
export async function customerMetersByIds(db: Db, person: SupplyScope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(meterColumns)
    .from(meters)
    .where(and(personMeter(person), inIds(meters.id, ids)));
}

/** Supplies that can be paid (spec §5): the normal statuses, Active or Stopped. */
export const isPayable = (m: Pick<MeterRow, "status">) => isActiveMeterStatus(m.status);

/** "P261122-7F3K9Q": date and six characters without look-alikes (0/O, 1/I). */
export function newReference(now = new Date()): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const suffix = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `P${now.toISOString().slice(2, 10).replaceAll("-", "")}-${suffix}`;
}

export interface NewOrder {
  userId: number | null;
  channel: Channel;
  returnTo: string;
  lang: Lang;
  items: { meterId: number; amountCents: number }[];
  /** The payment-plan instalment this order pays (one item, of exactly its amount). */
  instalmentId?: number;
}

/**
 * Checks every item against the supply's balance now (amount > 0 and ≤ total due; a supply with
 * nothing due cannot be paid) and stores a new order: a fresh id for every attempt.
 */
export async function createOrder(db: Db, meters: MeterRow[], order: NewOrder) {
  order.items.forEach((item, index) => {
    const meter = meters.find((m) => m.id === item.meterId);
    if (!meter || !isPayable(meter)) throw notFound();
    // The one rule of what is owed (core/balance.ts), as the portal's pages count it (#35).
    if (!owesCents(meter.status, meter.running_total_cents))
      throw badRequest("nothing_due", `items.${index}.meter_id`);
    if (!Number.isInteger(item.amountCents) || item.amountCents <= 0)
      throw badRequest("validation", `items.${index}.amount`, "validate.amount");
    if (item.amountCents > meter.running_total_cents)
      throw badRequest("validation", `items.${index}.amount`, "validate.amountMax");
  });
  const id = `ord_${randomToken(16)}`;
  const reference = newReference();
  const amount = order.items.reduce((sum, item) => sum + item.amountCents, 0);
  const now = nowIso();
  const pairs = JSON.stringify(order.items.map((item) => [item.meterId, item.amountCents]));
  await db.batch([
    db.insert(paymentOrders).values({
      id,
      reference,
      user_id: order.userId,
      channel: order.channel,
      return_to: order.returnTo,
      amount_cents: amount,
      status: "started",
      lang: order.lang,
      instalment_id: order.instalmentId ?? null,
      created_at: now,
    }),
    // Every item in one statement: one JSON array of [meter id, cents] pairs (table column order).
    db
      .insert(paymentOrderItems)
      .select(
        sql`SELECT ${id}, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${pairs})`,
      ),
  ]);
  return { id, reference, amountCents: amount };
}

/** Viva's order code of an order, once Viva accepted it (0017_viva_orders.sql). */
export async function setProviderOrder(db: Db, orderId: string, providerOrder: string) {
  await db
    .update(paymentOrders)
    .set({ provider_order: providerOrder })
    .where(eq(paymentOrders.id, orderId));
}

export async function findOrderByProviderRef(db: Db, providerOrder: string) {
  const [order] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .where(eq(paymentOrders.provider_order, providerOrder));
  return order;
}

/** What the gateway needs to know of an order to cancel or refund it. */
const refOf = (order: OrderRow) => ({
  orderId: order.id,
  providerOrder: order.provider_order,
  amountCents: order.amount_cents,
});

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return order;
}

const outcomeOf = (
  order: OrderRow,
  outcome: ApiPaymentOutcome["outcome"],
  reason: ApiPaymentOutcome["reason"] = null,
): ApiPaymentOutcome => ({
  outcome,
  reason,
  order_id: order.id,
  reference: order.reference,
  amount: euros(order.amount_cents),
  return_to: order.return_to,
});

/**
 * Ends an order that did not succeed (failed, cancelled); false when another request already
 * ended it. Nothing touches balances or the ledger.
 */
export async function closeOrder(
  db: Db,
  orderId: string,
  status: "failed" | "cancelled",
  failure: string | null,
  acquirerTxn: string | null,
) {
  const result = await db
    .update(paymentOrders)
    .set({ status, failure, acquirer_txn: acquirerTxn, completed_at: nowIso() })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, "started")));
  return changedRow(result);
}

/** What recording an approved payment did. */
type Recorded = "recorded" | "already_processed" | "nothing_due";

/**
 * Records a successful payment once: claim the order, then per supply a ledger row
 * (transactions), a 'payment' row in the billing history (ledger balance carried on), bills paid
 * off, and the supply's balance and last payment, and a plan instalment it pays. One atomic
 * batch of the same few statements whatever the number of supplies.
 *
 * The claim is the one place the rule "never more than is still due" is decided: it succeeds only
 * while the order is 'started' AND no item is above its supply's balance at this moment. Every
 * other statement is conditioned on the claim, and D1 runs a batch as one transaction, so two
 * returns that race see each other's balance: exactly one of them records.
 */
async function recordSuccess(
  db: Db,
  order: OrderRow,
  acquirerTxn: string,
  cardLast4: string | null = null,
): Promise<Recorded> {
  const claim = randomToken(16);
  const now = nowIso();
  // The customer's calendar day (Athens), as the receipt's stamp shows it: a payment at 00:18
  // Athens time (22:18 UTC) is paid on the new day, in the history and as the last payment date.
  const today = athensToday(new Date(now));
  // Plain SQL on purpose: UPDATE … FROM, INSERT … SELECT with window functions and correlated
  // sub-selects, every one conditioned on the claim, read best as the SQL they are.
  const conn = d1(db);
  const claimed = "EXISTS (SELECT 1 FROM payment_orders WHERE id = ? AND claim = ?)";
  const latest = (column: string) =>
    `(SELECT ${column} FROM invoices WHERE meter_id = t.meter_id ORDER BY issue_date DESC, id DESC LIMIT 1)`;
  const statements: D1PreparedStatement[] = [
    conn
      .prepare(
        `UPDATE payment_orders SET status = 'success', acquirer_txn = ?, claim = ?, completed_at = ?,
           card_last4 = ?
         WHERE id = ? AND status = 'started'
           AND NOT EXISTS (SELECT 1 FROM payment_order_items i JOIN meters m ON m.id = i.meter_id
                            WHERE i.order_id = payment_orders.id
                              AND i.amount_cents > m.running_total_cents)
         RETURNING id`,
      )
      .bind(acquirerTxn, claim, now, cardLast4, order.id),
    // The ledger: the transaction number is the reference, with "-n" (n = 1, 2, … in meter id
    // order) when one payment covers several supplies.
    conn
      .prepare(
        `INSERT INTO transactions (txn_no, user_id, meter_id, amount_cents, status, payment_group, created_at, completed_at, order_id)
         SELECT CASE WHEN i.n = 1 THEN o.reference ELSE o.reference || '-' || i.rn END,
                o.user_id, i.meter_id, i.amount_cents, 'success', o.reference, o.created_at, ?, o.id
           FROM (SELECT meter_id, amount_cents, ROW_NUMBER() OVER (ORDER BY meter_id) AS rn,
                        COUNT(*) OVER () AS n
                   FROM payment_order_items WHERE order_id = ?) AS i
           JOIN payment_orders o ON o.id = ? AND o.claim = ?
          ORDER BY i.meter_id`,
      )
      .bind(now, order.id, order.id, claim),
    // The billing history's payment row per supply, carrying the ledger balance on.
    conn
      .prepare(
        `INSERT INTO invoices (meter_id, type, invoice_no, issue_date, payment_date, ypoloipo_cents, total_value_cents,
           remaining_cents, business_partner, contract_account)
         SELECT t.meter_id, 'payment', t.txn_no, ?, ?, COALESCE(${latest("ypoloipo_cents + total_value_cents")}, 0),
           -t.amount_cents, 0, COALESCE(${latest("business_partner")}, ''), COALESCE(${latest("contract_account")}, '')
           FROM transactions t
          WHERE t.order_id = ? AND ${claimed}
          ORDER BY t.meter_id`,
      )
      .bind(today, today, order.id, order.id, claim),
    // SET expressions read the old values: a bill whose remaining is covered gets today as its payment date.
    conn
      .prepare(
        `UPDATE invoices SET remaining_cents = MAX(0, remaining_cents - i.amount_cents),
           payment_date = CASE WHEN remaining_cents <= i.amount_cents AND payment_date IS NULL THEN ? ELSE payment_date END
           FROM payment_order_items i
          WHERE i.order_id = ? AND invoices.meter_id = i.meter_id
            AND invoices.type IN ('Advance','Clearance','Manual') AND invoices.remaining_cents > 0
            AND ${claimed}`,
      )
      .bind(today, order.id, order.id, claim),
    conn
      .prepare(
        `UPDATE meters SET running_total_cents = running_total_cents - i.amount_cents,
           trn_value_cents = i.amount_cents, last_payment_date = ?
           FROM payment_order_items i
          WHERE i.order_id = ? AND meters.id = i.meter_id AND ${claimed}`,
      )
      .bind(today, order.id, order.id, claim),
    // A payment-plan instalment's order (#38 §1): the instalment is paid, and its plan is kept
    // (the first paid) or completed (the last), in the same batch as the payment itself.
    conn
      .prepare(
        `UPDATE payment_plan_instalments SET paid_at = ?
          WHERE id = (SELECT instalment_id FROM payment_orders WHERE id = ? AND claim = ?)
            AND paid_at IS NULL`,
      )
      .bind(now, order.id, claim),
    conn
      .prepare(
        `UPDATE payment_plans SET status = CASE WHEN EXISTS (SELECT 1 FROM payment_plan_instalments
             WHERE plan_id = payment_plans.id AND paid_at IS NULL) THEN 'kept' ELSE 'completed' END
          WHERE status IN ('open', 'kept') AND id = (SELECT plan_id FROM payment_plan_instalments
            WHERE id = (SELECT instalment_id FROM payment_orders WHERE id = ? AND claim = ?))`,
      )
      .bind(order.id, claim),
    // Completed by this payment: its activity log entry (the plan was live until this batch).
    conn
      .prepare(
        `INSERT INTO audit_log (action, user_id, customer_id, meter_id, detail)
         SELECT 'payment_plan_completed', o.user_id, m.customer_id, p.meter_id, NULL
           FROM payment_orders o
           JOIN payment_plan_instalments i ON i.id = o.instalment_id
           JOIN payment_plans p ON p.id = i.plan_id
           JOIN meters m ON m.id = p.meter_id
          WHERE o.id = ? AND o.claim = ? AND p.status = 'completed' AND changes() > 0`,
      )
      .bind(order.id, claim),
    // The activity log: one entry per supply paid, by the order's person (none for a pay link),
    // in the supply's account; the amount in euros.
    conn
      .prepare(
        `INSERT INTO audit_log (action, user_id, customer_id, meter_id, detail)
         SELECT 'payment', t.user_id, m.customer_id, t.meter_id,
                json_object('amount', printf('%.2f', t.amount_cents / 100.0))
           FROM transactions t JOIN meters m ON m.id = t.meter_id
          WHERE t.order_id = ? AND ${claimed}
          ORDER BY t.meter_id`,
      )
      .bind(order.id, order.id, claim),
  ];
  let results: D1Result[];
  try {
    results = await conn.batch(statements);
  } catch (error) {
    // A concurrent return recorded the order between our read and our batch: the UNIQUE ledger
    // constraint refused the second row and the whole batch rolled back.
    if (String(error).includes("UNIQUE")) return "already_processed";
    throw error;
  }
  if ((results[0]?.results.length ?? 0) > 0) return "recorded";
  // Not claimed: another return ended this order, or an item is above what is due now.
  const after = await findOrder(db, order.id);
  return after?.status === "started" ? "nothing_due" : "already_processed";
}

/**
 * An approved payment that must not be taken (its supplies no longer owe that much): the order
 * ends as failed ("already_paid") and the acquirer voids the authorisation, so the card is never
 * charged. False when another request ended the order first.
 */
async function refuseOverpayment(
  db: Db,
  gateway: PaymentGateway,
  order: OrderRow,
  acquirerTxn: string,
): Promise<boolean> {
  if (!(await closeOrder(db, order.id, "failed", "already_paid", acquirerTxn))) return false;
  try {
    await gateway.void(refOf(order), acquirerTxn);
  } catch (error) {
    // The order is closed and never recorded; the failure stays in the log for support, who
    // release the hold by hand (a real acquirer voids unused authorisations after some days).
    console.error("void failed", order.reference, error);
  }
  return true;
}

/** Verifies the gateway's return and applies it once. */
export async function processReturn(
  db: Db,
  gateway: PaymentGateway,
  fields: Record<string, string>,
  /** A code that names no payment order may name another kind (a direct-debit mandate's). */
  other?: (providerOrder: string) => Promise<ApiPaymentOutcome | null>,
): Promise<ApiPaymentOutcome> {
  // Viva names the order by its own code (`s`): one stable return path for every order.
  const ref = gateway.returnOrderRef?.(fields);
  const named = ref === undefined ? undefined : await findOrderByProviderRef(db, ref);
  if (ref !== undefined && !named) {
    const outcome = await other?.(ref);
    if (outcome) return outcome;
    throw new ApiError(404, "payment_not_found");
  }
  // Viva's webhook may have recorded it before the customer came back: the customer sees the
  // recorded result (the receipt itself still needs the customer's sign-in or pay link).
  if (named?.status === "success") return outcomeOf(named, "success");
  if (named && named.status !== "started") return outcomeOf(named, "already_processed");
  const verified = await gateway.verifyReturn(fields);
  if (!verified.ok) {
    // Viva could not be asked now: nothing is decided; the webhook or the reconciliation will.
    if (verified.reason === "unavailable" && named) {
      return outcomeOf(named, "fail", "not_completed");
    }
    throw verified.reason === "missing"
      ? badRequest("payment_missing_transaction", "order")
      : badRequest("payment_invalid");
  }
  const result = verified.value;
  const order = named ?? (await findOrder(db, result.orderId));
  if (!order) throw new ApiError(404, "payment_not_found");
  // The read-back must name this very order, by its code and by our id (merchantTrns).
  if (
    order.id !== result.orderId ||
    (order.provider_order !== null && order.provider_order !== result.providerOrder)
  ) {
    throw badRequest("payment_invalid");
  }
  if (order.status !== "started") return outcomeOf(order, "already_processed");
  // Not final while the order lives (Viva): in progress, or failed with a retry still possible.
  if (result.status === "pending") return outcomeOf(order, "fail", "not_completed");
  if (result.status === "retry") return outcomeOf(order, "fail", "card_failed");

  if (result.amountCents !== order.amount_cents) {
    // Signed by the acquirer but for another amount: never marked paid; support sorts it out.
    const closed = await closeOrder(db, order.id, "failed", "mismatch", result.acquirerTxn);
    return outcomeOf(order, closed ? "mismatch" : "already_processed");
  }
  switch (result.status) {
    case "approved": {
      const recorded = await recordSuccess(db, order, result.acquirerTxn, result.cardLast4);
      if (recorded === "nothing_due") {
        const refused = await refuseOverpayment(db, gateway, order, result.acquirerTxn);
        return outcomeOf(order, refused ? "already_paid" : "already_processed");
      }
      if (recorded === "already_processed") return outcomeOf(order, "already_processed");
      await sendReceipt(db, order).catch((error: unknown) => {
        console.error("receipt email failed", order.reference, error);
      });
      return outcomeOf(order, "success");
    }
    case "cancelled": {
      const closed = await closeOrder(db, order.id, "cancelled", null, result.acquirerTxn);
      return outcomeOf(order, closed ? "cancelled" : "already_processed");
    }
    case "timeout": {
      const closed = await closeOrder(db, order.id, "failed", "not_completed", result.acquirerTxn);
      return outcomeOf(order, closed ? "fail" : "already_processed", "not_completed");
    }
    default: {
      const closed = await closeOrder(db, order.id, "failed", "card_failed", result.acquirerTxn);
      return outcomeOf(order, closed ? "fail" : "already_processed", "card_failed");
    }
  }
}

/** The customer gave up on the gateway page (the cancel dialog): void it at the acquirer too. */
export async function cancelOrder(db: Db, gateway: PaymentGateway, orderId: string) {
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError(404, "payment_not_found");
  if (order.status !== "started") throw new ApiError(409, "payment_already_processed");
  if ((await gateway.cancel(refOf(order))) === "already_processed") {
    // Authorised at the acquirer, but its return has not reached us yet: not ours to cancel.
    throw new ApiError(409, "payment_already_processed");
  }
  if (!(await closeOrder(db, orderId, "cancelled", null, null))) {
    throw new ApiError(409, "payment_already_processed");
  }
  return { return_to: order.return_to, reference: order.reference };
}

export async function loadReceipt(db: Db, reference: string) {
  const [order] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .where(and(eq(paymentOrders.reference, reference), eq(paymentOrders.status, "success")));
  if (!order) return null;
  const results = await db
    .select({
      txn_no: transactions.txn_no,
      amount_cents: transactions.amount_cents,
      id: meters.id,
      customer_id: meters.customer_id,
      status: meters.status,
      ...supplyNumberColumns,
      ...supplyAddressColumns,
    })
    .from(transactions)
    .innerJoin(meters, eq(meters.id, transactions.meter_id))
    .where(eq(transactions.order_id, order.id))
    .orderBy(asc(transactions.txn_no));
  const [charge] = await db
    .select({ card_last4: gatewayPayments.card_last4 })
    .from(gatewayPayments)
    .where(eq(gatewayPayments.merchant_order, order.id));
  const receipt: ApiReceipt = {
    reference: order.reference,
    amount: euros(order.amount_cents),
    completed_at: order.completed_at ?? order.created_at,
    // Viva's from its read-back (kept on the order), the test acquirer's from its own table.
    card_last4: order.card_last4 ?? charge?.card_last4 ?? null,
    items: results.map((row) => ({
      meter_id: row.id,
      supply_number: supplyNumber(row),
      address: supplyAddress(row),
      txn_no: row.txn_no,
      amount: euros(row.amount_cents),
    })),
  };
  return { order, receipt, customerIds: [...new Set(results.map((r) => r.customer_id))] };
}

/** Whose payment a result is asked for: a signed-in person, or the supply a pay link names. */
export type PaymentOwner = { userId: number } | { meterId: number };

/**
 * A payment's recorded outcome and amount, or null when the reference is unknown or the payment
 * is not the owner's: every supply it paid must be the customer's (or be the link's supply). One
 * statement; an unknown and a foreign reference look the same to the caller.
 */
export async function findPaymentResult(
  db: Db,
  reference: string,
  owner: PaymentOwner,
): Promise<ApiPaymentResult | null> {
  const ownItem = eq(paymentOrderItems.order_id, paymentOrders.id);
  const one = { one: sql`1` };
  const foreign =
    "userId" in owner
      ? db
          .select(one)
          .from(paymentOrderItems)
          .where(
            and(ownItem, sql`${paymentOrderItems.meter_id} NOT IN ${personMeterIds(owner.userId)}`),
          )
      : db
          .select(one)
          .from(paymentOrderItems)
          .where(and(ownItem, ne(paymentOrderItems.meter_id, owner.meterId)));
  const [row] = await db
    .select({
      reference: paymentOrders.reference,
      status: paymentOrders.status,
      amount_cents: paymentOrders.amount_cents,
      completed_at: paymentOrders.completed_at,
    })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.reference, reference),
        exists(db.select(one).from(paymentOrderItems).where(ownItem)),
        notExists(foreign),
      ),
    );
  if (!row) return null;
  return {
    reference: row.reference,
    status: row.status,
    amount: euros(row.amount_cents),
    completed_at: row.completed_at,
  };
}

/** One receipt per payment, to the account's email (portal) or the supply's e-bill email (links). */
async function sendReceipt(db: Db, order: OrderRow) {
  const loaded = await loadReceipt(db, order.reference);
  if (!loaded) return;
  let to: string | null;
  if (order.user_id !== null) {
    const [user] = await db
      .select({ registration_email: users.registration_email })
      .from(users)
      .where(eq(users.id, order.user_id));
    to = user?.registration_email ?? null;
  } else {
    const first = loaded.receipt.items[0];
    const [row] = first
      ? await db
          .select({
            email: sql<string | null>`COALESCE(${meters.ebill_email}, ${customers.email})`,
          })
          .from(meters)
          .innerJoin(customers, eq(customers.id, meters.customer_id))
          .where(eq(meters.id, first.meter_id))
      : [];
    to = row?.email ?? null;
  }
  if (!to) return;
  const email = receiptEmail(order.lang, loaded.receipt);
  await sendEmail(db, {
    to,
    subject: email.subject,
    body: email.body,
    template: "receipt",
    lang: order.lang,
    userId: order.user_id,
  });
}
