import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { BillStatus } from "../../domain/bill-status";
import type { Dashboard as DashboardData } from "../../domain/overview";
import { BillStatusBadge } from "../BillStatusBadge";
import { formatAmount, formatDate, formatKwh } from "../../domain/format";

/**
 * Spec §3 Dashboard: balances of the supply, charges and consumption of its last bill. The current
 * bill carries its payment status, so a paid bill's amount never reads as still owed.
 */
/** A line of the dashboard's charges or consumption card; `estimated` adds the estimate mark. */
interface FactRow {
  key: string;
  label: string;
  value: string;
  estimated?: boolean;
}

export function Dashboard({ data, status }: { data: DashboardData; status: BillStatus | null }) {
  const { t } = useTranslation(["overview", "sources"]);
  const money = (value: number | null) => (value === null ? "-" : formatAmount(value));
  const energy = (value: number | null) => (value === null ? "-" : formatKwh(value));
  const tiles: {
    key: string;
    label: string;
    value: string;
    note?: string;
    badge?: BillStatus | null;
  }[] = [
    {
      key: "currentBill",
      label: t("dashboard.currentBill"),
      value: money(data.currentBill),
      badge: data.currentBill === null ? null : status,
    },
    // Not highlighted: the hero above says what is owed (one figure to act on).
    { key: "totalDue", label: t("dashboard.totalDue"), value: formatAmount(data.totalDue) },
    {
      key: "lastPayment",
      label: t("dashboard.lastPayment"),
      value: formatAmount(data.lastPayment.amount),
      note: formatDate(data.lastPayment.date),
    },
  ];
  const charges: FactRow[] = [
    { key: "regulated", label: t("dashboard.regulated"), value: money(data.regulated) },
    { key: "municipality", label: t("dashboard.municipality"), value: money(data.municipality) },
    { key: "taxes", label: t("dashboard.taxes"), value: money(data.taxes) },
    { key: "collateral", label: t("dashboard.collateral"), value: money(data.collateral) },
    { key: "advance", label: t("dashboard.advance"), value: money(data.advance) },
  ];
  // An estimated bill's kWh say so (issue #20), beside the figure (which never breaks), not in it.
  const consumption: FactRow[] = [
    {
      key: "day",
      label: data.hasNight ? t("dashboard.dayKwh") : t("dashboard.kwh"),
      value: energy(data.dayKwh),
      estimated: data.estimated && data.dayKwh !== null,
    },
  ];
  if (data.hasNight)
    consumption.push({
      key: "night",
      label: t("dashboard.nightKwh"),
      value: energy(data.nightKwh),
      estimated: data.estimated && data.nightKwh !== null,
    });
  if (data.pvKwh !== null)
    consumption.push({ key: "pv", label: t("dashboard.pvKwh"), value: energy(data.pvKwh) });

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">{t("dashboard.title")}</h2>
      <ul className="tiles" role="list">
        {tiles.map((tile) => (
          <li key={tile.key} className="tile">
            <span className="tile__label">{tile.label}</span>
            <span className="tile__value amount">{tile.value}</span>
            {tile.badge ? (
              <span className="tile__note">
                <BillStatusBadge status={tile.badge} />
              </span>
            ) : null}
            {tile.note ? <span className="tile__note">{tile.note}</span> : null}
          </li>
        ))}
      </ul>
      <div className="cards">
        {(
          [
            ["charges", charges],
            ["consumption", consumption],
          ] as const
        ).map(([card, rows]) => (
          <section key={card} className="card" aria-labelledby={`dashboard-${card}`}>
            <h3 id={`dashboard-${card}`} className="card__title">
              {t(`dashboard.${card}`)}
            </h3>
            {data.periodTo ? (
              <p className="muted">
                {t("dashboard.period", {
                  from: formatDate(data.periodFrom),
                  to: formatDate(data.periodTo),
                })}
              </p>
            ) : null}
            <dl className="facts">
              {rows.map((row) => (
                <Fragment key={row.key}>
                  <dt>{row.label}</dt>
                  <dd>
                    <span className="amount">{row.value}</span>
                    {row.estimated ? <> {t("sources:chart.estimated")}</> : null}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}
