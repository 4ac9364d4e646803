/**
 * Quiet hours of the notices (#36 §2): none is sent between 22:00 and 08:00 Athens time. A notice
 * written then waits until 08:00 and is released over the next half hour (spread by its id), so
 * a bill run at night does not send ten thousand messages in the same second of the morning.
 * Codes, password resets, activations and notices to customers on life-support equipment are
 * never held (api/notify/events.ts says which notice is which).
 */

export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;
/** The morning's release is spread over this many seconds. */
export const RELEASE_SPREAD_SECONDS = 30 * 60;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Athens",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function athensParts(instant: Date) {
  const get = (type: string) =>
    Number(parts.formatToParts(instant).find((p) => p.type === type)?.value ?? "0");
  return { y: get("year"), m: get("month"), d: get("day"), h: get("hour") };
}

/** Whether `now` is within the quiet hours in Athens. */
export function isQuiet(now: Date): boolean {
  const { h } = athensParts(now);
  return h >= QUIET_FROM_HOUR || h < QUIET_UNTIL_HOUR;
}

/** The instant of 08:00 Athens on the Athens calendar day y-m-d (UTC+2 in winter, +3 in summer). */
function athensMorning(y: number, m: number, d: number): Date {
  for (const offset of [2, 3]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, QUIET_UNTIL_HOUR - offset));
    const at = athensParts(candidate);
    if (at.h === QUIET_UNTIL_HOUR && at.d === d) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d, QUIET_UNTIL_HOUR - 2));
}

/**
 * When a notice written at `now` may be sent: null at once (outside the quiet hours), else the
 * next 08:00 Athens plus `spreadKey` modulo the spread, in seconds.
 */
export function quietRelease(now: Date, spreadKey = 0): Date | null {
  if (!isQuiet(now)) return null;
  const { y, m, d, h } = athensParts(now);
  // Before 08:00 the morning is today's; from 22:00 it is the next calendar day's.
  const day =
    h < QUIET_UNTIL_HOUR ? new Date(Date.UTC(y, m - 1, d)) : new Date(Date.UTC(y, m - 1, d + 1));
  const morning = athensMorning(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  const spread = Math.abs(Math.trunc(spreadKey)) % RELEASE_SPREAD_SECONDS;
  return new Date(morning.getTime() + spread * 1000);
}
