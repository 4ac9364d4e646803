import type { Lang } from "../types";

/** The confirmation for an address that is not an activated account's: the reference only. */
export const unverifiedConfirmation: Record<
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
