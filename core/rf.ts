/**
 * The RF payment code of a bill (#34): an ISO 11649 structured creditor reference, which Greek
 * customers type into their e-banking to pay a bill. `RF`, two check digits, then the reference
 * itself: 1 to 21 letters or digits. At most 25 characters; printed in groups of four.
 *
 * Check digits (ISO 11649, the ISO 7064 MOD 97-10 scheme of the IBAN): append "RF00" to the
 * reference, turn letters into numbers (A = 10 … Z = 35), take the remainder modulo 97 of that
 * number, and the check digits are 98 minus it, on two digits. A code is valid when, with its
 * first four characters moved to the end and converted the same way, it leaves remainder 1.
 *
 * Every bill has one (core/contract/invoices.ts `rf_code`): the billing system's own when it sends
 * one (`invoices.rf_code`, migrations/0019_rf_codes.sql), otherwise the one built here from
 * RF_LAYOUT.
 *
 * RF_LAYOUT, the built reference (21 characters, the most ISO 11649 allows):
 *
 *   | positions | what                                                                  |
 *   | --------- | --------------------------------------------------------------------- |
 *   | 1–12      | the contract account (12 digits; shorter ones zero-padded on the left) |
 *   | 13–21     | the bill number's last 9 characters (zero-padded on the left)          |
 *
 * The contract account says whose bill it is, the bill number which of the account's bills:
 * bill numbers are the year followed by an 8-digit sequence (or 9 and 11 digits), so their last
 * nine tell an account's bills apart for ten years. Only letters and digits count (spaces, dashes
 * and slashes of a number are dropped; letters are upper-cased). The billing system reads a paid
 * reference back the same way: the first 12 characters are the account, the rest the bill.
 * Why this layout: docs/decisions/0027-rf-codes-and-the-deploy-check.md.
 */

/** A field of the built reference: how many characters it takes (rightmost kept, zero-padded). */
export interface RfLayout {
  contractAccount: number;
  billNumber: number;
}

/** The configured layout: 12 + 9 = 21 characters (see above). */
export const RF_LAYOUT: RfLayout = { contractAccount: 12, billNumber: 9 };

/** The most characters of the reference after `RF` and the check digits. */
export const RF_REFERENCE_MAX = 21;

/** A valid-looking RF code, without spaces: RF, two digits, 1–21 letters or digits. */
export const RF_PATTERN = /^RF\d{2}[0-9A-Z]{1,21}$/;

/** `value` as ISO 7064 digits: each letter becomes two digits (A = 10 … Z = 35). */
function asDigits(value: string): string {
  let digits = "";
  for (const ch of value) digits += ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
  return digits;
}

/** The remainder modulo 97 of a long digit string, a few digits at a time (no BigInt needed). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) {
    rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  }
  return rest;
}

/** Upper-case letters and digits only: what an RF code is made of. */
function compact(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** "RF" + the check digits + `reference` (1–21 letters or digits; spaces and dashes dropped). */
export function rfFromReference(reference: string): string {
  const ref = compact(reference);
  if (ref.length === 0 || ref.length > RF_REFERENCE_MAX) {
    throw new Error(`an RF reference has 1 to ${RF_REFERENCE_MAX} letters or digits`);
  }
  const check = 98 - mod97(asDigits(`${ref}RF00`));
  return `RF${String(check).padStart(2, "0")}${ref}`;
}

/** The rightmost `width` characters of `value`'s letters and digits, zero-padded on the left. */
function field(value: string, width: number): string {
  return compact(value).slice(-width).padStart(width, "0");
}

/** The RF code built from a bill's contract account and number by `layout` (RF_LAYOUT). */
export function buildRf(
  contractAccount: string,
  billNumber: string,
  layout: RfLayout = RF_LAYOUT,
): string {
  if (
    layout.contractAccount < 1 ||
    layout.billNumber < 1 ||
    layout.contractAccount + layout.billNumber > RF_REFERENCE_MAX
  ) {
    throw new Error(`an RF layout fits in ${RF_REFERENCE_MAX} characters`);
  }
  return rfFromReference(
    field(contractAccount, layout.contractAccount) + field(billNumber, layout.billNumber),
  );
}

/** Whether `code` is a valid RF code (spaces allowed, as printed; case-insensitive). */
export function isValidRf(code: string): boolean {
  if (typeof code !== "string" || /[^0-9A-Za-z ]/.test(code)) return false;
  const value = compact(code);
  if (!RF_PATTERN.test(value)) return false;
  return mod97(asDigits(value.slice(4) + value.slice(0, 4))) === 1;
}

/** "RF18539007547034" → "RF18 5390 0754 7034": how a bill prints it and a person reads it. */
export function formatRf(code: string): string {
  return compact(code).replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * A bill's RF code: the billing system's own when it is a valid code (normalised: no spaces,
 * upper case), otherwise the one built from the contract account and the bill number. A code
 * that fails its check digits could not be paid in any e-banking, so it is never shown.
 */
export function billRf(bill: {
  rf_code?: string | null;
  contract_account: string;
  invoice_no: string;
}): string {
  if (bill.rf_code && isValidRf(bill.rf_code)) return compact(bill.rf_code);
  return buildRf(bill.contract_account, bill.invoice_no);
}
