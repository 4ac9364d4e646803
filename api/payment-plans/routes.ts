import { Hono } from "hono";
import {
  apiPaymentPlanSchema,
  apiPaymentStartSchema,
  apiPlanSchema,
  paymentPlanPayloadSchema,
  userMeterParams,
  type ApiPaymentStart,
} from "../../core/contract";
import { athensToday } from "../../core/dates";
import { euros } from "../domain/money";
import { ApiError } from "../lib/errors";
import { data, documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { startPayment } from "../payments/routes";
import { customerMetersByIds } from "../payments/service";
import { assertOwnUser, personOf, type PersonScope } from "../services/customers";
import type { ApiEnv } from "../types";
import { createPlan, paymentPlanOf, payableInstalment, withdrawPlan } from "./service";
import type { Context } from "hono";

const doc = documented("Payment plans");

/** Where the card payment of an instalment comes back to: the plan page. */
const PLAN_PAGE = "/b2b/diakanonismos";

/**
 * Mounted at /api. A supply's payment plan (#38 §1, core/payment-plans.ts): what may be set up
 * and the plan itself (read), setting one up and paying its instalments (manage_supply: a
 * business `user` gets 403 not_permitted, as for paying), withdrawing an unpaid one. Another
 * account's supply, or one not given to the person, is a 404 as a missing one.
 */
async function payInstalment(
  c: Context<ApiEnv>,
  person: PersonScope,
  meterId: number,
): Promise<ApiPaymentStart> {
  const due = await payableInstalment(c.get("db"), meterId);
  if (!due) throw new ApiError(409, "plan_not_open");
  const meters = await customerMetersByIds(c.get("db"), person, [meterId]);
  return startPayment(
    c,
    meters,
    {
      userId: person.userId,
      channel: "portal",
      returnTo: PLAN_PAGE,
      items: [{ meter_id: meterId, amount: euros(due.instalment.amount_cents) }],
      instalmentId: due.instalment.id,
    },
    c.get("lang"),
  );
}

export const paymentPlanRoutes = new Hono<ApiEnv>()
  .get(
    "/users/:userId/meters/:meterId/payment-plan",
    doc({
      summary: "May the supply have a payment plan, on what terms, and its plan",
      description:
        "`options`: the instalment counts offered now, each with its schedule (first due today, then monthly). `plan`: the live plan (open: first instalment unpaid; kept), else the latest one, or null.",
      ok: data(apiPaymentPlanSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const person = await personOf(c.get("db"), userId);
      const answer = await paymentPlanOf(c.get("db"), person, Number(path.meterId), athensToday());
      return c.json({ data: answer });
    },
  )
  .post(
    "/users/:userId/meters/:meterId/payment-plan",
    doc({
      summary: "Set up a payment plan and start the card payment of its first instalment",
      description:
        "For the supply's overdue balance now, in `count` monthly instalments (one of the options), with the terms accepted. One live plan per supply: a second, even at the same moment, is 409 plan_open. The answer's `payment` is the first instalment's order: send the customer to its redirect_url. Paid, the plan is kept.",
      ok: data(
        apiPlanSchema.extend({ payment: apiPaymentStartSchema }),
        201,
        "The plan, and the order of its first instalment",
      ),
      errors: {
        400: ["validation", "plan_not_eligible"],
        403: ["not_permitted"],
        404: ["not_found"],
        409: ["plan_open"],
        502: ["payment_provider_error"],
        503: ["payments_unavailable"],
      },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("param", userMeterParams),
    validate("json", paymentPlanPayloadSchema),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const person = await personOf(c.get("db"), userId);
      const meterId = Number(path.meterId);
      const count = Number(c.req.valid("json").count);
      const { plan } = await createPlan(c.get("db"), person, meterId, count, athensToday());
      const payment = await payInstalment(c, person, meterId);
      return c.json({ data: { ...plan, payment } }, 201);
    },
  )
  .post(
    "/users/:userId/meters/:meterId/payment-plan/orders",
    doc({
      summary: "Pay the next instalment of the supply's plan by card",
      description:
        "An order for exactly the next unpaid instalment (the first while the plan is open): send the customer to its redirect_url.",
      ok: data(apiPaymentStartSchema, 201, "The order; go to its redirect_url"),
      errors: {
        403: ["not_permitted"],
        404: ["not_found"],
        409: ["plan_not_open"],
        502: ["payment_provider_error"],
        503: ["payments_unavailable"],
      },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("param", userMeterParams),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const person = await personOf(c.get("db"), userId);
      const meterId = Number(path.meterId);
      // Ownership first: another's supply is a 404 before anything about its plan is said.
      const [meter] = await customerMetersByIds(c.get("db"), person, [meterId]);
      if (!meter) throw new ApiError(404, "not_found");
      return c.json({ data: await payInstalment(c, person, meterId) }, 201);
    },
  )
  .post(
    "/users/:userId/meters/:meterId/payment-plan/withdraw",
    doc({
      summary: "Withdraw a plan whose first instalment is not paid",
      ok: data(apiPaymentPlanSchema),
      errors: { 403: ["not_permitted"], 404: ["not_found"], 409: ["plan_not_open"] },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("param", userMeterParams),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const person = await personOf(c.get("db"), userId);
      const meterId = Number(path.meterId);
      await withdrawPlan(c.get("db"), person, meterId);
      const answer = await paymentPlanOf(c.get("db"), person, meterId, athensToday());
      return c.json({ data: answer });
    },
  );
