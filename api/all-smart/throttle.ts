import { and, eq, or } from "drizzle-orm";
import type { Db } from "../db";
import { throttleCounters } from "../db/schema";
import { hit, LIMITS, windowOf } from "../services/throttle";

/**
 * Failed-attempt counters of the signed-out allSmart forms (captcha "throttling without JS",
 * design §4): per VAT and per IP, per UTC hour, in the shared `throttle_counters` table
 * (services/throttle.ts; scopes 'all-smart-vat' and 'all-smart-ip').
 */

export async function isThrottled(db: Db, vat: string | null, ip: string): Promise<boolean> {
  const { start } = windowOf(LIMITS.allSmartVat.windowSeconds);
  const t = throttleCounters;
  const rows = await db
    .select({ scope: t.scope, count: t.count })
    .from(t)
    .where(
      and(
        eq(t.window_start, start),
        or(
          and(eq(t.scope, LIMITS.allSmartVat.scope), eq(t.key, vat ?? "")),
          and(eq(t.scope, LIMITS.allSmartIp.scope), eq(t.key, ip)),
        ),
      ),
    );
  return rows.some((r) =>
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
  const t = throttleCounters;
  await db
    .delete(t)
    .where(
      or(
        eq(t.scope, LIMITS.allSmartIp.scope),
        and(eq(t.scope, LIMITS.allSmartVat.scope), eq(t.key, vat)),
      ),
    );
}
