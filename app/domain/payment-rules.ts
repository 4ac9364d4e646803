/**
 * Payment rules of spec §5 and §8 that the browser may need: amounts, cards, the on-time
 * discount line and the checkout query. No zod here: components import this module, and
 * app/domain/payments.ts (the form schemas, for actions only) re-exports it. The card and amount
 * predicates are the acquirer's and the API's own (core/gateway.ts), so a form never
 * accepts what they refuse.
 */
import { toCents } from "../../core/gateway";

/** Spec §9: "a payment should show within 5 days, otherwise call 18101". */
export const PAYMENT_SHOWS_WITHIN_DAYS = 5;

/**
 * The on-time discount (spec §2 "Payment text", §9 "15% if paid by a date"). Rule of this
 * portal: the fixed-price tariffs (package_name contains "FIXED": NRG_HOME_FIXED,
 * NRG_BUSINESS_FIXED) credit 15% of the bill's energy charge on the NEXT bill when the bill is paid
 * in full by its due date; the amount to pay now stays the full one (ADR 0028, the payment terms
 * §3). The line is shown while something is owed and the due date has not passed.
 */
export const ON_TIME_DISCOUNT_PERCENT = 15;
export const ON_TIME_DISCOUNT_MARKER = "FIXED";

export function onTimeDiscount(
  meter: { package_name: string; last_invoice_due_date: string | null; running_total: number },
  today: string,
): { percent: number; date: string } | null {
  const due = meter.last_invoice_due_date?.slice(0, 10);
  if (!meter.package_name.toUpperCase().includes(ON_TIME_DISCOUNT_MARKER)) return null;
  if (!due || due < today || toCents(meter.running_total) <= 0) return null;
  return { percent: ON_TIME_DISCOUNT_PERCENT, date: due };
}

/** Amount as the form shows it by default: "1234,50" (comma decimals, no grouping). */
export function amountInputValue(euros: number): string {
  const cents = toCents(euros);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/** Cents → euros for the API (numbers with 2 decimals). */
export const centsToEuros = (cents: number) => cents / 100;

// ---------------------------------------------------------------------------------------------
// The checkout query (spec §2 "Checkout query", §8 "Payment")

export const PAYMENT_ERRORS = [
  "missing_transaction",
  "not_found",
  "invalid",
  "already_processed",
  "already_paid",
  "not_completed",
  "card_failed",
] as const;
export type PaymentErrorKey = (typeof PAYMENT_ERRORS)[number];

export type CheckoutQuery =
  | { kind: "success"; t: string; a: number }
  | { kind: "canceledComplete" }
  | { kind: "fail"; error: PaymentErrorKey | null }
  | { kind: "mismatch" }
  | { kind: "cancel"; t: string; o: string | null };

const REFERENCE = /^[A-Z0-9][A-Z0-9-]{2,39}$/;
const ORDER_ID = /^ord_[A-Za-z0-9_-]{16,64}$/;

/** The dialog to show for `?checkout=…`, or null (unknown value, or cancel without t). */
export function parseCheckout(search: URLSearchParams): CheckoutQuery | null {
  const kind = search.get("checkout");
  const t = search.get("t") ?? "";
  switch (kind) {
    case "success": {
      const a = Number(search.get("a"));
      if (!REFERENCE.test(t) || !Number.isFinite(a) || a <= 0) return { kind: "fail", error: null };
      return { kind: "success", t, a };
    }
    case "canceledComplete":
      return { kind: "canceledComplete" };
    case "fail": {
      const e = search.get("e");
      return { kind: "fail", error: PAYMENT_ERRORS.find((x) => x === e) ?? null };
    }
    case "mismatch":
      return { kind: "mismatch" };
    case "cancel": {
      if (!REFERENCE.test(t)) return null;
      const o = search.get("o");
      return { kind: "cancel", t, o: o && ORDER_ID.test(o) ? o : null };
    }
    default:
      return null;
  }
}

export const CHECKOUT_PARAMS = ["checkout", "t", "a", "o", "e"] as const;

/** The page without the checkout query (where a dialog's "close" leads). */
export function withoutCheckout(pathname: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  for (const key of CHECKOUT_PARAMS) rest.delete(key);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}
