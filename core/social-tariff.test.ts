import { describe, expect, it } from "vitest";
import {
  billDiscount,
  capProgress,
  fourMonthPeriodOf,
  kwhInPeriod,
  renewalState,
  type SocialTariffTerms,
} from "./social-tariff";

const terms: SocialTariffTerms = {
  category: "A",
  household_size: 1,
  valid_from: "2026-01-01",
  valid_to: "2026-12-31",
};

describe("fourMonthPeriodOf", () => {
  it.each([
    ["2026-01-01", "2026-01-01", "2026-04-30"],
    ["2026-04-30", "2026-01-01", "2026-04-30"],
    ["2026-05-01", "2026-05-01", "2026-08-31"],
    ["2026-08-31", "2026-05-01", "2026-08-31"],
    ["2026-09-01", "2026-09-01", "2026-12-31"],
    ["2026-12-31", "2026-09-01", "2026-12-31"],
    ["2028-02-29", "2028-01-01", "2028-04-30"],
  ])("%s is in %s..%s", (day, from, to) => {
    expect(fourMonthPeriodOf(day)).toEqual({ from, to });
  });
});

describe("kwhInPeriod", () => {
  const period = { from: "2026-09-01", to: "2026-12-31" };
  it.each([
    [
      "a bill inside the period counts whole",
      [{ from: "2026-09-01", to: "2026-09-30", kwh: 300 }],
      300,
    ],
    ["a bill before it counts nothing", [{ from: "2026-07-01", to: "2026-08-31", kwh: 500 }], 0],
    // 1 Dec–30 Jan: 31 of 61 days in September–December.
    [
      "a bill across two periods by its days",
      [{ from: "2026-12-01", to: "2027-01-30", kwh: 610 }],
      310,
    ],
    [
      "several bills add up",
      [
        { from: "2026-09-01", to: "2026-10-31", kwh: 500 },
        { from: "2026-11-01", to: "2026-11-30", kwh: 520 },
      ],
      1_020,
    ],
    [
      "a bill with no kWh or a backwards period counts nothing",
      [
        { from: "2026-09-01", to: "2026-09-30", kwh: 0 },
        { from: "2026-10-30", to: "2026-10-01", kwh: 99 },
      ],
      0,
    ],
  ])("%s", (_, spans, kwh) => {
    expect(kwhInPeriod(spans, period)).toBe(kwh);
  });
});

describe("capProgress", () => {
  it.each([
    [1, 1_020, { usedKwh: 1_020, capKwh: 1_400, remainingKwh: 380, over: false }],
    [2, 1_020, { usedKwh: 1_020, capKwh: 1_700, remainingKwh: 680, over: false }],
    [1, 1_400, { usedKwh: 1_400, capKwh: 1_400, remainingKwh: 0, over: false }],
    [1, 1_500, { usedKwh: 1_500, capKwh: 1_400, remainingKwh: 0, over: true }],
  ])("a household of %s that used %s kWh", (people, kwh, expected) => {
    const spans = [{ from: "2026-09-01", to: "2026-11-30", kwh }];
    expect(capProgress(spans, people, "2026-12-04")).toEqual({
      period: { from: "2026-09-01", to: "2026-12-31" },
      ...expected,
    });
  });
});

describe("renewalState", () => {
  it.each([
    ["2026-10-01", "not_yet"],
    ["2026-11-01", "due"],
    ["2026-12-31", "due"],
    ["2027-01-01", "lapsed"],
  ] as const)("on %s: %s", (today, state) => {
    expect(renewalState(terms, today)).toBe(state);
  });
});

describe("billDiscount", () => {
  it.each([
    [
      "all of a bill under the cap",
      { from: "2026-09-01", to: "2026-10-31", kwh: 600 },
      [],
      { kwh: 600, cents: 2_700 },
    ],
    [
      "up to what the earlier bills left",
      { from: "2026-11-01", to: "2026-11-30", kwh: 600 },
      [{ from: "2026-09-01", to: "2026-10-31", kwh: 1_000 }],
      { kwh: 400, cents: 1_800 },
    ],
    [
      "nothing once the cap is used up",
      { from: "2026-11-01", to: "2026-11-30", kwh: 600 },
      [{ from: "2026-09-01", to: "2026-10-31", kwh: 1_500 }],
      null,
    ],
    [
      "earlier bills of another period do not count",
      { from: "2026-09-01", to: "2026-09-30", kwh: 300 },
      [{ from: "2026-05-01", to: "2026-08-31", kwh: 1_400 }],
      { kwh: 300, cents: 1_350 },
    ],
    [
      "only the days the approval covers",
      { from: "2026-12-17", to: "2027-01-15", kwh: 300 },
      [],
      { kwh: 150, cents: 675 },
    ],
    ["a bill of no kWh", { from: "2026-09-01", to: "2026-09-30", kwh: 0 }, [], null],
  ])("%s", (_, bill, earlier, expected) => {
    const found = billDiscount(bill, earlier, terms);
    expect(found === null ? null : { kwh: found.kwh, cents: found.cents }).toEqual(expected);
  });

  it("category B takes its own rate, a bigger household its bigger cap", () => {
    const bill = { from: "2026-09-01", to: "2026-12-31", kwh: 2_000 };
    expect(billDiscount(bill, [], { ...terms, category: "B", household_size: 3 })).toEqual({
      kwh: 2_000,
      perKwh: 0.03,
      cents: 6_000,
    });
    expect(billDiscount(bill, [], terms)).toMatchObject({ kwh: 1_400, cents: 6_300 });
  });
});
