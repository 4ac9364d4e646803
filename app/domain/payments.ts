/**
 * Payment rules of spec §5 and §8 for the portal: amounts, cards, the on-time discount line, the
 * checkout query, and one zod schema per form (shared by the server and the browser). The card
 * and amount predicates are the acquirer's and the API's own (api/gateway/rules.ts), so a form
 * never accepts what they refuse.
 */
import { z } from "zod";
import {
  amountError,
  canonicalString,
  cardDigits,
  expiryValid,
  expiryYear,
  hmac,
  luhnValid,
  parseAmount,
  SCA_THRESHOLD_CENTS,
  signFields,
  TEST_3DS_CODE,
  TEST_CARDS,
  toCents,
  validCardNumber,
  validCvv,
  verifyFields,
} from "../../api/gateway/rules";

export {
  amountError,
  canonicalString,
  cardDigits,
  expiryValid,
  expiryYear,
  hmac,
  luhnValid,
  parseAmount,
  SCA_THRESHOLD_CENTS,
  signFields,
  TEST_3DS_CODE,
  TEST_CARDS,
  toCents,
  validCardNumber,
  validCvv,
  verifyFields,
};

/** Spec §9: "a payment should show within 5 days, otherwise call 18101". */
export const PAYMENT_SHOWS_WITHIN_DAYS = 5;

/**
 * The on-time discount (spec §2 "Payment text", §9 "15% if paid by a date"). Rule of this
 * portal: the fixed-price tariffs (package_name contains "FIXED": NRG_HOME_FIXED,
 * NRG_BUSINESS_FIXED) give 15% off when the bill is paid by its due date; the line is shown while
 * something is owed and the due date has not passed.
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

// ---------------------------------------------------------------------------------------------
// Forms

/** /b2b/pay: which supplies and how much of each (dues in cents, by meter id). */
export function createPaySchema(dues: Record<number, number>) {
  return z
    .object({
      items: z
        .array(
          z.object({
            meter_id: z.coerce.number().int().positive(),
            pay: z.boolean().optional(),
            amount: z.string().optional(),
          }),
        )
        .max(500)
        .default([]),
    })
    .superRefine((value, ctx) => {
      let chosen = 0;
      value.items.forEach((item, index) => {
        if (!item.pay) return;
        chosen++;
        const due = dues[item.meter_id];
        if (due === undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["items", index, "amount"],
            message: "payments:errors.nothingDue",
          });
          return;
        }
        const error = amountError(parseAmount(item.amount ?? ""), due);
        if (error)
          ctx.addIssue({ code: "custom", path: ["items", index, "amount"], message: error });
      });
      if (chosen === 0)
        ctx.addIssue({ code: "custom", path: [], message: "payments:errors.chooseSupply" });
    });
}

/** /pay/{hash} and /instant-bill/{hash}: the total due or another amount, with consent. */
export function createPayLinkSchema(dueCents: number) {
  return z
    .object({
      choice: z.enum(["total", "other"], { error: "validate.require" }),
      amount: z.string().optional(),
      consent: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (dueCents <= 0) {
        ctx.addIssue({ code: "custom", path: [], message: "payments:errors.nothingDue" });
        return;
      }
      if (value.choice === "other") {
        const error = amountError(parseAmount(value.amount ?? ""), dueCents);
        if (error) ctx.addIssue({ code: "custom", path: ["amount"], message: error });
      }
      if (!value.consent) {
        ctx.addIssue({ code: "custom", path: ["consent"], message: "payments:errors.consent" });
      }
    });
}

/** The hosted card page of the test acquirer (spec §5 Card). */
export function createCardSchema(now = new Date()) {
  return z
    .object({
      number: z
        .string({ error: "validate.require" })
        .refine(validCardNumber, "payments:card.errors.number"),
      cvv: z.string({ error: "validate.require" }).refine(validCvv, "payments:card.errors.cvv"),
      exp_month: z.string({ error: "validate.require" }),
      exp_year: z.string({ error: "validate.require" }),
      holder: z.string({ error: "validate.require" }).trim().min(2, "validate.require").max(80),
    })
    .superRefine((value, ctx) => {
      if (!expiryValid(value.exp_month, value.exp_year, now)) {
        ctx.addIssue({
          code: "custom",
          path: ["exp_month"],
          message: "payments:card.errors.expiry",
        });
      }
    });
}

export const threeDsSchema = z.object({
  intent: z.enum(["confirm", "cancel"]),
  code: z.string().max(12).optional(),
});
