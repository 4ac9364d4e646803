import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { BillStatus } from "../../domain/bill-status";
import type { Dashboard as DashboardData } from "../../domain/overview";
import { BillStatusBadge } from "../BillStatusBadge";
import { formatAmount, formatDate, formatKwh } from "../../domain/format";
import { BILL_LINES_NS, billLineLabelKey } from "../../../core/bill-lines";
import "./dashboard.css";

/**
 * Spec §3 Dashboard: balances of the supply, charges and consumption of its last bill. The current
 * bill carries its payment status, so a paid bill's amount never reads as still owed.
 *
 * Issue #35: the charges are the bill's lines (core/bill-lines.ts, energy first, the words of the
 * bill page and the PDF) with their sum, the current amount. Each part is folded behind its heading
 * (<details>, closed at every width, opens without JavaScript): the hero above already says what is
 * owed, so the phone overview does not repeat the same figure screen after screen.
 */
/** A line of the dashboard's charges or consumption card; `estimated` adds the estimate mark. */
interface FactRow {
  key: string;
  label: string;
  value: string;
  estimated?: boolean;
}

export function Dashboard({ data, status }: { data: DashboardData; status: BillStatus | null }) {
  const { t } = useTranslation(["overview", BILL_LINES_NS, "sources"]);
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
  const charges: FactRow[] = (data.charges?.lines ?? []).map((line) => ({
    key: line.key,
    label: t(billLineLabelKey(line.key)),
    value: formatAmount(line.amount),
  }));
  if (data.charges)
    charges.push({
      key: "total",
      label: t("dashboard.chargesTotal"),
      value: formatAmount(data.charges.totalCents / 100),
    });
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
      <Fold id="dashboard-balances" title={t("dashboard.balances")}>
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
      </Fold>
      {(
        [
          ["charges", charges],
          ["consumption", consumption],
        ] as const
      ).map(([card, rows]) => (
        <Fold key={card} id={`dashboard-${card}`} title={t(`dashboard.${card}`)}>
          {data.periodTo ? (
            <p className="muted">
              {t("dashboard.period", {
                from: formatDate(data.periodFrom),
                to: formatDate(data.periodTo),
              })}
            </p>
          ) : null}
          {rows.length === 0 ? (
            <p className="muted">{t("dashboard.noLines")}</p>
          ) : (
            <dl className="facts">
              {rows.map((row) => (
                <Fragment key={row.key}>
                  <dt className={row.key === "total" ? "facts__total" : undefined}>{row.label}</dt>
                  <dd className={row.key === "total" ? "facts__total" : undefined}>
                    <span className="amount">{row.value}</span>
                    {row.estimated ? <> {t("sources:chart.estimated")}</> : null}
                  </dd>
                </Fragment>
              ))}
            </dl>
          )}
          {card === "charges" && data.charges && !data.charges.consistent ? (
            <p className="alert alert--warning">{t("dashboard.inconsistent")}</p>
          ) : null}
        </Fold>
      ))}
    </section>
  );
}

/** One part of the dashboard, folded behind its heading (a native disclosure: no JavaScript). */
function Fold({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <details className="accordion dashboard__fold" aria-labelledby={id}>
      <summary>
        <h3 id={id} className="card__title">
          {title}
        </h3>
      </summary>
      <div className="accordion__body">{children}</div>
    </details>
  );
}
