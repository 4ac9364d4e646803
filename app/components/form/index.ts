/**
 * The form kit: every form of the portal is built from these parts (ADR 0017).
 *
 * - `useForm` (./use-form.ts): Conform's `useForm` metadata for forms the server validates.
 * - the wiring (./wiring.ts): field ids and the `getFormProps` / `getInputProps` /
 *   `getSelectProps` / `getTextareaProps` helpers that tie controls to their errors and hints.
 * - values (./values.ts) and errors (./errors.ts): what the form keeps after a refused submit.
 * - components: `TextField`, `TextareaField`, `FieldErrors` (the one error list under a field),
 *   `ErrorSummary` (the one summary at the top), `RadioGroup`, `Switch`, `Honeypot`.
 * - `FileInput` (./FileInput.tsx) is imported from its own module, not from here: it brings its
 *   CSS, which would otherwise tie every form page's shared chunk to the one that holds it.
 */
export { useForm, type FormOptions } from "./use-form";
export {
  describedBy,
  fieldIds,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "./wiring";
export { errorsUnder, isUnder, mergeErrors, type Errors } from "./errors";
export { formValue, getAt, serialize, setAt } from "./values";
export { FieldErrors, Honeypot, TextareaField, TextField } from "./Field";
export { RadioGroup, type RadioOption } from "./RadioGroup";
export { Switch } from "./Switch";
export {
  ErrorSummary,
  errorSummaryId,
  fieldsLabelKey,
  summaryItems,
  summaryText,
  type ErrorSummaryForm,
  type ErrorSummaryProps,
  type SummaryItem,
} from "./ErrorSummary";
export type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
