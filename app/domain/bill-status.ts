import type { ApiInvoice, ApiMeter, InvoiceType } from "../../core/contract";
import { coveredByPlan } from "../../core/payment-plans";

/**
 * The payment status of one billing row ("the money first"), shown as a badge on the
 * bills table, the invoice page and the overview.
 *
 * Only bills that ask for money have a status: Clearance, Advance and Manual. Credit notes,
 * cancellations and payment rows show their type and no status (`null`).
 * - paid: nothing remains;
 * - overdue: something remains and the due date has passed (checked before the two below, so a
 *   partly paid bill past its due date is overdue: that is what the customer must act on);
 * - partly paid: something was paid and something remains;
 * - unpaid: nothing was paid yet and the due date has not passed (or there is none).
 *
 * `remaining` is what is still unpaid of `total` (previous balance + this bill), in euros with two
 * decimals; amounts are compared in cents so that 0.1 + 0.2 rounding never decides a status.
 * `today` is the calendar day in Athens (YYYY-MM-DD): a bill due today is not yet overdue.
 * - in a payment plan: an overdue bill the supply's kept payment plan covers (#38 §1,
 *   core/payment-plans.ts coveredByPlan: issued up to the day the plan was set up).
 */
export type BillStatus = "paid" | "partlyPaid" | "unpaid" | "overdue" | "inPlan";

const WITH_STATUS: ReadonlySet<InvoiceType> = new Set(["Clearance", "Advance", "Manual"]);

export function hasStatus(type: InvoiceType): boolean {
  return WITH_STATUS.has(type);
}

const cents = (euros: number) => Math.round(euros * 100);

export function billStatus(
  bill: Pick<ApiInvoice, "type" | "total" | "remaining" | "date_due"> &
    Partial<Pick<ApiInvoice, "issue_date">>,
  today: string,
  /** The bill's supply's kept plan (ApiMeter.payment_plan), when the page has it. */
  plan?: ApiMeter["payment_plan"],
): BillStatus | null {
  if (!hasStatus(bill.type)) return null;
  const remaining = cents(bill.remaining);
  if (remaining <= 0) return "paid";
  if (bill.date_due && bill.date_due.slice(0, 10) < today) {
    const covered =
      plan && bill.issue_date
        ? coveredByPlan({ issue_date: bill.issue_date }, { status: "kept", created_at: plan.since })
        : false;
    return covered ? "inPlan" : "overdue";
  }
  return remaining < cents(bill.total) ? "partlyPaid" : "unpaid";
}
