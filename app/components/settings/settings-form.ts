import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { SettingsDraft, SettingsFields, SettingsView, Step } from "../../domain/settings-view";

/**
 * What the settings dialog and its steps share: the action they post to, its answer, the form's
 * fields and the URL of a step.
 */

export const SETTINGS_ACTION = "/b2b/settings";

/** What the settings action answers when it does not redirect. */
export interface SettingsActionData {
  kind: "settings";
  step: Step;
  result?: SubmissionResult<string[]>;
  /** The form's values to show (the draft), e.g. after an all-switch without JavaScript. */
  draft?: SettingsDraft;
}

/** The settings form's fields, as `useForm` gives them. */
export type SettingsFieldset = ReturnType<FormMetadata<SettingsFields, string[]>["getFieldset"]>;

export function settingsUrl(closeTo: string, step: Step): string {
  const url = new URL(closeTo, "http://portal.invalid");
  url.searchParams.set("modal", "settings");
  url.searchParams.set("step", String(step));
  return url.pathname + url.search;
}

export /** Current switch values from Conform's form value (strings; checkboxes are "on"). */
function liveSupplies(view: SettingsView, value: unknown) {
  const rows = (value as { supplies?: Record<string, unknown>[] } | undefined)?.supplies ?? [];
  return view.supplies.map((s, i) => {
    const row = rows[i];
    if (!row || !s.editable) return s;
    return {
      ...s,
      ebill: row.ebill === "on",
      email: typeof row.email === "string" ? row.email : "",
      sms: row.sms === "on",
      phone: typeof row.phone === "string" ? row.phone : "",
    };
  });
}
