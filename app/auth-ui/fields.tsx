import { type FieldMetadata } from "@conform-to/react";
import { FieldErrors, getInputProps } from "../components/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface FlashMessage {
  type: "success" | "error";
  key: string;
}

/**
 * Form pieces of the signed-out pages. Error messages are translation keys: plain keys belong to
 * the "forms" namespace (validate.*), others carry their namespace ("auth:signup.errors.x").
 * Native constraint attributes are left out on purpose: with JS off the server validates and
 * shows translated messages next to the fields, instead of the browser's untranslated bubbles.
 */
export function useErrorText() {
  const { t } = useTranslation(["forms", "auth"]);
  return (key: string) => t(key);
}

interface TextFieldProps {
  meta: FieldMetadata<string | undefined | null> | FieldMetadata<unknown>;
  label: string;
  hint?: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "tel" | "text";
  required?: boolean;
  maxLength?: number;
  /** Changing it re-creates the input (see useResetKey). */
  resetKey?: number;
}

export function TextField({
  meta,
  label,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  required = true,
  maxLength,
  resetKey,
}: TextFieldProps) {
  const describedBy = hint ? meta.descriptionId : undefined;
  const props = getInputProps(meta as FieldMetadata<string>, {
    type,
    ariaDescribedBy: describedBy,
  });
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p className="field__hint" id={meta.descriptionId}>
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        key={resetKey}
        className="field__input"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} ns={AUTH_ERROR_NS} oneLine />
    </div>
  );
}

/**
 * A number that changes with every new server answer. Used as the `key` of password inputs so
 * that, with JavaScript on, they are emptied after a failed submission just as the server-rendered
 * page (hideFields) empties them with JavaScript off.
 */
export function useResetKey(lastResult: unknown): number {
  const [previous, setPrevious] = useState(lastResult);
  const [count, setCount] = useState(0);
  if (previous !== lastResult) {
    setPrevious(lastResult);
    setCount(count + 1);
  }
  return count;
}

/** The translation namespaces of these forms' messages, for the shared ErrorSummary. */
export const AUTH_ERROR_NS = ["forms", "auth"] as const;

/** A flash notice from the previous request (success or error), shown above the form. */
/** A notice as a key, or as text the loader translated (its namespace may not be embedded). */
export type NoticeData = FlashMessage | { type: FlashMessage["type"]; message: string };

export function Notice({ notice }: { notice: NoticeData | null | undefined }) {
  const text = useErrorText();
  if (!notice) return null;
  return (
    <div
      className={notice.type === "success" ? "alert alert--success" : "alert alert--error"}
      role={notice.type === "success" ? "status" : "alert"}
    >
      <p>{"message" in notice ? notice.message : text(notice.key)}</p>
    </div>
  );
}
