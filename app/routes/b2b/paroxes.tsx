import { useTranslation } from "react-i18next";
import type { ApiMeter } from "../../../api/contract";
import { requireShell } from "../../.server/shell";
import {
  formatAddress,
  formatAmount,
  formatDate,
  isElectricity,
  supplyNumber,
} from "../../domain/format";
import { meterStatusGroup, type MeterStatusGroup } from "../../domain/sidebar";
import { Icon } from "../../components/Icon";
import { SupplyStatus } from "../../components/SupplyStatus";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/paroxes";

export const handle: RouteHandle = {
  i18n: ["overview"],
  title: "shell:nav.supplies",
  breadcrumb: "shell:nav.supplies",
};

interface SupplyRow {
  id: number;
  kind: "electricity" | "gas";
  supplyNumber: string;
  status: string;
  statusGroup: MeterStatusGroup;
  address: string;
  billAddress: string;
  packageName: string;
  balance: number;
  agreedPower: string | null;
  nextReading: string | null;
  selected: boolean;
}

function toRow(meter: ApiMeter, selectedId: number): SupplyRow {
  return {
    id: meter.id,
    kind: isElectricity(meter) ? "electricity" : "gas",
    supplyNumber: supplyNumber(meter),
    status: meter.status,
    statusGroup: meterStatusGroup(meter.status),
    address: formatAddress(meter),
    billAddress: formatAddress(meter, "bill"),
    packageName: meter.package_print_descr || meter.package_name,
    balance: meter.running_total,
    agreedPower: meter.agreed_power,
    nextReading: meter.next_reading_date,
    selected: meter.id === selectedId,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  return { supplies: shell.meters.map((meter) => toRow(meter, shell.selectedMeter.id)) };
}

export default function Supplies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  const { supplies } = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>{t("shell:nav.supplies")}</h1>
        <p className="muted">{t("supplies.count", { count: supplies.length })}</p>
      </div>
      <form method="post" action="/b2b/select-meter">
        <ul className="list">
          {supplies.map((supply) => (
            <li key={supply.id}>
              <article
                className={supply.selected ? "card supply--current" : "card"}
                aria-labelledby={`supply-${supply.id}`}
              >
                <div className="supply__head">
                  <h2 id={`supply-${supply.id}`}>
                    <Icon name={supply.kind === "electricity" ? "bolt" : "flame"} />
                    {t(`shell:kind.${supply.kind}`)} · {supply.supplyNumber}
                  </h2>
                  <SupplyStatus status={supply.status} group={supply.statusGroup} />
                </div>
                <dl className="facts">
                  <dt>{t("supplies.address")}</dt>
                  <dd>{supply.address}</dd>
                  <dt>{t("supplies.billAddress")}</dt>
                  <dd>{supply.billAddress}</dd>
                  <dt>{t("supplies.package")}</dt>
                  <dd>{supply.packageName || "-"}</dd>
                  {supply.agreedPower ? (
                    <>
                      <dt>{t("supplies.agreedPower")}</dt>
                      <dd>{supply.agreedPower}</dd>
                    </>
                  ) : null}
                  {supply.nextReading ? (
                    <>
                      <dt>{t("supplies.nextReading")}</dt>
                      <dd>{formatDate(supply.nextReading)}</dd>
                    </>
                  ) : null}
                  <dt>{t("supplies.balance")}</dt>
                  <dd className="amount">{formatAmount(supply.balance)}</dd>
                </dl>
                <div className="actions">
                  {supply.selected ? (
                    <span className="badge badge--success">{t("supplies.selected")}</span>
                  ) : (
                    <button
                      type="submit"
                      name="meter_id"
                      value={supply.id}
                      className="btn btn--secondary btn--small"
                    >
                      {t("supplies.select")}
                      <span className="visually-hidden"> {supply.supplyNumber}</span>
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      </form>
    </>
  );
}
