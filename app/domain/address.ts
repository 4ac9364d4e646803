import type { ApiAddress } from "../../core/contract";

/**
 * Address display helpers without schema code, so page components can use them and the browser
 * gets no zod (app/domain/change-address.ts holds the schema for actions).
 */
export const ADDRESS_FIELDS = ["street", "street_no", "city", "zip", "area", "state"] as const;

/** "Οδός 12, 11523 Αθήνα" */
export function formatAddressLine(a: ApiAddress): string {
  const first = [a.street, a.street_no].filter(Boolean).join(" ");
  const second = [a.postal_code, a.region].filter(Boolean).join(" ");
  return [first, second].filter(Boolean).join(", ");
}
