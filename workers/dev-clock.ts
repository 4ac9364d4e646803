import { isDevelopment } from "../core/environment";

/**
 * Development and tests only: `DEV_CLOCK` (an instant, `2026-12-01T23:30:00Z`) sets the Worker's
 * clock. The first request, queue batch or cron run of an isolate starts it there and it runs on
 * from that instant, so a test can be at 23:30 UTC, when the Athens calendar day is already the
 * next one (#35 §3), whatever the hour it runs at.
 *
 * It replaces the global `Date` with one shifted by a fixed offset (`new Date()` and `Date.now()`;
 * dates built from a value are untouched), so every module's "now" moves together. Production
 * never reads the variable (core/environment.ts: anything but `ENVIRONMENT=development` is
 * production); tests/security/production.test.ts proves it on the deploy's configuration.
 */
const RealDate = Date;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
let installed: string | null = null;
let installedOffset = 0;

export function useDevClock(env: { ENVIRONMENT?: string; DEV_CLOCK?: string }): void {
  const at = env.DEV_CLOCK;
  if (!at || !isDevelopment(env) || installed === at || !INSTANT.test(at)) return;
  const start = RealDate.parse(at);
  if (Number.isNaN(start)) return;
  installed = at;
  const offset = start - RealDate.now();
  installedOffset = offset;
  globalThis.Date = shiftedDate(offset);
}

/**
 * An instant the runtime gives in real time (a cron trigger's `scheduledTime`) on the Worker's
 * clock: shifted like `Date.now()` under DEV_CLOCK, unchanged otherwise (production). Without
 * it the hourly clean-up judged sessions made on the dev clock by the real one, and deleted a
 * test's sessions whenever the real time was 12 h past the dev clock's.
 */
export function onWorkerClock(realMs: number): number {
  return realMs + installedOffset;
}

/** A Date whose "now" is `offset` ms from the real one; everything else is the real Date's. */
export function shiftedDate(offset: number): DateConstructor {
  const now = () => RealDate.now() + offset;
  // A class, so `instanceof Date` and the prototype's methods hold for the dates it makes.
  class DevDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return now();
    }
  }
  // Called without `new`, Date gives now as a string: keep that too.
  return new Proxy(DevDate, {
    apply: () => new RealDate(now()).toString(),
  }) as unknown as DateConstructor;
}
