import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../TableHead";

/**
 * The day and night kWh columns every readings table has (for TableHead), the night column only
 * for a two-rate meter; the cells carry the header as data-label for the narrow stacked layout.
 */
export function useDayNightColumns(hasNight: boolean): Column[] {
  const { t } = useTranslation("readings");
  const day: Column = { label: <>{t("day")} (kWh)</>, num: true };
  return hasNight ? [day, { label: <>{t("night")} (kWh)</>, num: true }] : [day];
}

export function DayNightCells({
  hasNight,
  day,
  night,
}: {
  hasNight: boolean;
  day: ReactNode;
  night: ReactNode;
}) {
  const { t } = useTranslation("readings");
  return (
    <>
      <td className="num" data-label={`${t("day")} (kWh)`}>
        {day}
      </td>
      {hasNight ? (
        <td className="num" data-label={`${t("night")} (kWh)`}>
          {night}
        </td>
      ) : null}
    </>
  );
}
