import { describe, expect, it } from "vitest";
import { VIVA_HOSTS, vivaConfig } from "./viva";

const secrets = {
  VIVA_CLIENT_ID: "client",
  VIVA_CLIENT_SECRET: "secret",
  VIVA_MERCHANT_ID: "merchant",
  VIVA_API_KEY: "key",
};
const standIn = {
  VIVA_ACCOUNTS_URL: "http://127.0.0.1:9/",
  VIVA_API_URL: "http://127.0.0.1:9",
  VIVA_CHECKOUT_URL: "http://127.0.0.1:9",
};

describe("vivaConfig (#34: credentials go to Viva alone outside development)", () => {
  it("is null without every secret (payments then behave as off)", () => {
    expect(vivaConfig({ ...secrets, VIVA_API_KEY: "" })).toBeNull();
    expect(vivaConfig({})).toBeNull();
  });

  it("ignores the stand-in's hosts in production, and when ENVIRONMENT is unknown", () => {
    for (const ENVIRONMENT of ["production", undefined, "Development", "dev"]) {
      const config = vivaConfig({ ...secrets, ...standIn, ENVIRONMENT });
      expect(config).toMatchObject({
        accountsUrl: VIVA_HOSTS.production.accounts,
        apiUrl: VIVA_HOSTS.production.api,
        checkoutUrl: VIVA_HOSTS.production.checkout,
      });
    }
    expect(
      vivaConfig({ ...secrets, ...standIn, VIVA_ENVIRONMENT: "demo", ENVIRONMENT: "production" }),
    ).toMatchObject({ apiUrl: VIVA_HOSTS.demo.api, checkoutUrl: VIVA_HOSTS.demo.checkout });
  });

  it("uses the stand-in's hosts in local development", () => {
    expect(vivaConfig({ ...secrets, ...standIn, ENVIRONMENT: "development" })).toMatchObject({
      accountsUrl: "http://127.0.0.1:9",
      apiUrl: "http://127.0.0.1:9",
      checkoutUrl: "http://127.0.0.1:9",
    });
  });
});
