import { greekVocative } from "../../core/vocative";
import type { Db } from "../db";
import { outbox } from "../db/schema";
import { nowIso } from "../lib/time";
import { adapterFor } from "../messages/adapters";
import { deliveryEnvOf, dispatch, holdUntil, type Delivered } from "../messages/delivery";
import type { Lang } from "../types";

/** A message to write: its template name is recorded with it (logs, /dev/outbox). */
export interface Outgoing {
  to: string;
  subject: string;
  body: string;
  /** The template, e.g. "activation", "reset", "dd_code" (never the text itself). */
  template: string;
  lang?: Lang;
  /** The portal path of a link the body holds (kept for /dev/outbox in development). */
  link?: string | null;
  userId?: number | null;
  /** The body holds a code or a link: emptied once its delivery is over (not in the dev outbox). */
  secret?: boolean;
  /**
   * The flow tells the waiting customer when the message could not be sent: the first attempt
   * is made now (short timeout); only a transient failure is left to the queue.
   */
  inline?: boolean;
  /**
   * A notice of the quiet hours (#36 §2, core/quiet-hours.ts): not sent before this instant. The
   * row waits in the outbox (queued, with the queue's delay where there is a queue).
   */
  notBefore?: Date | null;
}

/** What the caller learns: `failed` = refused or sending off, known while the customer waits. */
export interface Written {
  id: number;
  status: Delivered;
}

/**
 * Writes one email or SMS to the `outbox` and hands it to delivery (api/messages/delivery.ts):
 * the queue, or an inline first attempt. In development with the "outbox" provider the row is
 * the message (status sent at once, body kept for /dev/outbox and the tests that read it).
 * Without a delivery environment (a service called outside a request) the row stays queued and
 * the scheduled job enqueues it.
 */
async function write(db: Db, channel: "email" | "sms", message: Outgoing): Promise<Written> {
  const env = deliveryEnvOf(db);
  const held =
    message.notBefore && message.notBefore.getTime() > Date.now() ? message.notBefore : null;
  const recordOnly = !held && env ? adapterFor(channel, env).name === "outbox" : false;
  const now = nowIso();
  const [row] = await db
    .insert(outbox)
    .values({
      channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      link: message.link ?? null,
      user_id: message.userId ?? null,
      template: message.template,
      lang: message.lang ?? "el",
      secret: message.secret || message.link ? 1 : 0,
      not_before: held ? held.toISOString() : null,
      ...(recordOnly
        ? { status: "sent" as const, attempts: 1, sent_at: now, updated_at: now }
        : {}),
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  if (recordOnly) {
    console.log(
      JSON.stringify({
        type: "message",
        id: row.id,
        channel,
        template: message.template,
        provider: "outbox",
        outcome: "sent",
        attempt: 1,
        ms: 0,
      }),
    );
    return { id: row.id, status: "sent" };
  }
  if (!env) return { id: row.id, status: "queued" };
  if (held) return { id: row.id, status: await holdUntil(env, row.id, held) };
  return { id: row.id, status: await dispatch(db, env, row.id, channel, message.inline ?? false) };
}

export function sendEmail(db: Db, message: Outgoing): Promise<Written> {
  return write(db, "email", message);
}

export function sendSms(db: Db, message: Outgoing): Promise<Written> {
  return write(db, "sms", message);
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
      body: `Γεια σας ${greekVocative(name)},\n\nευχαριστούμε για την εγγραφή σας. Για να ενεργοποιήσετε τον λογαριασμό σας ανοίξτε τον σύνδεσμο:\n${url}\n\nΟ σύνδεσμος ισχύει 7 ημέρες.`,
    }),
    en: ({ name, url }) => ({
      subject: "Activate your account",
      body: `Hello ${name},\n\nthank you for registering. To activate your account open this link:\n${url}\n\nThe link is valid for 7 days.`,
    }),
  },
  reset: {
    el: ({ name, url }) => ({
      subject: "Επαναφορά κωδικού πρόσβασης",
      body: `Γεια σας ${greekVocative(name)},\n\nγια να ορίσετε νέο κωδικό πρόσβασης ανοίξτε τον σύνδεσμο:\n${url}\n\nΟ σύνδεσμος ισχύει 1 ώρα. Αν δεν ζητήσατε εσείς την επαναφορά, αγνοήστε αυτό το μήνυμα.`,
    }),
    en: ({ name, url }) => ({
      subject: "Reset your password",
      body: `Hello ${name},\n\nto set a new password open this link:\n${url}\n\nThe link is valid for 1 hour. If you did not ask for a reset, ignore this message.`,
    }),
  },
  contact: {
    el: ({ name, reference }) => ({
      subject: `Λάβαμε το αίτημά σας ${reference}`,
      body: `Γεια σας ${greekVocative(name)},\n\nλάβαμε το αίτημά σας με αριθμό ${reference} και θα επικοινωνήσουμε μαζί σας σύντομα.\nΕξυπηρέτηση πελατών: 18101.`,
    }),
    en: ({ name, reference }) => ({
      subject: `We received your request ${reference}`,
      body: `Hello ${name},\n\nwe received your request number ${reference} and will contact you soon.\nCustomer service: 18101.`,
    }),
  },
};
