import {
  getFormProps,
  getInputProps,
  getRadioProps,
  useForm,
  type SubmissionResult,
  ErrorSummary,
  fieldsLabelKey,
  FieldErrors,
  Honeypot,
  TextField,
  SubmitButton,
} from "../components/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { PublicLayout } from "../components/PublicLayout";
import { allSmartReply, vatStepSchema } from "../domain/all-smart";
import { PRIVACY_POLICY_URL } from "../domain/sidebar";
import { getInstance } from "../middleware/i18next";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/all-smart";
import { NO_STORE, rejectGoneLink, verifyLink } from "../.server/hash-links";
import { AllSmartSteps } from "../components/AllSmartSteps";
import stylesHref from "../components/all-smart.css?url";
import { allSmartLink, startAllSmartFlow } from "../.server/api/all-smart";

/**
 * /all-smart/{hash}: step 1 of the allSmart card (spec §2 "allSmart"). The signed link names the
 * customer, whose VAT and mobile prefill the form; the answer opens an application on the server
 * and goes on to /all-smart-connect or /all-smart-create with its id. Step 2 (all-smart-step.tsx)
 * takes this page's handle, stylesheet and headers.
 */
export const handle: RouteHandle = { i18n: ["allSmart", "forms"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function headers() {
  return NO_STORE;
}

const loadLink = (args: Route.LoaderArgs | Route.ActionArgs) =>
  verifyLink(args, "allSmart", allSmartLink);

export async function loader(args: Route.LoaderArgs) {
  const { link } = await loadLink(args);
  const t = getInstance(args.context).t;
  return data(
    { name: link.name, vat: link.vat, phone: link.phone ?? "", title: t("allSmart:title") },
    { headers: NO_STORE },
  );
}

const STEP_FIELDS = ["vat", "phone", "choice", "privacy", "terms"] as const;

export async function action(args: Route.ActionArgs) {
  const { api, hash } = await loadLink(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: vatStepSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  }
  const { website, ...value } = submission.value;
  const result = await startAllSmartFlow(api, { ...value, hash, website: website ?? "" });
  if (result.ok) {
    const step = result.data.choice === "connect" ? "/all-smart-connect" : "/all-smart-create";
    throw redirect(`${step}?${new URLSearchParams({ f: result.data.id })}`, { headers: NO_STORE });
  }
  rejectGoneLink(args.context, "allSmart", result);
  const field = (STEP_FIELDS as readonly string[]).includes(result.field ?? "")
    ? (result.field as string)
    : null;
  return data(
    { result: allSmartReply(submission, result, field) },
    { status: result.status === 429 ? 429 : 400, headers: NO_STORE },
  );
}

export default function AllSmart({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["allSmart", "forms"]);
  return (
    <PublicLayout narrow>
      <h1>{t("title")}</h1>
      <AllSmartSteps current="vat" />
      <section className="card">
        <p>{t("intro")}</p>
        <p>{t("greeting", { name: loaderData.name })}</p>
        <VatStepForm
          defaults={{ vat: loaderData.vat, phone: loaderData.phone }}
          lastResult={actionData?.result}
        />
      </section>
    </PublicLayout>
  );
}

/** The form's fields as posted (the action's schema checks them). */
interface VatStepForm {
  vat: string;
  phone: string;
  choice: "connect" | "create";
  privacy: string;
  terms: string;
  website: string;
}

function VatStepForm({
  defaults,
  lastResult,
}: {
  defaults: { vat: string; phone: string };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation(["allSmart", "forms"]);
  const [form, fields] = useForm<VatStepForm>({
    lastResult,
    defaultValue: { vat: defaults.vat, phone: defaults.phone },
  });
  const connect = getRadioProps(fields.choice, "connect");
  const create = getRadioProps(fields.choice, "create");
  const { key: privacyKey, ...privacyProps } = getInputProps(fields.privacy, { type: "checkbox" });
  const { key: termsKey, ...termsProps } = getInputProps(fields.terms, { type: "checkbox" });
  const privacyUrl = i18n.language === "en" ? PRIVACY_POLICY_URL.en : PRIVACY_POLICY_URL.el;
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p className="muted">{t("required")}</p>
      <ErrorSummary
        form={form}
        ns={["allSmart", "forms", "common"]}
        labelKey={fieldsLabelKey()}
        targets={{ choice: `${fields.choice.id}-connect` }}
      />
      <TextField
        meta={fields.vat}
        label={t("fields.vat")}
        hint={t("fields.vatHint")}
        inputMode="numeric"
        maxLength={9}
        autoComplete="off"
      />
      <TextField
        meta={fields.phone}
        label={t("fields.phone")}
        hint={t("fields.phoneHint")}
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel"
      />
      <fieldset
        className="field"
        aria-describedby={fields.choice.errors?.length ? fields.choice.errorId : undefined}
      >
        <legend className="field__label">{t("fields.choice")}</legend>
        <div className="check">
          <input key={connect.key} {...connect.props} />
          <label htmlFor={connect.props.id}>{t("fields.connect")}</label>
        </div>
        <div className="check">
          <input key={create.key} {...create.props} />
          <label htmlFor={create.props.id}>{t("fields.create")}</label>
        </div>
        <FieldErrors id={fields.choice.errorId} errors={fields.choice.errors} />
      </fieldset>
      <div className="field">
        <div className="check">
          <input key={privacyKey} {...privacyProps} />
          <label htmlFor={fields.privacy.id}>
            {t("fields.privacy")} (
            <a href={privacyUrl} rel="noopener">
              {t("fields.privacyLink")}
            </a>
            )
          </label>
        </div>
        <FieldErrors id={fields.privacy.errorId} errors={fields.privacy.errors} />
      </div>
      <div className="field">
        <div className="check">
          <input key={termsKey} {...termsProps} />
          <label htmlFor={fields.terms.id}>
            {t("fields.terms")} (<a href="/terms">{t("fields.termsLink")}</a>)
          </label>
        </div>
        <FieldErrors id={fields.terms.errorId} errors={fields.terms.errors} />
      </div>
      <Honeypot label={t("fields.website")} />
      <div className="actions">
        <SubmitButton>{t("continue")}</SubmitButton>
      </div>
    </Form>
  );
}
