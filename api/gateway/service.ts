import type { z } from "zod";
import type {
  ApiGatewayNext,
  ApiGatewaySession,
  gatewayCardSchema,
  gatewayChallengeSchema,
} from "../../core/contract";
import { cardDigits, expiryValid, testCardOutcome } from "../../core/gateway";
import {
  type AcquirerSession,
  finishChallenge,
  findCharge,
  insertCharge,
  readSessionToken,
  signedReturnUrl,
} from "./acquirer";
import type { GatewayDeps } from "./gateway";
import { alreadyProcessed, cardExpired, sessionRefused } from "./messages";
import { challengeResult, needsChallenge, scaRequired, sessionState } from "./rules";

/** The session the token carries, checked by its signature (any text gets an answer). */
async function sessionOf(d: GatewayDeps, token: string): Promise<AcquirerSession> {
  const result = await readSessionToken(d, token);
  if (!result.ok) throw sessionRefused(result.reason);
  return result.data;
}

/** What the hosted card page shows of its session. */
export async function hostedSession(d: GatewayDeps, token: string): Promise<ApiGatewaySession> {
  const session = await sessionOf(d, token);
  const charge = await findCharge(d, session.o);
  return {
    order_id: session.o,
    amount: session.a / 100,
    description: session.d,
    lang: session.l,
    cancel_url: session.c,
    sca_required: scaRequired(session.a),
    state: sessionState(charge),
    card_last4: charge?.card_last4 ?? null,
  };
}

/** The card submitted: one charge per order; next, 3-D Secure or the signed return. */
export async function authorize(
  d: GatewayDeps,
  token: string,
  card: z.infer<typeof gatewayCardSchema>,
): Promise<ApiGatewayNext> {
  const session = await sessionOf(d, token);
  if (!expiryValid(card.exp_month, card.exp_year)) throw cardExpired();
  const digits = cardDigits(card.number);
  const { outcome, forceSca } = testCardOutcome(digits);
  const challenge = needsChallenge(outcome, forceSca, session.a);
  const status = challenge ? "challenge" : outcome;
  const id = await insertCharge(d, session.o, session.a, status, digits.slice(-4));
  if (!id) throw alreadyProcessed();
  return challenge
    ? { next: "challenge", url: `/gateway/3ds/${token}` }
    : {
        next: "return",
        url: await signedReturnUrl(d, session, { id, status: outcome }),
      };
}

/** The 3-D Secure step: the issuer's one-time code (test code 1234), or cancel. */
export async function challenge(
  d: GatewayDeps,
  token: string,
  body: z.infer<typeof gatewayChallengeSchema>,
): Promise<ApiGatewayNext> {
  const session = await sessionOf(d, token);
  const charge = await findCharge(d, session.o);
  if (!charge || charge.status !== "challenge") throw alreadyProcessed();
  const status = challengeResult(body.action, body.code);
  if (!(await finishChallenge(d, session.o, status))) throw alreadyProcessed();
  return {
    next: "return",
    url: await signedReturnUrl(d, session, { id: charge.id, status }),
  };
}
