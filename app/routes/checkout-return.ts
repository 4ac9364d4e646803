import { redirect } from "react-router";
import type { ApiPaymentOutcome } from "../../core/contract";
import { getApi } from "../.server/api";
import { safeRedirect } from "../domain/redirect";
import { getSession, isSignedIn } from "../middleware/session";
import type { Route } from "./+types/checkout-return";
import { cancelOrder, paymentReturn } from "../.server/api/payments";

/**
 * Where the card acquirer sends the customer back, one stable path for every order (Viva's
 * success and failure URLs are set once in its dashboard): Viva's `t` (transaction) and `s`
 * (order code), which the API reads back from Viva before believing anything (ADR 0025), or the
 * test acquirer's result signed over all fields.
 * A resource route that needs no session cookie (the return of a /pay/{hash} payment has none, and
 * a cross-site redirect may not carry a SameSite=Lax cookie on every browser). It hands every field
 * to the API, which verifies it and records the payment exactly once, then goes on to the
 * page the payment started from with the checkout query of spec §2.
 *
 * Its POST is the cancel dialog's "yes, cancel": a same-origin form post, so React Router's
 * cross-origin action check applies as everywhere else.
 */

const ERROR_OF: Record<string, string> = {
  payment_missing_transaction: "missing_transaction",
  payment_not_found: "not_found",
  payment_invalid: "invalid",
  payment_already_processed: "already_processed",
};

function withQuery(path: string, query: Record<string, string>): string {
  const url = new URL(safeRedirect(path, "/"), "http://portal.invalid");
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** A direct-debit mandate's order (api/direct-debit/viva.ts MANDATE_RETURN): never a payment. */
const MANDATE_RETURN = "/direct-debit";

export function outcomeRedirect(outcome: ApiPaymentOutcome): string {
  if (outcome.return_to === MANDATE_RETURN) {
    // The flow's own pages: its success step, or its step 3 with the spec's message.
    if (outcome.outcome === "success") return "/direct-debit/thank-you";
    const failed =
      outcome.reason === "card_failed"
        ? "declined"
        : outcome.reason === "not_completed"
          ? "timeout"
          : "failed";
    return withQuery(MANDATE_RETURN, { failed });
  }
  switch (outcome.outcome) {
    case "success":
      return withQuery(outcome.return_to, {
        checkout: "success",
        t: outcome.reference,
        a: outcome.amount.toFixed(2),
      });
    case "cancelled":
      return withQuery(outcome.return_to, { checkout: "canceledComplete" });
    case "mismatch":
      return withQuery(outcome.return_to, { checkout: "mismatch" });
    case "already_processed":
      return withQuery(outcome.return_to, { checkout: "fail", e: "already_processed" });
    case "already_paid":
      // The second of two payments for the same balance: say what happened to it (not taken).
      return withQuery(outcome.return_to, { checkout: "fail", e: "already_paid" });
    default:
      return withQuery(outcome.return_to, {
        checkout: "fail",
        e: outcome.reason ?? "card_failed",
      });
  }
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const fields: Record<string, string> = {};
  for (const [key, value] of url.searchParams) fields[key] = value;
  const result = await paymentReturn(getApi(args), fields);
  if (result.ok) throw redirect(outcomeRedirect(result.data), { headers: NO_STORE });
  // Unverifiable: nothing says which page the payment came from.
  const home = isSignedIn(getSession(args.context)) ? "/b2b/pay" : "/";
  throw redirect(
    withQuery(home, { checkout: "fail", e: ERROR_OF[result.code] ?? "not_completed" }),
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const orderId = String(form.get("o") ?? "");
  const back = safeRedirect(String(form.get("back") ?? ""), "/");
  if (!/^ord_[A-Za-z0-9_-]{16,64}$/.test(orderId)) {
    throw redirect(withQuery(back, { checkout: "fail", e: "missing_transaction" }));
  }
  const result = await cancelOrder(getApi(args), orderId);
  if (result.ok) throw redirect(withQuery(result.data.return_to, { checkout: "canceledComplete" }));
  throw redirect(
    withQuery(back, { checkout: "fail", e: ERROR_OF[result.code] ?? "not_completed" }),
  );
}
