import { type SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, useForm } from "../form";
import type { z } from "zod";
import type { readingFormSchema } from "../../domain/readings";
import { useTranslation } from "react-i18next";
import { Form, href, useNavigation } from "react-router";
import { formatInteger } from "../../domain/format";
import { FieldErrors, TextField } from "../Field";

/** What the reading page's action answers. */
export interface ReadingActionData {
  result?: SubmissionResult<string[]>;
  /** The values are far higher than expected: shown with a confirmation checkbox. */
  warning?: { register: "day" | "night"; reason: "decimal" | "high"; values: string };
  /** A message about the whole form (period closed, not allowed, failure), a translation key. */
  formError?: string;
}

/**
 * The reading form: plain POST, validated by the action (the browser ships no schema code).
 * After a "far higher" answer it shows the warning and a confirmation checkbox, values kept.
 */
export function ReadingForm({
  meterId,
  hasNight,
  previous,
  actionData,
}: {
  meterId: number;
  hasNight: boolean;
  previous: { day: number | null; night: number | null };
  actionData: ReadingActionData | undefined;
}) {
  const { t } = useTranslation(["readings", "forms"]);
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<ReturnType<typeof readingFormSchema>>>({
    id: `reading-${meterId}`,
    lastResult: actionData?.result,
  });
  const warning = actionData?.warning;
  const hint = (value: number | null) =>
    value === null ? undefined : t("form.previous", { value: formatInteger(value) });
  return (
    <section className="card" aria-labelledby="form-title">
      <h2 id="form-title" className="card__title">
        {t("form.title")}
      </h2>
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="meter_id" value={meterId} />
        <p className="muted">{t("form.intro")}</p>
        <div className="form-row">
          <TextField
            meta={fields.day}
            label={t("form.day")}
            hint={hint(previous.day)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
          />
          {hasNight ? (
            <TextField
              meta={fields.night}
              label={t("form.night")}
              hint={hint(previous.night)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
            />
          ) : null}
        </div>
        {warning ? (
          <div className="alert alert--warning" role="alert">
            <p>
              <strong>
                {t(`warning.${warning.reason}`, {
                  register: t(`registerName.${warning.register}`),
                })}
              </strong>
            </p>
            <p>{t("warning.check")}</p>
            <input type="hidden" name="warned" value={warning.values} />
            <div className="check">
              <input
                {...getInputProps(fields.confirm, { type: "checkbox" })}
                key={fields.confirm.key}
              />
              <label htmlFor={fields.confirm.id}>{t("warning.confirm")}</label>
            </div>
            <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
          </div>
        ) : null}
        <div className="actions">
          <button type="submit" className="btn" disabled={navigation.state === "submitting"}>
            {warning ? t("form.submitConfirmed") : t("form.submit")}
          </button>
          <a href={href("/instructions")}>{t("form.howTo")}</a>
        </div>
      </Form>
    </section>
  );
}
