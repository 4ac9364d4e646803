/**
 * The acquirer that takes payments now (core/payment-provider.ts decides, failing closed), with
 * Viva's configuration when it is Viva.
 */
import { paymentProviderKind, type PaymentProviderEnv } from "../../core/payment-provider";
import { vivaConfig, type VivaConfig } from "../gateway/viva";

export type PaymentProvider =
  { kind: "viva"; config: VivaConfig } | { kind: "test" } | { kind: "off" };

export function paymentProvider(
  env: PaymentProviderEnv & Parameters<typeof vivaConfig>[0],
): PaymentProvider {
  const kind = paymentProviderKind(env);
  if (kind !== "viva") return { kind };
  const config = vivaConfig(env);
  return config ? { kind, config } : { kind: "off" };
}
