/**
 * Billing-address change (spec §3 "Address change", §5, §8): the form's schema is the API's own
 * (core/change-address.ts), so the form never accepts what the API refuses. Server-only
 * importers (actions) use it; the page's component code does not.
 */

export { ADDRESS_FIELDS, formatAddressLine } from "./address";
