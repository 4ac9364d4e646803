/**
 * The floor model: the least time any browser could need to show a page's own bytes over a
 * fresh connection, so the measured LCP can be judged against it (bench/README.md).
 *
 *   round trips = 1 (TCP handshake) + 1 (TLS 1.3 handshake) + slow-start rounds for the bytes
 *   floor       = round trips × RTT + bytes / bandwidth
 *
 * Slow start: the server may send an initial congestion window of 10 segments of 1460 B in the
 * first round (RFC 6928) and the window doubles every round trip after that. The request itself
 * rides on the first of those rounds, so even an empty response costs one round.
 */

export const MSS = 1460;
export const INITIAL_WINDOW_SEGMENTS = 10;
/** One initial congestion window: the bytes that arrive in the first round trip. */
export const INITIAL_WINDOW_BYTES = INITIAL_WINDOW_SEGMENTS * MSS;

export interface NetworkProfile {
  /** Name shown in the results ("mobile", "slow3g"). */
  name: string;
  /** Round-trip time, milliseconds. */
  rttMs: number;
  /** Download bandwidth, bits per second. */
  downBitsPerSecond: number;
  /** Upload bandwidth, bits per second. */
  upBitsPerSecond: number;
  /** CPU slowdown factor applied in Chromium (1 = none). */
  cpuSlowdown: number;
}

/** Lighthouse's mobile profile: 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown. */
export const MOBILE: NetworkProfile = {
  name: "mobile",
  rttMs: 150,
  downBitsPerSecond: 1_600_000,
  upBitsPerSecond: 750_000,
  cpuSlowdown: 4,
};

/** Chrome DevTools' "Slow 3G" preset: 400 ms RTT, 400 kbps both ways, no CPU slowdown. */
export const SLOW_3G: NetworkProfile = {
  name: "slow3g",
  rttMs: 400,
  downBitsPerSecond: 400_000,
  upBitsPerSecond: 400_000,
  cpuSlowdown: 1,
};

/** Round trips slow start needs to deliver `bytes` (at least one: the request's own). */
export function slowStartRounds(bytes: number, initialWindowBytes = INITIAL_WINDOW_BYTES): number {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`bytes must be ≥ 0: ${bytes}`);
  let rounds = 1;
  let window = initialWindowBytes;
  let delivered = window;
  while (delivered < bytes) {
    window *= 2;
    delivered += window;
    rounds += 1;
  }
  return rounds;
}

export interface Floor {
  /** Handshakes (TCP + TLS 1.3) plus slow-start rounds. */
  roundTrips: number;
  /** Time to put the bytes on the wire at the profile's bandwidth, ms. */
  transferMs: number;
  /** roundTrips × RTT + transferMs, ms. */
  floorMs: number;
}

/** The floor for `bytes` (compressed) on `profile`. */
export function floor(
  bytes: number,
  profile: Pick<NetworkProfile, "rttMs" | "downBitsPerSecond">,
): Floor {
  const roundTrips = 2 + slowStartRounds(bytes);
  const transferMs = ((bytes * 8) / profile.downBitsPerSecond) * 1000;
  return { roundTrips, transferMs, floorMs: roundTrips * profile.rttMs + transferMs };
}
