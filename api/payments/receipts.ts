import { and, eq } from "drizzle-orm";
import type { ApiReceipt } from "../../core/contract";
import { supplyNumber } from "../../core/supply-number";
import type { Db } from "../db";
import { customers, invoices, meters, paymentOrders, transactions } from "../db/schema";
import { supplyAddress, supplyAddressColumns, supplyNumberColumns } from "../db/supply-columns";
import { euros } from "../domain/money";
import { personOf, visibleMetersByIds } from "../services/customers";
import { loadReceipt } from "./service";

/**
 * Proof of payment (#35 §7): the receipt of one of the caller's payments, found by the payment's
 * reference or by a transaction number of its billing-history row (a payment of several supplies
 * has one row per supply: "P…-2"), so a payment's own page finds it too.
 *
 * - A payment made in the portal: the order's receipt (every supply and amount it paid), only
 *   when every supply it paid is one the person sees.
 * - A payment made elsewhere (bank, RF code, shop), known only from the billing history: a
 *   receipt of that row (`source: "ledger"`, its day as `completed_at`), only for a supply the
 *   person sees.
 *
 * Anything else (unknown, another customer's, a supply outside the person's scope) is null: the
 * caller answers 404 alike.
 */
export async function receiptOf(
  db: Db,
  userId: number,
  reference: string,
): Promise<{ receipt: ApiReceipt; customer: { name: string; afm: string } } | null> {
  const person = await personOf(db, userId);
  const [customer] = await db
    .select({ name: customers.name, afm: customers.afm })
    .from(customers)
    .where(eq(customers.id, person.customerId));
  if (!customer) return null;

  let loaded = await loadReceipt(db, reference);
  if (!loaded) {
    // A transaction number of a portal payment ("P…-2"): its order's receipt.
    const [txn] = await db
      .select({ order_id: transactions.order_id })
      .from(transactions)
      .where(eq(transactions.txn_no, reference));
    if (txn?.order_id) {
      const [order] = await db
        .select({ reference: paymentOrders.reference })
        .from(paymentOrders)
        .where(eq(paymentOrders.id, txn.order_id));
      if (order) loaded = await loadReceipt(db, order.reference);
    }
  }
  if (loaded) {
    const paid = [...new Set(loaded.receipt.items.map((i) => i.meter_id))];
    if (
      loaded.customerIds.length !== 1 ||
      loaded.customerIds[0] !== person.customerId ||
      (await visibleMetersByIds(db, person, paid)).length !== paid.length
    ) {
      return null;
    }
    return { receipt: { ...loaded.receipt, source: "portal" }, customer };
  }

  // A payment row of the billing history on a supply the person sees.
  const rows = await db
    .select({
      meter_id: invoices.meter_id,
      invoice_no: invoices.invoice_no,
      issue_date: invoices.issue_date,
      payment_date: invoices.payment_date,
      total_value_cents: invoices.total_value_cents,
      ...supplyNumberColumns,
      ...supplyAddressColumns,
    })
    .from(invoices)
    .innerJoin(meters, eq(meters.id, invoices.meter_id))
    .where(
      and(
        eq(invoices.invoice_no, reference),
        eq(invoices.type, "payment"),
        eq(meters.customer_id, person.customerId),
      ),
    );
  const visible = new Set(
    (
      await visibleMetersByIds(
        db,
        person,
        rows.map((r) => r.meter_id),
      )
    ).map((m) => m.id),
  );
  const row = rows.find((r) => visible.has(r.meter_id));
  if (!row || rows.length !== 1) return null;
  const amount = euros(-row.total_value_cents);
  return {
    receipt: {
      reference: row.invoice_no,
      amount,
      completed_at: (row.payment_date ?? row.issue_date).slice(0, 10),
      card_last4: null,
      source: "ledger",
      items: [
        {
          meter_id: row.meter_id,
          supply_number: supplyNumber(row),
          address: supplyAddress(row),
          txn_no: row.invoice_no,
          amount,
        },
      ],
    },
    customer,
  };
}
