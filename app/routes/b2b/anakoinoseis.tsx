import { useTranslation } from "react-i18next";
import { data, href, Link } from "react-router";
import { requireShell } from "../../.server/shell";
import { getApi } from "../../.server/api";
import { ImportanceBadge } from "../../components/pages/ImportanceBadge";
import stylesHref from "../../components/pages/pages.css?url";
import { formatDate } from "../../domain/format";
import { excerpt } from "../../domain/notices";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/anakoinoseis";
import { notices } from "../../.server/api/notices";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["notices"],
  title: "notices:title",
  breadcrumb: "notices:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/** Important notices: the supplier's notices to every customer, newest first. */
export async function loader(args: Route.LoaderArgs) {
  await requireShell(args);
  const all = await notices(getApi(args));
  return data(
    { notices: all.map((n) => ({ ...n, body: excerpt(n.body) })) },
    { headers: NO_STORE },
  );
}

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notices");
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p className="muted">{t("intro")}</p>
      {loaderData.notices.length === 0 ? (
        <p className="card">{t("empty")}</p>
      ) : (
        <ul className="notice-list card">
          {loaderData.notices.map((notice) => (
            <li key={notice.id}>
              <h2>
                <Link to={href("/b2b/anakoinoseis/:id", { id: String(notice.id) })}>
                  {notice.title}
                </Link>
              </h2>
              <p className="muted">
                <time dateTime={notice.published_at}>{formatDate(notice.published_at)}</time>{" "}
                <ImportanceBadge importance={notice.importance} />
              </p>
              <p>{notice.body}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
