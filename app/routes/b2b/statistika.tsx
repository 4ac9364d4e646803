import { pageCache } from "../../.server/page-cache";
import { useTranslation } from "react-i18next";
import { data, href, Link, redirect } from "react-router";
import { getApi } from "../../.server/api";
import { requireShell } from "../../.server/shell";
import { ChartWithTable } from "../../components/overview/ChartWithTable";
import { htmlSlots } from "../../.server/server-html";
import { renderStatisticsCharts } from "../../.server/statistics-charts";
import stylesHref from "../../components/pages/pages.css?url";
import {
  formatAddress,
  formatAmount,
  formatInteger,
  isElectricity,
  supplyNumber,
} from "../../domain/format";
import { consumptionPeriods } from "../../domain/readings";
import { sidebarAllows } from "../../domain/sidebar";
import {
  buildStatistics,
  GAS_KWH_PER_M3,
  monthLabel,
  parseYears,
  YEAR_CHOICES,
} from "../../domain/statistics";
import { getInstance } from "../../middleware/i18next";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/statistika";
import { athensToday } from "../../../core/dates";
import { meterInvoices } from "../../.server/api/invoices";
import { meterReadings } from "../../.server/api/readings";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { TableHead } from "../../components/TableHead";
import { TableRegion } from "../../components/TableRegion";
import { TitledCard } from "../../components/TitledCard";
import { EstimatedMark, StaleNotice } from "../../components/sources/FigureSources";
import { readingStaleness } from "../../../core/figure-sources";

export const handle: RouteHandle = {
  i18n: ["statistics", "sources.chart", "sources.stale"],
  title: "statistics:title",
  breadcrumb: "statistics:title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/**
 * Statistics: consumption and cost of the selected supply per month over the last 1, 2
 * or 3 years (`?years=`), from its Clearance bills and, for electricity, its meter readings; two
 * server-rendered charts, each with a table, and totals and averages per year. Two API calls.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  if (!sidebarAllows("statistics", { meter, role: shell.user.test_role })) {
    throw redirect(href("/b2b/episkopisi"));
  }
  const years = parseYears(new URL(args.request.url).searchParams.get("years"));
  const api = getApi(args);
  const electricity = isElectricity(meter);
  const [invoices, readings] = await Promise.all([
    meterInvoices(api, shell.user.id, meter.id),
    electricity ? meterReadings(api, shell.user.id, meter.id) : Promise.resolve([]),
  ]);
  const stats = buildStatistics({
    invoices,
    periods: consumptionPeriods(readings, Number.MAX_SAFE_INTEGER),
    gas: !electricity,
    endMonth: athensToday().slice(0, 7),
    years,
  });
  const t = getInstance(args.context).getFixedT(null, "statistics");
  const charts = renderStatisticsCharts(stats.months, stats.unit, {
    consumptionTitle: t("charts.consumptionTitle", { unit: stats.unit }),
    costTitle: t("charts.costTitle"),
    consumption: t("charts.consumption"),
    cost: t("charts.cost"),
  });
  return data(
    {
      meter: {
        number: supplyNumber(meter),
        address: formatAddress(meter),
        kind: electricity ? ("electricity" as const) : ("gas" as const),
      },
      years,
      stats,
      charts: htmlSlots(args.context, charts),
      stale: readingStaleness(meter, athensToday()),
    },
    { headers: NO_STORE },
  );
}

const cell = (value: number | null, format: (n: number) => string) =>
  value === null ? "–" : format(value);

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["statistics", "sources"]);
  const { meter, years, stats, charts, stale } = loaderData;
  const estimated = stats.months.some((m) => m.estimated);
  const legend = (label: string) =>
    estimated
      ? [
          { label, tone: "primary" as const },
          { label: t("sources:chart.legend"), tone: "estimated" as const },
        ]
      : undefined;
  const month = (m: { month: string; estimated: boolean }) => (
    <>
      {monthLabel(m.month)}
      <EstimatedMark estimated={m.estimated} />
    </>
  );
  const unit = stats.unit;
  const money = (n: number) => formatAmount(n);
  const amount = (n: number) => `${formatInteger(n)} ${unit}`;
  const rows = [...stats.months].reverse();
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p className="muted">
        {t("supply")}: <span className="nowrap">{meter.number}</span> · {meter.address} ·{" "}
        {t(`kind.${meter.kind}`)}
      </p>
      <StaleNotice staleness={stale} />

      <nav aria-label={t("years.label")}>
        <ul className="segmented">
          {YEAR_CHOICES.map((choice) => (
            <li key={choice}>
              <Link
                to={`?years=${choice}`}
                aria-current={choice === years ? "page" : undefined}
                preventScrollReset
              >
                {t("years.option", { count: choice })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {charts === null ? (
        <p className="card" role="status">
          {t("empty", { count: years })}
        </p>
      ) : (
        <>
          {/* Not a named section: its scroll region below carries the same name, and two
              landmarks with one name confuse landmark navigation (axe landmark-unique). */}
          <section className="card">
            <h2 id="stats-years" className="card__title">
              {t("perYear.title")}
            </h2>
            <TableRegion
              id="stats-years-table"
              caption={t("perYear.title")}
              captionHidden
              className="table table--compact table--stack"
            >
              <TableHead
                columns={[
                  { label: t("perYear.year") },
                  { label: t("perYear.consumption", { unit }), num: true },
                  { label: t("perYear.avgConsumption", { unit }), num: true },
                  { label: t("perYear.cost"), num: true },
                  { label: t("perYear.avgCost"), num: true },
                  { label: t("perYear.months"), num: true },
                ]}
              />
              <tbody>
                {stats.years.map((year) => (
                  <tr key={year.year}>
                    <th scope="row">{year.year}</th>
                    <td className="num" data-label={t("perYear.consumption", { unit })}>
                      {amount(year.consumption)}
                    </td>
                    <td className="num" data-label={t("perYear.avgConsumption", { unit })}>
                      {cell(year.avgConsumption, amount)}
                    </td>
                    <td className="num" data-label={t("perYear.cost")}>
                      {money(year.cost)}
                    </td>
                    <td className="num" data-label={t("perYear.avgCost")}>
                      {cell(year.avgCost, money)}
                    </td>
                    <td className="num" data-label={t("perYear.months")}>
                      {t("perYear.monthsValue", {
                        withData: year.monthsWithData,
                        months: year.months,
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t("perYear.total", { count: years })}</th>
                  <td className="num" data-label={t("perYear.consumption", { unit })}>
                    {amount(stats.totals.consumption)}
                  </td>
                  <td />
                  <td className="num" data-label={t("perYear.cost")}>
                    {money(stats.totals.cost)}
                  </td>
                  <td />
                  <td />
                </tr>
              </tfoot>
            </TableRegion>
          </section>

          <section className="card stats-chart" aria-labelledby="stats-consumption">
            <h2 id="stats-consumption" className="card__title">
              {t("charts.consumptionTitle", { unit })}
            </h2>
            <ChartWithTable
              id="stats-consumption-chart"
              caption={t("charts.consumptionCaption", { count: years, unit })}
              svg={charts.consumption}
              legend={legend(t("charts.consumption"))}
              table={{
                caption: t("charts.consumptionTable", { unit }),
                rowHeader: t("month"),
                columns: stats.hasMetered
                  ? [t("charts.consumption"), t("charts.metered")]
                  : [t("charts.consumption")],
                rows: rows.map((m) => ({
                  key: m.month,
                  header: month(m),
                  cells: stats.hasMetered
                    ? [
                        cell(m.consumption, amount),
                        cell(m.metered, (n) => `${formatInteger(n)} kWh`),
                      ]
                    : [cell(m.consumption, amount)],
                })),
              }}
            />
          </section>

          <section className="card stats-chart" aria-labelledby="stats-cost">
            <h2 id="stats-cost" className="card__title">
              {t("charts.costTitle")}
            </h2>
            <ChartWithTable
              id="stats-cost-chart"
              caption={t("charts.costCaption", { count: years })}
              svg={charts.cost}
              legend={legend(t("charts.cost"))}
              table={{
                caption: t("charts.costTable"),
                rowHeader: t("month"),
                columns: [t("charts.cost")],
                rows: rows.map((m) => ({
                  key: m.month,
                  header: month(m),
                  cells: [cell(m.cost, money)],
                })),
              }}
            />
          </section>
        </>
      )}

      <TitledCard id="stats-notes" title={t("notes.title")}>
        <ul>
          <li>{t("notes.clearance")}</li>
          <li>{t("notes.cost")}</li>
          {stats.hasMetered ? <li>{t("notes.metered")}</li> : null}
          {meter.kind === "gas" ? (
            <li>{t("notes.gas", { factor: String(GAS_KWH_PER_M3).replace(".", ",") })}</li>
          ) : null}
        </ul>
      </TitledCard>
    </>
  );
}
