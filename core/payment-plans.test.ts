import { describe, expect, it } from "vitest";
import { PAYMENT_PLAN } from "./hardship";
import {
  addMonthsClamped,
  coveredByPlan,
  instalmentCounts,
  instalmentState,
  isMissed,
  lastDayToPay,
  maxInstalments,
  missedInstalment,
  nextInstalment,
  planEligibility,
  planInterestBasisPoints,
  planSchedule,
} from "./payment-plans";
import type { Role } from "./contract/users";

const today = "2026-12-04";
const supply = (cents: number, status = "Active", due: string | null = "2026-11-20") => ({
  status,
  running_total_cents: cents,
  last_invoice_due_date: due,
});

describe("planEligibility", () => {
  const cases: [string, Role, ReturnType<typeof supply>, boolean, string | true][] = [
    ["overdue 50,00 €, master", "master", supply(50_00), false, true],
    ["an admin may too", "admin", supply(120_00), false, true],
    ["a Stopped supply's final balance", "master", supply(80_00, "Stopped"), false, true],
    ["a business user may not", "user", supply(120_00), false, "not_permitted"],
    [
      "an Inactive supply cannot be paid",
      "master",
      supply(120_00, "Inactive"),
      false,
      "not_payable",
    ],
    ["one live plan per supply", "master", supply(120_00), true, "plan_open"],
    ["due today is not overdue", "master", supply(120_00, "Active", today), false, "not_overdue"],
    ["no bill, nothing overdue", "master", supply(120_00, "Active", null), false, "not_overdue"],
    ["a credit owes nothing", "master", supply(-5_00), false, "not_overdue"],
    ["49,99 € is below the minimum", "master", supply(49_99), false, "below_minimum"],
  ];
  it.each(cases)("%s", (_name, role, s, hasLivePlan, expected) => {
    const result = planEligibility({ role, supply: s, hasLivePlan, today });
    expect(result.eligible ? true : result.reason).toBe(expected);
  });
});

describe("instalmentCounts", () => {
  const cases: [number, boolean, number[]][] = [
    [50_00, false, [2]],
    [59_99, false, [2]],
    [60_00, false, [2, 3]],
    [39_99, false, []],
    [240_00, false, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    [1_000_00, false, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    [1_000_00, true, Array.from({ length: 23 }, (_, i) => i + 2)],
    [300_00, true, Array.from({ length: 14 }, (_, i) => i + 2)],
  ];
  it.each(cases)("%i cents, registered %s", (total, registered, expected) => {
    expect(instalmentCounts(total, registered)).toEqual(expected);
  });

  it("every count offered keeps each instalment at or above the minimum", () => {
    for (const total of [50_00, 61_37, 99_99, 245_01, 479_99]) {
      for (const count of instalmentCounts(total, true)) {
        const schedule = planSchedule({
          totalCents: total,
          count,
          start: today,
          interestBasisPoints: 0,
        });
        expect(Math.min(...schedule.map((i) => i.amount_cents))).toBeGreaterThanOrEqual(
          PAYMENT_PLAN.minInstalmentCents,
        );
      }
    }
  });

  it("the maximum is 12, 24 on the register", () => {
    expect(maxInstalments(false)).toBe(12);
    expect(maxInstalments(true)).toBe(24);
  });
});

describe("addMonthsClamped", () => {
  const cases: [string, number, string][] = [
    ["2026-12-04", 0, "2026-12-04"],
    ["2026-12-04", 1, "2027-01-04"],
    ["2026-01-31", 1, "2026-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2026-01-31", 2, "2026-03-31"],
    ["2026-08-31", 1, "2026-09-30"],
    ["2026-12-31", 14, "2028-02-29"],
  ];
  it.each(cases)("%s + %i months = %s", (start, months, expected) => {
    expect(addMonthsClamped(start, months)).toBe(expected);
  });
});

describe("planSchedule", () => {
  it("first due on the start day, then monthly on the same day, month-end clamped", () => {
    const s = planSchedule({
      totalCents: 400_00,
      count: 4,
      start: "2026-10-31",
      interestBasisPoints: 0,
    });
    expect(s.map((i) => i.due_date)).toEqual([
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
    ]);
    expect(s.map((i) => i.n)).toEqual([1, 2, 3, 4]);
  });

  const splits: [number, number, number[]][] = [
    [100_00, 3, [33_34, 33_33, 33_33]],
    [100_01, 2, [50_01, 50_00]],
    [245_17, 6, [40_87, 40_86, 40_86, 40_86, 40_86, 40_86]],
    [50_00, 2, [25_00, 25_00]],
  ];
  it.each(splits)(
    "%i cents in %i: the remainder on the first, the sum exact",
    (total, count, expected) => {
      const s = planSchedule({ totalCents: total, count, start: today, interestBasisPoints: 0 });
      expect(s.map((i) => i.amount_cents)).toEqual(expected);
      expect(s.reduce((sum, i) => sum + i.amount_cents, 0)).toBe(total);
      expect(s.every((i) => i.interest_cents === 0)).toBe(true);
    },
  );

  it("interest: monthly on the principal still unpaid, none on the first", () => {
    // 1 200,00 € in 3 at 6 % a year: 400 € each; 800 € unpaid for a month → 4,00 €; 400 € → 2,00 €.
    const s = planSchedule({
      totalCents: 1_200_00,
      count: 3,
      start: today,
      interestBasisPoints: 600,
    });
    expect(s.map((i) => i.interest_cents)).toEqual([0, 4_00, 2_00]);
    expect(s.map((i) => i.amount_cents)).toEqual([400_00, 404_00, 402_00]);
    expect(s.reduce((sum, i) => sum + i.principal_cents, 0)).toBe(1_200_00);
  });

  it("interest is rounded per instalment to the cent", () => {
    // 100,01 € in 2 at 5 %: 50,00 € unpaid a month → 50,00 × 0,05 / 12 = 0,2083… → 0,21 €.
    const s = planSchedule({
      totalCents: 100_01,
      count: 2,
      start: today,
      interestBasisPoints: 500,
    });
    expect(s.map((i) => i.interest_cents)).toEqual([0, 21]);
  });

  it("refuses a count below one", () => {
    expect(() =>
      planSchedule({ totalCents: 100, count: 0, start: today, interestBasisPoints: 0 }),
    ).toThrow();
  });
});

describe("planInterestBasisPoints", () => {
  it("never for a registered customer; the configured rate otherwise (0 in the demo)", () => {
    expect(planInterestBasisPoints(true, 600)).toBe(0);
    expect(planInterestBasisPoints(false, 600)).toBe(600);
    expect(planInterestBasisPoints(false)).toBe(PAYMENT_PLAN.interestBasisPoints);
    expect(PAYMENT_PLAN.interestBasisPoints).toBe(0);
  });
});

describe("missed instalments", () => {
  const unpaid = (n: number, due_date: string) => ({ n, due_date, paid_at: null });
  const cases: [string, string | null, string, boolean][] = [
    ["2026-11-01", null, "2026-11-16", false],
    ["2026-11-01", null, "2026-11-17", true],
    ["2026-11-01", "2026-11-20T10:00:00Z", "2026-12-30", false],
    ["2026-12-04", null, "2026-12-04", false],
  ];
  it.each(cases)("due %s, paid %s, on %s: missed %s", (due, paid, on, expected) => {
    expect(isMissed({ n: 1, due_date: due, paid_at: paid }, on)).toBe(expected);
  });

  it("the grace is PAYMENT_PLAN.graceDays", () => {
    expect(lastDayToPay("2026-11-01")).toBe("2026-11-16");
    expect(PAYMENT_PLAN.graceDays).toBe(15);
  });

  it("states: paid, due, late, missed, upcoming", () => {
    expect(instalmentState({ n: 1, due_date: today, paid_at: "2026-12-04T09:00:00Z" }, today)).toBe(
      "paid",
    );
    expect(instalmentState(unpaid(1, today), today)).toBe("due");
    expect(instalmentState(unpaid(1, "2026-11-30"), today)).toBe("late");
    expect(instalmentState(unpaid(1, "2026-11-01"), today)).toBe("missed");
    expect(instalmentState(unpaid(2, "2027-01-04"), today)).toBe("upcoming");
  });

  it("the first missed one, and the next to pay", () => {
    const list = [
      { n: 2, due_date: "2026-11-04", paid_at: null },
      { n: 1, due_date: "2026-10-04", paid_at: "2026-10-04" },
      { n: 3, due_date: "2026-12-04", paid_at: null },
    ];
    expect(missedInstalment(list, today)?.n).toBe(2);
    expect(missedInstalment(list, "2026-11-19")).toBeNull();
    expect(nextInstalment(list)?.n).toBe(2);
    expect(nextInstalment(list.map((i) => ({ ...i, paid_at: "x" })))).toBeNull();
  });
});

describe("coveredByPlan", () => {
  const plan = { status: "kept", created_at: "2026-12-03T23:30:00Z" };
  it("a kept plan covers the bills issued up to its day in Athens", () => {
    // 23:30 UTC on the 3rd is the 4th in Athens.
    expect(coveredByPlan({ issue_date: "2026-12-04" }, plan)).toBe(true);
    expect(coveredByPlan({ issue_date: "2026-11-01" }, plan)).toBe(true);
    expect(coveredByPlan({ issue_date: "2026-12-05" }, plan)).toBe(false);
  });
  it("an open (unpaid), ended or completed plan covers nothing", () => {
    for (const status of ["open", "ended", "completed"]) {
      expect(coveredByPlan({ issue_date: "2026-11-01" }, { ...plan, status })).toBe(false);
    }
    expect(coveredByPlan({ issue_date: "2026-11-01" }, null)).toBe(false);
  });
});
