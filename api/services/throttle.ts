import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { loginAttempts } from "../db/schema";
import { todayUtc } from "../lib/time";

/** Failed logins allowed per UTC day (spec §8 "daily attempts exceeded"; design §3). */
export const MAX_FAILURES_PER_VAT = 10;
export const MAX_FAILURES_PER_IP = 100;

export type ThrottleKey = { scope: "vat" | "ip"; key: string };

async function failures(db: Db, { scope, key }: ThrottleKey, day: string) {
  const row = await db.query.loginAttempts.findFirst({
    where: and(
      eq(loginAttempts.scope, scope),
      eq(loginAttempts.key, key),
      eq(loginAttempts.day, day),
    ),
  });
  return row?.failures ?? 0;
}

export async function isThrottled(db: Db, vat: string, ip: string): Promise<boolean> {
  const day = todayUtc();
  const [byVat, byIp] = await Promise.all([
    failures(db, { scope: "vat", key: vat }, day),
    failures(db, { scope: "ip", key: ip }, day),
  ]);
  return byVat >= MAX_FAILURES_PER_VAT || byIp >= MAX_FAILURES_PER_IP;
}

export async function recordFailure(db: Db, vat: string, ip: string) {
  const day = todayUtc();
  const upsert = (scope: "vat" | "ip", key: string) =>
    db
      .insert(loginAttempts)
      .values({ scope, key, day, failures: 1 })
      .onConflictDoUpdate({
        target: [loginAttempts.scope, loginAttempts.key, loginAttempts.day],
        set: { failures: sql`${loginAttempts.failures} + 1` },
      });
  await db.batch([upsert("vat", vat), upsert("ip", ip)]);
}
