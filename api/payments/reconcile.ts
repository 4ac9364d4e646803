/**
 * The hourly reconciliation of Viva orders (ADR 0025): no webhook announces an order that
 * expired, and a customer may close the tab before the redirect while a webhook is lost. Every
 * order still 'started' 30 minutes after it was created is looked up at Viva (Basic-auth order
 * look-up and its transactions) and settled:
 * - a finished transaction ("F"): read back and recorded exactly as on the return (processReturn,
 *   which claims the order, so a return or webhook arriving at the same moment changes nothing);
 * - the order expired or was cancelled at Viva: failed ("expired") or cancelled;
 * - still open at Viva (its 30-minute timeout not reached by Viva's clock): kept for next hour.
 * An order Viva does not know (404) was never paid: failed. Viva unreachable: kept, tried again.
 */
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { getDb } from "../db";
import { paymentOrders } from "../db/schema";
import { vivaClient, vivaGateway, VivaUnavailable } from "../gateway/viva";
import { paymentProvider } from "./provider";
import { closeOrder, findOrder, processReturn } from "./service";
import { reconcileMandateOrders } from "../direct-debit/viva";

/** Orders younger than this are the customer's, still paying. */
export const RECONCILE_AFTER_MS = 30 * 60_000;
/** At most this many orders per run (the next run takes the rest). */
const BATCH = 50;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  cancelled: number;
  kept: number;
  errors: number;
}

export async function reconcileOrders(env: Env, now: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    checked: 0,
    paid: 0,
    failed: 0,
    cancelled: 0,
    kept: 0,
    errors: 0,
  };
  const provider = paymentProvider(env);
  if (provider.kind !== "viva") return report;
  const db = getDb(env.DB);
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const pending = await db
    .select({ id: paymentOrders.id, code: paymentOrders.provider_order })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, "started"),
        isNotNull(paymentOrders.provider_order),
        lte(paymentOrders.created_at, before),
      ),
    )
    .orderBy(asc(paymentOrders.created_at))
    .limit(BATCH);
  let unreachable = 0;
  for (const row of pending) {
    if (!row.code) continue;
    // Viva down: three look-ups in a row failed; the next hour tries again (no 50 timeouts).
    if (unreachable >= 3) {
      report.kept += 1;
      continue;
    }
    report.checked += 1;
    try {
      const state = await vivaClient(provider.config).orderState(row.code);
      const paid = state?.transactions.find((t) => t.statusId === "F");
      if (paid) {
        const outcome = await processReturn(db, vivaGateway(provider.config), {
          t: paid.transactionId,
          s: row.code,
        });
        if (outcome.outcome === "success") report.paid += 1;
        else if (outcome.reason === "not_completed") report.kept += 1;
        else report.failed += 1;
      } else if (!state || state.stateId === 1) {
        // Expired at Viva (or unknown to it): nobody can pay this order any more.
        const failure = state ? "expired" : "not_completed";
        if (await closeOrder(db, row.id, "failed", failure, null)) report.failed += 1;
      } else if (state.stateId === 2) {
        if (await closeOrder(db, row.id, "cancelled", null, null)) report.cancelled += 1;
      } else {
        report.kept += 1;
      }
      unreachable = 0;
    } catch (error) {
      report.errors += 1;
      if (error instanceof VivaUnavailable) unreachable += 1;
      const order = await findOrder(db, row.id).catch(() => undefined);
      console.error(
        JSON.stringify({
          type: "reconcile",
          order: order?.reference,
          outcome: error instanceof VivaUnavailable ? "viva_unavailable" : "error",
          error: String(error),
        }),
      );
    }
  }
  // Direct-debit mandate orders (never payments): stored, expired or kept the same way.
  const mandates = await reconcileMandateOrders(db, provider.config, now).catch(
    (error: unknown) => {
      console.error(JSON.stringify({ type: "reconcile-dd", error: String(error) }));
      return null;
    },
  );
  if (mandates && (mandates.settled || mandates.kept || mandates.errors)) {
    console.log(JSON.stringify({ type: "reconcile-dd", ...mandates }));
  }
  return report;
}
