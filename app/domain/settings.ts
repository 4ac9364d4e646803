import { z } from "zod";
import type { SettingsPayload } from "../../core/contract";
import { isValidPassword, isValidPhone, MESSAGES } from "../../core/validation";
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  SETTINGS_MESSAGES,
  type SettingsView,
} from "./settings-view";

/**
 * The settings dialog's form rules (spec §2 "Settings modal", §3 "Settings payload", §5): the two
 * steps' schema, the avatar file rules and the payload sent to PUT /api/user/settings. For
 * actions and loaders only (zod stays out of the browser); everything of ./settings-view is
 * re-exported so server code keeps one import.
 */
export * from "./settings-view";

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
  view: Pick<SettingsView, "userId" | "afm" | "supplies" | "avatarSrc"> &
    Partial<Pick<SettingsView, "manageSupplies">>,
  form: SettingsForm,
  avatarName: string | null,
): SettingsPayload {
  const rows = new Map((form.supplies ?? []).map((r) => [r.meter_id, r]));
  // A person who may not manage supplies (#18) sends none: every supply stays as it is.
  const ebill_settings = view.supplies
    .filter((s) => s.editable && view.manageSupplies !== false)
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
