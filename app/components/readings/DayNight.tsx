import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The day and night kWh columns every readings table has; the night column only for a two-rate
 * meter. The cells carry the header as data-label for the stacked layout of narrow screens.
 */
export function DayNightHeads({ hasNight }: { hasNight: boolean }) {
  const { t } = useTranslation("readings");
  return (
    <>
      <th scope="col" className="num">
        {t("day")} (kWh)
      </th>
      {hasNight ? (
        <th scope="col" className="num">
          {t("night")} (kWh)
        </th>
      ) : null}
    </>
  );
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
