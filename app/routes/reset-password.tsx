import { getFormProps, useForm, ErrorSummary } from "../components/form";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { getApi } from "../.server/api";
import { passwordResetConfirm } from "../.server/api/auth";
import { AUTH_ERROR_NS, NewPasswordFields, Notice, useResetKey } from "../auth-ui/parts";
import { PublicLayout } from "../components/PublicLayout";
import { resetPasswordSchema } from "../domain/schemas";
import { getInstance } from "../middleware/i18next";
import { getNotice, getSession } from "../middleware/session";
import type { Route } from "./+types/reset-password";

/**
 * Set a new password from the emailed link /reset-password/{token}. The token is checked by the
 * API when the form is sent (single use, one hour). Success redirects back here with a one-shot
 * notice and a link to sign in; the API has revoked every session of the account.
 */
export const handle = { i18n: ["auth", "forms"] };

export async function loader({ context }: Route.LoaderArgs) {
  const notice = getNotice(context);
  return {
    title: getInstance(context).t("auth:reset.title"),
    changed: notice?.key === "auth:reset.success",
  };
}

const hideFields = ["password", "password_confirmation"];

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), linkProblem: null }, { status: 400 });
  }
  const result = await passwordResetConfirm(getApi(args), {
    token: args.params.token,
    ...submission.value,
  });
  if (result.ok) {
    getSession(args.context).flash("notice", { type: "success", key: "auth:reset.success" });
    throw redirect(href("/reset-password/:token", { token: args.params.token }));
  }
  if (result.code === "passwords_mismatch") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { password_confirmation: ["validate.passwordsMatch"] },
          hideFields,
        }),
        linkProblem: null,
      },
      { status: 400 },
    );
  }
  if (result.code === "invalid_data" && result.field === "password") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: ["validate.passwordRules"] },
          hideFields,
        }),
        linkProblem: null,
      },
      { status: 400 },
    );
  }
  const linkProblem =
    result.code === "link_expired"
      ? "expired"
      : result.code === "invalid_data" || result.code === "bad_token"
        ? "invalid"
        : "error";
  return data({ result: submission.reply({ hideFields }), linkProblem }, { status: 400 });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<typeof resetPasswordSchema>>({
    id: "reset",
    lastResult: actionData?.result,
  });
  const resetKey = useResetKey(actionData);
  if (loaderData.changed) {
    return (
      <PublicLayout narrow>
        <h1>{t("reset.heading")}</h1>
        <Notice notice={{ type: "success", key: "auth:reset.success" }} />
        <p>
          <Link className="btn" to={href("/login")}>
            {t("reset.toLogin")}
          </Link>
        </p>
      </PublicLayout>
    );
  }
  const problem = actionData?.linkProblem;
  return (
    <PublicLayout narrow>
      <h1>{t("reset.heading")}</h1>
      {problem ? (
        <div className="alert alert--error" role="alert">
          <p>
            {problem === "expired"
              ? t("reset.expired")
              : problem === "invalid"
                ? t("reset.invalid")
                : t("login.errors.error")}
          </p>
          {problem === "expired" || problem === "invalid" ? (
            <p>
              <Link to={href("/forgot-password")}>{t("reset.requestNew")}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <ErrorSummary form={form} ns={AUTH_ERROR_NS} labelKey={(name) => `auth:reset.${name}`} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <NewPasswordFields fields={fields} labels="reset" resetKey={resetKey} />
        <div className="actions">
          <button type="submit" className="btn" disabled={submitting}>
            {t("reset.submit")}
          </button>
          <Link to={href("/login")}>{t("reset.toLogin")}</Link>
        </div>
      </Form>
    </PublicLayout>
  );
}
