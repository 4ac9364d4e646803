/**
 * The supply number customers know (spec §9): electricity (division 1) joins per_code (the 9-digit
 * prefix asked at sign-up), id_code and next_code without separators; gas is the 14-digit POD.
 * Blank parts are skipped. A supply without one gives "": each screen or document decides how to
 * show that (the portal and the invoice PDF show a dash).
 */
export interface SupplyNumberParts {
  division: number;
  per_code: string | null;
  id_code: string | null;
  next_code: string | null;
  pod: string | null;
}

export function supplyNumber(meter: SupplyNumberParts): string {
  if (meter.division === 1) {
    return [meter.per_code, meter.id_code, meter.next_code]
      .map((part) => (part ?? "").trim())
      .join("");
  }
  return (meter.pod ?? "").trim();
}
