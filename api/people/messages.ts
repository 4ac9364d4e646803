import type { Lang } from "../types";

/**
 * What the people API answers with of its own: the message keys (locales, namespace people) of
 * its 400 validation answers, and the invitation email in both languages.
 */
export const PEOPLE_ERRORS = {
  /** A supply that is not the account's, or not one the inviting admin has. */
  supplyNotYours: "people:errors.supplyNotYours",
  /** An admin without every supply cannot give every supply. */
  allNotYours: "people:errors.allNotYours",
} as const;

type InvitationTemplate = (args: {
  name: string;
  inviter: string;
  company: string;
  url: string;
}) => { subject: string; body: string };

/**
 * Text a person typed (the invitee's name, the inviter's), as the email may show it: one line,
 * at most 80 characters, and nothing a mail client turns into a link: a space after every dot,
 * colon, slash and "@" that a letter follows ("http: //evil. example"). The names are only ever
 * shown quoted («…»), never as the supplier's words (#35).
 */
export function quotedName(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, " ")
    .replace(/[«»"<>]/g, "")
    .trim()
    .slice(0, 80);
  return `«${line.replace(/([.:/\\@])(?=[^\s])/g, "$1 ")}»`;
}

/**
 * The invitation email (the link is /prosklisi/{token}, valid 7 days); the request's language.
 * The greeting names no one; the names the inviter typed come quoted, on their own lines.
 */
export const invitationEmail: Record<Lang, InvitationTemplate> = {
  el: ({ name, inviter, company, url }) => ({
    subject: `Πρόσκληση στον λογαριασμό ${company}`,
    body: `Γεια σας,\n\nέχετε πρόσκληση στον λογαριασμό της εταιρείας ${company} στο portal.\nΌνομα στην πρόσκληση: ${quotedName(name)}\nΤην έστειλε: ${quotedName(inviter)}\n\nΓια να ορίσετε κωδικό πρόσβασης και να συνδεθείτε ανοίξτε τον σύνδεσμο:\n${url}\n\nΟ σύνδεσμος ισχύει 7 ημέρες και μία φορά. Αν δεν περιμένατε αυτή την πρόσκληση, αγνοήστε το μήνυμα.`,
  }),
  en: ({ name, inviter, company, url }) => ({
    subject: `Invitation to the account of ${company}`,
    body: `Hello,\n\nyou are invited to the account of ${company} on the portal.\nName on the invitation: ${quotedName(name)}\nSent by: ${quotedName(inviter)}\n\nTo set a password and sign in open this link:\n${url}\n\nThe link works once and is valid for 7 days. If you did not expect this invitation, ignore this message.`,
  }),
};
