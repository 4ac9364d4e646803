import { useTranslation } from "react-i18next";
import type { ApiBanner, ApiMeter } from "../../../api/contract";
import { requireShell } from "../../.server/shell";
import { formatAmount, formatDate } from "../../domain/format";
import { meterStatusGroup } from "../../domain/sidebar";
import { SupplyStatus } from "../../components/SupplyStatus";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/episkopisi";

export const handle: RouteHandle = {
  i18n: ["overview"],
  title: "overview:title",
  breadcrumb: "overview:title",
};

/**
 * The overview (spec §2, the landing page after sign-in). For now: the banners of the selected
 * supply and a summary card; the dashboard, charts and top banner come in a later issue and slot
 * in as further sections of <Overview>.
 */
type SupplySummaryData = Pick<
  ApiMeter,
  "id" | "status" | "running_total" | "trn_value" | "last_payment_date" | "last_invoice_due_date"
>;

export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  const summary: SupplySummaryData = {
    id: meter.id,
    status: meter.status,
    running_total: meter.running_total,
    trn_value: meter.trn_value,
    last_payment_date: meter.last_payment_date,
    last_invoice_due_date: meter.last_invoice_due_date,
  };
  return { summary, banners: shell.banners };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  return (
    <>
      <h1>{t("title")}</h1>
      <div className="cards">
        <SupplySummary summary={loaderData.summary} />
      </div>
      <Banners banners={loaderData.banners} />
    </>
  );
}

function SupplySummary({ summary }: { summary: SupplySummaryData }) {
  const { t } = useTranslation("overview");
  const owes = summary.running_total > 0;
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title" className="card__title">
        {t("summary.title")}
      </h2>
      <dl className="facts">
        <dt>{t("summary.status")}</dt>
        <dd>
          <SupplyStatus status={summary.status} group={meterStatusGroup(summary.status)} />
        </dd>
        <dt>{t("summary.balance")}</dt>
        <dd className="amount">{formatAmount(summary.running_total)}</dd>
        {owes ? (
          <>
            <dt>{t("summary.dueDate")}</dt>
            <dd>{formatDate(summary.last_invoice_due_date)}</dd>
          </>
        ) : null}
        <dt>{t("summary.lastPayment")}</dt>
        <dd>
          {formatDate(summary.last_payment_date)}
          {summary.trn_value > 0 ? (
            <span className="muted amount"> · {formatAmount(summary.trn_value)}</span>
          ) : null}
        </dd>
      </dl>
      <p className="muted">{owes ? t("summary.owes") : t("summary.settled")}</p>
    </section>
  );
}

function Banners({ banners }: { banners: ApiBanner[] }) {
  const { t } = useTranslation("overview");
  if (banners.length === 0) return null;
  return (
    <section aria-labelledby="banners-title">
      <h2 id="banners-title">{t("banners.title")}</h2>
      <ul className="list cards">
        {banners.map((banner) => (
          <li key={banner.id} className="card">
            <h3>{banner.title}</h3>
            <p>{banner.body}</p>
            {banner.url ? (
              <p>
                <a
                  className="btn btn--secondary btn--small"
                  href={banner.url}
                  rel={banner.url.startsWith("/") ? undefined : "noopener"}
                >
                  {t("banners.more")}
                  <span className="visually-hidden">: {banner.title}</span>
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
