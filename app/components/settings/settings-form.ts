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

/** The e-bill (email) and SMS sets of the supplies' switches: one at a time below 619 px. */
export type BillSet = "email" | "sms";

/** The id of the choice that shows a set below 619 px (BillSwitches; ErrorSummary `data-reveal`). */
export const billSetChoiceId = (set: BillSet) => `settings-set-${set}`;

const SUPPLY_FIELD = /^supplies\[(\d+)\]\.(ebill|email|sms|phone)$/;

/** The set a supply's field is in, or null for a field of no set. */
export function billSetOf(name: string): BillSet | null {
  const field = SUPPLY_FIELD.exec(name)?.[2];
  return field === "ebill" || field === "email" ? "email" : field ? "sms" : null;
}

/**
 * The set the server shows below 619 px (without JavaScript nothing else can switch it): the one
 * holding the first refused supply field, else the e-bill set.
 */
export function billSetOfErrors(errorFields: readonly string[]): BillSet {
  for (const name of errorFields) {
    const set = billSetOf(name);
    if (set) return set;
  }
  return "email";
}

/** The settingsModal key of each field's label, for the error summary (#35 §5). */
const LABEL_KEYS: Readonly<Record<string, string>> = {
  email: "email",
  phone: "phone",
  indication_email: "indicationEmail",
  indication_sms: "indicationSms",
  supplies: "bills",
  avatar: "avatar",
  main_meter_id: "mainSupply",
  nrg_skin: "skin",
  lang: "language",
  current_password: "currentPassword",
};
const SUPPLY_LABEL_KEYS = {
  ebill: "ebill",
  email: "ebillEmail",
  sms: "smsBill",
  phone: "smsPhone",
} as const;

/**
 * A settings field's label as the error summary names it: "Κινητό τηλέφωνο", and for one supply's
 * field its address too ("Κινητό για τον λογαριασμό με SMS (Πατησίων 12)"). null: not a field.
 */
export function settingsFieldLabel(
  t: (key: string) => string,
  view: Pick<SettingsView, "supplies">,
  name: string,
): string | null {
  const supply = SUPPLY_FIELD.exec(name);
  if (supply) {
    const label = t(
      `settingsModal.${SUPPLY_LABEL_KEYS[supply[2] as keyof typeof SUPPLY_LABEL_KEYS]}`,
    );
    const address = view.supplies[Number(supply[1])]?.address;
    return address ? `${label} (${address})` : label;
  }
  const key = LABEL_KEYS[name];
  return key ? t(`settingsModal.${key}`) : null;
}
