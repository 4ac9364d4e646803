/**
 * The card-payment gateway as the payments API sees it (design §4). The default implementation is
 * the built-in test acquirer (./acquirer.ts); a real acquirer plugs in behind the same interface:
 * start a hosted payment for an order, verify the signed return, cancel an unfinished payment,
 * void an authorised one the merchant does not take.
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
}

export type GatewayStatus = "approved" | "declined" | "expired" | "timeout" | "cancelled";

export interface GatewayReturn {
  orderId: string;
  acquirerTxn: string;
  status: GatewayStatus;
  amountCents: number;
}

export type VerifiedReturn =
  | { ok: true; value: GatewayReturn }
  /** missing: no order id (transaction number) at all; invalid: bad or altered signature, bad fields. */
  | { ok: false; reason: "missing" | "invalid" };

export interface PaymentGateway {
  start(order: GatewayOrder): Promise<{ redirectUrl: string }>;
  /** Checks the HMAC over every returned field in constant time before reading any of them. */
  verifyReturn(fields: Record<string, string>): Promise<VerifiedReturn>;
  /** Voids a payment the customer has not completed; "already_processed" if it was authorised. */
  cancel(orderId: string): Promise<"cancelled" | "already_processed">;
  /**
   * Releases an authorised payment that the merchant will not capture (the balance it was meant
   * for was paid meanwhile by another payment): the card holder is never charged. Idempotent;
   * "not_authorised" when there is no approved charge for the order.
   */
  void(orderId: string): Promise<"voided" | "not_authorised">;
}

export interface GatewayDeps {
  env: Env & { GATEWAY_SECRET?: string };
  db: Db;
}
