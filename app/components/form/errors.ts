import type { SubmissionResult } from "@conform-to/react";

/** Messages (translation keys) by field name; the form's own under "". */
export type Errors = Record<string, string[]>;

/** The answer's errors, keeping a field's previous errors where the answer says null. */
export function mergeErrors(previous: Errors, result: SubmissionResult<string[]>): Errors {
  const next: Errors = {};
  for (const [name, errors] of Object.entries(result.error ?? {})) {
    const kept = errors === null ? previous[name] : errors;
    if (kept && kept.length > 0) next[name] = kept;
  }
  return next;
}

/** Whether a field belongs to a fieldset or list (`prefix`); "" is the whole form. */
export function isUnder(name: string, prefix: string): boolean {
  return (
    prefix === "" ||
    name === prefix ||
    name.startsWith(`${prefix}.`) ||
    name.startsWith(`${prefix}[`)
  );
}

/** The errors of a field and of everything under it (a fieldset's or list's `allErrors`). */
export function errorsUnder(errors: Errors, name: string): Errors {
  return name
    ? Object.fromEntries(Object.entries(errors).filter(([field]) => isUnder(field, name)))
    : errors;
}
