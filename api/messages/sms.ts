/**
 * SMS text rules: which encoding a text needs and how many segments it takes, and phone numbers
 * in E.164 as the provider wants them. Every SMS of the portal must fit ONE segment in both
 * languages with its longest values (tests/unit/messages.test.ts counts them).
 */

/** The GSM 03.38 default alphabet (one septet each). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: an escape and the character (two septets each). */
const GSM_EXTENSION = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export interface SmsSegments {
  encoding: "GSM-7" | "UCS-2";
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** The segments a text takes: GSM-7 160/153 septets, otherwise UCS-2 70/67 code units. */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extension.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return {
      encoding: "GSM-7",
      units: septets,
      segments: septets <= 160 ? 1 : Math.ceil(septets / 153),
    };
  }
  const units = text.length; // UTF-16 code units, as UCS-2 (UTF-16 on the air) counts them
  return { encoding: "UCS-2", units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/**
 * A Greek mobile or any international number in E.164 ("+3069…"), or null when it is not one:
 * `69xxxxxxxx` (10 digits) → `+3069xxxxxxxx`; `0030…`/`30…` (12 digits) → `+30…`; `+…` kept.
 * Spaces, dots, dashes and brackets are ignored.
 */
export function toE164(raw: string): string | null {
  const compact = raw.trim().replace(/[\s.\-()]/g, "");
  let digits: string;
  if (compact.startsWith("+")) digits = compact.slice(1);
  else if (compact.startsWith("00")) digits = compact.slice(2);
  else if (/^(2\d|69)\d{8}$/.test(compact)) digits = `30${compact}`;
  else if (/^30(2\d|69)\d{8}$/.test(compact)) digits = compact;
  else return null;
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  if (digits.startsWith("30") && !/^30(2\d|69)\d{8}$/.test(digits)) return null;
  return `+${digits}`;
}
