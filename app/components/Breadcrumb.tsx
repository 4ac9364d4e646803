import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import type { RouteHandle } from "../root";

/** Home › Page, from the `handle.breadcrumb` keys of the matched routes. */
export function Breadcrumb() {
  const { t } = useTranslation("shell");
  const matches = useMatches();
  const crumbs = matches
    .map((match) => {
      // A loader may name it for the page's data (the people pages: a household's words, #38 §4).
      const named = (match.loaderData as { breadcrumb?: unknown } | null | undefined)?.breadcrumb;
      return {
        key:
          typeof named === "string" ? named : (match.handle as RouteHandle | undefined)?.breadcrumb,
        path: match.pathname,
      };
    })
    .filter((crumb): crumb is { key: string; path: string } => Boolean(crumb.key));
  return (
    <nav className="breadcrumb" aria-label={t("breadcrumb.label")}>
      <ol>
        <li>
          <Link to="/b2b/episkopisi">{t("breadcrumb.home")}</Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{t(crumb.key)}</span>
            ) : (
              <Link to={crumb.path}>{t(crumb.key)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
