import { useTranslation } from "react-i18next";
import { data, href } from "react-router";
import { getApi, requireDropdownMeters, requireShell } from "../../.server/shell";
import stylesHref from "../../components/requests/requests.css?url";
import { formatDate, supplyNumber } from "../../domain/format";
import { KIND_SLUG, statusTone } from "../../domain/requests-view";
import type { RouteHandle } from "../../root";
import { can } from "../../../core/permissions";
import type { Route } from "./+types/aitimata";
import { requests as readRequests } from "../../.server/api/requests";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { TableHead } from "../../components/TableHead";
import { TitledCard } from "../../components/TitledCard";
import { WhoCan } from "../../components/WhoCan";

export const handle: RouteHandle = {
  i18n: ["requests"],
  title: "requests:title",
  breadcrumb: "requests:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/**
 * Submit request (spec §2 "submit request"): the customer's requests with their status,
 * and the two kinds of request for the selected supply (each form can switch supply).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const [requests, meters] = await Promise.all([
    readRequests(getApi(args), shell.user.id),
    requireDropdownMeters(args),
  ]);
  const numbers = new Map(meters.map((m) => [m.id, supplyNumber(m)]));
  return data(
    {
      selectedMeterId: shell.selectedMeter.id,
      // A new request is managing a supply (#18): a `user` sees the list, not the forms' links.
      mayRequest: can(shell.user.test_role, "manage_supply"),
      managers: shell.user.managers,
      requests: requests.map((r) => ({
        id: r.id,
        reference: r.reference,
        kind: r.kind,
        status: r.status,
        supply: numbers.get(r.meter_id) ?? "-",
        created: formatDate(r.created_at),
      })),
    },
    { headers: NO_STORE },
  );
}

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const { requests, selectedMeterId, mayRequest, managers } = loaderData;
  const start = (kind: keyof typeof KIND_SLUG) =>
    `${href("/b2b/aitimata")}/${KIND_SLUG[kind]}?meter=${selectedMeterId}`;
  return (
    <div className="requests">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p>{t(mayRequest ? "intro" : "introView")}</p>
      {/* #35 §5: a person who may not file requests is told who does, by name. */}
      {mayRequest ? null : <WhoCan topic="requests" managers={managers} />}

      {mayRequest ? (
        <section aria-labelledby="rq-new-title">
          <h2 id="rq-new-title">{t("new.title")}</h2>
          <div className="rq-new">
            <div className="card">
              <h3 className="card__title">{t("new.nameChange")}</h3>
              <p>{t("new.nameChangeBody")}</p>
              <a className="btn" href={start("name_change")}>
                {t("new.start")}
                <span className="visually-hidden">: {t("new.nameChange")}</span>
              </a>
            </div>
            <div className="card">
              <h3 className="card__title">{t("new.cancellation")}</h3>
              <p>{t("new.cancellationBody")}</p>
              <a className="btn" href={start("cancellation")}>
                {t("new.start")}
                <span className="visually-hidden">: {t("new.cancellation")}</span>
              </a>
            </div>
          </div>
        </section>
      ) : null}

      <TitledCard id="rq-list-title" title={t("list.title")}>
        {requests.length === 0 ? (
          <p className="muted">{t("list.empty")}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <TableHead
                columns={[
                  { label: t("list.reference") },
                  { label: t("list.type") },
                  { label: t("list.supply") },
                  { label: t("list.submitted") },
                  { label: t("list.status") },
                ]}
              />
              <tbody>
                {requests.map((r) => {
                  const tone = statusTone(r.status);
                  return (
                    <tr key={r.id}>
                      <th scope="row">
                        <a href={href("/b2b/aitimata/:requestId", { requestId: String(r.id) })}>
                          {r.reference}
                        </a>
                      </th>
                      <td>{t(`kind.${r.kind}`)}</td>
                      <td className="nowrap">{r.supply}</td>
                      <td className="nowrap">{r.created}</td>
                      <td>
                        <span className={tone ? `badge badge--${tone}` : "badge"}>
                          {t(`status.${r.status}`)}
                        </span>
                        <span className="rq-status-help muted">{t(`statusHelp.${r.status}`)}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </TitledCard>
    </div>
  );
}
