import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldErrors } from "../Field";

/**
 * Pieces of the transfer (/metavasi) and new-supply (/nea-paroxi) pages: the step list, a radio
 * group with its legend and errors, the review list. Translation keys come from the page's
 * namespace (`ns`).
 */

/** The flow's steps as an ordered list; the current one has aria-current="step". */
export function StepList({
  ns,
  steps,
  current,
  completed,
}: {
  ns: string;
  steps: readonly string[];
  current: string;
  completed: readonly string[];
}) {
  const { t } = useTranslation(ns);
  const all = [...steps, "review"];
  return (
    <ol className="steps" aria-label={t("steps.label")}>
      {all.map((step) => {
        const isCurrent = step === current;
        const done = !isCurrent && completed.includes(step);
        const state = isCurrent ? "current" : done ? "done" : "todo";
        return (
          <li
            key={step}
            className={`step step--${state}`}
            aria-current={isCurrent ? "step" : undefined}
          >
            {t(`steps.${step}`)}
            <span className="visually-hidden"> ({t(`steps.state.${state}`)})</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Radio buttons in a fieldset; the error is tied to every option with aria-describedby. */
export function RadioGroup<S>({
  meta,
  legend,
  options,
}: {
  meta: FieldMetadata<S>;
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
}) {
  const invalid = Boolean(meta.errors?.length);
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : undefined;
  return (
    <fieldset className="field radio-group" id={meta.id}>
      <legend className="field__label">{legend}</legend>
      {options.map((option) => {
        const id = `${meta.id}-${option.value}`;
        const hintId = option.hint ? `${id}-hint` : undefined;
        const describedBy = [invalid ? meta.errorId : null, hintId].filter(Boolean).join(" ");
        return (
          <div className="check" key={`${meta.key ?? ""}-${option.value}`}>
            <input
              type="radio"
              id={id}
              name={meta.name}
              value={option.value}
              defaultChecked={initial === option.value}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy || undefined}
            />
            <label htmlFor={id}>
              {option.label}
              {option.hint ? (
                <span id={hintId} className="field__hint radio-group__hint">
                  {option.hint}
                </span>
              ) : null}
            </label>
          </div>
        );
      })}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** The review: each value with a link back to the step that asked for it. */
export function ReviewList({
  rows,
  editLabel,
}: {
  rows: { label: string; value: string; editHref: string; editName: string }[];
  editLabel: string;
}) {
  return (
    <dl className="review">
      {rows.map((row) => (
        <div className="review__row" key={row.label}>
          <dt>{row.label}</dt>
          <dd>
            <span className="review__value">{row.value}</span>{" "}
            <a href={row.editHref} aria-label={`${editLabel}: ${row.editName}`}>
              {editLabel}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A form-level message (role=alert) with every message translated. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="alert alert--error" role="alert">
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}
