import type {
  ApiPaymentPlan,
  ApiPaymentStart,
  ApiPlan,
  PaymentPlanPayload,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * A supply's payment plan (api/payment-plans/routes.ts, #38 §1). A refusal is given back, never a
 * sign-out (the page's bearer check already passed).
 */
const soft = { onAuthFailure: "return" } as const;
const base = (api: ApiClient, meterId: number) =>
  `/users/${api.userId()}/meters/${meterId}/payment-plan`;

/** GET …/payment-plan: eligibility, the options and the supply's plan. */
export function getPaymentPlan(api: ApiClient, meterId: number) {
  return api.request<ApiPaymentPlan>("GET", base(api, meterId), soft);
}

/** POST …/payment-plan: set one up; the answer carries the first instalment's order. */
export function createPaymentPlan(api: ApiClient, meterId: number, body: PaymentPlanPayload) {
  return api.request<ApiPlan & { payment: ApiPaymentStart }>("POST", base(api, meterId), {
    ...soft,
    body,
  });
}

/** POST …/payment-plan/orders: the card payment of the next instalment. */
export function payNextInstalment(api: ApiClient, meterId: number) {
  return api.request<ApiPaymentStart>("POST", `${base(api, meterId)}/orders`, soft);
}

/** POST …/payment-plan/withdraw: withdraw a plan whose first instalment is unpaid. */
export function withdrawPaymentPlan(api: ApiClient, meterId: number) {
  return api.request<ApiPaymentPlan>("POST", `${base(api, meterId)}/withdraw`, soft);
}
