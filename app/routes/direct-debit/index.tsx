import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
  ErrorSummary,
  FieldErrors,
  SubmitButton,
  TextField,
} from "../../components/form";
import { IntentButton } from "../../components/form/IntentButton";
import { RadioGroup } from "../../components/form/RadioGroup";
import type { ReactNode } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ApiDdFlow } from "../../../core/contract";
import { getApi } from "../../.server/api";
import { CardFields, DIRECT_DEBIT_LABEL_KEYS } from "../../components/direct-debit/CardFields";
import { PublicLayout } from "../../components/PublicLayout";
import {
  cardFormSchema,
  codeFormSchema,
  ddErrorMessage,
  flowIntentSchema,
  retryAfterSeconds,
  vatFormSchema,
  vivaFailureKey,
  vivaSupplyFormSchema,
  waitMinutes,
} from "../../domain/direct-debit";
import { paymentProviderKind } from "../../../core/payment-provider";
import { withRetryAfter } from "../../domain/throttle";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/index";
import {
  clearFlowToken,
  loadFlowState,
  readFlowToken,
  setFlowToken,
  signedInVat,
} from "../../.server/direct-debit-flow";
import {
  resendDirectDebitCode,
  saveDirectDebitFlowCard,
  startDirectDebitFlow,
  startDirectDebitViva,
  verifyDirectDebitCode,
} from "../../.server/api/direct-debit";
import { NO_STORE } from "../../.server/no-store";
import { smsAvailable } from "../../.server/messages-available";
import { cloudflareContext } from "../../context";

export const handle: RouteHandle = { i18n: ["directDebit", "forms"], title: "directDebit:title" };

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(actionHeaders, NO_STORE);
}

interface Notice {
  key: string;
  values?: Record<string, number | string>;
}

/**
 * Direct debit set-up (spec §2), public: VAT → one-time SMS code → supply and card →
 * /direct-debit/loader (activation) → /direct-debit/thank-you. The step shown comes from the
 * server-side flow, so a reload shows the same step with what was given.
 */
export async function loader(args: Route.LoaderArgs) {
  const state = await loadFlowState(args);
  if (state.kind === "flow" && state.flow.step === "confirm") {
    throw redirect("/direct-debit/loader", { headers: NO_STORE });
  }
  const flow = state.kind === "flow" && state.flow.step !== "done" ? state.flow : null;
  const expired = new URL(args.request.url).searchParams.get("expired") === "1";
  const env = args.context.get(cloudflareContext).env;
  // Back from Viva's page without a mandate (checkout-return): the spec's message, on step 3.
  const vivaFailed = flow
    ? vivaFailureKey(new URL(args.request.url).searchParams.get("failed"))
    : null;
  const notice: Notice | null = vivaFailed
    ? { key: vivaFailed }
    : state.kind === "expired" || (expired && !flow)
      ? { key: "directDebit:errors.sessionExpired" }
      : state.kind === "unavailable"
        ? { key: "directDebit:errors.failed" }
        : // SMS off for the whole deployment: the code cannot be sent to anyone (issue #34).
          !flow && !smsAvailable(env)
          ? { key: "directDebit:errors.smsOff" }
          : null;
  const headers = state.kind === "expired" ? await clearFlowToken(args) : {};
  return data(
    {
      flow,
      notice,
      prefill: flow ? null : await signedInVat(args),
      // With Viva the card is entered on Viva's page, never in this form (ADR 0025).
      viva: paymentProviderKind(env) === "viva",
      sent: new URL(args.request.url).searchParams.get("sent") === "1",
    },
    { headers: { ...NO_STORE, ...headers } },
  );
}

type ActionResult = {
  intent: string;
  result?: SubmissionResult<string[]>;
  notice?: Notice;
};

function fail(body: ActionResult, status = 400, headers: HeadersInit = {}) {
  return data(body, { status, headers: { ...NO_STORE, ...headers } });
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const intent = flowIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return fail({ intent: "", notice: { key: "directDebit:errors.failed" } });
  const api = getApi(args);

  if (intent.data === "start") {
    const submission = parseWithZod(formData, { schema: vatFormSchema });
    if (submission.status !== "success") {
      return fail({ intent: "start", result: submission.reply() });
    }
    const started = await startDirectDebitFlow(api, submission.value);
    if (started.ok) {
      throw redirect("/direct-debit", {
        headers: { ...NO_STORE, ...(await setFlowToken(args, started.data.flow_token)) },
      });
    }
    return failure("start", submission, started);
  }

  if (intent.data === "restart") {
    throw redirect("/direct-debit", { headers: { ...NO_STORE, ...(await clearFlowToken(args)) } });
  }

  const token = await readFlowToken(args);
  if (!token) {
    return fail({ intent: intent.data, notice: { key: "directDebit:errors.sessionExpired" } });
  }

  if (intent.data === "resend") {
    const sent = await resendDirectDebitCode(api, token);
    if (sent.ok) throw redirect("/direct-debit?sent=1", { headers: NO_STORE });
    return failure("resend", null, sent, args);
  }

  if (intent.data === "verify") {
    const submission = parseWithZod(formData, { schema: codeFormSchema });
    if (submission.status !== "success") {
      return fail({ intent: "verify", result: submission.reply({ hideFields: ["code"] }) });
    }
    const verified = await verifyDirectDebitCode(api, token, submission.value);
    if (verified.ok) throw redirect("/direct-debit", { headers: NO_STORE });
    return failure("verify", submission, verified, args);
  }

  if (intent.data === "viva") {
    const submission = parseWithZod(formData, { schema: vivaSupplyFormSchema });
    if (submission.status !== "success") {
      return fail({ intent: "viva", result: submission.reply() });
    }
    const started = await startDirectDebitViva(api, token, submission.value);
    // Off to Viva's hosted page (its origin is in form-action for the no-JavaScript redirect).
    if (started.ok) throw redirect(started.data.redirect_url, { headers: NO_STORE });
    return failure("viva", submission, started, args);
  }

  // intent "card"
  const submission = parseWithZod(formData, { schema: cardFormSchema });
  const hide = { hideFields: ["number", "cvv"] };
  if (submission.status !== "success") {
    return fail({ intent: "card", result: submission.reply(hide) });
  }
  const saved = await saveDirectDebitFlowCard(api, token, submission.value);
  if (saved.ok) throw redirect("/direct-debit/loader", { headers: NO_STORE });
  return failure("card", submission, saved, args);
}

/** An API refusal as the form shows it: next to its field, or above the form. */
async function failure(
  intent: string,
  submission: { reply: (options?: object) => SubmissionResult<string[]> } | null,
  result: { code: Parameters<typeof ddErrorMessage>[0]["code"]; field?: string; message?: string },
  args?: Route.ActionArgs,
) {
  const hideFields = intent === "card" ? ["number", "cvv"] : intent === "verify" ? ["code"] : [];
  if (result.code === "dd_session_expired" && args) {
    // Back to the first step, saying why (a redirect: with JS too the page reloads its data).
    throw redirect("/direct-debit?expired=1", {
      headers: { ...NO_STORE, ...(await clearFlowToken(args)) },
    });
  }
  if (result.code === "too_many_attempts") {
    const seconds = retryAfterSeconds(result.message) ?? 60;
    return fail(
      {
        intent,
        notice: {
          key: "directDebit:errors.tooManyAttempts",
          values: { minutes: waitMinutes(seconds) },
        },
        ...(submission ? { result: submission.reply({ hideFields }) } : {}),
      },
      429,
      { "Retry-After": String(seconds) },
    );
  }
  const shown = ddErrorMessage(result);
  if (!submission) return fail({ intent, notice: { key: shown.key } });
  const reply = shown.field
    ? submission.reply({ hideFields, fieldErrors: { [shown.field]: [shown.key] } })
    : submission.reply({ hideFields, formErrors: [shown.key] });
  return fail({ intent, result: reply });
}

/** The flow's state (attempts left, the draft) is re-read after every post, errors included. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function DirectDebit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("directDebit");
  const { flow } = loaderData;
  const notice = actionData?.notice ?? loaderData.notice;
  const step = flow?.step ?? "vat";
  const stepIndex = step === "vat" ? 1 : step === "code" ? 2 : 3;
  const lastResult = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined;
  return (
    <PublicLayout narrow>
      <div className="page-head">
        <h1>{t("title")}</h1>
        <p className="muted">{t("stepOf", { step: stepIndex, total: 3 })}</p>
      </div>
      {notice ? (
        <div className="alert alert--error" role="alert">
          <p>{t(notice.key, notice.values)}</p>
        </div>
      ) : null}
      <section className="card">
        {step === "vat" ? (
          <VatStep prefill={loaderData.prefill} lastResult={lastResult("start")} />
        ) : step === "code" && flow ? (
          <CodeStep flow={flow} sent={loaderData.sent} lastResult={lastResult("verify")} />
        ) : flow && loaderData.viva ? (
          <VivaStep flow={flow} lastResult={lastResult("viva")} />
        ) : flow ? (
          <CardStep flow={flow} lastResult={lastResult("card")} />
        ) : null}
      </section>
    </PublicLayout>
  );
}

const DD_ERROR_NS = ["directDebit", "forms", "common"];

/** The end of a step's form: the intent that names the step, and its submit button. */
function StepSubmit({ intent, label }: { intent: string; label: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <div className="actions">
        <SubmitButton>{label}</SubmitButton>
      </div>
    </>
  );
}

function VatStep({
  prefill,
  lastResult,
}: {
  prefill: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  const [form, fields] = useForm<{ afm: string }>({
    lastResult,
    defaultValue: { afm: prefill ?? "" },
  });
  return (
    <>
      <h2 className="card__title">{t("vat.title")}</h2>
      <p>{t("intro")}</p>
      <p className="muted">{t("monthly")}</p>
      <Form method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary form={form} ns={DD_ERROR_NS} labelKey={DIRECT_DEBIT_LABEL_KEYS} />
        <TextField
          meta={fields.afm}
          label={t("vat.label")}
          hint={t("vat.hint")}
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
        />
        <p className="muted">
          <a href="/direct-debit-terms">{t("terms")}</a>
        </p>
        <StepSubmit intent="start" label={t("vat.submit")} />
      </Form>
    </>
  );
}

function RestartForm() {
  const { t } = useTranslation("directDebit");
  return (
    <IntentButton intent="restart" className="btn-link">
      {t("restart")}
    </IntentButton>
  );
}

function CodeStep({
  flow,
  sent,
  lastResult,
}: {
  flow: ApiDdFlow;
  sent: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  const [form, fields] = useForm<{ code: string }>({ lastResult });
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  return (
    <>
      <h2 className="card__title">{t("code.title")}</h2>
      <p>{t("code.sentTo", { mobile: flow.mobile_masked })}</p>
      {sent ? (
        <p className="alert alert--success" role="status">
          {t("code.resent")}
        </p>
      ) : null}
      <Form method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary form={form} ns={DD_ERROR_NS} labelKey={DIRECT_DEBIT_LABEL_KEYS} />
        <div className="field">
          <label className="field__label" htmlFor={fields.code.id}>
            {t("code.label")}
          </label>
          <span id={`${fields.code.id}-hint`} className="field__hint">
            {t("code.hint", { count: flow.attempts_left })}
          </span>
          <input
            key={key}
            className="field__input"
            {...codeProps}
            aria-describedby={[`${fields.code.id}-hint`, codeProps["aria-describedby"]]
              .filter(Boolean)
              .join(" ")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
          />
          <FieldErrors id={fields.code.errorId} errors={fields.code.errors} />
        </div>
        <StepSubmit intent="verify" label={t("code.submit")} />
      </Form>
      <div className="actions">
        <IntentButton intent="resend" className="btn btn--secondary">
          {t("code.resend")}
        </IntentButton>
        <RestartForm />
      </div>
    </>
  );
}

/** The supply radio group of step 3 (the card form and Viva's step share it). */
function SupplyChoice({
  flow,
  meta,
}: {
  flow: ApiDdFlow;
  meta: Parameters<typeof RadioGroup>[0]["meta"];
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  return (
    <RadioGroup
      meta={meta}
      legend={t("card.supply")}
      className="field"
      describe="group"
      options={flow.supplies.map((supply) => ({
        value: String(supply.meter_id),
        label: (
          <>
            {t(supply.division === 1 ? "kind.electricity" : "kind.gas")}{" "}
            <strong>{supply.supply_number}</strong>, {supply.address}
            {supply.direct_debit ? (
              <span className="muted">
                {" "}
                ({t("card.replaces", { last4: supply.direct_debit.card_last4 })})
              </span>
            ) : null}
          </>
        ),
      }))}
    />
  );
}

/** Step 3 with Viva: the supply here, the card on Viva's page (the portal never sees it). */
function VivaStep({
  flow,
  lastResult,
}: {
  flow: ApiDdFlow;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  const [form, fields] = useForm<{ meter_id: string }>({
    lastResult,
    defaultValue: { meter_id: flow.meter_id ? String(flow.meter_id) : "" },
  });
  return (
    <CardStepFrame flow={flow} form={form} supply={fields.meter_id}>
      <p>{t("card.vivaIntro")}</p>
      <StepSubmit intent="viva" label={t("card.vivaSubmit")} />
    </CardStepFrame>
  );
}

/**
 * The card step's frame, the same whoever takes the card (the portal's own fields for the test
 * issuer, Viva's page with Viva): its title, the error summary, the supply, then `children`.
 */
function CardStepFrame({
  flow,
  form,
  supply,
  children,
}: {
  flow: ApiDdFlow;
  form: Parameters<typeof getFormProps>[0];
  supply: Parameters<typeof SupplyChoice>[0]["meta"];
  children: ReactNode;
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  return (
    <>
      <h2 className="card__title">{t("card.title")}</h2>
      <p className="muted">{t("monthly")}</p>
      <Form method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary
          form={form}
          ns={DD_ERROR_NS}
          labelKey={DIRECT_DEBIT_LABEL_KEYS}
          targets={
            flow.supplies[0] ? { meter_id: `${supply.id}-${flow.supplies[0].meter_id}` } : undefined
          }
        />
        <SupplyChoice flow={flow} meta={supply} />
        {children}
      </Form>
      <RestartForm />
    </>
  );
}

function CardStep({
  flow,
  lastResult,
}: {
  flow: ApiDdFlow;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  const [form, fields] = useForm<{
    meter_id: string;
    holder: string;
    number: string;
    exp_month: string;
    exp_year: string;
    cvv: string;
  }>({
    lastResult,
    defaultValue: {
      meter_id: flow.meter_id ? String(flow.meter_id) : "",
      holder: flow.holder ?? "",
      exp_month: flow.exp_month ? String(flow.exp_month) : "",
      exp_year: flow.exp_year ? String(flow.exp_year) : "",
    },
  });
  return (
    <CardStepFrame flow={flow} form={form} supply={fields.meter_id}>
      <CardFields fields={fields} />
      <StepSubmit intent="card" label={t("card.submit")} />
    </CardStepFrame>
  );
}
