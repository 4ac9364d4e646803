import { useTranslation } from "react-i18next";
import { DayNightCells, useDayNightColumns } from "./DayNight";
import { TableHead } from "../TableHead";
import { formatDate, formatInteger } from "../../domain/format";
import { TitledCard } from "../TitledCard";

interface Values {
  date: string;
  day: number | null;
  night: number | null;
  /** Where the values come from (issue #20). */
  source: "operator" | "client" | "estimated";
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
  correctHref,
}: {
  last: (Values & { registeredBy: "operator" | "client" }) | null;
  hasNight: boolean;
  previousOperator: Values | null;
  nextOperator: Values | null;
  /** The scheduled date of the operator's next reading when the data holds none yet. */
  nextReadingDate: string | null;
  /** Where "correct my reading" leads, when the last reading is the customer's own and open. */
  correctHref: string | null;
}) {
  const { t } = useTranslation(["readings", "sources"]);
  const source = t("sources:reading.source");
  const dayNight = useDayNightColumns(hasNight);
  return (
    <TitledCard id="last-title" title={t("last.title")}>
      {last ? (
        <div className="rd-fit">
          <table className="table rd-stack">
            <caption className="visually-hidden">{t("last.caption")}</caption>
            <TableHead
              columns={[
                { label: t("last.which") },
                { label: t("date") },
                ...dayNight,
                { label: source },
              ]}
            />
            <tbody>
              <tr>
                <th scope="row">{t("last.last")}</th>
                <td data-label={t("date")}>{formatDate(last.date)}</td>
                <DayNightCells hasNight={hasNight} day={kwh(last.day)} night={kwh(last.night)} />
                <td data-label={source}>{t(`sources:reading.${last.source}`)}</td>
              </tr>
              <tr>
                <th scope="row">{t("last.previousOperator")}</th>
                <td data-label={t("date")}>
                  {previousOperator ? formatDate(previousOperator.date) : "-"}
                </td>
                <DayNightCells
                  hasNight={hasNight}
                  day={kwh(previousOperator?.day ?? null)}
                  night={kwh(previousOperator?.night ?? null)}
                />
                <td data-label={source}>
                  {previousOperator ? t(`sources:reading.${previousOperator.source}`) : "-"}
                </td>
              </tr>
              <tr>
                <th scope="row">{t("last.nextOperator")}</th>
                <td
                  data-label={t("date")}
                  className={!nextOperator && nextReadingDate ? "rd-wide" : undefined}
                >
                  {nextOperator
                    ? formatDate(nextOperator.date)
                    : nextReadingDate
                      ? t("last.scheduled", { date: formatDate(nextReadingDate) })
                      : "-"}
                </td>
                <DayNightCells
                  hasNight={hasNight}
                  day={kwh(nextOperator?.day ?? null)}
                  night={kwh(nextOperator?.night ?? null)}
                />
                <td data-label={source}>
                  {nextOperator
                    ? t(`sources:reading.${nextOperator.source}`)
                    : nextReadingDate
                      ? t("sources:reading.operator")
                      : "-"}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("last.none")}</p>
      )}
      {correctHref ? (
        <p className="rd-correct">
          {t("correct.offer")} <a href={correctHref}>{t("correct.link")}</a>
        </p>
      ) : null}
    </TitledCard>
  );
}
