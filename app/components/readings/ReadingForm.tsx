import { type SubmissionResult } from "@conform-to/react";
import {
  getFormProps,
  getInputProps,
  useForm,
  ErrorSummary,
  FieldErrors,
  TextField,
} from "../form";
import type { z } from "zod";
import type { Register } from "../../../core/readings";
import { FORM_KEY_FIELD } from "../../../core/idempotency";
import type { readingFormSchema } from "../../domain/readings";
import { useTranslation } from "react-i18next";
import { Form, href, useNavigation } from "react-router";
import { formatDate, formatInteger } from "../../domain/format";

/** One register the "far higher" warning names, with its real ratio to the usual consumption. */
export interface WarnedRegister {
  register: "day" | "night";
  reason: "decimal" | "high";
  /** implied ÷ usual consumption, already rounded for people; null when there is no basis. */
  ratio: number | null;
}

/** What the reading page's action answers. */
export interface ReadingActionData {
  result?: SubmissionResult<string[]>;
  /** The values are far higher than expected: every suspicious register, and a checkbox. */
  warning?: { registers: WarnedRegister[]; values: string };
  /** A message about the whole form (period closed, not allowed, failure), a translation key. */
  formError?: string;
}

/** The customer's latest reading, when the form corrects it instead of adding one. */
export interface CorrectionTarget {
  readingId: number;
  date: string;
  day: number | null;
  night: number | null;
}

/**
 * The reading form: plain POST, validated by the action (the browser ships no schema code).
 * After a "far higher" answer it shows the warning and a confirmation checkbox, values kept.
 * With `correction` it replaces the customer's latest reading ("correct my reading").
 */
export function ReadingForm({
  meterId,
  hasNight,
  previous,
  actionData,
  correction,
  replaces,
  formKey,
}: {
  meterId: number;
  /** This render's idempotency key (core/idempotency.ts). */
  formKey: string;
  hasNight: boolean;
  previous: { day: number | null; night: number | null };
  actionData: ReadingActionData | undefined;
  correction?: CorrectionTarget | null;
  /** HH:mm of the reading the customer sent today, which this one would replace (#35 §7). */
  replaces?: string | null;
}) {
  const { t } = useTranslation(["readings", "forms"]);
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<ReturnType<typeof readingFormSchema>>>({
    id: correction ? `correction-${meterId}` : `reading-${meterId}`,
    lastResult: actionData?.result,
  });
  const warning = actionData?.warning;
  const hint = (value: number | null) =>
    value === null ? undefined : t("form.previous", { value: formatInteger(value) });
  const labels = { day: t("form.day"), night: t("form.night") };
  const registers: Register[] = hasNight ? ["day", "night"] : ["day"];
  const kwh = (value: number | null) => (value === null ? "-" : `${formatInteger(value)} kWh`);
  return (
    <section className="card" aria-labelledby="form-title">
      <h2 id="form-title" className="card__title" tabIndex={-1}>
        {correction ? t("correct.title") : t("form.title")}
      </h2>
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="meter_id" value={meterId} />
        {/* Rendered by the server: a double post (or a replay) with it records one reading. */}
        <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
        <ErrorSummary
          form={form}
          ns={["readings", "forms", "common"]}
          labelKey={{ day: "form.day", night: "form.night", confirm: "warning.confirm" }}
        />
        {correction ? (
          <>
            <input type="hidden" name="intent" value="correct" />
            <input type="hidden" name="reading_id" value={correction.readingId} />
            <p>
              {t("correct.intro", { date: formatDate(correction.date) })} {t("day")}:{" "}
              <strong>{kwh(correction.day)}</strong>
              {hasNight ? (
                <>
                  {" · "}
                  {t("night")}: <strong>{kwh(correction.night)}</strong>
                </>
              ) : null}
            </p>
            <p className="muted">{t("correct.keeps")}</p>
          </>
        ) : (
          <>
            <p className="muted">{t("form.intro")}</p>
            {replaces ? (
              <p className="alert alert--warning" id="replaces-notice">
                {t("form.replaces", { time: replaces })}
              </p>
            ) : null}
          </>
        )}
        <div className="form-row">
          {registers.map((register) => (
            <TextField
              key={register}
              meta={fields[register]}
              label={labels[register]}
              hint={hint(previous[register])}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
            />
          ))}
        </div>
        {warning ? (
          <div className="alert alert--warning" role="alert">
            <ul className="rd-warnings">
              {warning.registers.map((w) => (
                <li key={w.register}>
                  <strong>
                    {w.ratio !== null
                      ? t("warning.ratio", {
                          register: t(`registerName.${w.register}`),
                          ratio: formatInteger(w.ratio),
                        })
                      : t("warning.high", { register: t(`registerName.${w.register}`) })}
                  </strong>
                  {w.reason === "decimal" ? <> {t("warning.decimal")}</> : null}
                </li>
              ))}
            </ul>
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
            {warning
              ? t("form.submitConfirmed")
              : correction
                ? t("correct.submit")
                : t("form.submit")}
          </button>
          {correction ? (
            <a href={`${href("/b2b/kataxorisi")}#last-title`}>{t("correct.cancel")}</a>
          ) : (
            <a href={href("/instructions")}>{t("form.howTo")}</a>
          )}
        </div>
      </Form>
    </section>
  );
}
