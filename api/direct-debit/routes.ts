import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { customers } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { paymentProviderKind } from "../../core/payment-provider";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { masterOf, personOf } from "../services/customers";
import { enforceClientLimit, LIMITS } from "../services/throttle";
import type { ApiEnv } from "../types";
import {
  apiDdFlowSchema,
  apiDdFlowStartSchema,
  apiDirectDebitSchema,
  ddFlowParams,
  ddMeterParams,
  userParams,
  type ApiDdFlowStart,
} from "../../core/contract";
import {
  ddCardSchema,
  ddCodeSchema,
  ddFlowCardSchema,
  ddFlowSupplySchema,
  ddVatSchema,
} from "../../core/direct-debit/schemas";
import { paymentProvider } from "../payments/provider";
import { startMandateOrder } from "./viva";
import {
  activateFlow,
  chooseFlowCard,
  createFlow,
  customerMandates,
  deleteMandate,
  eligibleMeters,
  flowStep,
  loadFlow,
  ownEligibleMeter,
  registerCard,
  resendCode,
  saveMandate,
  toApiFlow,
  verifyCode,
  type FlowRow,
} from "./service";
import { data, documented, empty } from "../lib/openapi";
import { z } from "zod";

const doc = documented("Direct debit");

const flowCardSchema = ddFlowCardSchema();
const cardSchema = ddCardSchema();

/** The flow token is looked up (loadFlow answers an unknown one): any text gets that answer. */
const flowToken = validate("param", ddFlowParams);
/** A malformed user or supply id is a missing one (404), as another customer's. */
const asMissing = { invalid: "not_found" } as const;

/** The secret the one-time codes are hashed with (HMAC), kept apart from other uses by its label. */
const codeSecret = (env: Env) => `${env.LINK_SECRET}:direct-debit`;

/** The signed-in caller's customer id (the user row must still exist, else 404). */
const caller = (c: Context<ApiEnv>) => personOf(c.get("db"), c.get("auth").userId);

/**
 * The built-in test issuer registers cards only where the test acquirer takes payments (local
 * development): on a deploy it is unreachable, like the test acquirer (ADR 0025), and a card
 * number sent here is never registered with anything. With Viva the card is entered on Viva's
 * page instead (POST …/viva, ./viva.ts); without either, direct debit answers 503 dd_unavailable.
 */
const testIssuerOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (paymentProviderKind(c.env) !== "test") throw new ApiError(503, "dd_unavailable");
  await next();
});

/**
 * Direct debit (docs/api/direct-debit.md), mounted at /api. The public set-up flow is keyed by a
 * random flow token (a capability the portal keeps in an HttpOnly cookie): VAT → SMS code → card
 * → activation. Signed-in customers list, replace and cancel the direct debit of their supplies.
 */
export const directDebitRoutes = new Hono<ApiEnv>()
  /** Start: the VAT of a customer with an Active supply and a declared mobile; sends the code. */
  .post(
    "/direct-debit/flows",
    doc({
      summary: "Start setting up a direct debit: the VAT; sends a code to the mobile",
      ok: data(apiDdFlowStartSchema, 201, "The flow and its token (a capability: keep it secret)"),
      errors: {
        400: ["dd_vat_not_found", "dd_no_mobile", "dd_sms_not_sent"],
        429: ["too_many_attempts"],
      },
    }),
    validate("json", ddVatSchema),
    async (c) => {
      const db = c.get("db");
      // Per client address, whatever the VAT: each start sends an SMS code and shows a masked mobile.
      await enforceClientLimit(c, LIMITS.directDebitIp);
      const { afm } = c.req.valid("json");
      const customer = await db.query.customers.findFirst({ where: eq(customers.afm, afm) });
      if (!customer || (await eligibleMeters(db, { customerId: customer.id })).length === 0) {
        throw badRequest("dd_vat_not_found", "afm");
      }
      // The account's master (#18: the registration mobile is theirs).
      const user = await db.query.users.findFirst({ where: masterOf(customer.id) });
      const mobile = customer.phone || user?.registration_phone;
      if (!mobile) throw badRequest("dd_no_mobile", "afm");
      const token = await createFlow(
        db,
        codeSecret(c.env),
        { id: customer.id, afm, mobile },
        c.get("lang"),
      );
      const flow = await toApiFlow(db, await loadFlow(db, token));
      return c.json({ data: { ...flow, flow_token: token } satisfies ApiDdFlowStart }, 201);
    },
  )

  .get(
    "/direct-debit/flows/:token",
    doc({
      summary: "A direct-debit set-up flow",
      ok: data(apiDdFlowSchema),
      errors: { 404: ["not_found"], 410: ["dd_session_expired"] },
    }),
    flowToken,
    async (c) => {
      const db = c.get("db");
      return c.json({ data: await toApiFlow(db, await loadFlow(db, c.req.valid("param").token)) });
    },
  )

  .post(
    "/direct-debit/flows/:token/resend",
    doc({
      summary: "Send the code again",
      ok: data(apiDdFlowSchema),
      errors: {
        400: ["dd_sms_not_sent"],
        404: ["not_found"],
        410: ["dd_session_expired"],
        429: ["too_many_attempts"],
      },
    }),
    flowToken,
    async (c) => {
      const db = c.get("db");
      const resend = (flow: FlowRow) => resendCode(db, codeSecret(c.env), flow, c.get("lang"));
      return c.json({ data: await flowStep(db, c.req.valid("param").token, resend) });
    },
  )

  .post(
    "/direct-debit/flows/:token/verify",
    doc({
      summary: "Check the code sent to the mobile",
      ok: data(apiDdFlowSchema),
      errors: {
        400: ["dd_wrong_code", "dd_code_expired"],
        404: ["not_found"],
        410: ["dd_session_expired"],
      },
    }),
    validate("json", ddCodeSchema),
    flowToken,
    async (c) => {
      const db = c.get("db");
      const { code } = c.req.valid("json");
      const verify = (flow: FlowRow) => verifyCode(db, codeSecret(c.env), flow, code);
      return c.json({ data: await flowStep(db, c.req.valid("param").token, verify) });
    },
  )

  /** The supply and the card: the issuer is asked at once; the flow keeps only its token. */
  .put(
    "/direct-debit/flows/:token/card",
    doc({
      summary: "Choose the supply and give the card (the issuer is asked at once)",
      ok: data(apiDdFlowSchema),
      errors: {
        400: [
          "dd_card_not_found",
          "dd_card_declined",
          "dd_card_expired",
          "dd_failed",
          "dd_timeout",
        ],
        404: ["not_found"],
        410: ["dd_session_expired"],
        503: ["dd_unavailable"],
      },
    }),
    testIssuerOnly,
    validate("json", flowCardSchema),
    flowToken,
    async (c) => {
      const db = c.get("db");
      const card = c.req.valid("json");
      const choose = (flow: FlowRow) => chooseFlowCard(db, flow, card);
      return c.json({ data: await flowStep(db, c.req.valid("param").token, choose) });
    },
  )

  /** With Viva: the supply; the answer is Viva's page, where the card is entered (./viva.ts). */
  .post(
    "/direct-debit/flows/:token/viva",
    doc({
      summary: "Choose the supply and go to Viva's page to give the card (PAYMENT_PROVIDER=viva)",
      description:
        "Creates a 0,30 € verification order with allowRecurring at Viva; send the customer to `redirect_url`. The return (/checkout-return) stores the mandate and refunds the 0,30 €.",
      ok: data(z.object({ redirect_url: z.string() })),
      errors: {
        400: ["invalid_data"],
        404: ["not_found"],
        410: ["dd_session_expired"],
        429: ["too_many_attempts"],
        502: ["payment_provider_error"],
        503: ["dd_unavailable"],
      },
    }),
    validate("json", ddFlowSupplySchema),
    flowToken,
    async (c) => {
      const provider = paymentProvider(c.env);
      if (provider.kind !== "viva") throw new ApiError(503, "dd_unavailable");
      const db = c.get("db");
      const flow = await loadFlow(db, c.req.valid("param").token);
      const { meter_id } = c.req.valid("json");
      const url = await startMandateOrder(db, provider.config, flow, meter_id, c.get("lang"));
      return c.json({ data: { redirect_url: url } });
    },
  )

  .post(
    "/direct-debit/flows/:token/activate",
    doc({
      summary: "Confirm: the direct debit starts",
      ok: data(apiDdFlowSchema),
      errors: { 404: ["not_found"], 410: ["dd_session_expired"] },
    }),
    flowToken,
    async (c) => {
      const db = c.get("db");
      const activate = (flow: FlowRow) => activateFlow(db, flow);
      return c.json({ data: await flowStep(db, c.req.valid("param").token, activate) });
    },
  )

  // ---- signed in ----
  .get(
    "/users/:userId/direct-debits",
    doc({
      summary: "The direct debits of the caller's supplies",
      ok: data(z.array(apiDirectDebitSchema)),
    }),
    requireBearer,
    permit("read"),
    validate("param", userParams, asMissing),
    ownUserPath,
    async (c) => c.json({ data: await customerMandates(c.get("db"), await caller(c)) }),
  )

  /** Creates or replaces the card of one of the user's Active supplies (no code: signed in). */
  .put(
    "/users/:userId/direct-debits/:meterId",
    doc({
      summary: "Create or replace the card of one of the caller's Active supplies",
      ok: data(apiDirectDebitSchema),
      errors: {
        400: [
          "dd_card_not_found",
          "dd_card_declined",
          "dd_card_expired",
          "dd_failed",
          "dd_timeout",
        ],
        503: ["dd_unavailable"],
      },
    }),
    requireBearer,
    permit("manage_supply"),
    testIssuerOnly,
    validate("json", cardSchema),
    validate("param", ddMeterParams, asMissing),
    ownUserPath,
    async (c) => {
      const db = c.get("db");
      const meter = await ownEligibleMeter(db, await caller(c), c.req.valid("param").meterId);
      const card = registerCard(c.req.valid("json"));
      const who = { userId: c.get("auth").userId, ip: clientIp(c) };
      return c.json({ data: await saveMandate(db, meter, card, who) });
    },
  )

  .delete(
    "/users/:userId/direct-debits/:meterId",
    doc({ summary: "Stop the direct debit of one supply", ok: empty() }),
    requireBearer,
    permit("manage_supply"),
    validate("param", ddMeterParams, asMissing),
    ownUserPath,
    async (c) => {
      const meterId = c.req.valid("param").meterId;
      const who = { ip: clientIp(c) };
      if (!(await deleteMandate(c.get("db"), await caller(c), meterId, who))) throw notFound();
      return c.body(null, 204);
    },
  );
