import { type SubmissionResult } from "@conform-to/react";
import {
  ErrorSummary,
  fieldsLabelKey,
  getFormProps,
  useForm,
  Honeypot,
  TextareaField,
  TextField,
  SubmitButton,
} from "../components/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { z } from "zod";
import { getApi } from "../.server/api";
import { contact } from "../.server/api/contact";
import { CUSTOMER_SERVICE_PHONE } from "../components/Footer";
import { PublicLayout } from "../components/PublicLayout";
import { contactSchema } from "../domain/contact";
import { retryAfterHeaders, TOO_MANY_ATTEMPTS, withRetryAfter } from "../domain/throttle";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/contact";

export const handle: RouteHandle = { i18n: ["contact", "forms"], title: "contact:title" };

const REFERENCE = /^C-\d{4}-\d{6}$/;

export function loader({ request }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("ref");
  return { reference: reference && REFERENCE.test(reference) ? reference : null };
}

export function headers({ parentHeaders, actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(actionHeaders, parentHeaders);
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const result = await contact(getApi(args), submission.value);
  if (!result.ok) {
    const field = result.field;
    if (result.code === "validation" && field && field in contactSchema.shape && result.message) {
      return data(
        { result: submission.reply({ fieldErrors: { [field]: [result.message] } }) },
        { status: 400 },
      );
    }
    if (result.code === "too_many_attempts") {
      return data(
        { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }) },
        { status: 429, headers: retryAfterHeaders(result) },
      );
    }
    const key = result.code === "captcha" ? "contact:errors.spam" : "contact:errors.failed";
    return data(
      { result: submission.reply({ formErrors: [key] }) },
      { status: result.status >= 500 ? 502 : 400 },
    );
  }
  // Post/Redirect/Get: a reload of the confirmation does not send the message twice.
  throw redirect(`/contact?ref=${encodeURIComponent(result.data.reference)}`);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["contact", "forms"]);
  return (
    <PublicLayout>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      {loaderData.reference ? (
        <section className="card" aria-labelledby="sent-title">
          <div className="alert alert--success" role="status">
            <h2 id="sent-title">{t("sent.title")}</h2>
            <p>{t("sent.body", { reference: loaderData.reference })}</p>
          </div>
          <a className="btn btn--secondary" href="/contact">
            {t("sent.again")}
          </a>
        </section>
      ) : (
        <div className="cards">
          <section className="card">
            <p>{t("intro")}</p>
            <ContactForm lastResult={actionData?.result} />
          </section>
          <aside className="card" aria-labelledby="contact-other">
            <h2 id="contact-other" className="card__title">
              {t("other.title")}
            </h2>
            <p>
              {t("other.phone")}:{" "}
              <a className="footer__phone" href={`tel:${CUSTOMER_SERVICE_PHONE}`}>
                {CUSTOMER_SERVICE_PHONE}
              </a>
              <br />
              <span className="muted">{t("other.hours")}</span>
            </p>
          </aside>
        </div>
      )}
    </PublicLayout>
  );
}

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["contact", "forms"]);
  const [form, fields] = useForm<z.input<typeof contactSchema>>({
    lastResult,
    // Not onBlur: errors appearing on blur move the submit button under the pointer.
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p className="muted">{t("required")}</p>
      <ErrorSummary form={form} ns={["contact", "forms", "common"]} labelKey={fieldsLabelKey()} />
      <div className="form-row">
        <TextField meta={fields.name} label={t("fields.name")} autoComplete="name" />
        <TextField
          meta={fields.email}
          label={t("fields.email")}
          type="email"
          autoComplete="email"
        />
      </div>
      <TextField
        meta={fields.phone}
        label={t("fields.phone")}
        hint={t("fields.phoneHint")}
        optional
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
      />
      <TextField meta={fields.subject} label={t("fields.subject")} />
      <TextareaField meta={fields.message} label={t("fields.message")} />
      <Honeypot label={t("fields.website")} />
      <div className="actions">
        <SubmitButton>{t("submit")}</SubmitButton>
      </div>
    </Form>
  );
}
