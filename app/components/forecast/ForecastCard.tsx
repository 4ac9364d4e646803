import { useTranslation } from "react-i18next";
import { href } from "react-router";
import {
  dayMonth,
  type ForecastHeadline,
  formatCents,
  formatForecastKwh,
  headlineRange,
} from "../../domain/forecast-view";

/**
 * "Your next bill, for 01/12–31/12, will be about 82–94 €" (#37 §1), on the overview and the
 * bills page of the selected supply. An estimate and never a bill: no due date, no pay button,
 * marked as such in words (the badge is text, not a colour), and a link to "how we worked this
 * out". Nothing for a supply that is not Active (`forecast` null); with too little history it
 * says so plainly, and the explanation page says what would be needed.
 */
export function ForecastCard({
  forecast,
  explainLink = true,
  mayReport = true,
}: {
  forecast: ForecastHeadline | null | undefined;
  /** false on the explanation page itself. */
  explainLink?: boolean;
  /** false for a person who may not send a reading (a viewer, #38 §4): no link to the form. */
  mayReport?: boolean;
}) {
  const { t } = useTranslation("forecast");
  if (!forecast) return null;
  const explain = explainLink ? (
    <p className="forecast-card__more">
      <a href={href("/b2b/provlepsi")}>{t("card.explain")}</a>
    </p>
  ) : null;
  if (forecast.kind === "none") {
    return (
      <section className="card forecast-card" aria-labelledby="forecast-title">
        <h2 id="forecast-title" className="card__title">
          {t("card.title")}
        </h2>
        <p className="muted" data-testid="forecast-none">
          {forecast.reason === "too_little_history"
            ? t("card.none.too_little_history", { count: forecast.historyMonths })
            : t(`card.none.${forecast.reason}`)}
        </p>
        {explain}
      </section>
    );
  }
  const range = headlineRange(forecast);
  const period = { from: dayMonth(forecast.period.from), to: dayMonth(forecast.period.to) };
  const kwh = forecast.kwh.day + forecast.kwh.night;
  return (
    <section className="card forecast-card" aria-labelledby="forecast-title">
      <h2 id="forecast-title" className="card__title">
        {t("card.title")} <span className="badge badge--warning">{t("card.badge")}</span>
      </h2>
      <p className="forecast-card__headline" data-testid="forecast-headline">
        {range.one !== null
          ? t("card.headlineOne", { ...period, amount: range.one })
          : t("card.headline", { ...period, low: range.low, high: range.high })}
      </p>
      <p>
        {t("card.likely", {
          amount: formatCents(forecast.centralCents),
          kwh: formatForecastKwh(Math.round(kwh)),
        })}
      </p>
      <p className="muted">{t("card.notABill")}</p>
      {forecast.estimatesUsed ? (
        <p className="muted">
          {t("card.estimates")}
          {mayReport ? (
            <>
              {" "}
              <a href={href("/b2b/kataxorisi")}>{t("card.sendReading")}</a>
            </>
          ) : null}
        </p>
      ) : null}
      {explain}
    </section>
  );
}
