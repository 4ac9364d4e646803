import { useTranslation } from "react-i18next";
import { TableRegion } from "../TableRegion";
import "./dashboard.css";
import { PeriodRange } from "./ChartWithTable";
import { ServerHtml, type HtmlSlot } from "../ServerHtml";
import { formatAmount, formatChange, formatKwh } from "../../domain/format";
import type { YearData } from "./view";
import { TableHead } from "../TableHead";
import { TitledCard } from "../TitledCard";

/**
 * The latest Clearance period against the same period a year earlier (consumption and cost), as
 * EU billing rules ask bills to show. Two small server-rendered charts and one table; without an
 * older period, the table shows this year only and says there is no data for last year.
 */
export function YearComparison({
  year,
  charts,
}: {
  year: YearData;
  charts: { kwh: HtmlSlot; amount: HtmlSlot } | null;
}) {
  const { t } = useTranslation("overview");
  const { current, previous } = year;
  const period = (p: { periodFrom: string | null; periodTo: string }) => (
    <PeriodRange from={p.periodFrom} to={p.periodTo} />
  );
  return (
    <TitledCard id="year-title" title={t("year.title")}>
      <p className="muted">{t("year.intro")}</p>
      {previous && charts ? (
        <figure className="chart chart--pair">
          <div className="chart__pair">
            <ServerHtml slot={charts.kwh} className="chart__canvas" />
            <ServerHtml slot={charts.amount} className="chart__canvas" />
          </div>
          <ul className="chart__legend" aria-hidden="true">
            <li>
              <span className="swatch swatch--muted" />
              {t("year.lastYear")}
            </li>
            <li>
              <span className="swatch swatch--primary" />
              {t("year.thisYear")}
            </li>
          </ul>
          <figcaption>{t("year.caption")}</figcaption>
        </figure>
      ) : (
        <p className="alert alert--warning" role="note">
          {t("year.noData")}
        </p>
      )}
      {/* Folded behind its caption as the charts' tables are (#35 §6); focusable: it may scroll
          sideways on the narrowest phones (see ChartWithTable). */}
      <details className="accordion chart-block__fold">
        <summary>{t("year.tableCaption")}</summary>
        <TableRegion
          id="year-table"
          caption={t("year.tableCaption")}
          className="table table--compact table--stack"
          captionHidden
        >
          {/* Label/value blocks below 480 px, as the charts' tables (#35 §6). */}
          <TableHead
            columns={[
              { label: t("year.period") },
              { label: t("year.consumption"), num: true },
              { label: t("year.cost"), num: true },
            ]}
          />
          <tbody>
            <tr>
              <th scope="row">
                {t("year.lastYear")}
                <br />
                <span className="muted table__sub">
                  {previous ? period(previous) : t("year.noDataShort")}
                </span>
              </th>
              <td className="num" data-label={t("year.consumption")}>
                {previous ? formatKwh(previous.kwh) : "-"}
              </td>
              <td className="num" data-label={t("year.cost")}>
                {previous ? formatAmount(previous.amount) : "-"}
              </td>
            </tr>
            <tr>
              <th scope="row">
                {t("year.thisYear")}
                <br />
                <span className="muted table__sub">{period(current)}</span>
              </th>
              <td className="num" data-label={t("year.consumption")}>
                {formatKwh(current.kwh)}
              </td>
              <td className="num" data-label={t("year.cost")}>
                {formatAmount(current.amount)}
              </td>
            </tr>
            <tr>
              <th scope="row">{t("year.change")}</th>
              <td className="num" data-label={t("year.consumption")}>
                {year.kwhChange === null ? "-" : formatChange(year.kwhChange)}
              </td>
              <td className="num" data-label={t("year.cost")}>
                {year.amountChange === null ? "-" : formatChange(year.amountChange)}
              </td>
            </tr>
          </tbody>
        </TableRegion>
      </details>
    </TitledCard>
  );
}
