import { useTranslation } from "react-i18next";
import { DayNightCells, useDayNightColumns } from "./DayNight";
import { TableHead } from "../TableHead";
import { ServerHtml, type HtmlSlot } from "../ServerHtml";
import { formatDate, formatInteger } from "../../domain/format";
import type { ConsumptionPeriod } from "../../domain/readings";
import { TitledCard } from "../TitledCard";
import { EstimatedMark } from "../sources/FigureSources";

/**
 * Consumption derived from the readings: the server-rendered SVG (no chart code in the browser)
 * and a table with the same numbers for screen readers and anyone who prefers numbers.
 */
export function ConsumptionChart({
  periods,
  chart,
  hasNight,
}: {
  periods: ConsumptionPeriod[];
  chart: { wide: HtmlSlot; narrow: HtmlSlot } | null;
  hasNight: boolean;
}) {
  const { t } = useTranslation(["readings", "sources"]);
  const dayNight = useDayNightColumns(hasNight);
  const estimated = periods.some((p) => p.estimated);
  return (
    <TitledCard id="chart-title" title={t("chart.title")}>
      {!chart || periods.length === 0 ? (
        <p className="muted">{t("chart.none")}</p>
      ) : (
        <>
          <figure className="rd-chart">
            <ServerHtml slot={chart.wide} className="rd-chart__wide" />
            <ServerHtml slot={chart.narrow} className="rd-chart__narrow" />
            {hasNight || estimated ? (
              <ul className="rd-legend" aria-hidden="true">
                <li>
                  <span className="rd-swatch rd-swatch--day" />
                  {t("day")} (kWh)
                </li>
                {hasNight ? (
                  <li>
                    <span className="rd-swatch rd-swatch--night" />
                    {t("night")} (kWh)
                  </li>
                ) : null}
                {estimated ? (
                  <li>
                    <span className="rd-swatch rd-swatch--day swatch--estimated" />
                    {t("sources:chart.legend")}
                  </li>
                ) : null}
              </ul>
            ) : null}
            <figcaption className="muted">{t("chart.caption")}</figcaption>
          </figure>
          <div className="rd-fit">
            <table className="table rd-stack">
              <caption>{t("chart.tableCaption")}</caption>
              <TableHead
                columns={[
                  { label: t("chart.period") },
                  { label: t("chart.days"), num: true },
                  ...dayNight,
                  { label: <>{t("chart.perDay")} (kWh)</>, num: true },
                ]}
              />
              <tbody>
                {[...periods].reverse().map((p) => (
                  <tr key={p.to}>
                    <th scope="row">
                      <span className="nowrap">{formatDate(p.from)} –</span>{" "}
                      <span className="nowrap">{formatDate(p.to)}</span>
                      <EstimatedMark estimated={p.estimated} />
                    </th>
                    <td className="num" data-label={t("chart.days")}>
                      {p.days}
                    </td>
                    <DayNightCells
                      hasNight={hasNight}
                      day={formatInteger(p.day)}
                      night={p.night === null ? "-" : formatInteger(p.night)}
                    />
                    <td className="num" data-label={`${t("chart.perDay")} (kWh)`}>
                      {formatInteger(p.perDay)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </TitledCard>
  );
}
