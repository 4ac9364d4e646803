import { getFormProps, getInputProps, useForm, type SubmissionResult } from "../components/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { applicationsApi, failureMessage, redirectToStep } from "../.server/applications";
import { FormErrors, RadioGroup, ReviewList, StepList } from "../components/applications/FlowParts";
import stylesHref from "../components/applications/applications.css?url";
import { FieldErrors, Honeypot, TextField } from "../components/Field";
import { PublicLayout } from "../components/PublicLayout";
import {
  nextStep,
  reachableStep,
  REFERENCE_PATTERN,
  TARIFF_CATEGORIES,
  TRANSFER_STEPS,
} from "../domain/applications";
import { TRANSFER_STEP_SCHEMAS, transferSubmitSchema } from "../domain/transfer";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/metavasi";

export const handle: RouteHandle = { i18n: ["transfer", "forms"], title: "transfer:title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PATH = "/metavasi";
const NO_STORE = { "Cache-Control": "no-store" };

export function headers() {
  return NO_STORE;
}

type Values = Record<string, string>;
type TransferFields = {
  phone: string;
  email: string;
  afm: string;
  tariff: string;
  supply_number: string;
};

const asStrings = (values: Record<string, string | number> | undefined): Values =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));

/**
 * The transfer flow (spec §2 "Transfer flow", issue 7), reachable signed out: contact details
 * (phone, email, VAT: checked against the holder register), tariff category, supply number,
 * review, done with a reference number. Every step is saved in a server-side draft; signed in,
 * the first step is prefilled from the account.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const done = url.searchParams.get("done");
  if (done && REFERENCE_PATTERN.test(done) && done.startsWith("T-")) {
    return data(
      { reference: done, step: "done", completed: [] as string[], values: {} as Values },
      { headers: NO_STORE },
    );
  }
  const flow = applicationsApi(args, "transfer");
  const [draft, prefill] = await Promise.all([flow.draft(), flow.prefill()]);
  const completed = draft?.completed ?? [];
  return data(
    {
      reference: null,
      step: reachableStep("transfer", completed, url.searchParams.get("step")),
      completed,
      values: { ...prefill, ...asStrings(draft?.values) },
    },
    { headers: NO_STORE },
  );
}

export interface TransferActionData {
  step: string;
  result?: SubmissionResult<string[]>;
  formError?: string;
}

const reply = (body: TransferActionData, status: number, setCookie?: string | null) =>
  data<TransferActionData>(body, {
    status,
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const step = String(formData.get("intent") ?? "");
  const flow = applicationsApi(args, "transfer");
  // Honeypot: people never see it; a bot gets the spec's captcha message, nothing is saved.
  if (formData.get("website")) {
    // Honeypot: a person never sees it. Nothing is saved; the form still shows what was sent.
    const schema =
      step === "review"
        ? transferSubmitSchema
        : TRANSFER_STEP_SCHEMAS[step as keyof typeof TRANSFER_STEP_SCHEMAS];
    const result = schema ? parseWithZod(formData, { schema }).reply() : undefined;
    return reply({ step, result, formError: "transfer:errors.spam" }, 400);
  }

  if (step === "review") {
    const submission = parseWithZod(formData, { schema: transferSubmitSchema });
    if (submission.status !== "success") return reply({ step, result: submission.reply() }, 400);
    const result = await flow.submit({ consent: true });
    if (result.ok) {
      throw redirect(`${PATH}?done=${encodeURIComponent(result.data.reference)}`, {
        status: 303,
        headers: { "Set-Cookie": await flow.clearCookie() },
      });
    }
    const failure = failureMessage(result, "transfer", []);
    return reply({ step, result: submission.reply(), formError: failure.message }, failure.status);
  }

  if (!(TRANSFER_STEPS as readonly string[]).includes(step)) {
    return reply({ step, formError: "transfer:errors.failed" }, 400);
  }
  const schema = TRANSFER_STEP_SCHEMAS[step as keyof typeof TRANSFER_STEP_SCHEMAS];
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return reply({ step, result: submission.reply() }, 400);
  const { website: _honeypot, ...values } = submission.value;
  const { result, setCookie } = await flow.saveStep(step, values);
  if (result.ok) throw redirectToStep(PATH, nextStep("transfer", step), setCookie);
  if (result.code === "application_incomplete") throw redirectToStep(PATH, "contact", setCookie);
  const failure = failureMessage(result, "transfer", Object.keys(schema.shape));
  return reply(
    {
      step,
      result: submission.reply(
        failure.field ? { fieldErrors: { [failure.field]: [failure.message] } } : undefined,
      ),
      formError: failure.field ? undefined : failure.message,
    },
    failure.status,
    setCookie,
  );
}

export default function Transfer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["transfer", "forms"]);
  const { step, completed, values, reference } = loaderData;
  const own = actionData?.step === step ? actionData : undefined;
  return (
    <PublicLayout>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      {reference ? (
        <section className="card" aria-labelledby="done-title">
          <div className="alert alert--success" role="status">
            <h2 id="done-title">{t("done.title")}</h2>
            <p>{t("done.body", { reference })}</p>
            <p>{t("done.next")}</p>
          </div>
          <div className="actions">
            <a className="btn btn--secondary" href="/">
              {t("done.home")}
            </a>
          </div>
        </section>
      ) : (
        <>
          <p className="flow-intro">{t("intro")}</p>
          <StepList ns="transfer" steps={TRANSFER_STEPS} current={step} completed={completed} />
          <section className="card flow-card" aria-labelledby="step-title">
            <h2 id="step-title" className="card__title">
              {t(`steps.${step}`)}
            </h2>
            {own?.formError ? <FormErrors id="flow-error" errors={[own.formError]} /> : null}
            {step === "review" ? (
              <Review values={values} lastResult={own?.result} />
            ) : (
              <StepForm key={step} step={step} values={values} lastResult={own?.result} />
            )}
          </section>
        </>
      )}
    </PublicLayout>
  );
}

function previousStep(step: string): string | null {
  const all: string[] = [...TRANSFER_STEPS, "review"];
  return all[all.indexOf(step) - 1] ?? null;
}

function StepActions({ step, label }: { step: string; label: string }) {
  const { t } = useTranslation("transfer");
  const navigation = useNavigation();
  const previous = previousStep(step);
  return (
    <div className="actions">
      <button type="submit" className="btn" disabled={navigation.state === "submitting"}>
        {label}
      </button>
      {previous ? <a href={`${PATH}?step=${previous}`}>{t("back")}</a> : null}
    </div>
  );
}

function StepForm({
  step,
  values,
  lastResult,
}: {
  step: string;
  values: Values;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["transfer", "forms"]);
  const [form, fields] = useForm<TransferFields>({
    id: `transfer-${step}`,
    lastResult,
    defaultValue: values,
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={step} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {step === "contact" ? (
        <>
          <p className="muted">{t("contact.intro")}</p>
          <TextField
            meta={fields.phone}
            label={t("fields.phone")}
            hint={t("fields.phoneHint")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={14}
          />
          <TextField
            meta={fields.email}
            label={t("fields.email")}
            type="email"
            autoComplete="email"
          />
          <TextField
            meta={fields.afm}
            label={t("fields.afm")}
            hint={t("fields.afmHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
          />
        </>
      ) : null}
      {step === "tariff" ? (
        <RadioGroup
          meta={fields.tariff}
          legend={t("fields.tariff")}
          options={TARIFF_CATEGORIES.map((value) => ({
            value,
            label: t(`tariffs.${value}`),
            hint: t(`tariffHints.${value}`),
          }))}
        />
      ) : null}
      {step === "supply" ? (
        <TextField
          meta={fields.supply_number}
          label={t("fields.supplyNumber")}
          hint={t("fields.supplyNumberHint")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
        />
      ) : null}
      <Honeypot label={t("fields.website")} />
      <StepActions step={step} label={t("next")} />
    </Form>
  );
}

function Review({
  values,
  lastResult,
}: {
  values: Values;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["transfer", "forms"]);
  const [form, fields] = useForm<{ consent: string }>({
    id: "transfer-review",
    lastResult,
  });
  const edit = (step: string) => `${PATH}?step=${step}`;
  const consent = fields.consent;
  const row = (label: string, value: string | undefined, step: string) => ({
    label,
    value: value ?? "",
    editHref: edit(step),
    editName: label,
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="review" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <p>{t("review.intro")}</p>
      <ReviewList
        editLabel={t("review.edit")}
        rows={[
          row(t("fields.phone"), values.phone, "contact"),
          row(t("fields.email"), values.email, "contact"),
          row(t("fields.afm"), values.afm, "contact"),
          row(
            t("fields.tariff"),
            values.tariff ? t(`tariffs.${values.tariff}`) : undefined,
            "tariff",
          ),
          row(t("fields.supplyNumber"), values.supply_number, "supply"),
        ]}
      />
      <div className="check">
        <input {...getInputProps(consent, { type: "checkbox" })} key={consent.key} />
        <label htmlFor={consent.id}>{t("review.consent")}</label>
      </div>
      <FieldErrors id={consent.errorId} errors={consent.errors} />
      <Honeypot label={t("fields.website")} />
      <StepActions step="review" label={t("review.submit")} />
    </Form>
  );
}
