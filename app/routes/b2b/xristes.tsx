import { useTranslation } from "react-i18next";
import { data, href, Link } from "react-router";
import type { ApiPerson } from "../../../core/contract";
import { people } from "../../.server/api/people";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { getApi, requireShell } from "../../.server/shell";
import stylesHref from "../../components/people/people.css?url";
import { formatStamp } from "../../domain/format";
import { getInstance } from "../../middleware/i18next";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/xristes";

export const handle: RouteHandle = {
  i18n: ["people"],
  breadcrumb: "people:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/**
 * The people of the account (#18): one row each, with a link to change or remove them. A user
 * (who manages no one) is told so; the API refuses them the list (403 not_permitted).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const list = await people(getApi(args), shell.user.id);
  const t = getInstance(args.context).getFixedT(null, "people");
  return data(
    {
      title: t("title"),
      people: list.ok ? list.data.people : null,
      problem: list.ok ? null : list.status === 403 ? "notPermitted" : "loadFailed",
    },
    { headers: NO_STORE },
  );
}

function Supplies({ person }: { person: ApiPerson }) {
  const { t } = useTranslation("people");
  if (person.role === "master" || person.all_supplies) return <>{t("allSupplies")}</>;
  return <>{t("supplyCount", { count: person.supply_count })}</>;
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("people");
  const { people: list, problem } = loaderData;
  return (
    <div className="people">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p>{t("intro")}</p>
      {problem || !list ? (
        <p className="alert alert--warning" role="status">
          {t(problem ?? "loadFailed")}
        </p>
      ) : (
        <>
          <p className="actions">
            <Link className="btn" to={href("/b2b/xristes/nea")}>
              {t("invite")}
            </Link>
          </p>
          <section className="card">
            <div className="people-table-wrap">
              <table className="table people-table">
                <caption>{t("caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("columns.name")}</th>
                    <th scope="col">{t("columns.email")}</th>
                    <th scope="col">{t("columns.role")}</th>
                    <th scope="col">{t("columns.supplies")}</th>
                    <th scope="col">{t("columns.lastLogin")}</th>
                    <th scope="col">{t("columns.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((person) => (
                    <tr key={person.id}>
                      <th scope="row">
                        <Link to={href("/b2b/xristes/:personId", { personId: String(person.id) })}>
                          {person.name}
                        </Link>
                        {person.is_me ? ` ${t("you")}` : null}
                      </th>
                      <td data-label={t("columns.email")}>{person.email}</td>
                      <td data-label={t("columns.role")}>{t(`role.${person.role}`)}</td>
                      <td data-label={t("columns.supplies")}>
                        <Supplies person={person} />
                      </td>
                      <td data-label={t("columns.lastLogin")}>
                        {person.last_login_at ? formatStamp(person.last_login_at) : t("none")}
                      </td>
                      <td data-label={t("columns.status")}>{t(`status.${person.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
