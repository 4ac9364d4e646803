import { useTranslation } from "react-i18next";
import { formatDate, formatInteger } from "../../domain/format";

interface Values {
  date: string;
  day: number | null;
  night: number | null;
}

const kwh = (value: number | null) => (value === null ? "-" : formatInteger(value));

/**
 * The last readings (those sharing the newest date, origin 5 excluded) split into day and night,
 * who registered them, and the network operator's previous and next readings (spec §3, §4).
 */
export function LastReadings({
  last,
  hasNight,
  previousOperator,
  nextOperator,
  nextReadingDate,
}: {
  last: (Values & { registeredBy: "operator" | "client" }) | null;
  hasNight: boolean;
  previousOperator: Values | null;
  nextOperator: Values | null;
  /** The scheduled date of the operator's next reading when the data holds none yet. */
  nextReadingDate: string | null;
}) {
  const { t } = useTranslation("readings");
  return (
    <section className="card" aria-labelledby="last-title">
      <h2 id="last-title" className="card__title">
        {t("last.title")}
      </h2>
      {last ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t("last.caption")}>
          <table className="table">
            <caption className="visually-hidden">{t("last.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("last.which")}</th>
                <th scope="col">{t("date")}</th>
                <th scope="col" className="num">
                  {t("day")} (kWh)
                </th>
                {hasNight ? (
                  <th scope="col" className="num">
                    {t("night")} (kWh)
                  </th>
                ) : null}
                <th scope="col">{t("registeredBy")}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t("last.last")}</th>
                <td>{formatDate(last.date)}</td>
                <td className="num">{kwh(last.day)}</td>
                {hasNight ? <td className="num">{kwh(last.night)}</td> : null}
                <td>{t(`by.${last.registeredBy}`)}</td>
              </tr>
              <tr>
                <th scope="row">{t("last.previousOperator")}</th>
                <td>{previousOperator ? formatDate(previousOperator.date) : "-"}</td>
                <td className="num">{kwh(previousOperator?.day ?? null)}</td>
                {hasNight ? <td className="num">{kwh(previousOperator?.night ?? null)}</td> : null}
                <td>{previousOperator ? t("by.operator") : "-"}</td>
              </tr>
              <tr>
                <th scope="row">{t("last.nextOperator")}</th>
                <td>
                  {nextOperator
                    ? formatDate(nextOperator.date)
                    : nextReadingDate
                      ? t("last.scheduled", { date: formatDate(nextReadingDate) })
                      : "-"}
                </td>
                <td className="num">{kwh(nextOperator?.day ?? null)}</td>
                {hasNight ? <td className="num">{kwh(nextOperator?.night ?? null)}</td> : null}
                <td>{nextOperator || nextReadingDate ? t("by.operator") : "-"}</td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("last.none")}</p>
      )}
    </section>
  );
}
