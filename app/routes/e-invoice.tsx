import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { isMark, formatMark } from "../../core/e-invoice";
import { getApi } from "../.server/api";
import { eInvoice } from "../.server/api/e-invoices";
import { NO_STORE } from "../.server/no-store";
import { PublicLayout } from "../components/PublicLayout";
import { formatAmount, formatDate } from "../domain/format";
import { retryAfterHeaders } from "../domain/throttle";
import { getInstance } from "../middleware/i18next";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/e-invoice";

// The title comes from the loader, translated on the server: arriving from the bill's page, the
// browser holds only the card's part of the namespace until this page's part has loaded.
export const handle: RouteHandle = { i18n: ["eInvoice"] };

/** Cached nowhere: a MARK's page is looked up each time (and counted when it is unknown). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * The public verification page a bill's QR code opens (#20): what the tax authority's public view
 * of the e-invoice shows, and nothing of the customer. Signed in or not, the same page. An
 * unknown or malformed MARK is the translated 404 page; too many unknown ones, the API's 429.
 */
export async function loader(args: Route.LoaderArgs) {
  const mark = args.params.mark;
  if (!isMark(mark)) throw data(null, { status: 404 });
  const result = await eInvoice(getApi(args), mark);
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    throw data(null, {
      status: result.status === 429 ? 429 : 503,
      headers: retryAfterHeaders(result),
    });
  }
  const title = getInstance(args.context).t("eInvoice:page.title");
  return data({ e: result.data, title }, { headers: NO_STORE });
}

export default function EInvoicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("eInvoice");
  const { e } = loaderData;
  const rows: Array<[string, string]> = [
    [t("card.mark"), formatMark(e.mark)],
    [t("page.issuerVat"), e.issuer_vat],
    [t("page.issuerName"), e.issuer_name],
    [t("page.invoiceNo"), e.invoice_no],
    [t("page.issueDate"), formatDate(e.issue_date)],
    [t("page.net"), formatAmount(e.net)],
    [t("page.vat"), formatAmount(e.vat)],
    [t("page.total"), formatAmount(e.total)],
  ];
  return (
    <PublicLayout>
      <article className="card e-invoice">
        <h1>{t("page.title")}</h1>
        <p>{t("page.intro")}</p>
        <dl className="facts">
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p className="muted">{t("page.derived")}</p>
      </article>
    </PublicLayout>
  );
}
