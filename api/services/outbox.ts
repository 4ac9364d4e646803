import type { Db } from "../db";
import { outbox } from "../db/schema";
import type { Lang } from "../types";

/**
 * The sender of email and SMS. Locally (and until a provider is wired in) it only records to the
 * `outbox` table, which /api/dev/outbox and the /dev/outbox page list outside production.
 */
export async function sendEmail(
  db: Db,
  message: {
    to: string;
    subject: string;
    body: string;
    link?: string | null;
    userId?: number | null;
  },
) {
  await db.insert(outbox).values({
    channel: "email",
    recipient: message.to,
    subject: message.subject,
    body: message.body,
    link: message.link ?? null,
    user_id: message.userId ?? null,
  });
}

type Template = (args: { name: string; url: string; reference?: string }) => {
  subject: string;
  body: string;
};

/** Email texts in both languages; the request's Language header picks one. */
export const emails: Record<"activation" | "reset" | "contact", Record<Lang, Template>> = {
  activation: {
    el: ({ name, url }) => ({
      subject: "Ενεργοποίηση λογαριασμού",
      body: `Γεια σας ${name},\n\nευχαριστούμε για την εγγραφή σας. Για να ενεργοποιήσετε τον λογαριασμό σας ανοίξτε τον σύνδεσμο:\n${url}\n\nΟ σύνδεσμος ισχύει 7 ημέρες.`,
    }),
    en: ({ name, url }) => ({
      subject: "Activate your account",
      body: `Hello ${name},\n\nthank you for registering. To activate your account open this link:\n${url}\n\nThe link is valid for 7 days.`,
    }),
  },
  reset: {
    el: ({ name, url }) => ({
      subject: "Επαναφορά κωδικού πρόσβασης",
      body: `Γεια σας ${name},\n\nγια να ορίσετε νέο κωδικό πρόσβασης ανοίξτε τον σύνδεσμο:\n${url}\n\nΟ σύνδεσμος ισχύει 1 ώρα. Αν δεν ζητήσατε εσείς την επαναφορά, αγνοήστε αυτό το μήνυμα.`,
    }),
    en: ({ name, url }) => ({
      subject: "Reset your password",
      body: `Hello ${name},\n\nto set a new password open this link:\n${url}\n\nThe link is valid for 1 hour. If you did not ask for a reset, ignore this message.`,
    }),
  },
  contact: {
    el: ({ name, reference }) => ({
      subject: `Λάβαμε το αίτημά σας ${reference}`,
      body: `Γεια σας ${name},\n\nλάβαμε το αίτημά σας με αριθμό ${reference} και θα επικοινωνήσουμε μαζί σας σύντομα.\nΕξυπηρέτηση πελατών: 18101.`,
    }),
    en: ({ name, reference }) => ({
      subject: `We received your request ${reference}`,
      body: `Hello ${name},\n\nwe received your request number ${reference} and will contact you soon.\nCustomer service: 18101.`,
    }),
  },
};
