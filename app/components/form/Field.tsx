import { type FieldMetadata } from "@conform-to/react";
import { useMessageText } from "./message-text";
import { getInputProps, getTextareaProps } from "./wiring";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

/**
 * Form fields with a visible label, an optional hint and the errors right below, all tied to
 * the control with aria-describedby. Errors are translation keys ("validate.require", or a full
 * key such as "auth:signup.errors.captcha"); a route using these lists "forms" in handle.i18n.
 */

type InputType = "text" | "email" | "tel" | "password" | "number" | "search" | "date";

interface BaseProps<S> {
  /** Conform's field metadata (any value type; the form's errors are translation keys). */
  meta: FieldMetadata<S>;
  label: string;
  hint?: string;
  /** Marks the label "(optional)" instead of requiring anything. */
  optional?: boolean;
}

/**
 * The signed-out pages' layout (login, sign-up, password reset): `required` marks the label " *"
 * and the control aria-required (never the native attribute: the server's translated message
 * says what is missing), the hint is a paragraph named by the field's `descriptionId`, and the
 * errors are one paragraph (`FieldErrors` `oneLine`) with plain keys of `errorNs`.
 */
interface PublicProps {
  layout?: "public";
  required?: boolean;
  errorNs?: readonly string[];
}

/**
 * The one error list under a field (or group): the messages of the server's last answer, with the
 * id the control's aria-describedby points at. Nothing when the field is valid. `oneLine` puts
 * the messages in one paragraph (the signed-out pages' layout); `ns` the namespaces of plain keys.
 */
export function FieldErrors({
  id,
  errors,
  oneLine = false,
  ns = ["forms", "common"],
}: {
  id: string;
  errors: string[] | undefined;
  oneLine?: boolean;
  ns?: readonly string[];
}) {
  // A plain key is looked up in each of `ns` in turn, as the error summary does.
  const { text: t } = useMessageText(ns);
  if (!errors || errors.length === 0) return null;
  if (oneLine) {
    return (
      <p className="field__error" id={id}>
        {errors.map((error) => t(error)).join(" ")}
      </p>
    );
  }
  return (
    <div id={id}>
      {errors.map((error) => (
        <p key={error} className="field__error">
          {t(error)}
        </p>
      ))}
    </div>
  );
}

function Label({
  htmlFor,
  label,
  optional,
  required,
}: {
  htmlFor: string;
  label: string;
  optional?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation(["forms", "common"]);
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {optional ? <span className="muted"> ({t("common:optional")})</span> : null}
      {required ? (
        <span className="required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

export function TextField<S>({
  meta,
  label,
  hint,
  optional,
  layout,
  required,
  errorNs,
  type = "text",
  ...attributes
}: BaseProps<S> &
  PublicProps & { type?: InputType } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "required"
  >) {
  const isPublic = layout === "public";
  const hintId = isPublic ? meta.descriptionId : `${meta.id}-hint`;
  const { key, ...props } = getInputProps(meta, {
    type,
    ...(hint ? { ariaDescribedBy: hintId } : {}),
  });
  return (
    <div className="field">
      <Label htmlFor={meta.id} label={label} optional={optional} required={required} />
      {hint && isPublic ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <input
        key={key}
        className="field__input"
        {...props}
        {...attributes}
        {...(required ? { "aria-required": true } : {})}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} oneLine={isPublic} ns={errorNs} />
    </div>
  );
}

export function TextareaField<S>({
  meta,
  label,
  hint,
  optional,
  rows = 6,
}: BaseProps<S> & { rows?: number }) {
  const hintId = `${meta.id}-hint`;
  const { key, ...props } = getTextareaProps(meta, hint ? { ariaDescribedBy: hintId } : undefined);
  return (
    <div className="field">
      <Label htmlFor={meta.id} label={label} optional={optional} />
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <textarea key={key} className="field__textarea" rows={rows} {...props} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * Honeypot for signed-out forms: off-screen, skipped by keyboard and screen readers; people
 * leave it empty, simple bots fill it.
 */
export function Honeypot({ name = "website", label }: { name?: string; label: string }) {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor={`hp-${name}`}>{label}</label>
      <input
        id={`hp-${name}`}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
