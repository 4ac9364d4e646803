import { dismissPopup } from "../../.server/api/users";
import { pageCache } from "../../.server/page-cache";
import { invoicePdfHref } from "../../components/bills/links";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, href, redirect, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { renderOverviewCharts, type OverviewCharts } from "../../.server/charts.server";
import { htmlSlots, type Slotted } from "../../.server/server-html";
import { requireActiveUser } from "../../.server/guards";
import { requireShell, withForecast, withOverviewHistory } from "../../.server/shell";
import { ForecastCard } from "../../components/forecast/ForecastCard";
import { forecastHeadline } from "../../domain/forecast-view";
import { can } from "../../../core/permissions";
import { Banners } from "../../components/overview/Banners";
import { ChartWithTable, PeriodRange } from "../../components/overview/ChartWithTable";
import { Dashboard } from "../../components/overview/Dashboard";
import { TopBanner } from "../../components/overview/TopBanner";
import { WelcomeBanner } from "../../components/WelcomeBanner";
import type { ShellView } from "../../components/shell-view";
import { YearComparison } from "../../components/overview/YearComparison";
import { buildOverviewView, periodMonth } from "../../components/overview/view";
import { formatAmount, formatInteger } from "../../domain/format";
import { safePopupUrl } from "../../domain/overview";
import { getInstance } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";
import { lazyDialog } from "../../components/lazy-dialog";

const PaySeveralDialog = lazyDialog(() =>
  import("../../components/overview/PaySeveralDialog").then((m) => m.PaySeveralDialog),
);
const UserPopup = lazyDialog(() =>
  import("../../components/overview/UserPopup").then((m) => m.UserPopup),
);
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/episkopisi";
import { athensToday } from "../../../core/dates";
import { BILL_LINES_NS } from "../../../core/bill-lines";
import { TitledCard } from "../../components/TitledCard";
import { EstimatedMark, StaleNotice } from "../../components/sources/FigureSources";
import { readingStaleness } from "../../../core/figure-sources";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  // The hero's bill status badge reads common:billStatus.* (not the whole bills namespace).
  i18n: ["overview", BILL_LINES_NS, "bills.rf", "sources.chart", "sources.stale", "forecast.card"],
  title: "overview:title",
  breadcrumb: "overview:title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [
  pageCache,
  withOverviewHistory,
  withForecast,
];

const OVERVIEW = "/b2b/episkopisi";
/** The bills-and-payments page (a later issue): pay and download land there until it exists. */
const PAY = "/b2b/pay";

/**
 * The overview (spec §2 episkopisi, the landing page). Its one read beyond the frame, the selected
 * supply's billing history (the rows the overview shows), comes in the frame's own call
 * (`withOverviewHistory`: GET …/shell?invoices=overview), so the page costs the same for a
 * household and for a 200-supply business. Charts are drawn here, on the server, into SVG
 * strings; the browser gets no chart code.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = getSession(args.context);
  const shell = await requireShell(args);
  // Always read with the frame here (this route's middleware asks for it); the client reads it on
  // its own from a backend without …/shell.
  const invoices = shell.overviewInvoices ?? [];
  const url = new URL(args.request.url);
  const view = buildOverviewView({
    user: shell.user,
    meters: shell.meters,
    selected: shell.selectedMeter,
    history: invoices,
    banners: shell.banners,
    paySeveralDismissed: session.get("pay_several_dismissed") === 1,
    paySeveralRequested: url.searchParams.get("modal") === "pay-several",
    today: athensToday(),
  });
  const t = getInstance(args.context).getFixedT(null, "overview");
  const rendered = renderOverviewCharts(view, {
    amountsTitle: t("charts.amounts.title"),
    consumptionTitle: t("charts.consumption.title"),
    day: t("charts.day"),
    night: t("charts.night"),
    kwh: t("charts.kwh"),
    amount: t("charts.amount"),
    yearKwhTitle: t("year.chartKwh"),
    yearAmountTitle: t("year.chartAmount"),
    lastYear: t("year.lastYear"),
    thisYear: t("year.thisYear"),
  });
  // Another URL-addressed dialog (settings, checkout) is on top: keep the overview's own closed.
  const charts = htmlSlots(args.context, rendered);
  const modal = url.searchParams.get("modal");
  const otherDialogOpen = modal !== null && modal !== "pay-several";
  const stale = readingStaleness(shell.selectedMeter, athensToday());
  return data(
    {
      view,
      charts,
      otherDialogOpen,
      stale,
      forecast: forecastHeadline(shell.forecast),
      mayReport: can(shell.user.test_role, "submit_reading"),
    },
    { headers: NO_STORE },
  );
}

const intentSchema = z.object({
  intent: z.enum(["dismiss-popup", "follow-popup", "dismiss-pay-several"]),
});

/** Closing the dialogs: each is a POST, then back to the overview (Post/Redirect/Get). */
export async function action(args: Route.ActionArgs) {
  const { user, api, session } = await requireActiveUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: intentSchema });
  if (submission.status !== "success") throw redirect(href(OVERVIEW), 303);
  const { intent } = submission.value;
  if (intent === "dismiss-pay-several") {
    session.set("pay_several_dismissed", 1);
    throw redirect(href(OVERVIEW), 303);
  }
  const result = await dismissPopup(api);
  if (!result.ok) {
    session.flash("toast", { type: "error", key: "overview:popup.failed" });
    throw redirect(href(OVERVIEW), 303);
  }
  const target = intent === "follow-popup" ? safePopupUrl(user.popup?.url) : null;
  throw redirect(target ?? href(OVERVIEW), 303);
}

export const headers = noStoreHeaders;

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  const { view, charts, otherDialogOpen, stale, forecast, mayReport } = loaderData;
  // The signed-in layout's data (the selected supply, the customer's ids) for the welcome banner.
  const shell = useRouteLoaderData<ShellView>("routes/b2b/layout");
  const downloadHref =
    view.topBanner?.invoiceId != null ? invoicePdfHref(view.topBanner.invoiceId) : null;
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
        {view.paySeveral && !view.paySeveral.open ? (
          <a className="btn btn--secondary btn--small" href={`${OVERVIEW}?modal=pay-several`}>
            {t("paySeveral.open", { count: view.paySeveral.rows.length })}
          </a>
        ) : null}
      </div>
      {view.topBanner ? (
        <TopBanner
          banner={view.topBanner}
          account={view.account}
          payPath={PAY}
          payHref={`${PAY}?meter=${view.meterId}`}
          downloadHref={downloadHref}
          meterId={view.meterId}
        />
      ) : null}
      {/* The money first; then who and which supply (the full welcome banner). */}
      {shell ? <WelcomeBanner view={shell} full /> : null}
      <Dashboard data={view.dashboard} status={view.topBanner?.status ?? null} />
      <ForecastCard forecast={forecast} mayReport={mayReport} />
      <StaleNotice staleness={stale} />
      <History view={view} charts={charts} />
      {view.year ? <YearComparison year={view.year} charts={charts.year} /> : null}
      <Banners banners={view.banners} />
      <>
        {view.popup && !otherDialogOpen ? <UserPopup popup={view.popup} action={OVERVIEW} /> : null}
        {view.paySeveral?.open && !otherDialogOpen ? (
          <PaySeveralDialog
            view={view.paySeveral}
            action={OVERVIEW}
            payHref={`${PAY}?meters=${view.paySeveral.rows.map((row) => row.id).join(",")}`}
          />
        ) : null}
      </>
    </>
  );
}

function History({
  view,
  charts,
}: {
  view: ReturnType<typeof buildOverviewView>;
  charts: Slotted<OverviewCharts>;
}) {
  const { t } = useTranslation(["overview", "sources"]);
  const history = view.history;
  if (!history || !charts.amounts || !charts.consumption) {
    return (
      <TitledCard id="history-title" title={t("charts.title")}>
        <p className="muted">{t("charts.noData")}</p>
      </TitledCard>
    );
  }
  const period = (p: { periodFrom: string | null; periodTo: string; estimated: boolean }) => (
    <>
      {p.periodFrom ? <PeriodRange from={p.periodFrom} to={p.periodTo} /> : periodMonth(p.periodTo)}
      <EstimatedMark estimated={p.estimated} />
    </>
  );
  const estimated = history.points.some((p) => p.estimated);
  const base = history.hasNight
    ? [
        { label: t("charts.day"), tone: "primary" as const },
        { label: t("charts.night"), tone: "secondary" as const },
      ]
    : [{ label: t("charts.kwh"), tone: "primary" as const }];
  const legend = estimated
    ? [...base, { label: t("sources:chart.legend"), tone: "estimated" as const }]
    : base;
  const rows = [...history.points].reverse(); // tables read newest first
  return (
    <TitledCard id="history-title" title={t("charts.title")}>
      <p className="muted">{t("charts.intro", { count: history.points.length })}</p>
      <ChartWithTable
        id="chart-amounts"
        foldTable
        caption={t("charts.amounts.caption")}
        svg={charts.amounts}
        legend={
          estimated
            ? [
                { label: t("charts.amount"), tone: "primary" },
                { label: t("sources:chart.legend"), tone: "estimated" },
              ]
            : undefined
        }
        table={{
          caption: t("charts.amounts.table"),
          rowHeader: t("charts.period"),
          columns: [t("charts.amount")],
          rows: rows.map((p) => ({
            key: p.periodTo,
            header: period(p),
            cells: [formatAmount(p.amount)],
          })),
        }}
      />
      <ChartWithTable
        id="chart-consumption"
        foldTable
        caption={t("charts.consumption.caption")}
        svg={charts.consumption}
        legend={legend}
        table={{
          caption: t("charts.consumption.table"),
          rowHeader: t("charts.period"),
          columns: (history.hasNight
            ? [t("charts.day"), t("charts.night"), t("charts.total")]
            : [t("charts.kwh")]
          ).map((label) => (
            <>
              {label}
              <br />
              (kWh)
            </>
          )),
          rows: rows.map((p) => ({
            key: p.periodTo,
            header: period(p),
            cells: history.hasNight
              ? [formatInteger(p.dayKwh), formatInteger(p.nightKwh), formatInteger(p.kwh)]
              : [formatInteger(p.kwh)],
          })),
        }}
      />
    </TitledCard>
  );
}
