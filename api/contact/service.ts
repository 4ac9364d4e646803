import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { requests, users } from "../db/schema";
import { ApiError } from "../lib/errors";
import { randomToken } from "../../core/tokens";
import type { ContactForm } from "../../core/contact";
import { emails, sendEmail } from "../services/outbox";
import type { Lang } from "../types";
import { unverifiedConfirmation } from "./messages";

/** C-2026-000123: kind letter, year, the row id padded to six digits. */
export const contactReference = (id: number, year: number) =>
  `C-${year}-${String(id).padStart(6, "0")}`;

/**
 * The confirmation goes to whatever address was typed, so it never carries typed text (name,
 * subject, message): otherwise anyone could send their own words from the supplier's address to
 * anyone. An address of an activated account (verified by its activation link) is greeted with
 * the name on that account; any other address gets a fixed text with the reference only.
 */
async function confirmation(db: Db, email: string, lang: Lang, reference: string) {
  const [customer] = await db
    .select({ welcome_name: users.welcome_name })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.registration_email})`, email.toLowerCase()),
        eq(users.needs_activation, 0),
        isNull(users.deactivated_at),
      ),
    )
    .limit(1);
  return customer
    ? emails.contact[lang]({ name: customer.welcome_name, url: "", reference })
    : unverifiedConfirmation[lang](reference);
}

/** Stores the message as a request and emails the confirmation; answers its reference. */
export async function submitContact(db: Db, form: ContactForm, lang: Lang): Promise<string> {
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
    ...(await confirmation(db, form.email, lang, reference)),
    template: "contact",
    lang,
  });
  return reference;
}
