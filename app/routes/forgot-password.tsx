import { getFormProps, useForm, ErrorSummary } from "../components/form";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { getApi } from "../.server/api";
import { passwordReset } from "../.server/api/auth";
import { requireAnonymous } from "../.server/guards";
import { emailAvailable } from "../.server/messages-available";
import { AUTH_ERROR_NS, LoginNameField, Notice } from "../auth-ui/parts";
import { PublicLayout } from "../components/PublicLayout";
import { cloudflareContext } from "../context";
import { forgotPasswordSchema } from "../domain/schemas";
import { retryAfterHeaders, TOO_MANY_ATTEMPTS, withRetryAfter } from "../domain/throttle";
import { getInstance } from "../middleware/i18next";
import { getNotice, getSession } from "../middleware/session";
import type { Route } from "./+types/forgot-password";

/**
 * Request a password-reset email for a VAT or an email (#18). The answer is the same whether or
 * not it names an account (no account enumeration); the API records the email in the outbox.
 */
export const handle = { i18n: ["auth", "forms"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  return {
    title: getInstance(context).t("auth:forgot.title"),
    notice: getNotice(context) ?? null,
    // Email sending off (EMAIL_PROVIDER): say so instead of promising a link (the same for all).
    emailOff: !emailAvailable(context.get(cloudflareContext).env),
  };
}

export function headers({ parentHeaders, actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(actionHeaders, parentHeaders);
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const result = await passwordReset(getApi(args), submission.value.afm);
  if (!result.ok && result.code === "too_many_attempts") {
    // Per client address, whatever the VAT (the per-account limit answers as usual: no hint).
    return data(submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }), {
      status: 429,
      headers: retryAfterHeaders(result),
    });
  }
  if (!result.ok && (result.status === 0 || result.status >= 500)) {
    return data(submission.reply({ formErrors: ["auth:login.errors.error"] }), { status: 400 });
  }
  getSession(args.context).flash("notice", { type: "success", key: "auth:forgot.sent" });
  throw redirect(href("/forgot-password"));
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<typeof forgotPasswordSchema>>({
    id: "forgot",
    lastResult: actionData,
  });
  const sent = loaderData.notice?.key === "auth:forgot.sent";
  return (
    <PublicLayout narrow>
      <h1>{t("forgot.heading")}</h1>
      <Notice notice={loaderData.notice} />
      {loaderData.emailOff ? (
        <div className="alert alert--error" role="alert">
          <p>{t("forgot.unavailable")}</p>
        </div>
      ) : sent ? null : (
        <>
          <p>{t("forgot.intro")}</p>
          <ErrorSummary form={form} ns={AUTH_ERROR_NS} labelKey={(name) => `auth:forgot.${name}`} />
          <Form method="post" className="form" {...getFormProps(form)}>
            <LoginNameField meta={fields.afm} label={t("forgot.afm")} />
            <div className="actions">
              <button type="submit" className="btn" disabled={submitting}>
                {t("forgot.submit")}
              </button>
            </div>
          </Form>
        </>
      )}
      <p>
        <Link to={href("/login")}>{t("forgot.backToLogin")}</Link>
      </p>
    </PublicLayout>
  );
}
