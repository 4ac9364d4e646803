import { DEMO } from "./accounts.ts";
import { addDays, stamp } from "./dates.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * The household's personal access tokens (#19), so that anyone can try the API at once against
 * the local server (docs/api/tokens.md). Local demo data only, like every seed row: the secrets
 * are public. The seed stays pure (no hashing here): the ids are the secrets' SHA-256 (hex),
 * checked by seed/tokens.test.ts.
 */
export const DEMO_TOKENS = {
  /** Active: bills, payments, readings, consumption; every supply; no personal details. */
  read: {
    secret: "nrg_demo_read_100000003",
    id: "51d2bc41c15322c3115896227e0a6f87a94a41e345094cd393cafe1a132c8d7b",
  },
  /** Revoked ten days ago: every call with it is 401. */
  revoked: {
    secret: "nrg_demo_revoked_100000003",
    id: "0cd0ca0ed13f6b8c8da4c88cf35b73ba426978386e399aa198547711db95dcd6",
  },
} as const;

const q = (value: string | null) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

export const tokensSeed: SeedExtra = ({ today }) => {
  const d = DEMO.household;
  const scopes = "bills,payments,readings,consumption";
  const rows: Array<[string, string, string, string, string | null, string | null]> = [
    // id, name, created, expires (a year after seeding at most), revoked, last use
    [
      DEMO_TOKENS.read.id,
      "Demo: read-only",
      stamp(today, "09:00:00.000"),
      stamp(addDays(today, 365), "09:00:00.000"),
      null,
      null,
    ],
    [
      DEMO_TOKENS.revoked.id,
      "Demo: revoked",
      stamp(addDays(today, -40), "10:00:00.000"),
      stamp(addDays(today, 50), "10:00:00.000"),
      stamp(addDays(today, -10), "18:30:00.000"),
      stamp(addDays(today, -12), "07:15:00.000"),
    ],
  ];
  const values = rows.map(
    ([id, name, created, expires, revoked, used]) =>
      `(${q(id)}, ${d.userId}, ${d.customerId}, ${q(name)}, ${q(scopes)}, 1, ${q(created)}, ${q(expires)}, ${q(revoked)}, ${q(used)}, ${q(used)}, ${used ? q("203.0.113.7") : "NULL"})`,
  );
  return `INSERT INTO access_tokens (id, user_id, customer_id, name, scopes, all_supplies, created_at, expires_at, revoked_at, first_used_at, last_used_at, last_used_ip) VALUES\n${values.join(",\n")};`;
};
