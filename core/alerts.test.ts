import { describe, expect, it } from "vitest";
import {
  alertIssues,
  alertTrips,
  amountText,
  billsAPeriod,
  parseAmount,
  parsePercent,
  periodKeyOf,
  periodsOverlap,
  samePeriodLastYear,
  yearBefore,
  type AlertSettings,
} from "./alerts";

const both = { email: "a@example.gr", mobile: "+306912345678" };
const on: AlertSettings = {
  enabled: true,
  amountCents: 8000,
  percent: null,
  email: true,
  sms: false,
};

describe("the amount and the percentage as typed", () => {
  it.each([
    ["82,50", 8250],
    ["82.5", 8250],
    ["82", 8200],
    [" 82,05 € ", 8205],
    ["100000", 10_000_000],
    [82.5, 8250],
    ["", null],
    [null, null],
  ])("%j → %j cents", (typed, cents) => {
    expect(parseAmount(typed)).toBe(cents);
  });

  it.each(["1.234", "82,555", "-5", "abc", "1 000", "1.000,00", "1e3"])(
    "%j is refused as a format",
    (typed) => {
      expect(parseAmount(typed)).toBeNaN();
      expect(alertIssues({ ...on, amountCents: parseAmount(typed) }, both)).toEqual([
        { field: "amount", message: "alerts:errors.amountFormat" },
      ]);
    },
  );

  it("a number with more than two decimals is refused", () => {
    expect(parseAmount(82.555)).toBeNaN();
  });

  it.each([
    ["25", 25],
    ["25 %", 25],
    [25, 25],
    ["", null],
  ])("percentage %j → %j", (typed, value) => {
    expect(parsePercent(typed)).toBe(value);
  });

  it.each(["2,5", "-3", "x", 2.5])("percentage %j is not a whole number", (typed) => {
    expect(parsePercent(typed)).toBeNaN();
  });

  it("the ranges: 1–100 000 € and 1–500 %", () => {
    const issues = (amountCents: number | null, percent: number | null) =>
      alertIssues({ ...on, amountCents, percent }, both).map((i) => i.message);
    expect(issues(100, 1)).toEqual([]);
    expect(issues(10_000_000, 500)).toEqual([]);
    expect(issues(99, null)).toEqual(["alerts:errors.amountRange"]);
    expect(issues(10_000_001, null)).toEqual(["alerts:errors.amountRange"]);
    expect(issues(null, 0)).toEqual(["alerts:errors.percentRange"]);
    expect(issues(8000, 501)).toEqual(["alerts:errors.percentRange"]);
  });

  it("the field's text back from cents, as the form reads it", () => {
    expect(amountText(8250)).toBe("82,50");
    expect(amountText(10_000_000)).toBe("100000,00");
    expect(amountText(null)).toBe("");
    expect(parseAmount(amountText(8205))).toBe(8205);
  });
});

describe("what an alert that is on needs", () => {
  it("at least one rule and one channel", () => {
    expect(alertIssues({ ...on, amountCents: null }, both)).toEqual([
      { field: "amount", message: "alerts:errors.ruleRequired" },
    ]);
    expect(alertIssues({ ...on, email: false }, both)).toEqual([
      { field: "email", message: "alerts:errors.channelRequired" },
    ]);
    expect(alertIssues({ ...on, amountCents: null, percent: 20 }, both)).toEqual([]);
  });

  it("SMS needs the person's mobile, email their address", () => {
    expect(alertIssues({ ...on, sms: true }, { email: "a@example.gr", mobile: null })).toEqual([
      { field: "sms", message: "alerts:errors.noMobile" },
    ]);
    expect(alertIssues(on, { email: null, mobile: "+306912345678" })).toEqual([
      { field: "email", message: "alerts:errors.noEmail" },
    ]);
  });

  it("turned off it keeps what it holds, and only what was typed is checked", () => {
    const off = { enabled: false, amountCents: null, percent: null, email: false, sms: true };
    expect(alertIssues(off, { email: null, mobile: null })).toEqual([]);
    expect(alertIssues({ ...off, amountCents: 50 }, both)).toEqual([
      { field: "amount", message: "alerts:errors.amountRange" },
    ]);
  });
});

describe("the same period last year", () => {
  const bill = (period_to: string, cents: number, type = "Clearance") => ({
    type,
    period_to,
    cents,
  });

  it("a year before, the same calendar day (29 February → 28 February)", () => {
    expect(yearBefore("2026-12-04")).toBe("2025-12-04");
    expect(yearBefore("2028-02-29")).toBe("2027-02-28");
  });

  it("the bill whose period ends closest to a year before, within 20 days", () => {
    const bills = [bill("2025-11-10", 5000), bill("2025-12-10", 6000), bill("2026-11-04", 9000)];
    expect(samePeriodLastYear(bills, "2026-12-04")).toBe(6000);
    // 21 days off is another period.
    expect(samePeriodLastYear([bill("2025-11-13", 5000)], "2026-12-04")).toBeNull();
    expect(samePeriodLastYear([bill("2025-11-14", 5000)], "2026-12-04")).toBe(5000);
  });

  it("only bills of a period; none → null (the percentage cannot trip)", () => {
    expect(samePeriodLastYear([bill("2025-12-04", 5000, "Credit")], "2026-12-04")).toBeNull();
    expect(
      samePeriodLastYear([{ type: "Clearance", period_to: null, cents: 1 }], "2026-12-04"),
    ).toBeNull();
    expect(samePeriodLastYear([], "2026-12-04")).toBeNull();
  });

  it("on a tie the later end", () => {
    const bills = [bill("2025-11-29", 5000), bill("2025-12-09", 7000)];
    expect(samePeriodLastYear(bills, "2026-12-04")).toBe(7000);
  });
});

describe("bill periods", () => {
  it("the key, and when two keys are the same bill period", () => {
    expect(periodKeyOf("2026-11-05T00:00:00", "2026-12-04")).toBe("2026-11-05/2026-12-04");
    // The forecast's period and the bill's a few days apart: the same period.
    expect(periodsOverlap("2026-11-05/2026-12-04", "2026-12-01/2026-12-04")).toBe(true);
    expect(periodsOverlap("2026-11-05/2026-12-06", "2026-11-01/2026-12-04")).toBe(true);
    // Consecutive periods, even sharing their boundary day, are not.
    expect(periodsOverlap("2026-11-05/2026-12-04", "2026-12-04/2027-01-04")).toBe(false);
    expect(periodsOverlap("2026-10-05/2026-11-04", "2026-11-05/2026-12-04")).toBe(false);
  });

  it("only a Clearance, an Advance or a Manual bill with its period bills one", () => {
    const period = { period_from: "2026-11-01", period_to: "2026-12-04" };
    expect(billsAPeriod({ type: "Clearance", ...period })).toBe(true);
    expect(billsAPeriod({ type: "Advance", ...period })).toBe(true);
    expect(billsAPeriod({ type: "Credit", ...period })).toBe(false);
    expect(billsAPeriod({ type: "Cancelled", ...period })).toBe(false);
    expect(billsAPeriod({ type: "Clearance", period_from: null, period_to: "2026-12-04" })).toBe(
      false,
    );
  });
});

describe("when it trips, and the notice's figures", () => {
  const check = (amountCents: number, lastYearCents: number | null) => ({
    periodKey: "2026-11-05/2026-12-04",
    source: "bill" as const,
    amountCents,
    lastYearCents,
  });

  it("the amount: strictly more than the threshold", () => {
    const rule = { enabled: true, amountCents: 8000, percent: null };
    expect(alertTrips(rule, check(8000, null))).toEqual({ trips: false });
    expect(alertTrips(rule, check(8001, 5000))).toEqual({
      trips: true,
      periodKey: "2026-11-05/2026-12-04",
      source: "bill",
      rule: "amount",
      amountCents: 8001,
      thresholdCents: 8000,
      referenceCents: 5000,
      overPercent: 60,
    });
  });

  it("the percentage: more than last year × (1 + X/100); no last year, no trip", () => {
    const rule = { enabled: true, amountCents: null, percent: 20 };
    expect(alertTrips(rule, check(6000, 5000))).toEqual({ trips: false });
    expect(alertTrips(rule, check(6001, 5000))).toMatchObject({
      trips: true,
      rule: "percent",
      thresholdCents: null,
      referenceCents: 5000,
      overPercent: 20,
    });
    expect(alertTrips(rule, check(100_000, null))).toEqual({ trips: false });
    expect(alertTrips(rule, check(100_000, 0))).toEqual({ trips: false });
  });

  it("both rules: the amount is named when it tripped", () => {
    const rule = { enabled: true, amountCents: 9000, percent: 10 };
    expect(alertTrips(rule, check(9500, 5000))).toMatchObject({ rule: "amount" });
    expect(alertTrips(rule, check(8000, 5000))).toMatchObject({ rule: "percent" });
    expect(alertTrips(rule, check(5400, 5000))).toEqual({ trips: false });
  });

  it("off trips nothing", () => {
    expect(
      alertTrips({ enabled: false, amountCents: 100, percent: 1 }, check(100_000, 100)),
    ).toEqual({ trips: false });
  });
});
