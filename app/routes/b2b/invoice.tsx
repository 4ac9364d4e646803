import { useTranslation } from "react-i18next";
import {
  BILL_LINES_NS,
  billLineHelpKey,
  billLineLabelKey,
  billPdfFilename,
  SOCIAL_TARIFF_LINE_HELP,
  SOCIAL_TARIFF_LINE_LABEL,
} from "../../../core/bill-lines";
import { data, href, Link } from "react-router";
import { getApi, requireAllMeters, requireShell } from "../../.server/shell";
import { BillStatusBadge } from "../../components/BillStatusBadge";
import { invoicePdfHref, payHref } from "../../components/bills/links";
import { DownloadLink } from "../../components/bills/DownloadLink";
import { RfCode } from "../../components/bills/RfCode";
import stylesHref from "../../components/bills/bills.css?url";
import { billStatus } from "../../domain/bill-status";
import { billPayCents, hasDocument, invoiceBreakdown } from "../../domain/bills";
import {
  formatAmount,
  formatDate,
  formatInteger,
  formatKwh,
  supplyNumber,
} from "../../domain/format";
import { formatRate } from "../../domain/forecast-view";
import { billSocialTariff } from "../../.server/api/hardship";
import { getInstance } from "../../middleware/i18next";
import type { RouteHandle } from "../../root";
import { WhoCan } from "../../components/WhoCan";
import type { Route } from "./+types/invoice";
import { athensToday } from "../../../core/dates";
import { can } from "../../../core/permissions";
import { invoice as readInvoice } from "../../.server/api/invoices";
import { receipt as readReceipt } from "../../.server/api/payments";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { TableHead } from "../../components/TableHead";
import { TitledCard } from "../../components/TitledCard";
import {
  PaymentsUnavailable,
  usePaymentsAvailable,
} from "../../components/checkout/PaymentsUnavailable";
import type { ApiMeter } from "../../../core/contract";
import { eInvoiceQr } from "../../.server/e-invoice-qr";
import { formatMark } from "../../../core/e-invoice";
import { EstimatedMark, StaleNotice } from "../../components/sources/FigureSources";
import { TariffColourMark } from "../../components/TariffColourMark";
import { readingStaleness, type Staleness } from "../../../core/figure-sources";

export const handle: RouteHandle = {
  i18n: ["bills", BILL_LINES_NS, "eInvoice.card", "sources.bill", "sources.chart", "sources.stale"],
  breadcrumb: "bills:invoice.breadcrumb",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

const DOWNLOAD_ERRORS = ["unavailable", "forbidden", "failed"] as const;

/**
 * One bill explained line by line (spec §3 Invoice, §2 download). GET /invoices/{id}: only the
 * owner's; another customer's id or a missing one is a 404 page.
 */
export async function loader(args: Route.LoaderArgs) {
  const id = args.params.invoiceId;
  if (!/^\d{1,12}$/.test(id)) throw data(null, { status: 404 });
  const shell = await requireShell(args);
  const [result, meters] = await Promise.all([
    readInvoice(getApi(args), id),
    requireAllMeters(args),
  ]);
  if (!result.ok) {
    throw data(null, { status: result.status === 404 ? 404 : 500 });
  }
  const invoice = result.data;
  const meter = meters.find((m) => m.id === invoice.meter_id);
  const t = getInstance(args.context).getFixedT(null, "bills");
  const reason = new URL(args.request.url).searchParams.get("download");
  const status = billStatus(invoice, athensToday(), meter?.payment_plan);
  // "Pay this bill" starts the one pay flow (/b2b/pay, as the overview and the bills page do) for
  // this bill's supply, pre-filled with what remains of it (billPayCents says how much, or none).
  const payCents = meter ? billPayCents(invoice, meter) : 0;
  // A person whose role may not pay (#18: `user`) gets no pay link.
  const mayPay = can(shell.user.test_role, "manage_supply");
  const payLink =
    mayPay && meter && status && status !== "paid" && payCents > 0
      ? payHref(meter.id, payCents / 100)
      : null;
  // A payment's row: its receipt (#35 §7: the supplies paid, the PDF), found by its number.
  const paid =
    invoice.type === "payment" ? await readReceipt(getApi(args), invoice.invoice_no) : null;
  // The ΚΟΤ discount within the energy charge (#38 §2): an "of which" line, not added to the sum.
  const kot =
    invoice.type !== "payment" && meter?.division === 1
      ? await billSocialTariff(getApi(args), invoice.id)
      : null;
  const socialTariff = kot?.ok && kot.data ? kot.data : null;
  const receipt = paid?.ok
    ? {
        reference: paid.data.reference,
        pdfHref: `/b2b/receipt-pdf/${encodeURIComponent(paid.data.reference)}`,
        items: paid.data.items.map((item) => ({
          txn: item.txn_no,
          supplyNumber: item.supply_number,
          address: item.address,
          amount: item.amount,
        })),
      }
    : null;
  return data(
    {
      invoice,
      status,
      payLink,
      receipt,
      socialTariff,
      // A bill left to pay that this person may not pay: who pays it, by name (#35 §5).
      payers: !mayPay && status && status !== "paid" && payCents > 0 ? shell.user.managers : [],
      // The e-invoice's QR code, drawn here (server only): the page gets a finished SVG path.
      qr: invoice.mark ? eInvoiceQr(args.context, args.request, invoice.mark) : null,
      supply: meter ? supplyNumber(meter) : "-",
      title: t("invoice.title", { type: t(`types.${invoice.type}`), number: invoice.invoice_no }),
      downloadError: DOWNLOAD_ERRORS.find((r) => r === reason) ?? null,
      // The supply's newest actual reading predates its billing period (issue #20). The notice's
      // link opens the reading page, which is the selected supply's: a bill of another supply
      // says the same without it.
      stale: staleNotice(meter, shell.selectedMeter.id),
    },
    { headers: NO_STORE },
  );
}

function staleNotice(meter: ApiMeter | undefined, selectedId: number): Staleness {
  if (!meter) return { stale: false };
  const staleness = readingStaleness(meter, athensToday());
  return staleness.stale && meter.id !== selectedId
    ? { ...staleness, canSubmit: false }
    : staleness;
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["bills", BILL_LINES_NS, "eInvoice", "sources"]);
  const payments = usePaymentsAvailable();
  const {
    invoice,
    status,
    payLink,
    payers,
    qr,
    supply,
    title,
    downloadError,
    stale,
    receipt,
    socialTariff,
  } = loaderData;
  const source = invoice.consumption_source;
  const b = invoiceBreakdown(invoice);
  const period = (from: string | null, to: string | null) =>
    from || to ? `${formatDate(from)} – ${formatDate(to)}` : "-";
  return (
    <div className="bills">
      <p>
        <Link to={href("/b2b/logariasmoi")}>← {t("invoice.back")}</Link>
      </p>
      <div className="page-head invoice-head">
        <h1>{title}</h1>
        {status ? (
          <p className="invoice-head__status">
            <span className="visually-hidden">{t("invoice.status")}: </span>
            <BillStatusBadge status={status} />
          </p>
        ) : null}
      </div>
      {payLink || hasDocument(invoice) ? (
        <div className="actions invoice-actions">
          {payLink && payments ? (
            <a className="btn" href={payLink}>
              {t("invoice.pay")}
            </a>
          ) : payLink ? (
            <PaymentsUnavailable />
          ) : null}
          {hasDocument(invoice) ? (
            <DownloadLink
              href={invoicePdfHref(invoice.id)}
              filename={billPdfFilename(supply, invoice.issue_date)}
              className={payLink ? "btn btn--secondary" : "btn"}
            >
              {t("download.button")}
            </DownloadLink>
          ) : null}
        </div>
      ) : null}
      <WhoCan topic="payments" managers={payers} className="muted" />

      {downloadError ? (
        <div className="alert alert--error" role="alert">
          <p>
            {downloadError === "unavailable"
              ? t("download.notAvailable")
              : downloadError === "forbidden"
                ? "Forbidden"
                : t("download.failed")}
          </p>
        </div>
      ) : null}

      <StaleNotice staleness={stale} />

      {invoice.rf_code ? (
        <TitledCard id="invoice-rf" title={t("rf.title")}>
          <p className="invoice-rf">
            <span className="invoice-rf__label">{t("rf.label")}</span>{" "}
            <RfCode code={invoice.rf_code} id="invoice-rf-code" />
          </p>
          <p className="muted">{t("rf.help")}</p>
        </TitledCard>
      ) : null}

      <TitledCard id="invoice-facts" title={t("invoice.facts")}>
        <dl className="facts invoice-facts">
          <div>
            <dt>{t("invoice.supply")}</dt>
            <dd>{supply}</dd>
          </div>
          <div>
            <dt>{t("columns.type")}</dt>
            <dd>{t(`types.${invoice.type}`)}</dd>
          </div>
          <div>
            <dt>{t("columns.number")}</dt>
            <dd>{invoice.invoice_no}</dd>
          </div>
          <div>
            <dt>{t("columns.issueDate")}</dt>
            <dd>{formatDate(invoice.issue_date)}</dd>
          </div>
          <div>
            <dt>{t("columns.billingPeriod")}</dt>
            <dd>{period(invoice.period_from, invoice.period_to)}</dd>
          </div>
          <div>
            <dt>{t("columns.consumptionPeriod")}</dt>
            <dd>{period(invoice.consumption_from, invoice.consumption_to)}</dd>
          </div>
          <div>
            <dt>{t("columns.dueDate")}</dt>
            <dd>{formatDate(invoice.date_due)}</dd>
          </div>
          <div>
            <dt>{t("columns.paymentDate")}</dt>
            <dd>{formatDate(invoice.payment_date)}</dd>
          </div>
          <div>
            <dt>{t("columns.businessPartner")}</dt>
            <dd>{invoice.business_partner}</dd>
          </div>
          <div>
            <dt>{t("columns.contractAccount")}</dt>
            <dd>{invoice.contract_account}</dd>
          </div>
          {invoice.day_kwh || invoice.night_kwh ? (
            <div>
              <dt>{t("invoice.consumption")}</dt>
              <dd>
                {t("invoice.day")}: {formatKwh(invoice.day_kwh)}
                {invoice.night_kwh
                  ? ` · ${t("invoice.night")}: ${formatKwh(invoice.night_kwh)}`
                  : ""}
              </dd>
            </div>
          ) : null}
          {source ? (
            <div>
              <dt>{t("sources:bill.source")}</dt>
              <dd>
                {t(`sources:bill.${source}`)}
                {invoice.consumption_from || invoice.consumption_to
                  ? ` · ${period(invoice.consumption_from, invoice.consumption_to)}`
                  : ""}
              </dd>
            </div>
          ) : null}
          {invoice.pv_kwh ? (
            <div>
              <dt>{t("invoice.pv")}</dt>
              <dd>{formatKwh(invoice.pv_kwh)}</dd>
            </div>
          ) : null}
        </dl>
      </TitledCard>

      {invoice.mark && qr ? (
        <TitledCard id="invoice-e-invoice" title={t("eInvoice:card.title")}>
          <div className="e-invoice-card">
            <dl className="facts">
              <dt>{t("eInvoice:card.mark")}</dt>
              <dd className="e-invoice-card__mark">{formatMark(invoice.mark)}</dd>
            </dl>
            <p className="muted">{t("eInvoice:card.markHelp")}</p>
            <svg
              className="e-invoice-card__qr"
              role="img"
              aria-label={t("eInvoice:card.qr", { mark: invoice.mark })}
              viewBox={`0 0 ${qr.size} ${qr.size}`}
              width={qr.size * 4}
              height={qr.size * 4}
              shapeRendering="crispEdges"
            >
              <rect width={qr.size} height={qr.size} fill="#fff" />
              <path d={qr.path} fill="#000" />
            </svg>
            <p>
              <Link to={href("/e-invoice/:mark", { mark: invoice.mark })}>
                {t("eInvoice:card.verify")}
              </Link>
            </p>
          </div>
        </TitledCard>
      ) : null}

      <TitledCard id="invoice-lines" title={t("invoice.explained")}>
        {b.isPayment ? (
          <>
            <p>{receipt ? t("invoice.paymentRow") : t("invoice.paymentRowNoReceipt")}</p>
            {receipt ? (
              <>
                <ul className="receipt-items">
                  {receipt.items.map((item) => (
                    <li key={item.txn}>
                      {item.supplyNumber} · <span className="muted">{item.address}</span>:{" "}
                      <strong className="amount">{formatAmount(item.amount)}</strong>
                    </li>
                  ))}
                </ul>
                <p>
                  <a
                    className="btn btn--secondary"
                    href={receipt.pdfHref}
                    download={`NRG-receipt-${receipt.reference}.pdf`}
                  >
                    {t("invoice.receiptPdf")}
                  </a>
                </p>
              </>
            ) : null}
          </>
        ) : b.lines.length === 0 ? (
          <p className="muted">{t("invoice.noCharges")}</p>
        ) : (
          <div className="invoice-lines-wrap">
            <table className="table invoice-lines">
              <TableHead
                columns={[
                  { label: t("invoice.charge") },
                  { label: t("invoice.whatItIs") },
                  { label: t("invoice.amount"), num: true },
                ]}
              />
              <tbody>
                {b.lines.flatMap((line) => [
                  <tr key={line.key}>
                    <th scope="row">
                      {t(billLineLabelKey(line.key))}
                      {line.key === "energy" ? (
                        <EstimatedMark estimated={source === "estimated"} />
                      ) : null}
                    </th>
                    <td className="invoice-lines__help">{t(billLineHelpKey(line.key))}</td>
                    <td className="num nowrap">{formatAmount(line.amount)}</td>
                  </tr>,
                  line.key === "energy" && socialTariff ? (
                    <tr key="socialTariff" className="invoice-lines__of-which">
                      <th scope="row">{t(SOCIAL_TARIFF_LINE_LABEL)}</th>
                      <td className="invoice-lines__help">
                        {t(SOCIAL_TARIFF_LINE_HELP, {
                          kwh: formatInteger(socialTariff.kwh),
                          rate: formatRate(socialTariff.per_kwh),
                        })}
                      </td>
                      <td className="num nowrap">{formatAmount(socialTariff.amount)}</td>
                    </tr>
                  ) : null,
                ])}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t("invoice.chargesTotal")}
                  </th>
                  <td className="num nowrap">{formatAmount(b.chargesTotal)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        {!b.consistent ? <p className="alert alert--warning">{t("invoice.inconsistent")}</p> : null}
      </TitledCard>

      <TitledCard id="invoice-total" title={t("invoice.howTotal")}>
        <table className="table invoice-total">
          <tbody>
            <tr>
              <th scope="row">{t("invoice.previous")}</th>
              <td className="num nowrap">{formatAmount(b.previous)}</td>
            </tr>
            <tr>
              <th scope="row">+ {t("invoice.current")}</th>
              <td className="num nowrap">{formatAmount(b.current)}</td>
            </tr>
            <tr className="invoice-total__sum">
              <th scope="row">= {t("invoice.total")}</th>
              <td className="num nowrap">{formatAmount(b.total)}</td>
            </tr>
            {invoice.tariff_colour ? (
              // The colour the bill was issued under, beside the amount payable (#37 §3).
              <tr className="invoice-total__colour">
                <th scope="row">{t("common:tariffColour.label")}</th>
                <td className="num">
                  <TariffColourMark colour={invoice.tariff_colour} label="none" />
                </td>
              </tr>
            ) : null}
            {invoice.remaining > 0 ? (
              <tr>
                <th scope="row">{t("invoice.remaining")}</th>
                <td className="num nowrap">{formatAmount(invoice.remaining)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
        <p className="muted">{t("invoice.totalRule")}</p>
        {invoice.payment_date ? (
          <p>{t("invoice.paidOn", { date: formatDate(invoice.payment_date) })}</p>
        ) : null}
        {status === "paid" ? <p>{t("invoice.nothingToPay")}</p> : null}
      </TitledCard>
    </div>
  );
}
