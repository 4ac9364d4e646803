import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData } from "react-router";
import {
  ErrorSummary,
  fieldsLabelKey,
  FieldErrors,
  Honeypot,
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
  SubmitButton,
  TextField,
} from "../form";
import { HomeButton } from "../HomeButton";
import { PublicLayout } from "../PublicLayout";

/**
 * Pieces of the transfer (/metavasi) and new-supply (/nea-paroxi) pages: the page with its done
 * view, the step list, the step's buttons, the review form. Translation keys come from the page's namespace (`ns`).
 */

/** What the parts need to know of their flow. */
export interface FlowUi {
  /** The page's translation namespace. */
  ns: "transfer" | "newSupply";
  /** The start of the forms' ids (`${id}-${step}`). */
  id: string;
  path: string;
  /** The steps that collect data; "review" follows the last one. */
  steps: readonly string[];
  /** What the review shows for a value not given. */
  blank: string;
}

/** What the flow's action answers to a post it refuses. */
export interface FlowActionData {
  step: string;
  result?: SubmissionResult<string[]>;
  formError?: string;
}

/**
 * A field of the review: its name (the label is the page's `fields.<name>`), its value as shown
 * and the step that asks for it (by default the first).
 */
export type ReviewRow = [field: string, value: string | undefined, step?: string];

/**
 * The page of a flow: the done view once a reference is there, otherwise the steps and the card
 * of the current step, with the message of the last failed post of this step above its form:
 * the review (`review`) or the step's form (`children`, given the last answer to show).
 */
export function FlowPage({
  flow,
  loaderData: { step, completed, reference },
  actionData,
  review,
  children,
}: {
  flow: FlowUi;
  loaderData: { step: string; completed: readonly string[]; reference: string | null };
  actionData: FlowActionData | undefined;
  review: ReviewRow[];
  children: (lastResult: SubmissionResult<string[]> | undefined) => ReactNode;
}) {
  const own = actionData?.step === step ? actionData : undefined;
  const { t } = useTranslation(flow.ns);
  const all = [...flow.steps, "review"];
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
          <HomeButton>{t("done.home")}</HomeButton>
        </section>
      ) : (
        <>
          <p className="flow-intro">{t("intro")}</p>
          {/* The steps; the current one has aria-current="step". */}
          <ol className="steps" aria-label={t("steps.label")}>
            {all.map((item) => {
              const isCurrent = item === step;
              const done = !isCurrent && completed.includes(item);
              const state = isCurrent ? "current" : done ? "done" : "todo";
              return (
                <li
                  key={item}
                  className={`step step--${state}`}
                  aria-current={isCurrent ? "step" : undefined}
                >
                  {t(`steps.${item}`)}
                  <span className="visually-hidden"> ({t(`steps.state.${state}`)})</span>
                </li>
              );
            })}
          </ol>
          <section className="card flow-card" aria-labelledby="step-title">
            <h2 id="step-title" className="card__title">
              {t(`steps.${step}`)}
            </h2>
            {step === "review" ? (
              <ReviewForm flow={flow} rows={review} lastResult={own?.result} />
            ) : (
              children(own?.result)
            )}
          </section>
        </>
      )}
    </PublicLayout>
  );
}

/**
 * The form of a step (`intent`: the step): its error summary (the fields' messages and the flow's
 * own answer to this step's last post), the fields (`children`), the honeypot, the submit button
 * and a link back to the step before (none on the first).
 */
export function FlowForm({
  flow,
  form,
  step,
  children,
}: {
  flow: FlowUi;
  form: Pick<FormMetadata, "id" | "onSubmit" | "noValidate" | "errorId" | "errors" | "allErrors">;
  step: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(flow.ns);
  const answer = useActionData<FlowActionData | undefined>();
  const flowError = answer?.step === step ? answer.formError : undefined;
  const all = [...flow.steps, "review"];
  const previous = all[all.indexOf(step) - 1];
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={step} />
      <ErrorSummary
        form={form}
        extra={[flowError]}
        ns={[flow.ns, "forms", "common"]}
        labelKey={fieldsLabelKey()}
      />
      {children}
      <Honeypot label={t("fields.website")} />
      <div className="actions">
        <SubmitButton>{t(step === "review" ? "review.submit" : "next")}</SubmitButton>
        {previous ? <a href={`${flow.path}?step=${previous}`}>{t("back")}</a> : null}
      </div>
    </Form>
  );
}

/** How a text field of the applications is asked for. */
interface FlowInput {
  /** Its label is `fields.<label>`, its hint `fields.<label>Hint` (by default its name). */
  label?: string;
  hint?: boolean;
  optional?: boolean;
  type?: "tel" | "email";
  inputMode?: "numeric";
  autoComplete: string;
  maxLength?: number;
}

/**
 * The text fields of both applications, by name: the same field (VAT number, e-mail, phone) is
 * asked the same way in each, with the page's own words.
 */
const FLOW_INPUTS: Readonly<Record<string, FlowInput>> = {
  name: { autoComplete: "name" },
  afm: { hint: true, inputMode: "numeric", autoComplete: "off", maxLength: 11 },
  id_number: { label: "idNumber", hint: true, autoComplete: "off", maxLength: 12 },
  email: { type: "email", autoComplete: "email" },
  phone: { hint: true, type: "tel", inputMode: "numeric", autoComplete: "tel", maxLength: 14 },
  mobile: { hint: true, type: "tel", inputMode: "numeric", autoComplete: "tel", maxLength: 14 },
  fax: {
    hint: true,
    optional: true,
    type: "tel",
    inputMode: "numeric",
    autoComplete: "off",
    maxLength: 14,
  },
  supply_number: {
    label: "supplyNumber",
    hint: true,
    inputMode: "numeric",
    autoComplete: "off",
    maxLength: 16,
  },
  supply_count: {
    label: "supplyCount",
    hint: true,
    inputMode: "numeric",
    autoComplete: "off",
    maxLength: 3,
  },
  address: { autoComplete: "street-address" },
  postal_code: {
    label: "postalCode",
    inputMode: "numeric",
    autoComplete: "postal-code",
    maxLength: 6,
  },
  city: { autoComplete: "address-level2" },
};

/** A text field of an application, as FLOW_INPUTS says; `hintValues` fill its hint in. */
export function FlowTextField({
  flow,
  meta,
  hintValues,
}: {
  flow: FlowUi;
  meta: FieldMetadata<string>;
  hintValues?: Record<string, number>;
}) {
  const { t } = useTranslation(flow.ns);
  const { label = meta.name, hint, optional, ...input } = FLOW_INPUTS[meta.name]!;
  return (
    <TextField
      meta={meta}
      label={t(`fields.${label}`)}
      hint={hint ? t(`fields.${label}Hint`, hintValues) : undefined}
      optional={optional}
      {...input}
    />
  );
}

/**
 * The review step: what the steps saved, each with a link back to the step that asked for it,
 * the consent and submit.
 */
function ReviewForm({
  flow,
  rows,
  lastResult,
}: {
  flow: FlowUi;
  rows: ReviewRow[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(flow.ns);
  const [form, fields] = useForm<{ consent: string }>({ id: `${flow.id}-review`, lastResult });
  const consent = fields.consent;
  // Its own key (the form's remount key), not the helper's (always undefined).
  const { key: _unset, ...checkbox } = getInputProps(consent, { type: "checkbox" });
  return (
    <FlowForm flow={flow} form={form} step="review">
      <p>{t("review.intro")}</p>
      <dl className="review">
        {rows.map(([field, value, step = flow.steps[0]]) => {
          const label = t(`fields.${field}`);
          return (
            <div className="review__row" key={label}>
              <dt>{label}</dt>
              <dd>
                <span className="review__value">{value || flow.blank}</span>{" "}
                <a href={`${flow.path}?step=${step}`} aria-label={`${t("review.edit")}: ${label}`}>
                  {t("review.edit")}
                </a>
              </dd>
            </div>
          );
        })}
      </dl>
      <div className="check">
        <input key={consent.key} {...checkbox} />
        <label htmlFor={consent.id}>{t("review.consent")}</label>
      </div>
      <FieldErrors id={consent.errorId} errors={consent.errors} />
    </FlowForm>
  );
}
