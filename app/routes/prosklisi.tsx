import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { getApi } from "../.server/api";
import { acceptInvitation, invitation } from "../.server/api/people";
import { NO_STORE, noStoreHeaders } from "../.server/no-store";
import { AUTH_ERROR_NS, NewPasswordFields, useResetKey } from "../auth-ui/parts";
import { ErrorSummary, getFormProps, useForm } from "../components/form";
import { PublicLayout } from "../components/PublicLayout";
import { peopleWords } from "../components/people/access";
import { resetPasswordSchema } from "../domain/schemas";
import { getInstance } from "../middleware/i18next";
import { getSession } from "../middleware/session";
import type { ApiInvitation } from "../../core/contract";
import type { Route } from "./+types/prosklisi";

/**
 * The emailed invitation /prosklisi/{token} (#18), signed out: whom it is for, and a new password
 * with the sign-up's rules. Accepting spends the invitation (once) and leads to the sign-in page
 * with a notice; an unknown, used, withdrawn or expired invitation says so, the same for each.
 */
export const handle = { i18n: ["people", "auth", "forms"] };

export const headers = noStoreHeaders;

export async function loader(args: Route.LoaderArgs) {
  const found = await invitation(getApi(args), args.params.token);
  const t = getInstance(args.context).getFixedT(null, "people");
  return data(
    { title: t("accept.title"), invitation: found.ok ? found.data : null },
    { headers: NO_STORE },
  );
}

const hideFields = ["password", "password_confirmation"];

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), invalid: false }, { status: 400 });
  }
  const result = await acceptInvitation(getApi(args), args.params.token, submission.value);
  if (result.ok) {
    getSession(args.context).flash("notice", { type: "success", key: "people:accept.success" });
    throw redirect(href("/login"), 303);
  }
  if (result.code === "passwords_mismatch" || (result.code === "validation" && result.field)) {
    const field = result.code === "passwords_mismatch" ? "password_confirmation" : result.field!;
    const message =
      result.code === "passwords_mismatch"
        ? "validate.passwordsMatch"
        : (result.message ?? "validate.passwordRules");
    return data(
      {
        result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields }),
        invalid: false,
      },
      { status: 400 },
    );
  }
  return data(
    { result: submission.reply({ hideFields }), invalid: result.code === "bad_token" },
    { status: 400 },
  );
}

/**
 * The level the person is invited with and what it lets them do (core/permissions.ts, as the
 * people pages describe it), and whether they will receive copies of the account's notices.
 */
function InvitedLevel({ invitation }: { invitation: ApiInvitation }) {
  const { t } = useTranslation("people");
  const words = peopleWords(t, invitation.household === 1);
  return (
    <>
      <p>{t("accept.level", { level: words.role(invitation.role) })}</p>
      <p>{t("can.intro")}</p>
      <ul>
        {words.can(invitation.role).map((phrase) => (
          <li key={phrase}>{phrase}</li>
        ))}
      </ul>
      {invitation.trusted_copies ? <p>{t("accept.trusted")}</p> : null}
    </>
  );
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "auth"]);
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<typeof resetPasswordSchema>>({
    id: "invitation",
    lastResult: actionData?.result,
  });
  const resetKey = useResetKey(actionData);
  const found = loaderData.invitation;
  if (!found || actionData?.invalid) {
    return (
      <PublicLayout narrow>
        <h1>{t("accept.heading")}</h1>
        <div className="alert alert--error" role="alert">
          <p>{t("accept.invalid")}</p>
        </div>
        <p>
          <Link to={href("/login")}>{t("accept.toLogin")}</Link>
        </p>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout narrow>
      <h1>{t("accept.heading")}</h1>
      <p>
        {t(found.household ? "accept.forHousehold" : "accept.for", {
          name: found.name,
          company: found.company,
          email: found.email,
        })}
      </p>
      <InvitedLevel invitation={found} />
      <ErrorSummary form={form} ns={AUTH_ERROR_NS} labelKey={(name) => `people:accept.${name}`} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <NewPasswordFields fields={fields} labels="reset" resetKey={resetKey} />
        <div className="actions">
          <button type="submit" className="btn" disabled={submitting}>
            {t("accept.submit")}
          </button>
        </div>
      </Form>
    </PublicLayout>
  );
}
