import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation } from "react-router";

/**
 * The body of the error boundaries: not found (404), the backend temporarily unavailable (503:
 * slow, down or overloaded; the session and everything saved are kept, so "try again" is the
 * advice) or anything else. Never a stack trace outside development.
 */
export function ErrorContent({ error, home }: { error: unknown; home: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const kind = status === 404 ? "notFound" : status === 503 ? "unavailable" : "error";
  const title =
    kind === "notFound"
      ? t("notFound.title")
      : kind === "unavailable"
        ? t("error.unavailableTitle")
        : t("error.title");
  const body =
    kind === "notFound"
      ? t("notFound.body")
      : kind === "unavailable"
        ? t("error.unavailableBody")
        : t("error.body");
  return (
    <div className="card" role={kind === "unavailable" ? "alert" : undefined}>
      <h1>{title}</h1>
      <p>{body}</p>
      {import.meta.env.DEV && error instanceof Error ? <pre>{error.stack}</pre> : null}
      <p className="actions">
        {kind === "unavailable" ? (
          <a className="btn" href={location.pathname + location.search}>
            {t("error.retry")}
          </a>
        ) : null}
        <a className={kind === "unavailable" ? "btn btn--secondary" : "btn"} href={home}>
          {t("notFound.home")}
        </a>
      </p>
    </div>
  );
}
