import { type SubmissionResult } from "@conform-to/react";
import {
  ErrorSummary,
  FieldErrors,
  getFormProps,
  getInputProps,
  TextField,
  useForm,
} from "../components/form";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import type { ApiErrorCode } from "../../core/contract";
import { getApi } from "../.server/api";
import { login, signup } from "../.server/api/auth";
import { completeSignIn } from "../.server/auth";
import { requireAnonymous } from "../.server/guards";
import {
  AUTH_ERROR_NS,
  LoginNameField,
  NewPasswordFields,
  Notice,
  type NoticeData,
  PUBLIC_FIELD,
  REQUIRED_FIELD,
  useResetKey,
  VatField,
} from "../auth-ui/parts";
import { PublicLayout } from "../components/PublicLayout";
import { safeRedirect } from "../domain/redirect";
import { loginSchema, signupSchema } from "../domain/schemas";
import { retryAfterHeaders, TOO_MANY_ATTEMPTS, withRetryAfter } from "../domain/throttle";
import { getInstance } from "../middleware/i18next";
import { getNotice, getSession } from "../middleware/session";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/landing";

/**
 * One screen, two modes (spec §2): "/" and "/login" sign in, "/signup" and "/?mode=signup" create
 * an account. Both forms are plain POSTs that work without JavaScript (Post/Redirect/Get on
 * success; on error the page comes back with the messages next to the fields, values kept except
 * passwords). With JavaScript, Conform validates with the same zod schemas before submitting.
 */
export const handle: RouteHandle = {
  // Only the parts of "auth" this mode shows: the sign-in page is the first 14 KB a customer
  // loads. Sign-in refusals may be notices ("deactivated"); signing up states the password
  // rules of "reset".
  i18n: (loaderData) =>
    (loaderData as { mode?: Mode } | undefined)?.mode === "signup"
      ? ["auth.landing", "auth.login", "auth.notice", "auth.signup", "auth.reset", "forms"]
      : ["auth.landing", "auth.login", "auth.notice", "forms"],
};

type Mode = "login" | "signup";

function modeOf(url: URL): Mode {
  // Client-side navigations fetch "/signup.data" (single fetch): compare the page's own path.
  const pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/signup") return "signup";
  if (pathname === "/login") return "login";
  return url.searchParams.get("mode") === "signup" ? "signup" : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  const url = new URL(request.url);
  const mode = modeOf(url);
  const t = getInstance(context).t;
  const notice = getNotice(context);
  return {
    mode,
    title: t(`auth:${mode}.title`),
    // Translated here: notices come from parts of "auth" this page does not embed.
    notice: notice ? { type: notice.type, message: t(notice.key) } : null,
    // Only a safe target is carried on in the form (completeSignIn checks it again on use).
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
  };
}

export function headers({ parentHeaders, actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(actionHeaders, parentHeaders);
}

type ActionResult = { intent: Mode; result: SubmissionResult<string[]> };

const LOGIN_ERRORS: readonly ApiErrorCode[] = [
  "wrong_credentials",
  "not_active",
  "deactivated",
  "no_user",
  "email_several_accounts",
  "already_logged_in",
  "daily_attempts_exceeded",
];

const ALREADY_ACTIVE = "auth:signup.errors.already_active";

const SIGNUP_FORM_ERRORS: readonly ApiErrorCode[] = [
  "captcha",
  "no_customer",
  "already_active",
  "activation_not_sent",
  "user_validation",
  "validation",
];

/** Field-level messages for the API's `validation` errors that name a field. */
const FIELD_MESSAGES: Record<string, string> = {
  afm: "validate.vat",
  supply_number: "validate.supplyNumber",
  phone: "validate.phoneNumber",
  email: "validate.notValidEmail",
  password: "validate.passwordRules",
  password_confirmation: "validate.passwordsMatch",
  terms: "validate.terms",
  employee_name: "auth:signup.errors.employee_name_required",
};

async function loginAction(args: Route.ActionArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "login", result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const { username, password, redirectTo } = submission.value;
  const api = getApi(args);
  const attempt = await login(api, username, password);
  if (!attempt.ok) {
    // Unreachable, too slow or a 5xx: the backend's trouble, not the person's (503, try again).
    const unavailable = attempt.status === 0 || attempt.status >= 500;
    const code = LOGIN_ERRORS.includes(attempt.code) ? attempt.code : "error";
    const message = unavailable
      ? "common:error.unavailableBody"
      : attempt.code === "too_many_attempts"
        ? TOO_MANY_ATTEMPTS
        : `auth:login.errors.${code}`;
    return data<ActionResult>(
      {
        intent: "login",
        result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
      },
      {
        status: unavailable ? 503 : attempt.status === 429 ? 429 : 400,
        headers: retryAfterHeaders(attempt),
      },
    );
  }
  // The hidden field carries it with the form; a post to /login?redirectTo=… works as well.
  const destination = redirectTo ?? new URL(args.request.url).searchParams.get("redirectTo");
  const outcome = await completeSignIn(args, attempt.data, destination);
  if (!outcome.ok) {
    return data<ActionResult>(
      {
        intent: "login",
        result: submission.reply({ formErrors: [outcome.error], hideFields: ["password"] }),
      },
      { status: 400 },
    );
  }
  throw redirect(outcome.redirectTo, { headers: outcome.headers });
}

async function signupAction(args: Route.ActionArgs, formData: FormData) {
  const hidden = ["password", "password_confirmation"];
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "signup", result: submission.reply({ hideFields: hidden }) },
      { status: 400 },
    );
  }
  const { employee_name, website, ...rest } = submission.value;
  const result = await signup(getApi(args), {
    ...rest,
    // The schema accepts only a ticked box.
    terms: true,
    ...(employee_name ? { employee_name } : {}),
    website: website ?? "",
  });
  if (result.ok) {
    getSession(args.context).flash("notice", { type: "success", key: "auth:notice.signupSuccess" });
    throw redirect(href("/login"));
  }
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  switch (result.code) {
    case "email_in_use":
      fieldErrors.email = ["auth:signup.errors.email_in_use"];
      break;
    case "already_active":
      // Next to the VAT, with links to sign in and to a new password (AlreadyActiveLinks).
      fieldErrors.afm = [ALREADY_ACTIVE];
      break;
    case "mobile_in_use":
      fieldErrors.phone = ["auth:signup.errors.mobile_in_use"];
      break;
    case "employee_name_required":
      fieldErrors.employee_name = ["auth:signup.errors.employee_name_required"];
      break;
    case "passwords_mismatch":
      fieldErrors.password_confirmation = ["validate.passwordsMatch"];
      break;
    case "too_many_attempts":
      formErrors.push(TOO_MANY_ATTEMPTS);
      break;
    default:
      if (result.code === "validation" && result.field && FIELD_MESSAGES[result.field]) {
        fieldErrors[result.field] = [FIELD_MESSAGES[result.field] as string];
      } else {
        formErrors.push(
          `auth:signup.errors.${SIGNUP_FORM_ERRORS.includes(result.code) ? result.code : "error"}`,
        );
      }
  }
  return data<ActionResult>(
    { intent: "signup", result: submission.reply({ fieldErrors, formErrors, hideFields: hidden }) },
    {
      status: result.status >= 400 && result.status < 500 ? result.status : 400,
      headers: retryAfterHeaders(result),
    },
  );
}

export async function action(args: Route.ActionArgs) {
  requireAnonymous(args);
  const formData = await args.request.formData();
  return formData.get("intent") === "signup"
    ? signupAction(args, formData)
    : loginAction(args, formData);
}

export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { mode, notice, redirectTo } = loaderData;
  const lastResult = actionData?.intent === mode ? actionData.result : undefined;
  return (
    <PublicLayout narrow>
      <p className="muted">{t("landing.tagline")}</p>
      {mode === "login" ? (
        <LoginForm lastResult={lastResult} notice={notice} redirectTo={redirectTo} />
      ) : (
        <SignupForm lastResult={lastResult} notice={notice} />
      )}
    </PublicLayout>
  );
}

type FormProps = {
  lastResult: SubmissionResult<string[]> | undefined;
  notice: NoticeData | null;
};

function useSubmitting() {
  return useNavigation().state === "submitting";
}

function LoginForm({ lastResult, notice, redirectTo }: FormProps & { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const submitting = useSubmitting();
  const [form, fields] = useForm<z.input<typeof loginSchema>>({
    id: "login",
    lastResult,
  });
  const resetKey = useResetKey(lastResult);
  return (
    <section aria-labelledby="login-heading">
      <h1 id="login-heading">{t("login.heading")}</h1>
      <Notice notice={notice} />
      <ErrorSummary form={form} ns={AUTH_ERROR_NS} labelKey={(name) => `auth:login.${name}`} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <LoginNameField
          meta={fields.username}
          label={t("login.username")}
          hint={t("login.usernameHint")}
        />
        <TextField
          key={resetKey}
          meta={fields.password}
          label={t("login.password")}
          {...REQUIRED_FIELD}
          type="password"
          autoComplete="current-password"
        />
        <div className="actions">
          <button type="submit" className="btn" disabled={submitting}>
            {t("login.submit")}
          </button>
          <Link to={href("/forgot-password")}>{t("login.forgot")}</Link>
        </div>
      </Form>
      <p>
        {t("login.noAccount")} <Link to={href("/signup")}>{t("login.toSignup")}</Link>
      </p>
    </section>
  );
}

/** A VAT that has an account already: the way on is to sign in, or to set a new password. */
function AlreadyActiveLinks() {
  const { t } = useTranslation("auth");
  return (
    <p className="field__hint">
      {t("signup.alreadyActiveBefore")}{" "}
      <Link to={href("/login")}>{t("signup.alreadyActiveLogin")}</Link>{" "}
      {t("signup.alreadyActiveOr")}{" "}
      <Link to={href("/forgot-password")}>{t("signup.alreadyActiveReset")}</Link>.
    </p>
  );
}

function SignupForm({ lastResult, notice }: FormProps) {
  const { t } = useTranslation("auth");
  const submitting = useSubmitting();
  const [form, fields] = useForm<z.input<typeof signupSchema>>({
    id: "signup",
    lastResult,
  });
  const resetKey = useResetKey(lastResult);
  const terms = fields.terms;
  const termsProps = getInputProps(terms, { type: "checkbox" });
  const alreadyActive = fields.afm.errors?.includes(ALREADY_ACTIVE) ?? false;
  return (
    <section aria-labelledby="signup-heading">
      <h1 id="signup-heading">{t("signup.heading")}</h1>
      <p>{t("signup.intro")}</p>
      <Notice notice={notice} />
      <ErrorSummary
        form={form}
        ns={AUTH_ERROR_NS}
        omit={["website"]}
        labelKey={(name) => `auth:signup.${name}`}
      >
        {alreadyActive ? <AlreadyActiveLinks /> : null}
      </ErrorSummary>
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="signup" />
        <VatField meta={fields.afm} label={t("signup.afm")} autoComplete="off" />
        {alreadyActive ? <AlreadyActiveLinks /> : null}
        <TextField
          meta={fields.supply_number}
          label={t("signup.supply_number")}
          hint={t("signup.supply_numberHint")}
          {...REQUIRED_FIELD}
          autoComplete="off"
          inputMode="numeric"
          maxLength={14}
        />
        <TextField
          meta={fields.phone}
          label={t("signup.phone")}
          hint={t("signup.phoneHint")}
          {...REQUIRED_FIELD}
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          maxLength={10}
        />
        <TextField
          meta={fields.email}
          label={t("signup.email")}
          {...REQUIRED_FIELD}
          type="email"
          autoComplete="email"
        />
        <NewPasswordFields fields={fields} labels="signup" resetKey={resetKey} />
        <TextField
          meta={fields.employee_name}
          label={t("signup.employee_name")}
          hint={t("signup.employee_nameHint")}
          {...PUBLIC_FIELD}
          autoComplete="name"
          maxLength={120}
        />
        <div className="field">
          <div className="check">
            <input {...termsProps} aria-required="true" />
            <label htmlFor={terms.id}>
              {t("signup.termsBefore")} <Link to={href("/terms")}>{t("signup.termsLink")}</Link>
              <span className="required" aria-hidden="true">
                {" "}
                *
              </span>
            </label>
          </div>
          <FieldErrors id={terms.errorId} errors={terms.errors} ns={AUTH_ERROR_NS} oneLine />
        </div>
        {/* Honeypot: hidden from people and from assistive technology; bots fill it in. */}
        <div className="hp" aria-hidden="true">
          <label htmlFor="signup-website">{t("signup.website")}</label>
          <input
            id="signup-website"
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="actions">
          <button type="submit" className="btn" disabled={submitting}>
            {t("signup.submit")}
          </button>
        </div>
      </Form>
      <p>
        {t("signup.haveAccount")} <Link to={href("/login")}>{t("signup.toLogin")}</Link>
      </p>
    </section>
  );
}
