import type { FormMetadata } from "@conform-to/react";

/**
 * How a control is tied to its label, hint and errors: the ids every field derives from its form's
 * id and its name, and the attributes of Conform's `getFormProps` / `getInputProps` /
 * `getSelectProps` / `getTextareaProps` (no constraint attributes: the server validates, and shows
 * translated messages instead of the browser's untranslated bubbles). They accept this kit's
 * metadata and Conform's alike.
 */

/** A field's ids: `${formId}-${name}`, its errors' and its description's (the form's own for ""). */
export function fieldIds(formId: string, name: string) {
  const id = name ? `${formId}-${name}` : formId;
  return { id, errorId: `${id}-error`, descriptionId: `${id}-description` };
}

/**
 * An `aria-describedby` value from the ids that apply (`false`, `null`, `undefined` and "" are
 * left out), or undefined when none does, so that no empty attribute is rendered.
 */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const value = ids.filter(Boolean).join(" ");
  return value || undefined;
}

interface AriaOptions {
  ariaDescribedBy?: string;
}

interface ControlMeta {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: unknown;
  initialValue?: unknown;
}

function definedOnly<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

function controlProps(meta: ControlMeta, options: AriaOptions) {
  const invalid = meta.errors !== undefined;
  return definedOnly({
    // Never set (as Conform's): callers pass `key` on where they remount an input.
    key: undefined as string | undefined,
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid
      ? `${meta.errorId} ${options.ariaDescribedBy ?? ""}`.trim()
      : options.ariaDescribedBy,
  });
}

export function getFormProps(
  form: Pick<FormMetadata, "id" | "onSubmit" | "noValidate" | "errorId" | "errors">,
  options: AriaOptions = {},
) {
  const invalid = form.errors !== undefined;
  return definedOnly({
    id: form.id as string,
    onSubmit: form.onSubmit,
    noValidate: form.noValidate,
    "aria-describedby": invalid
      ? `${form.errorId} ${options.ariaDescribedBy ?? ""}`.trim()
      : options.ariaDescribedBy,
  });
}

export function getInputProps(
  meta: ControlMeta,
  options: AriaOptions & { type: string; value?: string | boolean },
) {
  const props: Record<string, unknown> = { ...controlProps(meta, options), type: options.type };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(meta.initialValue)
        ? meta.initialValue.includes(options.value)
        : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") {
      props.defaultValue = meta.initialValue;
    }
  }
  return props as ReturnType<typeof controlProps> & {
    type: string;
    value?: string;
    defaultChecked?: boolean;
    defaultValue?: string;
  };
}

export function getSelectProps(meta: ControlMeta, options: AriaOptions = {}) {
  const value = meta.initialValue;
  return definedOnly({
    ...controlProps(meta, options),
    defaultValue: Array.isArray(value)
      ? value.map((item) => String(item ?? ""))
      : value === undefined || value === null
        ? undefined
        : String(value),
  });
}

export function getTextareaProps(meta: ControlMeta, options: AriaOptions = {}) {
  const value = meta.initialValue;
  return definedOnly({
    ...controlProps(meta, options),
    defaultValue: value === undefined || value === null ? undefined : String(value),
  });
}
