/**
 * The card-payment gateway as the payments API sees it (design §4). Two implementations: Viva
 * Smart Checkout (./viva.ts, PAYMENT_PROVIDER=viva) and the built-in test acquirer
 * (./acquirer.ts, local development only): start a hosted payment for an order, verify the
 * return, cancel an unfinished payment, void (refund) an authorised one the merchant does not
 * take. ADR 0025 says where Viva made the interface change.
 */
import type { Db } from "../db";
import type { Lang } from "../types";

export interface GatewayOrder {
  /** Unique per attempt: the acquirer refuses a second charge for the same order id. */
  orderId: string;
  amountCents: number;
  /** Shown on the hosted page ("Payment 4 supplies, P261122-7F3K9Q"). */
  description: string;
  lang: Lang;
  /** Where the acquirer sends the customer back with the signed result (a GET). */
  returnUrl: string;
  /** Where its "Cancel" link leads (the portal's cancel dialog). */
  cancelUrl: string;
  /** Prefilled on the hosted page when known (Viva asks for them otherwise). */
  customer?: { email: string | null; fullName: string | null };
}

/** An order as the gateway knows it: the portal's id and, for Viva, its order code. */
export interface GatewayOrderRef {
  orderId: string;
  /** Viva's order code (payment_orders.provider_order); null for the test acquirer. */
  providerOrder: string | null;
  amountCents: number;
}

/**
 * "pending" and "retry" do not end the order: Viva's transaction is still in progress, or it
 * failed while the order lives on (the customer may try again on the same order).
 */
export type GatewayStatus =
  "approved" | "declined" | "expired" | "timeout" | "cancelled" | "pending" | "retry";

/** What the test acquirer's own charges end as (it has no "not final" states). */
export type AcquirerStatus = Exclude<GatewayStatus, "pending" | "retry">;

export interface GatewayReturn {
  orderId: string;
  acquirerTxn: string;
  status: GatewayStatus;
  amountCents: number;
  /** Viva: the order code the transaction belongs to, as the read-back says. */
  providerOrder?: string;
  /** Viva: the last four digits of the card, from the read-back's masked number. */
  cardLast4?: string | null;
}

export type VerifiedReturn =
  | { ok: true; value: GatewayReturn }
  /**
   * missing: no order id (transaction number) at all; invalid: bad or altered signature, bad
   * fields, or a transaction that is not this order's; unavailable: the acquirer could not be
   * asked now (5xx, timeout): nothing is decided, try again later.
   */
  | { ok: false; reason: "missing" | "invalid" | "unavailable" };

export interface PaymentGateway {
  /** `providerOrder`: the acquirer's own name of the order (Viva's order code), to be stored. */
  start(order: GatewayOrder): Promise<{ redirectUrl: string; providerOrder?: string }>;
  /**
   * The acquirer's order code a return names, when the acquirer names orders itself (Viva's `s`):
   * the portal finds its order by it. Undefined for the test acquirer (its fields carry our id).
   */
  returnOrderRef?(fields: Record<string, string>): string | undefined;
  /**
   * Test acquirer: checks the HMAC over every returned field in constant time before reading any
   * of them. Viva: reads the transaction back from Viva's API (the return proves nothing).
   */
  verifyReturn(fields: Record<string, string>): Promise<VerifiedReturn>;
  /** Voids a payment the customer has not completed; "already_processed" if it was authorised. */
  cancel(order: GatewayOrderRef): Promise<"cancelled" | "already_processed">;
  /**
   * Releases an authorised payment that the merchant will not capture (the balance it was meant
   * for was paid meanwhile by another payment): the card holder is never charged (Viva: its
   * cancel/refund call for the transaction). Idempotent; "not_authorised" when there is no
   * approved charge for the order.
   */
  void(order: GatewayOrderRef, acquirerTxn: string): Promise<"voided" | "not_authorised">;
}

export interface GatewayDeps {
  env: Env & { GATEWAY_SECRET?: string };
  db: Db;
}
