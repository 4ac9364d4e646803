/**
 * Billing-address change (spec §3 "Address change", §5, §8): the form's schema is the API's own
 * (api/change-address/schema.ts), so the form never accepts what the API refuses. Server-only
 * importers (actions) use it; the page's component code does not.
 */
import type { ApiAddress } from "../../api/all-smart/contract";
import { ZIP_PATTERN } from "../../api/all-smart/rules";
import { changeAddressSchema } from "../../api/change-address/schema";

export { changeAddressSchema, ZIP_PATTERN };

export const ADDRESS_FIELDS = ["street", "street_no", "city", "zip", "area", "state"] as const;

/** "Οδός 12, 11523 Αθήνα" */
export function formatAddressLine(a: ApiAddress): string {
  const first = [a.street, a.street_no].filter(Boolean).join(" ");
  const second = [a.postal_code, a.region].filter(Boolean).join(" ");
  return [first, second].filter(Boolean).join(", ");
}
