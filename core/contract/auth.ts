import { z } from "zod";
import {
  PHONE_PATTERN,
  SUPPLY_NUMBER_PATTERN,
  isValidPassword,
  isValidVat,
  normaliseLoginName,
} from "../validation";

/** Messages are the portal's translation keys (forms namespace), so the portal can show them as is. */
export const vatSchema = z.string().trim().refine(isValidVat, "validate.vat");
export const passwordSchema = z.string().refine(isValidPassword, "validate.passwordRules");

const checked = z.union([z.literal(true), z.literal("on"), z.literal("true"), z.literal("1")], {
  error: "validate.terms",
});

export const signupSchema = z.object({
  afm: vatSchema,
  supply_number: z.string().trim().regex(SUPPLY_NUMBER_PATTERN, "validate.supplyNumber"),
  phone: z.string().trim().regex(PHONE_PATTERN, "validate.phoneNumber"),
  email: z.string().trim().toLowerCase().pipe(z.email("validate.notValidEmail")),
  password: passwordSchema,
  password_confirmation: z.string(),
  employee_name: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((v) => v || undefined),
  terms: checked,
  website: z.string().optional(),
});

export const passwordChangeSchema = z.object({
  old_password: z.string().min(1, "validate.require"),
  password: passwordSchema,
  password_confirmation: z.string(),
});

/** Loose on purpose: the handler checks the token before the password to pick the right error. */
export const resetConfirmSchema = z.object({
  token: z.string().default(""),
  password: z.string().default(""),
  password_confirmation: z.string().default(""),
});

export const tokenSchema = z.object({ token: z.string().min(1, "validate.require") });
export const activationSchema = z.object({ id: z.string().min(1, "validate.require") });
/**
 * The name a person signs in with (#18): a VAT, or the email of an invited person; normalised as
 * `users.username` holds it (VAT without spaces, email trimmed and lower-cased).
 */
export const loginNameSchema = z
  .string()
  .transform(normaliseLoginName)
  .pipe(z.string().min(1, "validate.require"));
/** `afm` is the contract's old name of the field: a VAT or an email. */
export const resetRequestSchema = z.object({ afm: loginNameSchema });
export const logoutSchema = z.object({ user_id: z.coerce.number().int().optional() });
export const deactivateSchema = z.object({
  username: z.string().trim().min(1, "validate.require"),
});
