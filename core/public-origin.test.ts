import { describe, expect, it } from "vitest";
import { PublicOriginError, publicLink, publicOrigin } from "./public-origin";

const production = { ENVIRONMENT: "production", PRODUCTION_HOST: "my.nrg.gr" };
const development = { ENVIRONMENT: "development", PRODUCTION_HOST: "my.nrg.gr" };

describe("publicOrigin", () => {
  it("uses PUBLIC_ORIGIN when set, whatever the request says", () => {
    for (const env of [production, development]) {
      for (const value of [
        "https://portal.nrg.gr",
        "https://portal.nrg.gr/",
        " https://portal.nrg.gr ",
      ]) {
        expect(publicOrigin({ ...env, PUBLIC_ORIGIN: value }, "http://evil.example/x")).toBe(
          "https://portal.nrg.gr",
        );
      }
    }
    expect(
      publicOrigin({ ...production, PUBLIC_ORIGIN: "https://my.nrg.gr:8443" }, "http://x/"),
    ).toBe("https://my.nrg.gr:8443");
  });

  it.each([
    "my.nrg.gr",
    "ftp://my.nrg.gr",
    "javascript:alert(1)",
    "https://my.nrg.gr/portal",
    "https://my.nrg.gr?x=1",
    "https://my.nrg.gr#x",
    "https://user:pass@my.nrg.gr",
    "https://",
    "//my.nrg.gr",
  ])("fails closed on PUBLIC_ORIGIN=%j", (value) => {
    for (const env of [production, development]) {
      expect(() =>
        publicOrigin({ ...env, PUBLIC_ORIGIN: value }, "http://127.0.0.1:8787/"),
      ).toThrow(PublicOriginError);
    }
  });

  it("accepts a plain-http PUBLIC_ORIGIN in development only", () => {
    const local = { PUBLIC_ORIGIN: "http://127.0.0.1:9000" };
    expect(publicOrigin({ ...development, ...local }, "http://evil.example/")).toBe(
      "http://127.0.0.1:9000",
    );
    expect(() => publicOrigin({ ...production, ...local }, "http://127.0.0.1:9000/")).toThrow(
      PublicOriginError,
    );
  });

  it("in production: https://PRODUCTION_HOST, never the request's host (loopback included)", () => {
    for (const request of [
      "https://evil.example/api/v2/auth/password-reset",
      "http://127.0.0.1:8787/api/signup",
      "http://localhost:8787/",
      "https://my.nrg.gr.evil.example/",
    ]) {
      expect(publicOrigin(production, request)).toBe("https://my.nrg.gr");
    }
    // Anything but the exact "development" is production (core/environment.ts).
    for (const ENVIRONMENT of [undefined, "", "dev", "Development", "staging"]) {
      expect(publicOrigin({ ENVIRONMENT, PRODUCTION_HOST: "my.nrg.gr" }, "http://localhost/")).toBe(
        "https://my.nrg.gr",
      );
    }
  });

  it("fails closed when production has no usable PRODUCTION_HOST", () => {
    for (const PRODUCTION_HOST of [
      undefined,
      "",
      "https://my.nrg.gr",
      "my.nrg.gr/x",
      "a b",
      "evil.example@x",
    ]) {
      expect(() =>
        publicOrigin({ ENVIRONMENT: "production", PRODUCTION_HOST }, "http://127.0.0.1/"),
      ).toThrow(PublicOriginError);
    }
  });

  it("in development: a loopback request's origin (any port), anything else the production host", () => {
    expect(publicOrigin(development, "http://127.0.0.1:8787/api/signup")).toBe(
      "http://127.0.0.1:8787",
    );
    expect(publicOrigin(development, "http://localhost:5173/x")).toBe("http://localhost:5173");
    expect(publicOrigin(development, "http://[::1]:9000/x")).toBe("http://[::1]:9000");
    expect(publicOrigin(development, new URL("https://localhost/"))).toBe("https://localhost");
    for (const request of [
      "http://evil.example/api/v2/auth/password-reset",
      "http://evil.example:8787/",
      "http://127.0.0.1.evil.example/",
      "http://localhost.evil.example/",
      "http://192.168.1.10:8787/",
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect(publicOrigin(development, request), request).toBe("https://my.nrg.gr");
    }
  });
});

describe("publicLink", () => {
  it("puts a portal path on the public origin", () => {
    expect(publicLink(production, "http://evil.example/", "/reset-password/abc")).toBe(
      "https://my.nrg.gr/reset-password/abc",
    );
  });

  it("refuses anything that is not a single-slash path", () => {
    for (const path of ["//evil.example/x", "https://evil.example/", "reset-password/abc"]) {
      expect(() => publicLink(production, "http://x/", path)).toThrow(PublicOriginError);
    }
  });
});
