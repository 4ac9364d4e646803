import { useTranslation } from "react-i18next";
import { data, href, Link } from "react-router";
import { getApi } from "../../.server/api";
import { requireShell } from "../../.server/shell";
import { ImportanceBadge } from "../../components/pages/ImportanceBadge";
import stylesHref from "../../components/pages/pages.css?url";
import { formatDate } from "../../domain/format";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/anakoinosi";
import { notice } from "../../.server/api/notices";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["notices"],
  breadcrumb: "notices:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/** One notice in full. An unknown, expired or not yet published id is a 404 page. */
export async function loader(args: Route.LoaderArgs) {
  await requireShell(args);
  const id = args.params.id;
  if (!/^\d{1,12}$/.test(id)) throw data(null, { status: 404 });
  const result = await notice(getApi(args), id);
  if (!result.ok) throw data(null, { status: result.status === 404 ? 404 : 503 });
  return data({ notice: result.data, title: result.data.title }, { headers: NO_STORE });
}

export default function Notice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notices");
  const { notice } = loaderData;
  return (
    <article className="card">
      <h1>{notice.title}</h1>
      <p className="muted">
        {t("published")}:{" "}
        <time dateTime={notice.published_at}>{formatDate(notice.published_at)}</time>{" "}
        <ImportanceBadge importance={notice.importance} />
      </p>
      <p className="notice-body">{notice.body}</p>
      <p>
        <Link to={href("/b2b/anakoinoseis")}>{t("back")}</Link>
      </p>
    </article>
  );
}
