import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField, type FieldMetadata } from "../components/form";

/**
 * What the signed-out forms (login, sign-up, forgotten and new password, activation) share on
 * top of the form kit (app/components/form/, whose `TextField` they use in its "public" layout).
 * Error messages are translation keys: plain keys belong to the "forms" namespace (validate.*),
 * others carry their namespace ("auth:signup.errors.x").
 */

/** The translation namespaces of these forms' messages, for the fields and the ErrorSummary. */
export const AUTH_ERROR_NS = ["forms", "auth"] as const;

/** The kit's TextField in these forms' layout, and with the required mark (most of their fields). */
export const PUBLIC_FIELD = { layout: "public", errorNs: AUTH_ERROR_NS } as const;
export const REQUIRED_FIELD = { ...PUBLIC_FIELD, required: true } as const;

/**
 * A number that changes with every new server answer. Used as the `key` of password fields so
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

type Meta = FieldMetadata<string | undefined | null> | FieldMetadata<unknown>;

/** The VAT number an account is known by: nine digits, typed on a numeric keypad. */
export function VatField({
  meta,
  label,
  hint,
  autoComplete,
}: {
  meta: Meta;
  label: string;
  hint?: string;
  autoComplete: "username" | "off";
}) {
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      {...REQUIRED_FIELD}
      autoComplete={autoComplete}
      inputMode="numeric"
      maxLength={9}
    />
  );
}

/** A VAT or an email (sign-in, password reset: #18): any keyboard, room for an address. */
export function LoginNameField({
  meta,
  label,
  hint,
}: {
  meta: Meta;
  label: string;
  hint?: string;
}) {
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      {...REQUIRED_FIELD}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={254}
    />
  );
}

/**
 * A new password and its confirmation (sign-up, password reset), labelled from the page's part
 * of "auth" (`signup.password`, `reset.password`, …), the password rules as the hint. A new
 * `resetKey` (useResetKey) empties both.
 */
export function NewPasswordFields({
  fields,
  labels,
  resetKey,
}: {
  fields: { password: Meta; password_confirmation: Meta };
  labels: "signup" | "reset";
  resetKey: number;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextField
        key={`password-${resetKey}`}
        meta={fields.password}
        label={t(`${labels}.password`)}
        hint={t("reset.rules")}
        {...REQUIRED_FIELD}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        key={`confirmation-${resetKey}`}
        meta={fields.password_confirmation}
        label={t(`${labels}.password_confirmation`)}
        {...REQUIRED_FIELD}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

interface FlashMessage {
  type: "success" | "error";
  key: string;
}

/** A notice as a key, or as text the loader translated (its namespace may not be embedded). */
export type NoticeData = FlashMessage | { type: FlashMessage["type"]; message: string };

/** A flash notice from the previous request (success or error), shown above the form. */
export function Notice({ notice }: { notice: NoticeData | null | undefined }) {
  const { t } = useTranslation(["forms", "auth"]);
  if (!notice) return null;
  return (
    <div
      className={notice.type === "success" ? "alert alert--success" : "alert alert--error"}
      role={notice.type === "success" ? "status" : "alert"}
    >
      <p>{"message" in notice ? notice.message : t(notice.key)}</p>
    </div>
  );
}
