import type { DefaultValue, FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorSummaryId } from "./ErrorSummary";
import { errorsUnder, isUnder, mergeErrors, type Errors } from "./errors";
import { formValue, getAt, serialize, setAt, type Tree } from "./values";
import { fieldIds } from "./wiring";

/**
 * `useForm` for forms that the server validates (the browser ships no schema code and
 * no form library). A drop-in for Conform's `useForm` in this project's forms: the same
 * metadata (ids `${formId}-${name}`, `errorId`, `descriptionId`, `errors`, `initialValue`, live
 * `value`, `key`, `getFieldset()`, `getFieldList()`) from the action's `lastResult`
 * (`submission.reply()`), and the same `getFormProps` / `getInputProps` / `getSelectProps` /
 * `getTextareaProps` helpers (below; they accept Conform's metadata too).
 *
 * What it does in the browser: keeps the errors of the last answer next to their fields and
 * after a refused submit focuses the form's error summary (or its first invalid field), tracks the live value
 * for totals and previews, calls `onSubmit` (e.g. to handle a step in the page) and `update`s a
 * field (remounting its inputs with the new value). There is no client-side validation: every
 * submit goes to the action, which answers with `submission.reply()`. Of Conform's form
 * intents only `update` and `reset` exist.
 *
 * Usage: `import { getFormProps, getInputProps, useForm } from "../components/form";` with the
 * schema's input type as the type parameter (`useForm<z.input<typeof schema>>`, a type-only use
 * of the schema); types (`SubmissionResult`, `FieldMetadata`) may still come from Conform.
 */

interface State {
  result: SubmissionResult<string[]> | null | undefined;
  initialValue: Tree;
  value: Tree;
  error: Errors;
  /** Bumped by `update` per field name: remounts the inputs under it (list and field keys). */
  versions: Record<string, number>;
}

function initialState(options: FormOptions<Tree>): State {
  const result = options.lastResult;
  const initialValue = (result?.initialValue ??
    (serialize(options.defaultValue ?? {}) as Tree)) as Tree;
  return {
    result,
    initialValue,
    value: initialValue,
    error: result ? mergeErrors({}, result) : {},
    versions: {},
  };
}

export interface FormOptions<Schema extends Record<string, unknown>> {
  /** The form element's id (and prefix of its fields' ids); a generated one by default. */
  id?: string;
  /** The action's answer: `submission.reply()`. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Schema>;
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}

// The metadata types are Conform's, so components and helpers type-check alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useForm<Schema extends Record<string, any> = Record<string, any>>(
  options: FormOptions<Schema>,
): [FormMetadata<Schema, string[]>, ReturnType<FormMetadata<Schema, string[]>["getFieldset"]>] {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const [state, setState] = useState(() => initialState(options as FormOptions<Tree>));

  // A new answer from the action: its errors and values (adjusted while rendering).
  const result = options.lastResult;
  if (result && result !== state.result) {
    setState((s) => ({
      ...s,
      result,
      error: mergeErrors(s.error, result),
      value: (result.initialValue as Tree | null | undefined) ?? s.value,
    }));
  }

  // The answer is gone (the action succeeded and redirected, or the page navigated): start
  // afresh, as the page rendered without JavaScript would: no old errors, no old typed values.
  const [cleared, setCleared] = useState(0);
  if (!result && state.result) {
    setState(initialState({ defaultValue: options.defaultValue } as FormOptions<Tree>));
    setCleared((n) => n + 1);
  }
  useEffect(() => {
    // After React has put the fresh default values on the inputs: drop what was typed.
    if (cleared > 0) document.forms.namedItem(formId)?.reset();
  }, [cleared, formId]);

  // A newer answer refused the submit: focus the form's error summary (./ErrorSummary.tsx), whose
  // links lead to each field, or, in a form without one, its first invalid field (not for the
  // first render's answer: a server-rendered summary has taken focus by itself).
  const focused = useRef(state.result);
  useEffect(() => {
    if (state.result === focused.current) return;
    focused.current = state.result;
    if (state.result?.status !== "error") return;
    const summary = document.getElementById(errorSummaryId(formId));
    if (summary) {
      summary.focus();
      return;
    }
    const form = document.forms.namedItem(formId);
    for (const element of Array.from(form?.elements ?? [])) {
      const name = (element as HTMLInputElement).name;
      if (name && state.error[name]) {
        (element as HTMLElement).focus();
        break;
      }
    }
  }, [state.result, state.error, formId]);

  // The live value, for totals and previews computed while typing.
  useEffect(() => {
    const onInput = (event: Event) => {
      const form = (event.target as HTMLInputElement | null)?.form;
      if (!form || form.id !== formId) return;
      const value = formValue(new FormData(form));
      setState((s) => ({ ...s, value }));
    };
    document.addEventListener("input", onInput);
    document.addEventListener("change", onInput);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("change", onInput);
    };
  }, [formId]);

  const keyOf = (name: string): string | undefined => {
    const parts = Object.entries(state.versions)
      .filter(([prefix]) => isUnder(name, prefix))
      .map(([prefix, version]) => `${prefix}:${version}`);
    return parts.length > 0 ? parts.join("|") : undefined;
  };

  const fieldset = (prefix: string) =>
    new Proxy(
      {},
      {
        get: (_target, key) =>
          typeof key === "string" ? metadata(prefix ? `${prefix}.${key}` : key) : undefined,
      },
    );

  const metadata = (name: string) => {
    const initialValue = name ? getAt(state.initialValue, name) : state.initialValue;
    const allErrors = errorsUnder(state.error, name);
    return {
      ...fieldIds(formId, name),
      name,
      formId,
      key: keyOf(name),
      initialValue,
      value: name ? getAt(state.value, name) : state.value,
      errors: state.error[name],
      allErrors,
      valid: Object.keys(allErrors).length === 0,
      dirty: false,
      defaultValue: typeof initialValue === "string" ? initialValue : undefined,
      defaultChecked: initialValue === "on" ? true : undefined,
      defaultOptions: typeof initialValue === "string" ? [initialValue] : undefined,
      getFieldset: () => fieldset(name),
      getFieldList: () => {
        const list = getAt(state.initialValue, name);
        const key = keyOf(name) ?? "";
        return (Array.isArray(list) ? list : []).map((_item, index) => ({
          ...metadata(`${name}[${index}]`),
          key: `${key}#${index}`,
        }));
      },
    };
  };

  const form = {
    ...metadata(""),
    status: state.result?.status,
    noValidate: true,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const element = event.currentTarget;
      const formData = new FormData(element);
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (submitter?.name) formData.append(submitter.name, submitter.value);
      options.onSubmit?.(event, { formData });
    },
    /** Sets a field (or fieldset / list) to a value and remounts its inputs with it. */
    update({ name, value }: { name: string; value: unknown }) {
      setState((s) => {
        const serialized = serialize(value);
        return {
          ...s,
          initialValue: setAt(s.initialValue, name, serialized),
          value: setAt(s.value, name, serialized),
          versions: { ...s.versions, [name]: (s.versions[name] ?? 0) + 1 },
        };
      });
    },
    reset() {
      setState(initialState({ defaultValue: options.defaultValue } as FormOptions<Tree>));
    },
  };

  return [
    form as unknown as FormMetadata<Schema, string[]>,
    fieldset("") as ReturnType<FormMetadata<Schema, string[]>["getFieldset"]>,
  ];
}
