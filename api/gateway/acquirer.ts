/**
 * The built-in test acquirer. It plays the card acquirer's part locally: a signed payment
 * session, a hosted card page (app/routes/gateway/*), test cards, a 3-D Secure step, one charge
 * per merchant order (UNIQUE merchant_order), and an HMAC-signed redirect back to the merchant.
 * Its state lives in `gateway_payments`, apart from the merchant's orders.
 */
import { and, eq, sql } from "drizzle-orm";
import { gatewayPayments } from "../db/schema";
import { signToken, verifyToken } from "../lib/signing";
import { randomToken } from "../../core/tokens";
import { nowIso } from "../lib/time";
import type { AcquirerStatus, GatewayDeps, GatewayOrder, PaymentGateway } from "./gateway";
import { merchantKey, signFields, verifyFields } from "../../core/gateway";
import { changedRow } from "../db/changes";

const SESSION_PURPOSE = "gateway-session";
/** A hosted payment page stays usable for 30 minutes. */
export const SESSION_TTL_SECONDS = 30 * 60;

/** The signed session the hosted page works from (no server state until a card is submitted). */
export interface AcquirerSession {
  /** merchant order id */
  o: string;
  /** amount in cents */
  a: number;
  d: string;
  l: "el" | "en";
  r: string;
  c: string;
}

/** What the acquirer reads of a charge; `voided_at`: approved, released, never captured. */
const chargeColumns = {
  id: gatewayPayments.id,
  merchant_order: gatewayPayments.merchant_order,
  amount_cents: gatewayPayments.amount_cents,
  status: gatewayPayments.status,
  card_last4: gatewayPayments.card_last4,
  voided_at: gatewayPayments.voided_at,
};

export type ChargeRow = Pick<typeof gatewayPayments.$inferSelect, keyof typeof chargeColumns>;

export async function createSessionToken(deps: GatewayDeps, order: GatewayOrder) {
  const session: AcquirerSession = {
    o: order.orderId,
    a: order.amountCents,
    d: order.description,
    l: order.lang,
    r: order.returnUrl,
    c: order.cancelUrl,
  };
  const expires = Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS;
  return signToken(await merchantKey(deps.env), SESSION_PURPOSE, session, expires);
}

export async function readSessionToken(deps: GatewayDeps, token: string) {
  return verifyToken<AcquirerSession>(await merchantKey(deps.env), SESSION_PURPOSE, token);
}

export async function findCharge(
  deps: GatewayDeps,
  orderId: string,
): Promise<ChargeRow | undefined> {
  const [charge] = await deps.db
    .select(chargeColumns)
    .from(gatewayPayments)
    .where(eq(gatewayPayments.merchant_order, orderId));
  return charge;
}

/** Creates the one charge of an order; false when the order already has one (second submit). */
export async function insertCharge(
  deps: GatewayDeps,
  orderId: string,
  amountCents: number,
  status: ChargeRow["status"],
  last4: string | null,
): Promise<string | null> {
  const id = `AQ${randomToken(12).replace(/[-_]/g, "x").toUpperCase()}`;
  const result = await deps.db
    .insert(gatewayPayments)
    .values({
      id,
      merchant_order: orderId,
      amount_cents: amountCents,
      status,
      card_last4: last4,
      created_at: nowIso(),
      completed_at: status === "challenge" ? null : nowIso(),
    })
    .onConflictDoNothing({ target: gatewayPayments.merchant_order });
  return changedRow(result) ? id : null;
}

/** Moves a charge waiting for 3-D Secure to its final status; false if it was not waiting. */
export async function finishChallenge(deps: GatewayDeps, orderId: string, status: AcquirerStatus) {
  const result = await deps.db
    .update(gatewayPayments)
    .set({ status, completed_at: nowIso() })
    .where(
      and(eq(gatewayPayments.merchant_order, orderId), eq(gatewayPayments.status, "challenge")),
    );
  return changedRow(result);
}

/** The merchant's return URL with the signed result: HMAC over every field. */
export async function signedReturnUrl(
  deps: GatewayDeps,
  session: AcquirerSession,
  charge: { id: string; status: AcquirerStatus },
): Promise<string> {
  const fields: Record<string, string> = {
    order: session.o,
    txn: charge.id,
    status: charge.status,
    amount: String(session.a),
    currency: "EUR",
    ts: String(Math.floor(Date.now() / 1000)),
  };
  fields.sig = await signFields(await merchantKey(deps.env), fields);
  const url = new URL(session.r, "http://acquirer.invalid");
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  return session.r.startsWith("/") ? `${url.pathname}${url.search}` : url.toString();
}

const STATUSES: readonly AcquirerStatus[] = [
  "approved",
  "declined",
  "expired",
  "timeout",
  "cancelled",
];

/** The PaymentGateway of the built-in test acquirer. */
export function testAcquirer(deps: GatewayDeps): PaymentGateway {
  return {
    async start(order) {
      const token = await createSessionToken(deps, order);
      return { redirectUrl: `/gateway/pay/${token}` };
    },

    async verifyReturn(fields) {
      if (!fields.order) return { ok: false, reason: "missing" };
      if (!(await verifyFields(await merchantKey(deps.env), fields))) {
        return { ok: false, reason: "invalid" };
      }
      const status = STATUSES.find((s) => s === fields.status);
      const amount = Number(fields.amount);
      if (!status || !fields.txn || !Number.isSafeInteger(amount) || fields.currency !== "EUR") {
        return { ok: false, reason: "invalid" };
      }
      return {
        ok: true,
        value: { orderId: fields.order, acquirerTxn: fields.txn, status, amountCents: amount },
      };
    },

    async cancel({ orderId }) {
      const existing = await findCharge(deps, orderId);
      if (!existing) {
        const inserted = await insertCharge(deps, orderId, 0, "cancelled", null);
        if (inserted) return "cancelled";
      } else if (existing.status === "challenge") {
        if (await finishChallenge(deps, orderId, "cancelled")) return "cancelled";
      } else if (existing.status !== "approved") {
        return "cancelled";
      }
      const after = await findCharge(deps, orderId);
      return after?.status === "approved" ? "already_processed" : "cancelled";
    },

    async void({ orderId }) {
      // Idempotent: a second void of the same charge keeps the first moment.
      const [row] = await deps.db
        .update(gatewayPayments)
        .set({ voided_at: sql`COALESCE(${gatewayPayments.voided_at}, ${nowIso()})` })
        .where(
          and(eq(gatewayPayments.merchant_order, orderId), eq(gatewayPayments.status, "approved")),
        )
        .returning({ id: gatewayPayments.id });
      return row ? "voided" : "not_authorised";
    },
  };
}
