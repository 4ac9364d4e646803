import { afterEach, describe, expect, it } from "vitest";
import { athensToday } from "../core/dates";
import { onWorkerClock, shiftedDate, useDevClock } from "./dev-clock";

const RealDate = Date;
afterEach(() => {
  globalThis.Date = RealDate;
});

describe("the dev clock (DEV_CLOCK, development only)", () => {
  it("shifts now, keeps dates built from a value, and stays a Date", () => {
    const offset = RealDate.parse("2026-12-01T23:30:00Z") - RealDate.now();
    const D = shiftedDate(offset);
    const now = new D();
    expect(Math.abs(now.getTime() - RealDate.parse("2026-12-01T23:30:00Z"))).toBeLessThan(1000);
    expect(Math.abs(D.now() - now.getTime())).toBeLessThan(1000);
    expect(now).toBeInstanceOf(RealDate);
    expect(new D("2020-01-02T03:04:05Z").toISOString()).toBe("2020-01-02T03:04:05.000Z");
    expect(new D(0).getTime()).toBe(0);
    expect(D.UTC(2026, 0, 1)).toBe(RealDate.UTC(2026, 0, 1));
    expect(typeof (D as unknown as () => string)()).toBe("string");
  });

  it("at 23:30 UTC the Athens day is the next one", () => {
    useDevClock({ ENVIRONMENT: "development", DEV_CLOCK: "2026-12-01T23:30:00Z" });
    expect(new Date().toISOString().slice(0, 16)).toBe("2026-12-01T23:30");
    expect(athensToday()).toBe("2026-12-02");
    // A cron trigger's real instant is moved onto the same clock (the hourly clean-up's "now").
    const real = RealDate.now();
    expect(Math.abs(onWorkerClock(real) - RealDate.parse("2026-12-01T23:30:00Z"))).toBeLessThan(
      1000,
    );
  });

  it.each([
    [{ DEV_CLOCK: "2001-01-01T00:00:00Z" }],
    [{ ENVIRONMENT: "production", DEV_CLOCK: "2001-01-01T00:00:00Z" }],
    [{ ENVIRONMENT: "Development", DEV_CLOCK: "2001-01-01T00:00:00Z" }],
    [{ ENVIRONMENT: "development", DEV_CLOCK: "yesterday" }],
    [{ ENVIRONMENT: "development", DEV_CLOCK: "2001-01-01" }],
  ])("is ignored outside development and for anything but an instant: %o", (env) => {
    useDevClock(env);
    expect(globalThis.Date).toBe(RealDate);
  });
});
