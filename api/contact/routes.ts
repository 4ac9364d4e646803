import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import { requests } from "../db/schema";
import { PHONE_PATTERN } from "../../core/validation";
import { ApiError, badRequest } from "../lib/errors";
import { randomToken } from "../../core/tokens";
import { validationError } from "../lib/validate";
import type { Db } from "../db";
import { emails, sendEmail } from "../services/outbox";
import { enforceClientLimit, LIMITS } from "../services/throttle";
import type { ApiEnv, Lang } from "../types";

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

/**
 * The confirmation goes to whatever address was typed, so it never carries typed text (name,
 * subject, message): otherwise anyone could send their own words from the supplier's address to
 * anyone. An address of an activated account (verified by its activation link) is greeted with
 * the name on that account; any other address gets a fixed text with the reference only.
 */
async function confirmation(db: Db, email: string, lang: Lang, reference: string) {
  const customer = await db.$client
    .prepare(
      `SELECT welcome_name FROM users
       WHERE lower(registration_email) = ? AND needs_activation = 0 AND deactivated_at IS NULL`,
    )
    .bind(email.toLowerCase())
    .first<{ welcome_name: string }>();
  return customer
    ? emails.contact[lang]({ name: customer.welcome_name, url: "", reference })
    : unverifiedConfirmation[lang](reference);
}

const unverifiedConfirmation: Record<
  Lang,
  (reference: string) => { subject: string; body: string }
> = {
  el: (reference) => ({
    subject: `Λάβαμε το αίτημά σας ${reference}`,
    body: `Γεια σας,\n\nλάβαμε ένα αίτημα επικοινωνίας με αριθμό ${reference} που στάλθηκε με αυτή τη διεύθυνση email και θα επικοινωνήσουμε σύντομα.\nΑν δεν το στείλατε εσείς, αγνοήστε αυτό το μήνυμα.\nΕξυπηρέτηση πελατών: 18101.`,
  }),
  en: (reference) => ({
    subject: `We received your request ${reference}`,
    body: `Hello,\n\nwe received a contact request number ${reference} sent with this email address and will be in touch soon.\nIf you did not send it, please ignore this message.\nCustomer service: 18101.`,
  }),
};

/** C-2026-000123: kind letter, year, the row id padded to six digits. */
export const contactReference = (id: number, year: number) =>
  `C-${year}-${String(id).padStart(6, "0")}`;

/** Mounted at /api/contact. No sign-in needed; the CSRF rule still applies (it is a POST). */
export const contactRoutes = new Hono<ApiEnv>().post(
  "/",
  zValidator("json", contactSchema, (result) => {
    const raw = result.data as { website?: unknown } | undefined;
    if (typeof raw?.website === "string" && raw.website !== "") throw badRequest("captcha");
    if (!result.success) throw validationError(result.error, result.data);
  }),
  async (c) => {
    const db = c.get("db");
    // Per client address: each message stores a request and emails the address typed in.
    await enforceClientLimit(c, LIMITS.contactIp);
    const { website: _honeypot, ...form } = c.req.valid("json");
    // The id is only known after the insert, so the row starts with a unique placeholder reference.
    const [row] = await db
      .insert(requests)
      .values({
        reference: `pending-${randomToken(12)}`,
        kind: "contact",
        payload: JSON.stringify(form),
      })
      .returning({ id: requests.id });
    if (!row) throw new ApiError(500, "error");
    const reference = contactReference(row.id, new Date().getUTCFullYear());
    await db.update(requests).set({ reference }).where(eq(requests.id, row.id));
    await sendEmail(db, {
      to: form.email,
      ...(await confirmation(db, form.email, c.get("lang"), reference)),
    });
    return c.json({ data: { reference } }, 201);
  },
);
