import { z } from "zod";

/**
 * The contact form's schema (spec §2 /contact). For the action only: the browser ships no zod,
 * the action validates and answers with the errors.
 */
const required = { error: "validate.require" };
const tooLong = "contact:errors.tooLong";

/** Same rules as the API's (api/contact); messages are translation keys. */
export const contactSchema = z.object({
  name: z.string(required).trim().min(1, "validate.require").max(120, tooLong),
  email: z.string(required).trim().pipe(z.email("validate.notValidEmail")),
  phone: z
    .string()
    .trim()
    .regex(/^69\d{8}$/, "validate.phoneNumber")
    .optional(),
  subject: z.string(required).trim().min(1, "validate.require").max(200, tooLong),
  message: z.string(required).trim().min(1, "validate.require").max(5000, tooLong),
  // Honeypot: invisible to people.
  website: z.string().max(0, "contact:errors.spam").optional(),
});
