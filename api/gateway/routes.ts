import { Hono } from "hono";
import {
  gatewayCardSchema,
  gatewayChallengeSchema,
  gatewaySessionParams,
  type ApiGatewayNext,
  type ApiGatewaySession,
} from "../../core/contract";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import {
  type AcquirerSession,
  finishChallenge,
  findCharge,
  insertCharge,
  readSessionToken,
  signedReturnUrl,
} from "./acquirer";
import type { GatewayDeps } from "./gateway";
import {
  cardDigits,
  expiryValid,
  SCA_THRESHOLD_CENTS,
  TEST_3DS_CODE,
  testCardOutcome,
} from "../../core/gateway";

/**
 * The built-in test acquirer's API (design §4), mounted at /api/gateway. Conceptually a different
 * party: it knows nothing of customers, only the signed session the merchant created. The hosted
 * pages (app/routes/gateway/*) call it; every answer that ends the payment carries the URL of the
 * merchant's return with the result signed over all fields.
 */

const deps = (c: {
  env: ApiEnv["Bindings"];
  get: (key: "db") => ApiEnv["Variables"]["db"];
}): GatewayDeps => ({ env: c.env, db: c.get("db") });

async function sessionOf(d: GatewayDeps, token: string): Promise<AcquirerSession> {
  const result = await readSessionToken(d, token);
  if (!result.ok) {
    throw new ApiError(
      400,
      result.reason === "expired" ? "link_expired" : "gateway_session_invalid",
    );
  }
  return result.data;
}

const alreadyProcessed = () => new ApiError(409, "payment_already_processed");

/** The session token is checked by its signature (sessionOf): any text gets that answer. */
const sessionToken = validate("param", gatewaySessionParams);

export const gatewayRoutes = new Hono<ApiEnv>()
  .get("/sessions/:token", sessionToken, async (c) => {
    const d = deps(c);
    const session = await sessionOf(d, c.req.valid("param").token);
    const charge = await findCharge(d, session.o);
    const data: ApiGatewaySession = {
      order_id: session.o,
      amount: session.a / 100,
      description: session.d,
      lang: session.l,
      cancel_url: session.c,
      sca_required: session.a > SCA_THRESHOLD_CENTS,
      state: !charge ? "open" : charge.status === "challenge" ? "challenge" : "done",
      card_last4: charge?.card_last4 ?? null,
    };
    return c.json({ data });
  })

  .post(
    "/sessions/:token/authorize",
    validate("json", gatewayCardSchema),
    sessionToken,
    async (c) => {
      const d = deps(c);
      const { token } = c.req.valid("param");
      const session = await sessionOf(d, token);
      const card = c.req.valid("json");
      if (!expiryValid(card.exp_month, card.exp_year)) {
        throw new ApiError(400, "validation", {
          field: "exp_month",
          message: "payments:card.errors.expiry",
        });
      }
      const digits = cardDigits(card.number);
      const { outcome, forceSca } = testCardOutcome(digits);
      const challenge = outcome === "approved" && (forceSca || session.a > SCA_THRESHOLD_CENTS);
      const status = challenge ? "challenge" : outcome;
      const id = await insertCharge(d, session.o, session.a, status, digits.slice(-4));
      if (!id) throw alreadyProcessed();
      const next: ApiGatewayNext = challenge
        ? { next: "challenge", url: `/gateway/3ds/${token}` }
        : {
            next: "return",
            url: await signedReturnUrl(d, session, { id, status: outcome }),
          };
      return c.json({ data: next });
    },
  )

  /** The 3-D Secure step: the issuer's one-time code (test code 1234), or cancel. */
  .post(
    "/sessions/:token/challenge",
    validate("json", gatewayChallengeSchema),
    sessionToken,
    async (c) => {
      const d = deps(c);
      const session = await sessionOf(d, c.req.valid("param").token);
      const body = c.req.valid("json");
      const charge = await findCharge(d, session.o);
      if (!charge || charge.status !== "challenge") throw alreadyProcessed();
      const status =
        body.action === "cancel"
          ? "cancelled"
          : body.code?.trim() === TEST_3DS_CODE
            ? "approved"
            : "declined";
      if (!(await finishChallenge(d, session.o, status))) throw alreadyProcessed();
      const next: ApiGatewayNext = {
        next: "return",
        url: await signedReturnUrl(d, session, { id: charge.id, status }),
      };
      return c.json({ data: next });
    },
  );
