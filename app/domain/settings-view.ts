import { can } from "../../core/permissions";
import type { ApiMeter, ApiUser } from "../../core/contract";
import { formatAddress, isElectricity, supplyNumber } from "./format";

/**
 * The settings dialog's view rules (spec §2 "Settings modal", §5): constants, the view and draft
 * of the form, the all-email / all-SMS switches and which step a field lives on. No zod: the
 * dialog imports this module in the browser; app/domain/settings.ts (the schemas and the payload,
 * for the action) re-exports it.
 */

export const SETTINGS_MODAL = "settings";
export const PASSWORD_MODAL = "password";
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png"] as const;
export const AVATAR_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
/** Below this width only one of the e-bill / SMS switch sets shows (spec §9). */
export const NARROW_SETTINGS_PX = 619;
/** Closing the dialog resets its step after this long (spec §9), with JavaScript. */
export const STEP_RESET_MS = 500;

/** Translation keys (the "settings" namespace) used as form errors. */
export const SETTINGS_MESSAGES = {
  fileErrorFormt: "settings:settingsModal.fileErrorFormt",
  fileErrorSize: "settings:settingsModal.fileErrorSize",
  fileErrorCount: "settings:settingsModal.fileErrorCount",
  passwordForContact: "settings:settingsModal.passwordForContact",
  wrongPassword: "settings:settingsModal.wrongPassword",
  passwordSameAsOld: "settings:settingsModal.passwordSameAsOld",
} as const;

export type Step = 1 | 2;
export type Channel = "email" | "sms";
export type Skin = 1 | 2 | 3;

export function parseStep(value: string | null | undefined): Step {
  return value === "2" ? 2 : 1;
}

/** One supply's row in step 1. */
export interface SupplySetting {
  meterId: number;
  kind: "electricity" | "gas";
  address: string;
  supplyNumber: string;
  /** ebill_enable_edit: when false both switches are disabled (tooltip "not available"). */
  editable: boolean;
  ebill: boolean;
  email: string;
  sms: boolean;
  phone: string;
}

/** What the dialog needs: the user's current settings and their supplies. */
export interface SettingsView {
  userId: number;
  afm: string;
  email: string;
  phone: string;
  indicationEmail: boolean;
  indicationSms: boolean;
  skin: Skin;
  lang: "el" | "en";
  mainMeterId: number;
  avatarSrc: string | null;
  supplies: SupplySetting[];
  /**
   * Whether the person may change the supplies' e-bill and SMS settings (#18: `manage_supply`);
   * without it the dialog shows no bill switches and the save sends no supply's settings.
   */
  manageSupplies: boolean;
  /**
   * Whether the person chooses the account's main supply (#18: its master); another person's
   * dialog keeps the main supply as it is and does not offer the choice.
   */
  chooseMain: boolean;
  /** The account whose notices this person receives copies of (#38 §4), or null: they may decline. */
  trustedCopiesFor: string | null;
}

export function supplySetting(meter: ApiMeter): SupplySetting {
  return {
    meterId: meter.id,
    kind: isElectricity(meter) ? "electricity" : "gas",
    address: formatAddress(meter),
    supplyNumber: supplyNumber(meter),
    editable: meter.ebill_enable_edit === 1,
    ebill: meter.eBill === 1,
    email: meter.eBill_email ?? "",
    sms: meter.sms_bill === 1,
    phone: meter.sms_number ?? "",
  };
}

export function buildSettingsView(
  user: ApiUser,
  meters: readonly ApiMeter[],
  avatarSrc: string | null,
): SettingsView {
  const main = meters.find((m) => m.is_main === 1) ?? meters[0];
  return {
    userId: user.id,
    afm: user.username,
    email: user.registration_email,
    phone: user.registration_phone ?? "",
    indicationEmail: user.indication_email === 1,
    indicationSms: user.indication_sms === 1,
    skin: user.nrg_skin,
    lang: user.lang,
    mainMeterId: main?.id ?? 0,
    avatarSrc,
    supplies: meters.map(supplySetting),
    manageSupplies: can(user.test_role, "manage_supply"),
    chooseMain: user.test_role === "master",
    trustedCopiesFor: user.trusted_copies_for,
  };
}

/** The form's values in Conform's shape (what the inputs hold): a draft between steps. */
export type SettingsDraft = {
  email: string;
  phone: string;
  indication_email: boolean;
  indication_sms: boolean;
  supplies: { meter_id: number; ebill: boolean; email: string; sms: boolean; phone: string }[];
  main_meter_id: number;
  nrg_skin: number;
  lang: string;
};

/** Every field of the dialog's form, as Conform sees it. */
export type SettingsFields = SettingsDraft & { current_password?: string; avatar?: File };

export function draftFromView(view: SettingsView): SettingsDraft {
  return {
    email: view.email,
    phone: view.phone,
    indication_email: view.indicationEmail,
    indication_sms: view.indicationSms,
    supplies: view.supplies.map((s) => ({
      meter_id: s.meterId,
      ebill: s.ebill,
      email: s.email,
      sms: s.sms,
      phone: s.phone,
    })),
    main_meter_id: view.mainMeterId,
    nrg_skin: view.skin,
    lang: view.lang,
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * The values a submission carried (Conform's payload: strings, checkboxes "on"), as a draft.
 * Supplies that cannot be edited keep their saved values (their inputs are disabled, so absent).
 */
export function draftFromPayload(
  payload: Record<string, unknown>,
  view: SettingsView,
): SettingsDraft {
  const rows = Array.isArray(payload.supplies)
    ? (payload.supplies as Record<string, unknown>[])
    : [];
  const byId = new Map(rows.map((r) => [Number(r?.meter_id), r]));
  const fallback = draftFromView(view);
  return {
    email: str(payload.email),
    phone: str(payload.phone),
    indication_email: payload.indication_email === "on",
    indication_sms: payload.indication_sms === "on",
    supplies: view.supplies.map((s, i) => {
      const row = byId.get(s.meterId);
      const saved = fallback.supplies[i] as SettingsDraft["supplies"][number];
      if (!s.editable || !row) return saved;
      return {
        meter_id: s.meterId,
        ebill: row.ebill === "on",
        email: str(row.email),
        sms: row.sms === "on",
        phone: str(row.phone),
      };
    }),
    main_meter_id: Number(payload.main_meter_id) || view.mainMeterId,
    nrg_skin: [1, 2, 3].includes(Number(payload.nrg_skin)) ? Number(payload.nrg_skin) : view.skin,
    lang: payload.lang === "en" || payload.lang === "el" ? payload.lang : view.lang,
  };
}

/** An all-switch pressed without JavaScript: the draft with that switch applied. */
export function toggleAllInDraft(
  draft: SettingsDraft,
  view: SettingsView,
  channel: Channel,
): SettingsDraft {
  const current = view.supplies.map((s, i) => {
    const row = draft.supplies[i];
    return row ? { ...s, ebill: row.ebill, email: row.email, sms: row.sms, phone: row.phone } : s;
  });
  const updated = applyAll(
    current,
    channel,
    !allOn(current, channel),
    channel === "email" ? draft.email : draft.phone,
  );
  return {
    ...draft,
    supplies: updated.map((s) => ({
      meter_id: s.meterId,
      ebill: s.ebill,
      email: s.email,
      sms: s.sms,
      phone: s.phone,
    })),
  };
}

// ---- the all-email / all-SMS switches (spec §5) ----

type Switchable = Pick<SupplySetting, "editable" | "ebill" | "email" | "sms" | "phone">;

/**
 * The all-switch shows whether every supply is on. Supplies whose e-bill cannot be edited are
 * left out: the customer cannot change them, so they must not keep the switch off for ever.
 * With no editable supply at all, it reflects every supply.
 */
export function allOn(supplies: readonly Switchable[], channel: Channel): boolean {
  const editable = supplies.filter((s) => s.editable);
  const considered = editable.length > 0 ? editable : supplies;
  if (considered.length === 0) return false;
  return considered.every((s) => (channel === "email" ? s.ebill : s.sms));
}

/**
 * Turning the all-switch on or off changes only editable supplies; turning it on fills the main
 * email (or phone) into supplies that have none.
 */
export function applyAll<S extends Switchable>(
  supplies: readonly S[],
  channel: Channel,
  on: boolean,
  fill: string,
): S[] {
  return supplies.map((s) => {
    if (!s.editable) return s;
    if (channel === "email")
      return { ...s, ebill: on, email: on && !s.email.trim() ? fill : s.email };
    return { ...s, sms: on, phone: on && !s.phone.trim() ? fill : s.phone };
  });
}

/** Which fields live on which step: a failed save shows the step of its first error. */
export const STEP1_FIELDS = ["email", "phone", "indication_email", "indication_sms", "supplies"];

export function stepOfErrors(errorFields: readonly string[]): Step {
  return errorFields.some((f) =>
    STEP1_FIELDS.some((s) => f === s || f.startsWith(`${s}[`) || f.startsWith(`${s}.`)),
  )
    ? 1
    : 2;
}
