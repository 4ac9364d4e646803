import { z } from "zod";
import {
  isValidLoginName,
  isValidPassword,
  isValidPhone,
  isValidSupplyNumber,
  isValidVat,
  MESSAGES,
  normaliseDigits,
  normaliseLoginName,
} from "../../core/validation";

/**
 * One zod schema per form, shared by the browser (Conform's client validation) and the server.
 * Conform turns empty fields into undefined, so "required" is the missing-value error.
 */

const required = { error: MESSAGES.require };

const vat = z
  .string(required)
  .transform(normaliseDigits)
  .refine((value) => value.length > 0, MESSAGES.require)
  .refine(isValidVat, MESSAGES.vat);

/** Sign-in and password reset (#18): a 9-digit VAT or an email (trimmed, lower-cased). */
const loginName = z
  .string(required)
  .transform(normaliseLoginName)
  .refine((value) => value.length > 0, MESSAGES.require)
  .refine(isValidLoginName, MESSAGES.loginName);

const newPassword = z.string(required).refine(isValidPassword, MESSAGES.passwordRules);

export const loginSchema = z.object({
  username: loginName,
  password: z.string(required),
  redirectTo: z.string().optional(),
});
export type LoginForm = z.infer<typeof loginSchema>;

const passwordPair = {
  password: newPassword,
  password_confirmation: z.string(required),
};

function matchingPasswords<
  S extends z.ZodType<{ password: string; password_confirmation: string }>,
>(schema: S): S {
  return schema.refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    error: MESSAGES.passwordsMatch,
    // Also when other fields are still wrong, so every message shows at once.
    when: (payload) => {
      const value = payload.value as
        { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof value?.password === "string" && typeof value.password_confirmation === "string";
    },
  });
}

export const signupSchema = matchingPasswords(
  z.object({
    afm: vat,
    supply_number: z
      .string(required)
      .transform(normaliseDigits)
      .refine(isValidSupplyNumber, MESSAGES.supplyNumber),
    phone: z.string(required).transform(normaliseDigits).refine(isValidPhone, MESSAGES.phoneNumber),
    email: z.string(required).trim().pipe(z.email(MESSAGES.notValidEmail)),
    ...passwordPair,
    employee_name: z.string().trim().max(120).optional(),
    terms: z.boolean({ error: MESSAGES.terms }).refine((checked) => checked, MESSAGES.terms),
    // Honeypot: people never see it, so any value means a bot.
    website: z.string().max(0, "auth:signup.errors.captcha").optional(),
  }),
);
export type SignupForm = z.infer<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ afm: loginName });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = matchingPasswords(z.object(passwordPair));
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

export const selectMeterSchema = z.object({
  meter_id: z.coerce.number(required).int().positive(),
});
