import { describe, expect, it } from "vitest";
import { athensToday } from "./dates";

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
