import { describe, expect, it } from "vitest";
import {
  isProtectedMonth,
  isRegisteredOn,
  PAYMENT_PLAN,
  socialTariffCapKwh,
  VULNERABLE,
} from "./hardship";

describe("socialTariffCapKwh", () => {
  it.each([
    [1, 1_400],
    [2, 1_700],
    [5, 2_600],
    [0, 1_400],
    [2.7, 1_700],
  ])("a household of %s may use %s kWh in four months", (people, cap) => {
    expect(socialTariffCapKwh(people)).toBe(cap);
  });
});

describe("isProtectedMonth", () => {
  it.each([
    [1, true],
    [3, true],
    [4, false],
    [6, false],
    [7, true],
    [8, true],
    [9, false],
    [11, true],
  ])("month %s protected: %s", (month, yes) => {
    expect(isProtectedMonth(month)).toBe(yes);
  });
});

describe("the figures agree with each other", () => {
  it("a registered customer gets more instalments, never fewer", () => {
    expect(PAYMENT_PLAN.maxInstalmentsVulnerable).toBeGreaterThanOrEqual(
      PAYMENT_PLAN.maxInstalments,
    );
    expect(PAYMENT_PLAN.minInstalments).toBeGreaterThanOrEqual(2);
  });
  it("the minimum balance can be split into the fewest instalments", () => {
    expect(PAYMENT_PLAN.minOverdueCents / PAYMENT_PLAN.minInstalments).toBeGreaterThanOrEqual(
      PAYMENT_PLAN.minInstalmentCents,
    );
  });
  it("40 days to pay at least", () => expect(VULNERABLE.minDaysToPay).toBeGreaterThanOrEqual(40));
});

describe("isRegisteredOn", () => {
  const reg = { registered_at: "2026-03-01", valid_to: "2027-02-28" };
  it.each([
    [null, "2026-06-01", false],
    [reg, "2026-02-28", false],
    [reg, "2026-03-01", true],
    [reg, "2027-02-28", true],
    [reg, "2027-03-01", false],
    [{ registered_at: "2026-03-01T10:00:00Z", valid_to: null }, "2030-01-01", true],
  ])("%o on %s: %s", (registration, today, yes) => {
    expect(isRegisteredOn(registration, today)).toBe(yes);
  });
});
