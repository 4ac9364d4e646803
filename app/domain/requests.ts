/**
 * Requests from the signed-in area: name change and supply cancellation. The rules and
 * field schemas are the API's own (api/requests), so the portal and the API never disagree; this
 * module adds what the pages need. Imported by loaders and actions only (it pulls in zod).
 */
import { z } from "zod";
import type { ApiMeter, ApiRequest } from "../../core/contract";
import { isActiveMeterStatus } from "../../core/meter-status";
import { requestBlocker, type RequestKind, type RuleProblem } from "../../core/requests/rules";
import { cancellationFields, fileIdSchema, nameChangeFields } from "../../core/requests/schemas";

export { KIND_SLUG, formatFileSize, statusTone } from "./requests-view";

/**
 * The form schemas of the portal: the API's fields, with the uploaded file's draft id optional
 * (the file itself is checked apart: its bytes go to the API, never through zod).
 */
export const nameChangeFormSchema = z.object({
  ...nameChangeFields,
  file_id: fileIdSchema.optional(),
});
export const cancellationFormSchema = z.object({
  ...cancellationFields,
  file_id: fileIdSchema.optional(),
});

export const formSchemaOf = (kind: RequestKind) =>
  kind === "name_change" ? nameChangeFormSchema : cancellationFormSchema;

/** The text fields of a multipart form: what Conform parses (files are handled apart). */
export function textFields(formData: FormData): FormData {
  const out = new FormData();
  for (const [key, value] of formData) if (typeof value === "string") out.append(key, value);
  return out;
}

/** The one chosen file of a file input, or null when none was chosen (an empty part). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  if (!value || typeof value === "string") return null;
  return value.size > 0 || value.name !== "" ? value : null;
}

export interface SupplyChoice {
  id: number;
  status: string;
  /** Why a request of this kind cannot be made for it now, or null when it can. */
  blocker: RuleProblem | null;
}

/**
 * The supplies offered on a request form: every Active or Stopped supply of the customer, each
 * with the reason it is not allowed now (shown disabled), from the customer's current requests.
 */
export function supplyChoices(
  kind: RequestKind,
  meters: readonly Pick<ApiMeter, "id" | "status">[],
  requests: readonly Pick<ApiRequest, "meter_id" | "kind" | "status">[],
): SupplyChoice[] {
  return meters
    .filter((m) => isActiveMeterStatus(m.status))
    .map((m) => ({ id: m.id, status: m.status, blocker: requestBlocker(kind, m, requests) }));
}

/** The supply preselected on a form: the one asked for, else the session's, if allowed; else the first allowed. */
export function defaultSupply(
  choices: readonly SupplyChoice[],
  ...preferred: Array<number | null | undefined>
): number | null {
  for (const id of preferred) {
    if (choices.some((c) => c.id === id && c.blocker === null)) return id ?? null;
  }
  return choices.find((c) => c.blocker === null)?.id ?? null;
}

/** Maps an API refusal of the submit call to the field and message the form shows. */
export function submitFailure(failure: {
  code: string;
  field?: string;
  message?: string;
  status: number;
}): { field: string; message: string } | { form: string } {
  switch (failure.code) {
    case "request_not_allowed":
    case "request_already_open":
      return {
        field: "meter_id",
        message: `requests:errors.rule.${failure.message ?? "not_active"}`,
      };
    case "validation":
      if (failure.field === "file_id")
        return { field: "file", message: "requests:errors.file.expired" };
      return failure.field && failure.message
        ? { field: failure.field, message: failure.message }
        : { form: "requests:errors.failed" };
    case "not_found":
      // The supply is not (or no longer) the customer's, or the kept file is gone.
      return { form: "requests:errors.notFound" };
    default:
      return { form: "requests:errors.failed" };
  }
}
