import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import { requests } from "../db/schema";
import { PHONE_PATTERN } from "../domain/rules";
import { ApiError, badRequest } from "../lib/errors";
import { randomToken } from "../lib/tokens";
import { validationError } from "../lib/validate";
import { emails, sendEmail } from "../services/outbox";
import type { ApiEnv } from "../types";

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
    const mail = emails.contact[c.get("lang")]({ name: form.name, url: "", reference });
    await sendEmail(db, { to: form.email, ...mail });
    return c.json({ data: { reference } }, 201);
  },
);
