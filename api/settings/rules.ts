import type { SettingsMessage } from "./messages";

/** A supply's bill channels as stored, and as the dialog sends them (null: that channel off). */
interface StoredChannels {
  ebill: number;
  sms_bill: number;
  ebill_email: string | null;
  sms_number: string | null;
}
interface SentChannels {
  email: string | null;
  phone: string | null;
}

/** Whether the dialog's entry changes a supply's bill channels (a locked supply may not change). */
export function changesChannels(entry: SentChannels, meter: StoredChannels): boolean {
  return (
    (entry.email ? 1 : 0) !== meter.ebill ||
    (entry.phone ? 1 : 0) !== meter.sms_bill ||
    (entry.email !== null && entry.email !== meter.ebill_email) ||
    (entry.phone !== null && entry.phone !== meter.sms_number)
  );
}

/** A lost race on the user's unique email or phone, as the refusal the dialog shows; else null. */
export function uniqueViolation(error: unknown): SettingsMessage | null {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  if (!/UNIQUE constraint failed/i.test(text)) return null;
  if (text.includes("users.registration_email")) return "emailInUse";
  if (text.includes("users.registration_phone")) return "phoneInUse";
  return null;
}
