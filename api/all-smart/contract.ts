/**
 * Response shapes of the allSmart, address-change and mymarket calls (docs/api/all-smart.md).
 * Dates are YYYY-MM-DD strings.
 */

/** GET /all-smart/links/{hash}: whom the link was sent to (prefills the VAT step). */
export interface ApiAllSmartLink {
  vat: string;
  name: string;
  phone: string | null;
  has_card: boolean;
}

/** An allSmart application in progress (GET /all-smart/flows/{id} and the step answers). */
export interface ApiAllSmartFlow {
  id: string;
  vat: string;
  name: string;
  phone: string;
  choice: "connect" | "create";
  status: "open" | "done";
  /** What was last typed at each step (kept on the server so a reload never loses it). */
  draft_card_number: string | null;
  draft_birth_date: string | null;
  /** The linked or created card, once done. */
  card_number: string | null;
  expires_at: string;
}

export interface ApiAddress {
  street: string;
  street_no: string;
  postal_code: string;
  region: string;
}

/** GET /change-address/links/{hash}: the supply the link names. */
export interface ApiChangeAddressLink {
  meter_id: number;
  supply_number: string;
  holder: string;
  supply_address: ApiAddress;
  billing_address: ApiAddress;
  /** The last change sent through a link for this supply, if any. */
  last_change: {
    same_as_supply: boolean;
    area: string;
    state: string;
    comments: string;
    created_at: string;
  } | null;
}

/** GET /mymarket/links/{hash}: what the "my market" page of that customer shows. */
export interface ApiMyMarket {
  name: string;
  electricity: boolean;
  gas: boolean;
  /** Last four digits of the allSmart card, or null without a card. */
  card_last4: string | null;
  /** Offer ids for this customer, best first (texts are the portal's translations). */
  offers: string[];
}

/** GET /all-smart/dev/links (not in production). */
export interface ApiDemoLink {
  purpose: "all-smart" | "change-address" | "mymarket";
  label: string;
  path: string;
}
