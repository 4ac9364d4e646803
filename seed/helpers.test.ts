import { describe, expect, it } from "vitest";
import { addDays, addMonths, minDate, monthOf, pad, stamp } from "./dates.ts";
import { prng, seedFor } from "./random.ts";
import { ADDRESSES, addressAt } from "./reference.ts";

describe("seed dates", () => {
  it("adds days across months and leap years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });

  it("adds calendar months, clamping the day to the target month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-11-25", -12)).toBe("2025-11-25");
    expect(addMonths("2026-11-25", 2)).toBe("2027-01-25");
  });

  it("formats stamps, pads numbers, picks the earlier date and the month index", () => {
    expect(stamp("2026-11-25")).toBe("2026-11-25T09:00:00.000Z");
    expect(stamp("2026-11-25", "10:30:00.000")).toBe("2026-11-25T10:30:00.000Z");
    expect(pad(42, 5)).toBe("00042");
    expect(minDate("2026-01-02", "2025-12-31")).toBe("2025-12-31");
    expect(monthOf("2026-01-15")).toBe(0);
    expect(monthOf("2026-12-15")).toBe(11);
  });
});

describe("seed randomness and reference data", () => {
  it("gives the same draws for the same seed, in the asked ranges", () => {
    const draws = (seed: number) => {
      const rng = prng(seed);
      return [rng.next(), rng.int(1, 6), rng.digits(9), rng.pick(["a", "b", "c"]), rng.chance(0.5)];
    };
    expect(draws(seedFor(1))).toEqual(draws(seedFor(1)));
    expect(draws(seedFor(1))).not.toEqual(draws(seedFor(2)));
    const rng = prng(7);
    for (let i = 0; i < 1_000; i++) {
      const n = rng.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
      expect(rng.digits(9)).toMatch(/^[1-9]\d{8}$/);
    }
  });

  it("counts addresses round the list", () => {
    expect(addressAt(0)).toBe(ADDRESSES[0]);
    expect(addressAt(ADDRESSES.length + 3)).toBe(ADDRESSES[3]);
  });
});
