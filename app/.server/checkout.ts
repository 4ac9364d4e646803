import type { ApiPaymentResult, ApiReceipt } from "../../core/contract";
import { getApi, type ApiResult } from "./api";
import {
  paymentResult,
  payLinkReceipt,
  payLinkResult,
  receipt as readReceipt,
  type PayLinkPurpose,
} from "./api/payments";
import type { GuardArgs } from "./guards";
import { getSession, isSignedIn } from "../middleware/session";

/** A successful payment the API confirmed for the `?checkout=success&t=…` of this request. */
export interface ConfirmedCheckout {
  reference: string;
  /** The amount the ledger recorded, never the URL's `a`. */
  amount: number;
  /** Every supply the payment paid, with its amount (#35 §7), from the receipt; [] unread. */
  items: { supplyNumber: string; address: string; amount: number }[];
}

/** The pay-link pages, where the link (not a session) says whose payment it may be. */
const LINK_PAGE = /^\/(pay|instant-bill)\/([^/]+)$/;

/**
 * For the root loader: the checkout query's payment as the API recorded it, or null. Anyone can
 * type `?checkout=success&t=…&a=…`, so the success dialog shows only what this returns: a
 * payment of the signed-in customer (or of the supply a /pay link names) that succeeded, with
 * its recorded amount. Unknown, foreign, unfinished and failed payments all give null. Costs an
 * API call only when the URL carries a success query.
 */
export async function loadConfirmedCheckout(args: GuardArgs): Promise<ConfirmedCheckout | null> {
  const url = new URL(args.request.url);
  if (url.searchParams.get("checkout") !== "success") return null;
  const reference = url.searchParams.get("t") ?? "";
  if (!reference || reference.length > 40) return null;
  const link = LINK_PAGE.exec(url.pathname);
  const api = getApi(args);
  const signedIn = isSignedIn(getSession(args.context));
  if (!link && !signedIn) return null;
  let result: ApiResult<ApiPaymentResult>;
  try {
    result = link
      ? await payLinkResult(api, link[1] ?? "", link[2] ?? "", reference)
      : // A result dialog is not worth ending the session over: a lapsed one shows nothing.
        await paymentResult(api, reference);
  } catch (error) {
    // The root loader serves every page: a failing API means no dialog, never an error page.
    if (error instanceof Response) throw error;
    return null;
  }
  if (!result.ok || result.data.status !== "success") return null;
  // The receipt says which supplies were paid (one more call, only for a confirmed success).
  let paid: ApiResult<ApiReceipt> | null = null;
  try {
    const purpose = link?.[1];
    paid = link
      ? purpose === "pay" || purpose === "instant-bill"
        ? await payLinkReceipt(api, purpose satisfies PayLinkPurpose, link[2] ?? "", reference)
        : null
      : await readReceipt(api, reference);
  } catch (error) {
    if (error instanceof Response) throw error;
  }
  const items =
    paid?.ok === true
      ? paid.data.items.map((item) => ({
          supplyNumber: item.supply_number,
          address: item.address,
          amount: item.amount,
        }))
      : [];
  return { reference: result.data.reference, amount: result.data.amount, items };
}
