/**
 * The form kit: every form of the portal is built from these parts (ADR 0017).
 *
 * - `useForm` (./use-form.ts): Conform's `useForm` metadata for forms the server validates.
 * - the wiring (./wiring.ts): field ids and the `getFormProps` / `getInputProps` /
 *   `getSelectProps` / `getTextareaProps` helpers that tie controls to their errors and hints;
 *   `getRadioProps` (./radio.ts) for a radio option written out by hand.
 * - values (./values.ts) and errors (./errors.ts): what the form keeps after a refused submit.
 * - components: `TextField`, `TextareaField`, `FieldErrors` (the one error list under a field),
 *   `ErrorSummary` (the one summary at the top), `Honeypot`, `SubmitButton`.
 * - `RadioGroup` (./RadioGroup.tsx), `Switch` (./Switch.tsx), `FileInput` (./FileInput.tsx) and
 *   `IntentButton` (./IntentButton.tsx, a one-button form posting an intent),
 *   which only a few forms use, are imported from their own modules, not from here: a re-export
 *   here makes every form page reach them, so the bundler puts them in the chunk all form pages
 *   load (+0.44 KB gzip each, measured), and FileInput's CSS would tie that chunk to another.
 * - `PlainField` and `FilterSelect` (./PlainField.tsx): label and hint of a control no Conform
 *   form is bound to (the GET filter and search forms), imported from their own module too.
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
export { getRadioProps } from "./radio";
export { errorsUnder, isUnder, mergeErrors, type Errors } from "./errors";
export { formValue, getAt, serialize, setAt } from "./values";
export { FieldErrors, Honeypot, TextareaField, TextField } from "./Field";
export { SubmitButton } from "./SubmitButton";
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
