import type { AlertField } from "../../core/alerts";

/**
 * The alerts page's labels and field names (/b2b/eidopoiiseis, #37 §2), for the page in the
 * browser too: no schema library here (the form's schema is app/.server/alerts-form.ts, for the
 * action only; zod in this module put 20 KB gzip into the page's JavaScript).
 */

/** The label keys (alerts namespace) of the form's fields, for the error summary. */
export const ALERT_LABEL_KEYS: Readonly<Record<AlertField, string>> = {
  enabled: "form.enabled",
  amount: "form.amount",
  percent: "form.percent",
  email: "form.channels",
  sms: "form.channels",
};

/** The form's field a refusal of the API names ("amount"), else null (a form-level message). */
export function alertFieldOf(field: string | undefined): AlertField | null {
  return field && Object.hasOwn(ALERT_LABEL_KEYS, field) ? (field as AlertField) : null;
}
