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
  NEW_SUPPLY_STEPS,
  nextStep,
  OWNERSHIP,
  reachableStep,
  REFERENCE_PATTERN,
  SUPPLY_COUNT_MAX,
  SUPPLY_COUNT_MIN,
  SUPPLY_TYPES,
} from "../domain/applications";
import { newSupplyDetailsSchema, newSupplySubmitSchema } from "../domain/new-supply";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/nea-paroxi";

export const handle: RouteHandle = { i18n: ["newSupply", "forms"], title: "newSupply:title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PATH = "/nea-paroxi";
const NO_STORE = { "Cache-Control": "no-store" };

export function headers() {
  return NO_STORE;
}

type Values = Record<string, string>;
type DetailsFields = {
  name: string;
  afm: string;
  email: string;
  mobile: string;
  id_number: string;
  fax: string;
  supply_type: string;
  ownership: string;
  supply_count: string;
  address: string;
  postal_code: string;
  city: string;
};

const asStrings = (values: Record<string, string | number> | undefined): Values =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));

/**
 * New-supply application (spec §3 "New-supply fields", issue 7), reachable signed out: the
 * applicant's details and the supply wanted, a review, done with a reference number. The details
 * are saved in a server-side draft; signed in, VAT, email and mobile are prefilled.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const done = url.searchParams.get("done");
  if (done && REFERENCE_PATTERN.test(done) && done.startsWith("N-")) {
    return data(
      { reference: done, step: "done", completed: [] as string[], values: {} as Values },
      { headers: NO_STORE },
    );
  }
  const flow = applicationsApi(args, "new_supply");
  const [draft, prefill] = await Promise.all([flow.draft(), flow.prefill()]);
  const completed = draft?.completed ?? [];
  const { phone: _phone, ...fromAccount } = prefill;
  return data(
    {
      reference: null,
      step: reachableStep("new_supply", completed, url.searchParams.get("step")),
      completed,
      values: { ...fromAccount, ...asStrings(draft?.values) },
    },
    { headers: NO_STORE },
  );
}

export interface NewSupplyActionData {
  step: string;
  result?: SubmissionResult<string[]>;
  formError?: string;
}

const reply = (body: NewSupplyActionData, status: number, setCookie?: string | null) =>
  data<NewSupplyActionData>(body, {
    status,
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const step = String(formData.get("intent") ?? "");
  const flow = applicationsApi(args, "new_supply");
  if (formData.get("website")) {
    // Honeypot: a person never sees it. Nothing is saved; the form still shows what was sent.
    const schema = step === "review" ? newSupplySubmitSchema : newSupplyDetailsSchema;
    const result = parseWithZod(formData, { schema }).reply();
    return reply({ step, result, formError: "newSupply:errors.spam" }, 400);
  }

  if (step === "review") {
    const submission = parseWithZod(formData, { schema: newSupplySubmitSchema });
    if (submission.status !== "success") return reply({ step, result: submission.reply() }, 400);
    const result = await flow.submit({ consent: true });
    if (result.ok) {
      throw redirect(`${PATH}?done=${encodeURIComponent(result.data.reference)}`, {
        status: 303,
        headers: { "Set-Cookie": await flow.clearCookie() },
      });
    }
    const failure = failureMessage(result, "newSupply", []);
    return reply({ step, result: submission.reply(), formError: failure.message }, failure.status);
  }

  if (step !== "details") return reply({ step, formError: "newSupply:errors.failed" }, 400);
  const submission = parseWithZod(formData, { schema: newSupplyDetailsSchema });
  if (submission.status !== "success") return reply({ step, result: submission.reply() }, 400);
  const { website: _honeypot, ...values } = submission.value;
  const { result, setCookie } = await flow.saveStep(step, values);
  if (result.ok) throw redirectToStep(PATH, nextStep("new_supply", step), setCookie);
  const failure = failureMessage(result, "newSupply", Object.keys(newSupplyDetailsSchema.shape));
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

export default function NewSupply({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["newSupply", "forms"]);
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
          <StepList ns="newSupply" steps={NEW_SUPPLY_STEPS} current={step} completed={completed} />
          <section className="card flow-card" aria-labelledby="step-title">
            <h2 id="step-title" className="card__title">
              {t(`steps.${step}`)}
            </h2>
            {own?.formError ? <FormErrors id="flow-error" errors={[own.formError]} /> : null}
            {step === "review" ? (
              <Review values={values} lastResult={own?.result} />
            ) : (
              <DetailsForm values={values} lastResult={own?.result} />
            )}
          </section>
        </>
      )}
    </PublicLayout>
  );
}

function DetailsForm({
  values,
  lastResult,
}: {
  values: Values;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["newSupply", "forms"]);
  const navigation = useNavigation();
  const [form, fields] = useForm<DetailsFields>({
    id: "new-supply-details",
    lastResult,
    defaultValue: values,
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="details" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <p className="muted">{t("required")}</p>
      <fieldset className="flow-fieldset">
        <legend>{t("sections.applicant")}</legend>
        <TextField meta={fields.name} label={t("fields.name")} autoComplete="name" />
        <div className="form-row">
          <TextField
            meta={fields.afm}
            label={t("fields.afm")}
            hint={t("fields.afmHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
          />
          <TextField
            meta={fields.id_number}
            label={t("fields.idNumber")}
            hint={t("fields.idNumberHint")}
            autoComplete="off"
            maxLength={12}
          />
        </div>
        <TextField
          meta={fields.email}
          label={t("fields.email")}
          type="email"
          autoComplete="email"
        />
        <div className="form-row">
          <TextField
            meta={fields.mobile}
            label={t("fields.mobile")}
            hint={t("fields.mobileHint")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={14}
          />
          <TextField
            meta={fields.fax}
            label={t("fields.fax")}
            hint={t("fields.faxHint")}
            optional
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
          />
        </div>
      </fieldset>
      <fieldset className="flow-fieldset">
        <legend>{t("sections.supply")}</legend>
        <RadioGroup
          meta={fields.supply_type}
          legend={t("fields.supplyType")}
          options={SUPPLY_TYPES.map((value) => ({ value, label: t(`supplyTypes.${value}`) }))}
        />
        <RadioGroup
          meta={fields.ownership}
          legend={t("fields.ownership")}
          options={OWNERSHIP.map((value) => ({ value, label: t(`ownership.${value}`) }))}
        />
        <TextField
          meta={fields.supply_count}
          label={t("fields.supplyCount")}
          hint={t("fields.supplyCountHint", { min: SUPPLY_COUNT_MIN, max: SUPPLY_COUNT_MAX })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
        />
        <TextField
          meta={fields.address}
          label={t("fields.address")}
          autoComplete="street-address"
        />
        <div className="form-row">
          <TextField
            meta={fields.postal_code}
            label={t("fields.postalCode")}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
          />
          <TextField meta={fields.city} label={t("fields.city")} autoComplete="address-level2" />
        </div>
      </fieldset>
      <Honeypot label={t("fields.website")} />
      <div className="actions">
        <button type="submit" className="btn" disabled={navigation.state === "submitting"}>
          {t("next")}
        </button>
      </div>
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
  const { t } = useTranslation(["newSupply", "forms"]);
  const navigation = useNavigation();
  const [form, fields] = useForm<{ consent: string }>({
    id: "new-supply-review",
    lastResult,
  });
  const consent = fields.consent;
  const row = (label: string, value: string | undefined) => ({
    label,
    value: value || "-",
    editHref: `${PATH}?step=details`,
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
          row(t("fields.name"), values.name),
          row(t("fields.afm"), values.afm),
          row(t("fields.idNumber"), values.id_number),
          row(t("fields.email"), values.email),
          row(t("fields.mobile"), values.mobile),
          row(t("fields.fax"), values.fax),
          row(
            t("fields.supplyType"),
            values.supply_type ? t(`supplyTypes.${values.supply_type}`) : undefined,
          ),
          row(
            t("fields.ownership"),
            values.ownership ? t(`ownership.${values.ownership}`) : undefined,
          ),
          row(t("fields.supplyCount"), values.supply_count),
          row(
            t("fields.address"),
            [values.address, [values.postal_code, values.city].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", "),
          ),
        ]}
      />
      <div className="check">
        <input {...getInputProps(consent, { type: "checkbox" })} key={consent.key} />
        <label htmlFor={consent.id}>{t("review.consent")}</label>
      </div>
      <FieldErrors id={consent.errorId} errors={consent.errors} />
      <Honeypot label={t("fields.website")} />
      <div className="actions">
        <button type="submit" className="btn" disabled={navigation.state === "submitting"}>
          {t("review.submit")}
        </button>
        <a href={`${PATH}?step=details`}>{t("back")}</a>
      </div>
    </Form>
  );
}
