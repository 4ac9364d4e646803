import { describe, expect, it } from "vitest";
import { paymentProviderKind, paymentsAvailable } from "./payment-provider";

const secrets = {
  VIVA_CLIENT_ID: "id",
  VIVA_CLIENT_SECRET: "secret",
  VIVA_MERCHANT_ID: "merchant",
  VIVA_API_KEY: "key",
};

describe("PAYMENT_PROVIDER fails closed (ADR 0025)", () => {
  it.each([
    [{ PAYMENT_PROVIDER: "viva", ...secrets }, "viva"],
    [{ PAYMENT_PROVIDER: "viva", ...secrets, VIVA_API_KEY: "" }, "off"],
    [{ PAYMENT_PROVIDER: "viva" }, "off"],
    [{ PAYMENT_PROVIDER: "test", ENVIRONMENT: "development" }, "test"],
    [{ PAYMENT_PROVIDER: "test" }, "off"],
    [{ PAYMENT_PROVIDER: "test", ENVIRONMENT: "production" }, "off"],
    [{ PAYMENT_PROVIDER: "off", ...secrets }, "off"],
    [{ PAYMENT_PROVIDER: "Viva", ...secrets }, "off"],
    [{}, "off"],
  ])("%o → %s", (env, kind) => {
    expect(paymentProviderKind(env)).toBe(kind);
    expect(paymentsAvailable(env)).toBe(kind !== "off");
  });
});
