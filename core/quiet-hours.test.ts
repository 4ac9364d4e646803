import { describe, expect, it } from "vitest";
import { isQuiet, quietRelease, RELEASE_SPREAD_SECONDS } from "./quiet-hours";

describe("quiet hours, 22:00–08:00 Athens", () => {
  it.each([
    // Winter (UTC+2): 21:59 Athens is 19:59 UTC; 22:00 is 20:00 UTC; 07:59 is 05:59 UTC.
    ["2026-12-03T19:59:00Z", false],
    ["2026-12-03T20:00:00Z", true],
    ["2026-12-03T23:30:00Z", true],
    ["2026-12-04T05:59:00Z", true],
    ["2026-12-04T06:00:00Z", false],
    // Summer (UTC+3): 22:00 Athens is 19:00 UTC; 08:00 is 05:00 UTC.
    ["2026-07-10T18:59:00Z", false],
    ["2026-07-10T19:00:00Z", true],
    ["2026-07-11T04:59:00Z", true],
    ["2026-07-11T05:00:00Z", false],
  ])("%s quiet: %s", (at, quiet) => {
    expect(isQuiet(new Date(at))).toBe(quiet);
    expect(quietRelease(new Date(at)) === null).toBe(!quiet);
  });

  it("holds a notice until the next 08:00 Athens, in winter and in summer", () => {
    expect(quietRelease(new Date("2026-12-03T23:30:00Z"))?.toISOString()).toBe(
      "2026-12-04T06:00:00.000Z",
    );
    expect(quietRelease(new Date("2026-12-03T21:00:00Z"))?.toISOString()).toBe(
      "2026-12-04T06:00:00.000Z",
    );
    expect(quietRelease(new Date("2026-12-04T03:00:00Z"))?.toISOString()).toBe(
      "2026-12-04T06:00:00.000Z",
    );
    expect(quietRelease(new Date("2026-07-10T20:00:00Z"))?.toISOString()).toBe(
      "2026-07-11T05:00:00.000Z",
    );
    // The last night of the year and the night the clocks go back (25 October 2026).
    expect(quietRelease(new Date("2026-12-31T21:00:00Z"))?.toISOString()).toBe(
      "2027-01-01T06:00:00.000Z",
    );
    expect(quietRelease(new Date("2026-10-24T20:00:00Z"))?.toISOString()).toBe(
      "2026-10-25T06:00:00.000Z",
    );
  });

  it("spreads the morning's release over half an hour by the notice's id", () => {
    const at = new Date("2026-12-03T23:30:00Z");
    const base = Date.parse("2026-12-04T06:00:00Z");
    expect(quietRelease(at, 61)!.getTime() - base).toBe(61_000);
    expect(quietRelease(at, RELEASE_SPREAD_SECONDS + 5)!.getTime() - base).toBe(5_000);
  });
});
