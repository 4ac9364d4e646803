import { pageCache } from "../../.server/page-cache";
import { useTranslation } from "react-i18next";
import { TableRegion } from "../../components/TableRegion";
import { data, href, Link, redirect } from "react-router";
import { historyOfSelectedMeter } from "../../.server/api/history";
import { requireShell, withForecast } from "../../.server/shell";
import { ForecastCard } from "../../components/forecast/ForecastCard";
import { forecastHeadline } from "../../domain/forecast-view";
import { can } from "../../../core/permissions";
import { BillsFilters, BillsPager } from "../../components/bills/BillsControls";
import { BillsTable } from "../../components/bills/BillsTable";
import { exportHref, payHref } from "../../components/bills/links";
import stylesHref from "../../components/bills/bills.css?url";
import { billsPage, billsSearch, parseBillsQuery } from "../../domain/bills";
import { formatAmount, formatDate, supplyNumber } from "../../domain/format";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/logariasmoi";
import { athensToday } from "../../../core/dates";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { TableHead } from "../../components/TableHead";
import { TitledCard } from "../../components/TitledCard";
import { WhoCan } from "../../components/WhoCan";
import {
  PaymentsUnavailable,
  usePaymentsAvailable,
} from "../../components/checkout/PaymentsUnavailable";

export const handle: RouteHandle = {
  i18n: ["bills", "sources.bill", "forecast.card"],
  title: "bills:title",
  breadcrumb: "bills:title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [pageCache, withForecast];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/**
 * Bills and payments of the selected supply (spec §2 logariasmoi). One API call beyond the
 * shell: that supply's history (GET /users/{id}/meters/{meterId}/invoices, one indexed query,
 * ≤ ~50 rows even after 36 months); filtering, sorting and paging happen here from the URL and
 * only the page's rows go to the browser, so a 200-supply account costs what a household does.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  // The overview's "download the latest bill" links here with ?invoice={id}: show that bill.
  const invoiceId = url.searchParams.get("invoice");
  if (invoiceId && /^\d{1,12}$/.test(invoiceId)) {
    throw redirect(href("/b2b/logariasmoi/:invoiceId", { invoiceId }));
  }
  // Asked for alongside the shell's calls (one D1 round trip less).
  const historyOf = historyOfSelectedMeter(args);
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  const history = await historyOf(shell);
  const allPayments = url.searchParams.get("payments") === "all";
  const result = billsPage(history, parseBillsQuery(url.searchParams), { allPayments });
  return data(
    {
      ...result,
      meter: {
        id: meter.id,
        supplyNumber: supplyNumber(meter),
        runningTotal: meter.running_total,
        dueDate: meter.last_invoice_due_date,
        lastPayment: meter.trn_value,
        lastPaymentDate: meter.last_payment_date,
        // A kept payment plan's bills show "in a payment plan", not overdue (#38 §1).
        paymentPlan: meter.payment_plan ?? null,
      },
      // Statuses depend on the day (overdue after the due date); the page cache keys on it too.
      today: athensToday(),
      exportFailed: url.searchParams.get("export") === "failed",
      allPayments,
      // A person whose role may not pay (#18: `user`) gets no pay button, and is told who pays.
      mayPay: can(shell.user.test_role, "manage_supply"),
      managers: shell.user.managers,
      forecast: forecastHeadline(shell.forecast),
      mayReport: can(shell.user.test_role, "submit_reading"),
    },
    { headers: NO_STORE },
  );
}

export default function Bills({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bills");
  const payOnline = usePaymentsAvailable();
  const { meter, query, page, payments, years, mayPay, managers } = loaderData;
  const owing = meter.runningTotal > 0;
  return (
    <div className="bills">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>

      <section className="card bills-summary" aria-labelledby="bills-summary-title">
        <h2 id="bills-summary-title" className="card__title">
          {t("summary.title")}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t("summary.balance")}</dt>
            <dd className="amount">{formatAmount(meter.runningTotal)}</dd>
          </div>
          {owing ? (
            <div>
              <dt>{t("summary.dueDate")}</dt>
              <dd>{formatDate(meter.dueDate)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("summary.lastPayment")}</dt>
            <dd className="amount">{formatAmount(meter.lastPayment)}</dd>
          </div>
          <div>
            <dt>{t("summary.lastPaymentDate")}</dt>
            <dd>{formatDate(meter.lastPaymentDate)}</dd>
          </div>
        </dl>
        {!mayPay ? (
          // #35 §5: what this person does here, and who makes the payments (by name).
          <>
            <p className="muted">{t("summary.viewOnly")}</p>
            <WhoCan topic="payments" managers={managers} className="bills-summary__note" />
          </>
        ) : owing ? (
          <p className="actions">
            {/* The payments flow owns /b2b/pay; plain link so it works before it exists. */}
            {payOnline ? (
              <a className="btn" href={payHref(meter.id)}>
                {t("summary.pay")}
              </a>
            ) : (
              <PaymentsUnavailable />
            )}
          </p>
        ) : (
          <p className="muted">{t("summary.nothingDue")}</p>
        )}
        {mayPay ? <p className="muted bills-summary__note">{t("summary.paymentNote")}</p> : null}
      </section>

      <ForecastCard forecast={loaderData.forecast} mayReport={loaderData.mayReport} />

      <TitledCard id="bills-history-title" title={t("history.title")}>
        <BillsFilters query={query} years={years} />
        {page.total === 0 ? (
          <p className="alert">{t("history.empty")}</p>
        ) : (
          <BillsTable
            rows={page.rows}
            query={query}
            today={loaderData.today}
            plan={meter.paymentPlan}
            caption={t("history.caption", { supply: meter.supplyNumber })}
          />
        )}
        <BillsPager query={query} page={page} />
      </TitledCard>

      <TitledCard id="bills-payments-title" title={t("payments.title")}>
        {payments.length === 0 ? (
          <p className="muted">{t("payments.empty")}</p>
        ) : (
          <TableRegion
            id="bills-payments"
            caption={t("payments.caption", { supply: meter.supplyNumber })}
            className="table table--stack"
          >
            <TableHead
              columns={[
                { label: t("payments.transaction") },
                { label: t("payments.date") },
                { label: t("payments.amount"), num: true },
              ]}
            />
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td data-label={t("payments.transaction")}>{p.invoice_no}</td>
                  <td data-label={t("payments.date")}>
                    {formatDate(p.payment_date ?? p.issue_date)}
                  </td>
                  <td data-label={t("payments.amount")} className="num nowrap">
                    {formatAmount(Math.abs(p.total_value))}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
        {loaderData.paymentsTotal > payments.length ? (
          <p>
            <Link
              to={`${billsSearch(query) || "?"}${billsSearch(query) ? "&" : ""}payments=all`}
              preventScrollReset
            >
              {t("payments.showAll", { count: loaderData.paymentsTotal })}
            </Link>
          </p>
        ) : null}
      </TitledCard>

      <TitledCard id="bills-export-title" title={t("export.title")}>
        {loaderData.exportFailed ? (
          <p className="alert alert--error" role="alert">
            {t("export.failed")}
          </p>
        ) : null}
        <p>{t("export.intro")}</p>
        <ul className="bills-export">
          <li>
            <span>{t("export.meter", { supply: meter.supplyNumber })}</span>
            {(["csv", "json"] as const).map((format) => (
              <a
                key={format}
                className="btn btn--small btn--secondary"
                href={exportHref("meter", format)}
              >
                <span className="visually-hidden">
                  {t("export.linkMeter", { supply: meter.supplyNumber })}{" "}
                </span>
                {t(`export.${format}`)}
              </a>
            ))}
          </li>
          <li>
            <span>{t("export.all")}</span>
            {(["csv", "json"] as const).map((format) => (
              <a
                key={format}
                className="btn btn--small btn--secondary"
                href={exportHref("all", format)}
              >
                <span className="visually-hidden">{t("export.linkAll")} </span>
                {t(`export.${format}`)}
              </a>
            ))}
          </li>
        </ul>
      </TitledCard>
    </div>
  );
}
