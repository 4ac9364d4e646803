/**
 * Which card acquirer takes payments (PAYMENT_PROVIDER in [vars]; ADR 0025), failing closed:
 * - `viva`: Viva Smart Checkout, when all four Viva secrets are there;
 * - `test`: the built-in test acquirer, in local development only (./environment.ts);
 * - anything else, `off`, `viva` without its secrets or `test` outside development: off. The
 *   portal then says "online payment is not available" where a pay button would be, and the API
 *   answers 503 payments_unavailable.
 */
import { isDevelopment } from "./environment";

export type PaymentProviderKind = "viva" | "test" | "off";

export interface PaymentProviderEnv {
  PAYMENT_PROVIDER?: string | undefined;
  ENVIRONMENT?: string | undefined;
  VIVA_CLIENT_ID?: string | undefined;
  VIVA_CLIENT_SECRET?: string | undefined;
  VIVA_MERCHANT_ID?: string | undefined;
  VIVA_API_KEY?: string | undefined;
}

export function paymentProviderKind(env: PaymentProviderEnv): PaymentProviderKind {
  switch (env.PAYMENT_PROVIDER) {
    case "viva":
      return env.VIVA_CLIENT_ID &&
        env.VIVA_CLIENT_SECRET &&
        env.VIVA_MERCHANT_ID &&
        env.VIVA_API_KEY
        ? "viva"
        : "off";
    case "test":
      return isDevelopment(env) ? "test" : "off";
    default:
      return "off";
  }
}

/** Whether a pay button may be shown at all. */
export const paymentsAvailable = (env: PaymentProviderEnv) => paymentProviderKind(env) !== "off";
