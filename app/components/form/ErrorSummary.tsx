import type { MouseEvent, ReactNode } from "react";
import { useMessageText } from "./message-text";

/**
 * The one error summary of every form (GOV.UK pattern): a titled box at the top of the form that
 * lists each refused field as a link to it, then the form's own messages (API answers such as
 * "wrong username or password").
 *
 * Where it is seen:
 * - Without JavaScript the refused POST answers with a new document. The box carries `autofocus`
 *   (server-rendered; it is focusable through tabindex=-1), so the browser focuses it and scrolls
 *   it into view when the page loads: the person lands on the box, not at the top of the page.
 *   (A `#fragment` on the form's action would do the same, but every successful POST's redirect
 *   would inherit it.)
 * - With JavaScript `useForm` (./use-form.ts) moves focus to the box after a refused submit.
 * A link moves to its field: without JavaScript the `#id` scrolls the page to it; with JavaScript
 * the field is focused and its label scrolled into view, as GOV.UK does.
 *
 * Messages are translation keys: plain keys are looked up in each of `ns` in turn (by default
 * "forms" then "common"), others carry their namespace ("auth:login.errors.wrong_credentials").
 * A field's link reads "Label: message" when `labelKey` names its label's key: messages such as
 * "This field is required" say nothing on their own in a list.
 */

/** The summary's id for a form: `useForm` looks it up to focus it. */
export function errorSummaryId(formId: string): string {
  return `${formId}-error-summary`;
}

export interface ErrorSummaryForm {
  /** The form element's id; fields' ids are `${id}-${name}` (useForm's convention). */
  id: string;
  /** Form-level messages (`submission.reply({ formErrors })`). */
  errors?: string[] | undefined;
  /** The id of the form-level messages (getFormProps points aria-describedby at it). */
  errorId?: string;
  /** Every field's messages by field name; the form's own under "". */
  allErrors?: Record<string, string[] | null | undefined>;
}

export interface ErrorSummaryProps {
  form: ErrorSummaryForm;
  /** More form-level messages kept outside the form's metadata (a flow's or page's own). */
  extra?: readonly (string | null | undefined)[];
  /** Translation namespaces of the plain keys. */
  ns?: string | readonly string[];
  /** Field name → the id its link points to, where that is not `${form.id}-${name}` (a radio group's first option). */
  targets?: Readonly<Record<string, string>>;
  /** Fields left out of the list (a honeypot, whose message is shown as a form-level one). */
  omit?: readonly string[];
  /**
   * The translation key of a field's label (looked up in `ns`), by field name: a function (see
   * `fieldsLabelKey`) or a table. A key that does not exist is left out.
   */
  labelKey?: ((name: string) => string | undefined) | Readonly<Record<string, string>>;
  /**
   * A field's label as text, where a key alone cannot say it (one supply's field of many: "Email
   * για το e-bill (Πατησίων 12)"); null falls back to `labelKey`.
   */
  label?: (name: string) => string | null;
  /** Shown in the box under the list, while it lists something: the way on (links) of an error. */
  children?: ReactNode;
}

export interface SummaryItem {
  /** Field name, or null for a form-level message. */
  name: string | null;
  /** The link target's id (fields only). */
  target: string | null;
  messages: string[];
}

/** The summary's entries: refused fields in their order, then the form-level messages. */
export function summaryItems({
  form,
  extra = [],
  targets = {},
  omit = [],
}: Pick<ErrorSummaryProps, "form" | "extra" | "targets" | "omit">): SummaryItem[] {
  const items: SummaryItem[] = [];
  const formLevel: string[] = [...(form.errors ?? [])];
  for (const [name, messages] of Object.entries(form.allErrors ?? {})) {
    if (!messages?.length) continue;
    if (name === "") {
      for (const message of messages) if (!formLevel.includes(message)) formLevel.push(message);
      continue;
    }
    if (omit.includes(name)) {
      formLevel.push(...messages.filter((message) => !formLevel.includes(message)));
      continue;
    }
    items.push({ name, target: targets[name] ?? `${form.id}-${name}`, messages });
  }
  for (const message of extra) {
    if (message && !formLevel.includes(message)) formLevel.push(message);
  }
  if (formLevel.length > 0) items.push({ name: null, target: null, messages: formLevel });
  return items;
}

/** Whether a namespace's resources hold a string at the dotted key. */
/** Label keys named after the fields: `fields.supplyNumber` for the field `supply_number`. */
export function fieldsLabelKey(prefix = "fields.") {
  return (name: string) =>
    `${prefix}${name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())}`;
}

/** A field's entry: "Label: message" (the label's own closing colon or asterisk dropped). */
export function summaryText(label: string | null, messages: string[]): string {
  const text = messages.join(" ");
  const name = label?.replace(/[\s:*]+$/, "");
  return name ? `${name}: ${text}` : text;
}

/**
 * With JavaScript: focus the field and bring its label into view (without, the `#id` scrolls). A
 * field inside `[data-reveal="radio-id"]` is in a part of the form that a choice shows (the
 * settings dialog's e-bill/SMS sets at 360 px, spec §2): that choice is made first.
 */
function moveToField(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const element = document.getElementById(target);
  if (!element) return;
  const reveal = element.closest<HTMLElement>("[data-reveal]")?.dataset.reveal;
  const choice = reveal ? document.getElementById(reveal) : null;
  if (choice instanceof HTMLInputElement && !choice.checked) choice.click();
  // A group (radio buttons in a fieldset): its first control.
  const field =
    element instanceof HTMLFieldSetElement
      ? (element.querySelector<HTMLElement>("input, select, textarea") ?? element)
      : element;
  event.preventDefault();
  const label =
    field.closest("fieldset")?.querySelector("legend") ??
    document.querySelector(`label[for="${CSS.escape(target)}"]`);
  (label ?? field).scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

export function ErrorSummary({
  form,
  extra,
  ns = ["forms", "common"],
  targets,
  omit,
  labelKey,
  label,
  children,
}: ErrorSummaryProps) {
  const { t, find, text } = useMessageText(ns);
  const labelOf = (name: string): string | null => {
    const own = label?.(name);
    if (own) return own;
    const key = typeof labelKey === "function" ? labelKey(name) : labelKey?.[name];
    const found = key ? find(key) : null;
    return found ? t(found) : null;
  };
  const items = summaryItems({ form, extra, targets, omit });
  if (items.length === 0) return null;
  const id = errorSummaryId(form.id);
  const titleId = `${id}-title`;
  return (
    <div
      id={id}
      className="alert alert--error error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      // Server-rendered only (React focuses only form controls itself): a refused POST without
      // JavaScript opens on the summary. Not a surprise: it is the answer to the person's submit.
      autoFocus
    >
      <h2 id={titleId} className="error-summary__title">
        {t("common:errorSummary.title")}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) =>
          item.target ? (
            <li key={`field:${item.name}`}>
              <a
                href={`#${item.target}`}
                onClick={(event) => moveToField(event, item.target as string)}
              >
                {summaryText(labelOf(item.name as string), item.messages.map(text))}
              </a>
            </li>
          ) : (
            <li key="form" id={form.errorId}>
              {item.messages.map((message) => (
                <p key={message}>{text(message)}</p>
              ))}
            </li>
          ),
        )}
      </ul>
      {children}
    </div>
  );
}
