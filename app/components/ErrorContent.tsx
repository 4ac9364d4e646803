import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation } from "react-router";
import type { ApiUser } from "../../core/contract";
import { WhoCan } from "./WhoCan";

/** Who may do what a 403 refused (app/.server/permission.ts `notPermitted`), if it says. */
function managersOf(error: unknown): ApiUser["managers"] {
  if (!isRouteErrorResponse(error) || error.status !== 403) return [];
  const managers: unknown = (error.data as { managers?: unknown } | null)?.managers;
  return Array.isArray(managers)
    ? managers.filter(
        (m): m is ApiUser["managers"][number] =>
          typeof m === "object" && m !== null && typeof (m as { name?: unknown }).name === "string",
      )
    : [];
}

/** Refusals of a request no action can take (app/middleware/request-body.ts), by status. */
const REFUSED: Record<number, "badRequest" | "methodNotAllowed" | "tooLarge"> = {
  400: "badRequest",
  405: "methodNotAllowed",
  413: "tooLarge",
};

/**
 * The body of the error boundaries: not found (404), the backend temporarily unavailable (503:
 * slow, down or overloaded; the session and everything saved are kept, so "try again" is the
 * advice), a page the person's role does not allow (403, #18), a request the page cannot take
 * (400 not a form, 405 wrong method, 413 too large: back to the page is the advice) or anything
 * else. Never a stack trace outside development.
 */
export function ErrorContent({ error, home }: { error: unknown; home: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refused = REFUSED[status];
  const kind = status === 404 ? "notFound" : status === 503 ? "unavailable" : "error";
  // 403: a page the person's role does not allow (#18, app/.server/permission.ts); still signed in.
  const notPermitted = status === 403;
  const title = refused
    ? t(`error.${refused}Title`)
    : notPermitted
      ? t("error.notPermittedTitle")
      : kind === "notFound"
        ? t("notFound.title")
        : kind === "unavailable"
          ? t("error.unavailableTitle")
          : t("error.title");
  const body = refused
    ? t(`error.${refused}Body`)
    : notPermitted
      ? `${t("error.notPermitted")} ${t("error.notPermittedHint")}`
      : kind === "notFound"
        ? t("notFound.body")
        : kind === "unavailable"
          ? t("error.unavailableBody")
          : t("error.body");
  const again = kind === "unavailable" ? t("error.retry") : refused ? t("error.backToPage") : null;
  return (
    <div className="card" role={kind === "unavailable" ? "alert" : undefined}>
      <h1>{title}</h1>
      <p>{body}</p>
      {notPermitted ? <WhoCan topic="action" managers={managersOf(error)} /> : null}
      {import.meta.env.DEV && error instanceof Error ? <pre>{error.stack}</pre> : null}
      <p className="actions">
        {again ? (
          // A GET of the same address: the page again, as it is now (the form, empty).
          <a className="btn" href={location.pathname + location.search}>
            {again}
          </a>
        ) : null}
        <a className={again ? "btn btn--secondary" : "btn"} href={home}>
          {t("notFound.home")}
        </a>
      </p>
    </div>
  );
}
