import { z } from "zod";
import type { ApiMeter, ApiUser } from "../../api/contract";
import type { SettingsPayload } from "../../api/settings/schemas";
import { formatAddress, isElectricity, supplyNumber } from "./format";
import { isValidPassword, isValidPhone, MESSAGES } from "./validation";

/**
 * The settings dialog's rules (spec §2 "Settings modal", §3 "Settings payload", §5): the two
 * steps' schema, the all-email / all-SMS switches, the avatar file rules and the payload sent to
 * PUT /api/user/settings. Pure: used by the dialog in the browser and by the action on the server.
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

// ---- the form ----

const required = { error: MESSAGES.require };
const text = z.string().trim().optional();
const emailText = z.string(required).trim().pipe(z.email(MESSAGES.notValidEmail));
const checkbox = z.boolean().optional();

const supplyRow = z.object({
  meter_id: z.coerce.number(required).int().positive(),
  ebill: checkbox,
  email: text,
  sms: checkbox,
  phone: text,
});

const skin = z.coerce.number(required).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]));

export interface SettingsContext {
  /** The saved email and phone: changing either asks for the current password. */
  email: string;
  phone: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Step 1: contact details, indication notices and the per-supply e-bill / SMS switches. */
export function step1Shape() {
  return {
    email: emailText,
    phone: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || isValidPhone(v), MESSAGES.phoneNumber),
    indication_email: checkbox,
    indication_sms: checkbox,
    supplies: z.array(supplyRow).max(1000).optional(),
  };
}

/** Step 2: avatar, main supply, skin, language. The avatar's bytes are checked on the server. */
export function step2Shape() {
  return {
    avatar: z
      .union([z.instanceof(File), z.array(z.instanceof(File))])
      .optional()
      .superRefine((value, ctx) => {
        const files = (Array.isArray(value) ? value : value ? [value] : []).filter(
          (f) => f.size > 0 || f.name !== "",
        );
        if (files.length > 1)
          ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.fileErrorCount });
        const file = files[0];
        if (files.length !== 1 || !file) return;
        const error = avatarFileError(file);
        if (error) ctx.addIssue({ code: "custom", message: error });
      }),
    main_meter_id: z.coerce.number(required).int().positive(),
    /** Asked on step 2, next to Save: only needed when the email or the phone changed. */
    current_password: z.string().optional(),
    nrg_skin: skin,
    lang: z.enum(["el", "en"], required),
  };
}

type SupplyRow = z.infer<typeof supplyRow>;

function refineSupplies(rows: SupplyRow[] | undefined, ctx: z.RefinementCtx) {
  (rows ?? []).forEach((row, index) => {
    if (row.ebill) {
      if (!row.email)
        ctx.addIssue({
          code: "custom",
          path: ["supplies", index, "email"],
          message: MESSAGES.require,
        });
      else if (!z.email().safeParse(row.email).success)
        ctx.addIssue({
          code: "custom",
          path: ["supplies", index, "email"],
          message: MESSAGES.notValidEmail,
        });
    }
    if (row.sms) {
      if (!row.phone)
        ctx.addIssue({
          code: "custom",
          path: ["supplies", index, "phone"],
          message: MESSAGES.require,
        });
      else if (!isValidPhone(row.phone))
        ctx.addIssue({
          code: "custom",
          path: ["supplies", index, "phone"],
          message: MESSAGES.phoneNumber,
        });
    }
  });
}

function refineContact(
  value: { email?: string; phone?: string; current_password?: string },
  ctx: z.RefinementCtx,
  saved: SettingsContext,
) {
  const changed =
    (value.email !== undefined && !sameEmail(value.email, saved.email)) ||
    (value.phone ?? "") !== saved.phone;
  if (changed && !value.current_password) {
    ctx.addIssue({
      code: "custom",
      path: ["current_password"],
      message: SETTINGS_MESSAGES.passwordForContact,
    });
  }
}

export function step1Schema() {
  return z.object(step1Shape()).superRefine((value, ctx) => refineSupplies(value.supplies, ctx));
}

export function settingsSchema(saved: SettingsContext) {
  return z.object({ ...step1Shape(), ...step2Shape() }).superRefine((value, ctx) => {
    refineSupplies(value.supplies, ctx);
    refineContact(value, ctx, saved);
  });
}
export type SettingsForm = z.infer<ReturnType<typeof settingsSchema>>;

/** Which fields live on which step: a failed save shows the step of its first error. */
export const STEP1_FIELDS = ["email", "phone", "indication_email", "indication_sms", "supplies"];

export function stepOfErrors(errorFields: readonly string[]): Step {
  return errorFields.some((f) =>
    STEP1_FIELDS.some((s) => f === s || f.startsWith(`${s}[`) || f.startsWith(`${s}.`)),
  )
    ? 1
    : 2;
}

/** Browser-side avatar rule (type by declared type/extension; the server checks the bytes). */
export function avatarFileError(file: Pick<File, "size" | "type" | "name">): string | null {
  const byType = (AVATAR_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!byType && !byName) return SETTINGS_MESSAGES.fileErrorFormt;
  if (file.size >= AVATAR_MAX_BYTES) return SETTINGS_MESSAGES.fileErrorSize;
  return null;
}

/** The one avatar file of a submission, if any. */
export function avatarFile(value: SettingsForm["avatar"]): File | null {
  const files = (Array.isArray(value) ? value : value ? [value] : []).filter((f) => f.size > 0);
  return files[0] ?? null;
}

/**
 * The spec's settings payload. Only editable supplies are sent (the others cannot change), each
 * with its email when the e-bill is on and its phone when the SMS bill is on.
 */
export function toSettingsPayload(
  view: Pick<SettingsView, "userId" | "afm" | "supplies" | "avatarSrc">,
  form: SettingsForm,
  avatarName: string | null,
): SettingsPayload {
  const rows = new Map((form.supplies ?? []).map((r) => [r.meter_id, r]));
  const ebill_settings = view.supplies
    .filter((s) => s.editable)
    .map((s) => {
      const row = rows.get(s.meterId);
      const entry: { meter_id: number; email?: string; phone?: string } = { meter_id: s.meterId };
      if (row?.ebill && row.email) entry.email = row.email;
      if (row?.sms && row.phone) entry.phone = row.phone;
      return entry;
    });
  const payload: SettingsPayload = {
    userId: view.userId,
    afm: view.afm,
    nrg_skin: form.nrg_skin,
    lang: form.lang,
    email: form.email,
    phone: form.phone || null,
    ebill_settings,
    meter_id: form.main_meter_id,
    avatar: avatarName,
    indication_email: form.indication_email ? 1 : 0,
    indication_sms: form.indication_sms ? 1 : 0,
  };
  if (form.current_password) payload.password = form.current_password;
  return payload;
}

// ---- change password (spec §2 Modals, §5) ----

export const passwordChangeSchema = z
  .object({
    old_password: z.string(required),
    password: z.string(required).refine(isValidPassword, MESSAGES.passwordRules),
    password_confirmation: z.string(required),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({
        code: "custom",
        path: ["password_confirmation"],
        message: MESSAGES.passwordsMatch,
      });
    }
    if (value.password === value.old_password) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: SETTINGS_MESSAGES.passwordSameAsOld,
      });
    }
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;

/** A toast key for the API's answer to a failed save (spec §8). */
export function saveFailureKey(result: { status: number; message?: string }): string {
  if (result.status === 400 && result.message) {
    if (result.message.startsWith("settingsModal.")) return `settings:${result.message}`;
    if (result.message.startsWith("validate.")) return `forms:${result.message}`;
    return result.message;
  }
  return "settings:settingsModal.errorOccurred";
}
