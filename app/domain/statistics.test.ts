import { describe, expect, it } from "vitest";
import {
  buildStatistics,
  GAS_KWH_PER_M3,
  invoiceCost,
  monthLabel,
  parseYears,
  shiftMonth,
  splitByMonth,
  statisticsMonths,
} from "./statistics";

const clearance = (
  from: string,
  to: string,
  kwh: number,
  energy: number,
  consumption_source: "actual" | "estimated" | null = "actual",
) => ({
  type: "Clearance" as const,
  consumption_source,
  period_from: from,
  period_to: to,
  consumption_from: from,
  consumption_to: to,
  energy,
  regulated: 0,
  municipality: 0,
  taxes: 0,
  day_kwh: kwh,
  night_kwh: 0,
});

describe("years and months", () => {
  it("reads ?years= as 1, 2 or 3", () => {
    expect(parseYears("2")).toBe(2);
    expect(parseYears("3")).toBe(3);
    for (const bad of [null, "", "0", "4", "1.5", "abc"]) expect(parseYears(bad)).toBe(1);
  });

  it("lists 12 months per year ending with the given month", () => {
    const months = statisticsMonths("2026-11", 1);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-12");
    expect(months.at(-1)).toBe("2026-11");
    expect(statisticsMonths("2026-11", 3)).toHaveLength(36);
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(monthLabel("2026-03")).toBe("03/2026");
  });
});

describe("splitByMonth", () => {
  it("shares a value by the days of each month in the period", () => {
    // 10 days in January, 20 in February.
    const shares = splitByMonth("2026-01-22", "2026-02-20", 300);
    expect([...shares.keys()]).toEqual(["2026-01", "2026-02"]);
    expect(shares.get("2026-01")).toBeCloseTo(100);
    expect(shares.get("2026-02")).toBeCloseTo(200);
  });

  it("keeps the total", () => {
    const shares = splitByMonth("2026-08-12", "2026-11-11", 1234);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1234);
    expect(shares.size).toBe(4);
  });

  it("gives nothing for a reversed period", () => {
    expect(splitByMonth("2026-02-01", "2026-01-01", 10).size).toBe(0);
  });
});

describe("buildStatistics", () => {
  const invoices = [
    clearance("2026-01-01", "2026-03-31", 900, 180),
    { ...clearance("2026-04-01", "2026-04-30", 999, 999), type: "Advance" as const },
  ];

  it("uses Clearance invoices only and marks months without one as null", () => {
    const stats = buildStatistics({
      invoices,
      periods: [],
      gas: false,
      endMonth: "2026-04",
      years: 1,
    });
    expect(stats.unit).toBe("kWh");
    const byMonth = Object.fromEntries(stats.months.map((m) => [m.month, m]));
    expect(byMonth["2026-01"]?.consumption).toBe(310); // 31 of 90 days
    expect(byMonth["2026-02"]?.consumption).toBe(280);
    expect(byMonth["2026-03"]?.consumption).toBe(310);
    expect(byMonth["2026-04"]?.consumption).toBeNull();
    expect(byMonth["2025-05"]?.cost).toBeNull();
    expect(stats.totals.consumption).toBe(900);
    expect(stats.totals.cost).toBe(180);
    expect(stats.hasMetered).toBe(false);
  });

  it("marks the months an estimated Clearance covers as estimated (issue #20)", () => {
    const stats = buildStatistics({
      invoices: [
        clearance("2026-01-01", "2026-03-31", 900, 180),
        clearance("2026-04-01", "2026-05-31", 600, 120, "estimated"),
        { ...clearance("2026-06-01", "2026-06-30", 99, 9, "estimated"), type: "Advance" as const },
      ],
      periods: [],
      gas: false,
      endMonth: "2026-06",
      years: 1,
    });
    const estimated = stats.months.filter((m) => m.estimated).map((m) => m.month);
    expect(estimated).toEqual(["2026-04", "2026-05"]);
  });

  it("sums and averages per calendar year over the months with data", () => {
    const stats = buildStatistics({
      invoices,
      periods: [],
      gas: false,
      endMonth: "2026-04",
      years: 1,
    });
    expect(stats.years.map((y) => y.year)).toEqual(["2025", "2026"]);
    const y2026 = stats.years[1];
    expect(y2026).toMatchObject({ months: 4, monthsWithData: 3, consumption: 900, cost: 180 });
    expect(y2026?.avgConsumption).toBe(300);
    expect(y2026?.avgCost).toBe(60);
    expect(stats.years[0]).toMatchObject({ monthsWithData: 0, avgConsumption: null });
  });

  it("converts gas kWh into m³", () => {
    const stats = buildStatistics({
      invoices: [clearance("2026-03-01", "2026-03-31", 1120, 50)],
      periods: [],
      gas: true,
      endMonth: "2026-03",
      years: 1,
    });
    expect(stats.unit).toBe("m³");
    expect(stats.months.at(-1)?.consumption).toBe(Math.round(1120 / GAS_KWH_PER_M3));
    expect(stats.months.at(-1)?.cost).toBe(50);
  });

  it("adds metered consumption from reading periods, starting the day after a reading", () => {
    const stats = buildStatistics({
      invoices: [],
      periods: [{ from: "2026-01-31", to: "2026-02-28", day: 200, night: 80 }],
      gas: false,
      endMonth: "2026-02",
      years: 1,
    });
    expect(stats.hasMetered).toBe(true);
    expect(stats.months.at(-1)?.metered).toBe(280);
    expect(stats.months.at(-2)?.metered).toBeNull();
  });

  it("costs a bill as energy + regulated + municipality + taxes", () => {
    expect(
      invoiceCost({ ...clearance("a", "b", 0, 10), regulated: 2.5, municipality: 1, taxes: 0.75 }),
    ).toBe(14.25);
  });
});
