import type { Db } from "../db";
import { hit, LIMITS, windowOf } from "../services/throttle";

/**
 * Failed-attempt counters of the signed-out allSmart forms (captcha "throttling without JS",
 * design §4): per VAT and per IP, per UTC hour, in the shared `throttle_counters` table
 * (services/throttle.ts; scopes 'all-smart-vat' and 'all-smart-ip').
 */

export async function isThrottled(db: Db, vat: string | null, ip: string): Promise<boolean> {
  const { start } = windowOf(LIMITS.allSmartVat.windowSeconds);
  const rows = await db.$client
    .prepare(
      `SELECT scope, count FROM throttle_counters WHERE window_start = ?
       AND ((scope = ? AND key = ?) OR (scope = ? AND key = ?))`,
    )
    .bind(start, LIMITS.allSmartVat.scope, vat ?? "", LIMITS.allSmartIp.scope, ip)
    .all<{ scope: string; count: number }>();
  return rows.results.some((r: { scope: string; count: number }) =>
    r.scope === LIMITS.allSmartVat.scope
      ? r.count >= LIMITS.allSmartVat.max
      : r.count >= LIMITS.allSmartIp.max,
  );
}

export async function recordFailure(db: Db, vat: string | null, ip: string) {
  await hit(db, [
    { limit: LIMITS.allSmartIp, key: ip },
    ...(vat ? [{ limit: LIMITS.allSmartVat, key: vat }] : []),
  ]);
}

/** Development only: forget a VAT's failures and every IP's (tests re-run on the same database). */
export async function clearFailures(db: Db, vat: string) {
  await db.$client
    .prepare("DELETE FROM throttle_counters WHERE scope = ? OR (scope = ? AND key = ?)")
    .bind(LIMITS.allSmartIp.scope, LIMITS.allSmartVat.scope, vat)
    .run();
}
