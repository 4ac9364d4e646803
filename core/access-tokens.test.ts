import { describe, expect, it } from "vitest";
import {
  defaultExpiryDay,
  effectiveSupplies,
  expiryOf,
  isAccessTokenSecret,
  maxExpiryDay,
  minExpiryDay,
  parseScopes,
  storedScopes,
  tokenMayRead,
  tokenStatus,
} from "./access-tokens";

const now = new Date("2026-11-25T16:00:00.000Z");

describe("access tokens", () => {
  it("tells a token from a session JWT", () => {
    expect(isAccessTokenSecret("nrg_abc")).toBe(true);
    expect(isAccessTokenSecret("eyJhbGciOi")).toBe(false);
  });

  it("offers 90 days by default and at most a year", () => {
    expect(defaultExpiryDay(now)).toBe("2027-02-23");
    expect(maxExpiryDay(now)).toBe("2027-11-25");
  });

  it("accepts an expiry day after today and within a year, cut to a year", () => {
    // The end of the chosen day in Athens (UTC+2 in winter, UTC+3 in summer).
    expect(expiryOf("2027-02-23", now)?.toISOString()).toBe("2027-02-23T21:59:59.999Z");
    expect(expiryOf("2027-07-10", now)?.toISOString()).toBe("2027-07-10T20:59:59.999Z");
    expect(expiryOf("2027-11-25", now)?.toISOString()).toBe("2027-11-25T16:00:00.000Z");
    expect(expiryOf("2027-11-26", now)).toBeNull();
    expect(expiryOf("2026-11-25", now)).toBeNull();
    expect(expiryOf("2026-11-24", now)).toBeNull();
    expect(expiryOf("2027-02-30", now)).toBeNull();
    expect(expiryOf("soon", now)).toBeNull();
  });

  it("#35 §3 counts days in Athens: at 23:30 UTC tomorrow there is already today", () => {
    const late = new Date("2026-12-03T23:30:00.000Z");
    expect(minExpiryDay(late)).toBe("2026-12-05");
    expect(defaultExpiryDay(late)).toBe("2027-03-04");
    expect(expiryOf("2026-12-04", late)).toBeNull();
    expect(expiryOf("2026-12-05", late)?.toISOString()).toBe("2026-12-05T21:59:59.999Z");
  });

  it("stores scopes in a fixed order without unknown names", () => {
    expect(storedScopes(["personal", "bills", "admin"])).toBe("bills,personal");
    expect(parseScopes("readings,bogus,bills")).toEqual(["bills", "readings"]);
  });

  it("says active, expired or revoked", () => {
    expect(tokenStatus({ revoked_at: null, expires_at: "2027-01-01T00:00:00.000Z" }, now)).toBe(
      "active",
    );
    expect(tokenStatus({ revoked_at: null, expires_at: "2026-01-01T00:00:00.000Z" }, now)).toBe(
      "expired",
    );
    expect(tokenStatus({ revoked_at: "x", expires_at: "2027-01-01T00:00:00.000Z" }, now)).toBe(
      "revoked",
    );
  });

  it("opens a route only for its scope; never the session-only ones", () => {
    expect(tokenMayRead(["bills"], "bills")).toBe(true);
    expect(tokenMayRead(["bills"], "personal")).toBe(false);
    expect(tokenMayRead(["bills"], "any")).toBe(true);
    expect(tokenMayRead([], "any")).toBe(false);
    expect(tokenMayRead(["bills", "personal"], "never")).toBe(false);
    expect(tokenMayRead(["consumption"], { anyOf: ["readings", "consumption"] })).toBe(true);
    expect(tokenMayRead(["bills"], { anyOf: ["readings", "consumption"] })).toBe(false);
    expect(tokenMayRead(["bills", "readings"], { allOf: ["bills", "payments"] })).toBe(false);
    expect(tokenMayRead(["bills", "payments"], { allOf: ["bills", "payments"] })).toBe(true);
  });

  it("reaches only the supplies both the token and the person have", () => {
    expect(effectiveSupplies("all", "all")).toBe("all");
    expect([...(effectiveSupplies("all", new Set([1, 2])) as Set<number>)]).toEqual([1, 2]);
    expect([...(effectiveSupplies(new Set([1, 3]), new Set([1, 2])) as Set<number>)]).toEqual([1]);
    expect([...(effectiveSupplies(new Set([3]), "all") as Set<number>)]).toEqual([3]);
  });
});
