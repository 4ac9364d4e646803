import { describe, expect, it } from "vitest";
import { athensDayOf, athensToday } from "./dates";

describe("athensToday", () => {
  it("is the date in Athens, not in UTC", () => {
    // 23:30 UTC is already the next day in Athens (UTC+2 in winter, UTC+3 in summer).
    expect(athensToday(new Date("2026-11-24T23:30:00Z"))).toBe("2026-11-25");
    expect(athensToday(new Date("2026-07-15T21:30:00Z"))).toBe("2026-07-16");
    expect(athensToday(new Date("2026-07-15T20:59:59Z"))).toBe("2026-07-15");
    // Moved here from bill-status.test.ts and meters.test.ts (one function now).
    expect(athensToday(new Date("2026-11-24T21:59:00Z"))).toBe("2026-11-24");
    expect(athensToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });

  it("defaults to now", () => {
    const before = athensToday(new Date());
    const value = athensToday();
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([before, athensToday(new Date())]).toContain(value);
  });
});

describe("athensDayOf", () => {
  it("is the Athens day of a UTC stamp at the day's edges, winter and summer", () => {
    // Winter (UTC+2): 21:59 UTC is still the day, 22:00 UTC the next; 23:30 UTC the next.
    expect(athensDayOf("2026-12-01T21:59:59.999Z")).toBe("2026-12-01");
    expect(athensDayOf("2026-12-01T22:00:00.000Z")).toBe("2026-12-02");
    expect(athensDayOf("2026-12-01T22:18:00Z")).toBe("2026-12-02");
    expect(athensDayOf("2026-12-01T23:30:00Z")).toBe("2026-12-02");
    // Summer (UTC+3): 20:59 UTC is still the day, 21:00 UTC the next.
    expect(athensDayOf("2026-07-15T20:59:59Z")).toBe("2026-07-15");
    expect(athensDayOf("2026-07-15T21:00:00Z")).toBe("2026-07-16");
    expect(athensDayOf(new Date("2026-07-15T23:30:00Z"))).toBe("2026-07-16");
    // The clocks change at 01:00 UTC (last Sunday of March and of October).
    expect(athensDayOf("2026-03-28T21:59:00Z")).toBe("2026-03-28");
    expect(athensDayOf("2026-03-28T22:00:00Z")).toBe("2026-03-29");
    expect(athensDayOf("2026-10-24T20:59:00Z")).toBe("2026-10-24");
    expect(athensDayOf("2026-10-24T21:00:00Z")).toBe("2026-10-25");
    // New year in Athens before it in UTC.
    expect(athensDayOf("2026-12-31T22:30:00Z")).toBe("2027-01-01");
  });

  it("keeps a calendar day as it is and gives null for no date", () => {
    expect(athensDayOf("2026-12-01")).toBe("2026-12-01");
    expect(athensDayOf(null)).toBeNull();
    expect(athensDayOf(undefined)).toBeNull();
    expect(athensDayOf("")).toBeNull();
    expect(athensDayOf("not a date")).toBeNull();
  });
});
