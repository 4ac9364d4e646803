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

/** The invitation email (the link is /prosklisi/{token}, valid 7 days); the request's language. */
export const invitationEmail: Record<Lang, InvitationTemplate> = {
  el: ({ name, inviter, company, url }) => ({
    subject: `Πρόσκληση στον λογαριασμό ${company}`,
    body: `Γεια σας ${name},\n\nο/η ${inviter} σας προσκάλεσε στον λογαριασμό της εταιρείας ${company} στο portal. Για να ορίσετε κωδικό πρόσβασης και να συνδεθείτε ανοίξτε τον σύνδεσμο:\n${url}\n\nΟ σύνδεσμος ισχύει 7 ημέρες και μία φορά. Αν δεν περιμένατε αυτή την πρόσκληση, αγνοήστε το μήνυμα.`,
  }),
  en: ({ name, inviter, company, url }) => ({
    subject: `Invitation to the account of ${company}`,
    body: `Hello ${name},\n\n${inviter} invited you to the account of ${company} on the portal. To set a password and sign in open this link:\n${url}\n\nThe link works once and is valid for 7 days. If you did not expect this invitation, ignore this message.`,
  }),
};
