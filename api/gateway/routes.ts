import { Hono } from "hono";
import {
  apiGatewayNextSchema,
  apiGatewaySessionSchema,
  gatewayCardSchema,
  gatewayChallengeSchema,
  gatewaySessionParams,
} from "../../core/contract";
import { validate } from "../lib/validate";
import { notFound } from "../lib/errors";
import { paymentProvider } from "../payments/provider";
import type { ApiEnv } from "../types";
import type { GatewayDeps } from "./gateway";
import { authorize, challenge, hostedSession } from "./service";
import { data, documented } from "../lib/openapi";

const doc = documented("Test acquirer");

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

/** The session token is checked by its signature (service.ts): any text gets that answer. */
const sessionToken = validate("param", gatewaySessionParams);

export const gatewayRoutes = new Hono<ApiEnv>()
  // Only where the test acquirer takes payments (local development): elsewhere it is not there.
  .use("*", async (c, next) => {
    if (paymentProvider(c.env).kind !== "test") throw notFound();
    await next();
  })
  .get(
    "/sessions/:token",
    doc({
      summary: "A hosted payment session (the card form)",
      ok: data(apiGatewaySessionSchema),
      errors: { 400: ["gateway_session_invalid"] },
    }),
    sessionToken,
    async (c) => c.json({ data: await hostedSession(deps(c), c.req.valid("param").token) }),
  )

  .post(
    "/sessions/:token/authorize",
    doc({
      summary: "Submit the card",
      ok: data(apiGatewayNextSchema),
      errors: { 400: ["gateway_session_invalid"] },
    }),
    validate("json", gatewayCardSchema),
    sessionToken,
    async (c) =>
      c.json({ data: await authorize(deps(c), c.req.valid("param").token, c.req.valid("json")) }),
  )

  /** The 3-D Secure step: the issuer's one-time code (test code 1234), or cancel. */
  .post(
    "/sessions/:token/challenge",
    doc({
      summary: "Answer the 3-D Secure challenge (or cancel)",
      ok: data(apiGatewayNextSchema),
      errors: { 400: ["gateway_session_invalid"] },
    }),
    validate("json", gatewayChallengeSchema),
    sessionToken,
    async (c) =>
      c.json({ data: await challenge(deps(c), c.req.valid("param").token, c.req.valid("json")) }),
  );
