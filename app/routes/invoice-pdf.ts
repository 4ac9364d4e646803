import { href, redirect } from "react-router";
import { requireUser } from "../.server/guards";
import { getApi } from "../.server/api";
import { invoicePdf } from "../.server/api/invoices";
import { fileHeaders, isFetchDownload } from "../.server/files";
import type { Route } from "./+types/invoice-pdf";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error",
  502: "Bad Gateway",
};

/**
 * /b2b/invoice-pdf/{id}: the bill's PDF through the portal (GET /api/getInvoicePdf/{id} with the
 * session's bearer, refreshed on 401), so a plain link downloads it without JavaScript.
 *
 * - Success: invoice.pdf as an attachment (the browser stays on the page it was on).
 * - From the download dialog (header x-download: fetch): failures keep their status (an empty
 *   file becomes 400) with the status text, and the dialog says what spec §4 asks.
 * - From a plain link: failures redirect to the bill's page, which says "The file is not
 *   available for download" (400/empty) or shows the status text (403; the next page load then
 *   signs out, spec §8). Another customer's or a missing bill: that page answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const id = args.params.id;
  if (!/^\d{1,12}$/.test(id)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const response = await invoicePdf(getApi(args), id);
  let status = response.status;
  if (response.ok) {
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength > 0) {
      return new Response(bytes, { status: 200, headers: fileHeaders(response, bytes.byteLength) });
    }
    status = 400; // an empty file is "not available", like a 400
  }
  if (isFetchDownload(args.request)) {
    return new Response(null, {
      status,
      statusText: STATUS_TEXT[status] ?? "Error",
      headers: { "cache-control": "no-store" },
    });
  }
  const page = href("/b2b/logariasmoi/:invoiceId", { invoiceId: id });
  if (status === 404) return redirect(page);
  const reason = status === 400 ? "unavailable" : status === 403 ? "forbidden" : "failed";
  return redirect(`${page}?download=${reason}`);
}
