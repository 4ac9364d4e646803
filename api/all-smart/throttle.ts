import type { Db } from "../db";
import { hourBucket, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_VAT } from "./rules";

/**
 * Failed-attempt counters of the signed-out allSmart forms (captcha "throttling without JS",
 * design §4): per VAT and per IP, per UTC hour, in D1.
 */
const FLOW = "all-smart";

export async function isThrottled(db: Db, vat: string | null, ip: string): Promise<boolean> {
  const hour = hourBucket();
  const rows = await db.$client
    .prepare(
      "SELECT scope, failures FROM flow_attempts WHERE flow = ? AND hour = ? AND ((scope = 'vat' AND key = ?) OR (scope = 'ip' AND key = ?))",
    )
    .bind(FLOW, hour, vat ?? "", ip)
    .all<{ scope: string; failures: number }>();
  return rows.results.some((r: { scope: string; failures: number }) =>
    r.scope === "vat" ? r.failures >= MAX_FAILURES_PER_VAT : r.failures >= MAX_FAILURES_PER_IP,
  );
}

export async function recordFailure(db: Db, vat: string | null, ip: string) {
  const hour = hourBucket();
  const upsert = (scope: "vat" | "ip", key: string) =>
    db.$client
      .prepare(
        "INSERT INTO flow_attempts (flow, scope, key, hour, failures) VALUES (?, ?, ?, ?, 1) ON CONFLICT (flow, scope, key, hour) DO UPDATE SET failures = failures + 1",
      )
      .bind(FLOW, scope, key, hour);
  const statements = [upsert("ip", ip)];
  if (vat) statements.push(upsert("vat", vat));
  await db.$client.batch(statements);
}

/** Development only: forget a VAT's failures and every IP's (tests re-run on the same database). */
export async function clearFailures(db: Db, vat: string) {
  await db.$client
    .prepare(
      "DELETE FROM flow_attempts WHERE flow = ? AND (scope = 'ip' OR (scope = 'vat' AND key = ?))",
    )
    .bind(FLOW, vat)
    .run();
}
