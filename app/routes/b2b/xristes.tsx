import { useTranslation } from "react-i18next";
import { data, href, Link } from "react-router";
import type { ApiPerson } from "../../../core/contract";
import { people } from "../../.server/api/people";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { getApi, requireShell } from "../../.server/shell";
import { AccessLevels } from "../../components/people/AccessLevels";
import { offeredRoles, peopleWords } from "../../components/people/access";
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
 * The people of the account (#18; a household's relatives and carers, #38 §4): one row each, with
 * a link to change or remove them, and what each level may do. A user or a viewer (who manages no
 * one) is told so; the API refuses them the list (403 not_permitted).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const list = await people(getApi(args), shell.user.id);
  const household = shell.user.is_legal_person !== 1;
  const words = peopleWords(getInstance(args.context).getFixedT(null, "people"), household);
  return data(
    {
      title: words.word("title"),
      breadcrumb: household ? "people:household.title" : "people:title",
      household,
      myRole: shell.user.test_role,
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
  const { people: list, problem, household, myRole } = loaderData;
  const words = peopleWords(t, household);
  return (
    <div className="people">
      <div className="page-head">
        <h1>{words.word("title")}</h1>
      </div>
      <p>{words.word("intro")}</p>
      {problem || !list ? (
        <p className="alert alert--warning" role="status">
          {problem === "notPermitted" ? words.word("notPermitted") : t("loadFailed")}
        </p>
      ) : (
        <>
          <p className="actions">
            <Link className="btn" to={href("/b2b/xristes/nea")}>
              {words.word("invite")}
            </Link>
          </p>
          <section className="card">
            <div className="people-table-wrap">
              <table className="table people-table">
                <caption>{words.word("caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("columns.name")}</th>
                    <th scope="col">{t("columns.email")}</th>
                    <th scope="col">{words.roleField}</th>
                    <th scope="col">{t("columns.supplies")}</th>
                    <th scope="col">{t("columns.lastLogin")}</th>
                    <th scope="col">{t("columns.status")}</th>
                    <th scope="col">{t("trusted.column")}</th>
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
                      <td data-label={words.roleField}>{words.role(person.role)}</td>
                      <td data-label={t("columns.supplies")}>
                        <Supplies person={person} />
                      </td>
                      <td data-label={t("columns.lastLogin")}>
                        {person.last_login_at ? formatStamp(person.last_login_at) : t("none")}
                      </td>
                      <td data-label={t("columns.status")}>{t(`status.${person.status}`)}</td>
                      <td data-label={t("trusted.column")}>
                        {person.trusted_copies ? t("trusted.yes") : t("none")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <AccessLevels words={words} roles={offeredRoles(myRole)} />
        </>
      )}
    </div>
  );
}
