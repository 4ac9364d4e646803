import { requireUser } from "../.server/guards";
import { getApi } from "../.server/api";
import { receiptPdf } from "../.server/api/payments";
import { fileHeaders } from "../.server/files";
import type { Route } from "./+types/receipt-pdf";

/** A payment number ("P261202-7F3K9Q", "P…-2") or a billing-history payment's number (digits). */
const REFERENCE = /^[A-Z0-9][A-Z0-9-]{2,39}$/;

/**
 * /b2b/receipt-pdf/{reference}: proof of payment (#35 §7), the receipt of one of the customer's
 * payments as NRG-receipt-<reference>.pdf (GET /api/payments/receipts/{reference}/pdf with the
 * session's bearer), so a plain link downloads it without JavaScript. The API checks the owner:
 * another customer's payment, or one that paid a supply outside the person's scope, is 404
 * alike, and so is anything that is not a payment number.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const reference = args.params.reference;
  if (!REFERENCE.test(reference)) {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  const response = await receiptPdf(getApi(args), reference);
  if (!response.ok) {
    throw new Response(null, {
      status: response.status === 404 ? 404 : response.status >= 500 ? 502 : response.status,
      headers: { "cache-control": "no-store" },
    });
  }
  const bytes = await response.arrayBuffer();
  return new Response(bytes, { status: 200, headers: fileHeaders(response, bytes.byteLength) });
}
