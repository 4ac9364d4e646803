import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { getApi } from "../.server/api";
import { activate } from "../.server/api/auth";
import { Notice } from "../auth-ui/parts";
import { PublicLayout } from "../components/PublicLayout";
import { getInstance } from "../middleware/i18next";
import { getNotice, getSession } from "../middleware/session";
import type { Route } from "./+types/activate";

/**
 * Account activation from the emailed link /activate/{id}. The GET only shows a button: mail
 * scanners and link previews fetch links, and GET must never change data. The POST activates,
 * then redirects back here with a one-shot success notice (Post/Redirect/Get).
 */
export const handle = { i18n: ["auth", "forms"] };

export async function loader({ context }: Route.LoaderArgs) {
  const notice = getNotice(context);
  return {
    title: getInstance(context).t("auth:activate.title"),
    activated: notice?.key === "auth:activate.success",
  };
}

export async function action(args: Route.ActionArgs) {
  const result = await activate(getApi(args), args.params.id);
  if (result.ok) {
    getSession(args.context).flash("notice", { type: "success", key: "auth:activate.success" });
    throw redirect(href("/activate/:id", { id: args.params.id }));
  }
  return data(
    { failed: true },
    { status: result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useNavigation().state === "submitting";
  return (
    <PublicLayout narrow>
      <h1>{t("activate.heading")}</h1>
      {loaderData.activated ? (
        <>
          <Notice notice={{ type: "success", key: "auth:activate.success" }} />
          <p>
            <Link className="btn" to={href("/login")}>
              {t("activate.toLogin")}
            </Link>
          </p>
        </>
      ) : (
        <>
          {actionData?.failed ? (
            <div className="alert alert--error" role="alert">
              <p>{t("activate.failed")}</p>
            </div>
          ) : (
            <p>{t("activate.intro")}</p>
          )}
          <Form method="post">
            <div className="actions">
              <button type="submit" className="btn" disabled={submitting}>
                {t("activate.submit")}
              </button>
              <Link to={href("/login")}>{t("activate.toLogin")}</Link>
            </div>
          </Form>
        </>
      )}
    </PublicLayout>
  );
}
