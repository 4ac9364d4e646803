import { z } from "zod";
import { PHONE_PATTERN } from "./validation";

/** POST /api/contact: the contact form (signed out). `website` is the honeypot field. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "validate.require").max(120),
  email: z.string().trim().toLowerCase().pipe(z.email("validate.notValidEmail")),
  phone: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(PHONE_PATTERN, "validate.phoneNumber").optional()),
  subject: z.string().trim().min(1, "validate.require").max(200),
  message: z.string().trim().min(1, "validate.require").max(5000),
  website: z.string().optional(),
});

export type ContactForm = Omit<z.infer<typeof contactSchema>, "website">;
