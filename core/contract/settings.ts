import { z } from "zod";
import { PHONE_PATTERN } from "../validation";

/**
 * The settings payload of spec §3: userId, afm, nrg_skin, lang, email, phone, ebill_settings
 * [{meter_id, email?, phone?}], meter_id (main supply), avatar, indication_email, indication_sms.
 * One addition: `password`, the current password, required when the email or the phone changes
 * (re-authentication before the account's contact details move elsewhere).
 *
 * In ebill_settings an `email` turns the supply's e-bill on with that address and a `phone` its
 * SMS bill with that number; a missing or empty one turns it off. Supplies not listed keep their
 * settings. Messages are the portal's translation keys.
 */
const bit = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v ? 1 : 0));
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null);
const email = z.string().trim().toLowerCase().pipe(z.email("validate.notValidEmail"));
const phone = z.string().trim().regex(PHONE_PATTERN, "validate.phoneNumber");
const id = z.coerce.number().int().positive();

export const settingsPayloadSchema = z.object({
  userId: id,
  afm: z.string().trim().min(1, "validate.require"),
  nrg_skin: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  lang: z.enum(["el", "en"]),
  email,
  phone: optionalText.pipe(phone.nullable()),
  ebill_settings: z
    .array(
      z.object({
        meter_id: id,
        email: optionalText.pipe(email.nullable()),
        phone: optionalText.pipe(phone.nullable()),
      }),
    )
    .max(1000)
    .default([]),
  meter_id: id,
  avatar: z.string().nullish(),
  indication_email: bit,
  indication_sms: bit,
  password: z.string().max(200).optional(),
});
export type SettingsPayload = z.input<typeof settingsPayloadSchema>;
export type ValidSettings = z.output<typeof settingsPayloadSchema>;

export const firstLoginSchema = z.object({ open: bit });

/** A value of a multipart form: text or a file; a name sent twice gives all its values. */
const formValue = z.union([z.string(), z.instanceof(File)]);
const formField = z.union([formValue, z.array(formValue)]).optional();

/**
 * POST /user/avatar (multipart). Any form passes: the handler judges it in the order its answers
 * need (the caller's id before the file; then one file, its size, its bytes: JPEG or PNG under
 * 1 MB, core/image.ts).
 */
export const avatarFormSchema = z.object({
  userId: formField.meta({ description: "The caller's own user id" }),
  avatar: formField.meta({ description: "One JPEG or PNG file under 1 MB" }),
});

/** PUT /user/settings, 200: nothing was saved, the email or mobile is another account's. */
export const apiSettingsMessageSchema = z.object({
  message: z.enum(["emailInUse", "phoneInUse"]).meta({
    description: "settingsModal.<message> in the portal's translations",
  }),
});
