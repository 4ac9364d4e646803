import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { floor, INITIAL_WINDOW_BYTES, MOBILE, SLOW_3G, slowStartRounds } from "./floor";

describe("slowStartRounds", () => {
  test("one round for anything that fits the initial window of 10 × 1460 B", () => {
    expect(INITIAL_WINDOW_BYTES).toBe(14_600);
    expect(slowStartRounds(0)).toBe(1);
    expect(slowStartRounds(1)).toBe(1);
    expect(slowStartRounds(14_600)).toBe(1);
  });

  test("the window doubles each round: 14 600, +29 200, +58 400 …", () => {
    expect(slowStartRounds(14_601)).toBe(2);
    expect(slowStartRounds(43_800)).toBe(2);
    expect(slowStartRounds(43_801)).toBe(3);
    expect(slowStartRounds(102_200)).toBe(3);
    expect(slowStartRounds(102_201)).toBe(4);
  });

  test("rejects negative or non-finite sizes", () => {
    expect(() => slowStartRounds(-1)).toThrow(RangeError);
    expect(() => slowStartRounds(Number.NaN)).toThrow(RangeError);
  });

  test("rounds never decrease as the page grows, and r rounds carry 14 600 × (2^r − 1) B", () => {
    fc.assert(
      fc.property(fc.nat(5_000_000), fc.nat(100_000), (bytes, extra) => {
        const rounds = slowStartRounds(bytes);
        expect(slowStartRounds(bytes + extra)).toBeGreaterThanOrEqual(rounds);
        expect(bytes).toBeLessThanOrEqual(INITIAL_WINDOW_BYTES * (2 ** rounds - 1));
        if (rounds > 1)
          expect(bytes).toBeGreaterThan(INITIAL_WINDOW_BYTES * (2 ** (rounds - 1) - 1));
      }),
    );
  });
});

describe("floor", () => {
  test("a 14 KB page on the mobile profile: 3 round trips + 14 000 B at 1.6 Mbps", () => {
    const result = floor(14_000, MOBILE);
    expect(result.roundTrips).toBe(3);
    expect(result.transferMs).toBeCloseTo(70, 6);
    expect(result.floorMs).toBeCloseTo(3 * 150 + 70, 6);
  });

  test("a 28 KB page needs a fourth round trip", () => {
    const result = floor(28_000, MOBILE);
    expect(result.roundTrips).toBe(4);
    expect(result.floorMs).toBeCloseTo(4 * 150 + 140, 6);
  });

  test("slow 3G: 400 ms round trips at 400 kbps", () => {
    const result = floor(50_000, SLOW_3G);
    expect(result.roundTrips).toBe(5);
    expect(result.floorMs).toBeCloseTo(5 * 400 + 1000, 6);
  });
});
