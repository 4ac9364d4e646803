import { useTranslation } from "react-i18next";
import { can } from "../../../core/permissions";
import { LinesTable } from "../../components/LinesTable";
import { TableRegion } from "../../components/TableRegion";
import { data, href } from "react-router";
import type { ApiForecast } from "../../../core/contract";
import { BILL_LINES_NS, billLineLabelKey } from "../../../core/bill-lines";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { pageCache } from "../../.server/page-cache";
import { requireShell, withForecast } from "../../.server/shell";
import { TitledCard } from "../../components/TitledCard";
import { ForecastCard } from "../../components/forecast/ForecastCard";
import {
  formatCents,
  formatDecimal,
  formatFactor,
  formatForecastKwh,
  formatRate,
  formatShare,
  type ForecastFiguresView,
} from "../../domain/forecast-view";
import { formatDate, supplyNumber } from "../../domain/format";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/provlepsi";

export const handle: RouteHandle = {
  i18n: ["forecast", BILL_LINES_NS],
  title: "forecast:title",
  breadcrumb: "forecast:title",
};

/** The GET only reads; the forecast comes with the frame's reads (one D1 batch). */
export const middleware: Route.MiddlewareFunction[] = [pageCache, withForecast];

export const headers = noStoreHeaders;

/**
 * "How we worked this out" (#37 §1): every figure of the selected supply's next-bill forecast,
 * in the order core/forecast.ts works it out: the period, the same period of earlier years, the
 * trend, the consumption priced, the lines with their bases (each can be worked again by hand),
 * the range. With too little history it says what the history holds and what would be needed.
 * The alerts' messages link here (§2).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  return data(
    {
      forecast: shell.forecast ?? null,
      supply: supplyNumber(meter),
      mayReport: can(shell.user.test_role, "submit_reading"),
    },
    { headers: NO_STORE },
  );
}

export default function ForecastExplained({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forecast");
  const { forecast, supply, mayReport } = loaderData;
  return (
    <div className="forecast">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p>{t("page.intro", { supply })}</p>
      {forecast === null ? (
        <p className="alert alert--info">{t("page.notActive")}</p>
      ) : forecast.kind === "none" ? (
        <NoForecastExplained forecast={forecast} />
      ) : (
        <Explained forecast={forecast} mayReport={mayReport} />
      )}
      <p>
        <a href={href("/b2b/episkopisi")}>{t("page.back")}</a>
      </p>
    </div>
  );
}

function NoForecastExplained({ forecast }: { forecast: Extract<ApiForecast, { kind: "none" }> }) {
  const { t } = useTranslation("forecast");
  return (
    <>
      <ForecastCardWithoutLink forecast={forecast} />
      <p>{t("page.tooLittle", { count: forecast.historyMonths })}</p>
    </>
  );
}

/** The card's message, without its link to this very page. */
function ForecastCardWithoutLink({
  forecast,
}: {
  forecast: Extract<ApiForecast, { kind: "none" }>;
}) {
  const { t } = useTranslation("forecast");
  return (
    <p className="alert alert--info" data-testid="forecast-none">
      {forecast.reason === "too_little_history"
        ? t("card.none.too_little_history", { count: forecast.historyMonths })
        : t(`card.none.${forecast.reason}`)}
    </p>
  );
}

function Explained({ forecast, mayReport }: { forecast: ForecastFiguresView; mayReport: boolean }) {
  const { t } = useTranslation(["forecast", BILL_LINES_NS]);
  const { period, trend, reference } = forecast;
  const hasNight = forecast.years.some((y) => y.nightKwh > 0) || forecast.kwh.night > 0;
  const perDay = (kwh: number, days: number) =>
    formatForecastKwh(days > 0 ? Math.round((kwh / days) * 1000) / 1000 : 0);
  const centralYear = forecast.yearsUsed[0];
  return (
    <>
      <ForecastSummary forecast={forecast} mayReport={mayReport} />

      <TitledCard id="forecast-period" title={t("page.period.title")}>
        <p>
          {t("page.period.text", {
            from: formatDate(period.from),
            to: formatDate(period.to),
            days: period.days,
          })}
        </p>
      </TitledCard>

      <TitledCard id="forecast-years" title={t("page.years.title")}>
        <p>{t("page.years.intro", { days: period.days })}</p>
        <TableRegion
          id="forecast-years"
          caption={t("page.years.caption")}
          className="table table--compact table--stack"
        >
          <thead>
            <tr>
              <th scope="col">{t("page.years.year")}</th>
              <th scope="col">{t("page.years.window")}</th>
              <th scope="col" className="num">
                {t("page.years.covered")}
              </th>
              <th scope="col" className="num">
                {t("page.years.estimated")}
              </th>
              {hasNight ? (
                <>
                  <th scope="col" className="num">
                    {t("page.years.day")}
                  </th>
                  <th scope="col" className="num">
                    {t("page.years.night")}
                  </th>
                </>
              ) : (
                <th scope="col" className="num">
                  {t("page.years.kwh")}
                </th>
              )}
              <th scope="col">{t("page.years.counted")}</th>
              <th scope="col" className="num">
                {t("page.years.cost")}
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.years.map((year) => (
              <tr key={year.year}>
                <th scope="row">{year.year}</th>
                <td data-label={t("page.years.window")}>
                  {formatDate(year.from)}–{formatDate(year.to)}
                </td>
                <td className="num" data-label={t("page.years.covered")}>
                  {year.coveredDays} / {year.days}
                </td>
                <td className="num" data-label={t("page.years.estimated")}>
                  {year.estimatedDays}
                </td>
                {hasNight ? (
                  <>
                    <td className="num" data-label={t("page.years.day")}>
                      {formatDecimal(year.dayKwh, 0, 3)}
                    </td>
                    <td className="num" data-label={t("page.years.night")}>
                      {formatDecimal(year.nightKwh, 0, 3)}
                    </td>
                  </>
                ) : (
                  <td className="num" data-label={t("page.years.kwh")}>
                    {formatDecimal(year.dayKwh + year.nightKwh, 0, 3)}
                  </td>
                )}
                <td data-label={t("page.years.counted")}>
                  {year.used ? t("page.years.yes") : t("page.years.no")}
                </td>
                <td className="num" data-label={t("page.years.cost")}>
                  {year.cents === null ? "-" : formatCents(year.cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      </TitledCard>

      <TitledCard id="forecast-trend" title={t("page.trend.title")}>
        {forecast.fromReadings ? (
          <p data-testid="forecast-readings">
            {t("page.trend.readings", {
              reading: formatDate(forecast.fromReadings.reading),
              from: formatDate(forecast.fromReadings.from),
              to: formatDate(forecast.fromReadings.to),
              days: forecast.fromReadings.days,
            })}
          </p>
        ) : null}
        {trend.raw === null ? (
          <p>{t("page.trend.none")}</p>
        ) : (
          <>
            <p>
              {t("page.trend.text", {
                from: formatDate(trend.recent.from),
                to: formatDate(trend.recent.to),
                recent: perDay(trend.recent.kwh, trend.recent.coveredDays),
                before: perDay(trend.yearBefore.kwh, trend.yearBefore.coveredDays),
                factor: formatFactor(trend.factor),
              })}
            </p>
            {trend.clamped ? (
              <p>{t("page.trend.clamped", { raw: formatFactor(trend.raw) })}</p>
            ) : null}
          </>
        )}
      </TitledCard>

      <TitledCard id="forecast-usage" title={t("page.usage.title")}>
        <p>{t("page.usage.text", { year: centralYear, factor: formatFactor(trend.factor) })}</p>
        <ul>
          {hasNight ? (
            <>
              <li>{t("page.usage.day", { kwh: formatForecastKwh(forecast.kwh.day) })}</li>
              <li>{t("page.usage.night", { kwh: formatForecastKwh(forecast.kwh.night) })}</li>
            </>
          ) : (
            <li>
              {t("page.usage.all", {
                kwh: formatForecastKwh(forecast.kwh.day + forecast.kwh.night),
              })}
            </li>
          )}
        </ul>
      </TitledCard>

      <TitledCard id="forecast-lines" title={t("page.lines.title")}>
        <LinesTable
          id="forecast-lines"
          caption={t("page.lines.caption")}
          className="forecast-lines"
          howClassName="forecast-lines__how"
          labels={{
            line: t("page.lines.line"),
            amount: t("page.lines.amount"),
            how: t("page.lines.how"),
            total: t("page.lines.total"),
          }}
          lines={forecast.lines.map((line) => ({
            key: line.key,
            label: t(billLineLabelKey(line.key)),
            cents: line.cents,
            how: <LineBasis line={line} />,
          }))}
          totalCents={forecast.centralCents}
        />
        <p className="muted">
          {t("page.reference", {
            issued: formatDate(reference.issue_date),
            from: formatDate(reference.period_from),
            to: formatDate(reference.period_to),
            kwh: formatForecastKwh(reference.kwh),
          })}
        </p>
      </TitledCard>

      <TitledCard id="forecast-range" title={t("page.range.title")}>
        <p>
          {forecast.range.lowCents === forecast.range.highCents
            ? t("page.range.one", { amount: formatCents(forecast.range.lowCents) })
            : t("page.range.text", {
                low: formatCents(forecast.range.lowCents),
                high: formatCents(forecast.range.highCents),
              })}
        </p>
      </TitledCard>

      {forecast.estimatesUsed ? <p className="alert alert--info">{t("page.estimates")}</p> : null}
      <p className="muted">{t("page.notABill")}</p>
    </>
  );
}

/** The headline as the card writes it, without the card's link (this is the page it opens). */
function ForecastSummary({
  forecast,
  mayReport,
}: {
  forecast: ForecastFiguresView;
  mayReport: boolean;
}) {
  return <ForecastCard forecast={forecast} explainLink={false} mayReport={mayReport} />;
}

function LineBasis({ line }: { line: ForecastFiguresView["lines"][number] }) {
  const { t } = useTranslation("forecast");
  switch (line.key) {
    case "energy": {
      const basis = line.basis;
      if (basis.pricedFrom === "last_bill") {
        return (
          <>
            {t("page.lines.lastBill", {
              kwh: formatForecastKwh(basis.kwh),
              rate: formatRate(basis.perKwh),
            })}
          </>
        );
      }
      const parts = [
        t("page.lines.standing", {
          perMonth: formatRate(basis.standingPerMonth).replace(/,(\d\d)00\u00a0€$/, ",$1\u00a0€"),
          days: basis.days,
          daysPerMonth: formatDecimal(basis.daysPerMonth, 0, 4),
        }),
        ...basis.usage.map((part) =>
          t(
            part.register === "day" && basis.usage.length > 1
              ? "page.lines.usageDay"
              : part.register === "night"
                ? "page.lines.usageNight"
                : "page.lines.usage",
            { kwh: formatForecastKwh(part.kwh), rate: formatRate(part.rate) },
          ),
        ),
      ];
      return <>{parts.join(" + ")}</>;
    }
    case "regulated":
      return (
        <>
          {t("page.lines.regulated", {
            kwh: formatForecastKwh(line.basis.kwh),
            rate: formatRate(line.basis.perKwh),
          })}
        </>
      );
    case "municipality":
      return (
        <>
          {t("page.lines.municipality", {
            days: line.basis.days,
            perDay: formatRate(line.basis.perDay),
          })}
        </>
      );
    case "taxes":
      return (
        <>
          {t("page.lines.taxes", {
            percent: formatShare(line.basis.share),
            base: formatCents(line.basis.baseCents),
          })}
        </>
      );
  }
}
