/**
 * The hourly clean-up (the Worker's `scheduled` handler, api/services/cleanup.ts) on the built
 * Worker and a local D1 with the demo data: triggered the way wrangler dev offers for cron
 * triggers (`/cdn-cgi/local/scheduled`), it deletes what is over and keeps what is live, table by
 * table, including the R2 object of an expired upload.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLEANUP_RULES } from "../../api/services/cleanup.ts";
import { logLine, startServer, type TestServer } from "./server.ts";

const root = path.resolve(import.meta.dirname, "../..");
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ logLevel: "log" });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const now = Date.now();
/** An ISO timestamp `hours` from the run's time (negative: in the past). */
const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
const hour = (hours: number) => at(hours).slice(0, 13);

function r2Exists(key: string): boolean {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules", "wrangler", "bin", "wrangler.js"),
      "r2",
      "object",
      "get",
      `nrg-portal-files/${key}`,
      "--local",
      "--persist-to",
      server.persistDir,
      "--pipe",
      "--config",
      "wrangler.toml",
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    },
  );
  return result.status === 0 && result.stdout.length > 0;
}

describe("#14 run like a live service: the scheduled clean-up on a local D1", () => {
  it("deletes expired and abandoned rows, keeps live ones, and logs one line", async () => {
    const [ids] = server.query<{ user: number; customer: number; meter: number; afm: string }>(
      `SELECT u.id AS user, u.customer_id AS customer, c.afm AS afm,
              (SELECT m.id FROM meters m WHERE m.customer_id = u.customer_id LIMIT 1) AS meter
         FROM users u JOIN customers c ON c.id = u.customer_id ORDER BY u.id LIMIT 1`,
    );
    expect(ids).toBeTruthy();
    const { user, customer, meter, afm } = ids as NonNullable<typeof ids>;
    server.r2Put(
      "requests/itest/expired.pdf",
      new TextEncoder().encode("%PDF-1.4"),
      "application/pdf",
    );
    server.r2Put(
      "requests/itest/live.pdf",
      new TextEncoder().encode("%PDF-1.4"),
      "application/pdf",
    );

    // Each row's id says whether it must go ("gone-…") or stay ("kept-…").
    server.query(
      [
        `INSERT INTO sessions (id, user_id, created_at, expires_at, revoked_at) VALUES
          ('gone-expired', ${user}, '${at(-30)}', '${at(-18)}', NULL),
          ('gone-revoked', ${user}, '${at(-50)}', '${at(10)}', '${at(-48)}'),
          ('kept-live', ${user}, '${at(-1)}', '${at(11)}', NULL),
          ('kept-revoked-recently', ${user}, '${at(-2)}', '${at(10)}', '${at(-1)}')`,
        `INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES
          ('gone-of-expired-session', 'gone-expired', '${at(-30)}', '${at(-18)}'),
          ('gone-of-revoked-session', 'gone-revoked', '${at(-50)}', '${at(10)}'),
          ('kept-live', 'kept-live', '${at(-1)}', '${at(11)}')`,
        `INSERT INTO action_tokens (id, user_id, purpose, created_at, expires_at, used_at) VALUES
          ('gone-expired', ${user}, 'reset', '${at(-3)}', '${at(-2)}', NULL),
          ('gone-used', ${user}, 'activate', '${at(-50)}', '${at(100)}', '${at(-48)}'),
          ('kept-live', ${user}, 'reset', '${at(-0.2)}', '${at(0.8)}', NULL),
          ('kept-used-recently', ${user}, 'activate', '${at(-2)}', '${at(100)}', '${at(-1)}')`,
        `INSERT INTO invitations (id, user_id, invited_by, created_at, expires_at, used_at, revoked_at) VALUES
          ('gone-expired', ${user}, ${user}, '${at(-200)}', '${at(-32)}', NULL, NULL),
          ('gone-used', ${user}, ${user}, '${at(-50)}', '${at(100)}', '${at(-48)}', NULL),
          ('gone-revoked', ${user}, ${user}, '${at(-50)}', '${at(100)}', NULL, '${at(-48)}'),
          ('kept-live', ${user}, ${user}, '${at(-1)}', '${at(167)}', NULL, NULL),
          ('kept-expired-recently', ${user}, ${user}, '${at(-170)}', '${at(-2)}', NULL, NULL),
          ('kept-used-recently', ${user}, ${user}, '${at(-2)}', '${at(100)}', '${at(-1)}', NULL)`,
        // #19: personal access tokens stay listed 30 days after they expire or are revoked.
        `INSERT INTO access_tokens (id, user_id, customer_id, name, scopes, all_supplies, created_at, expires_at, revoked_at) VALUES
          ('gone-expired', ${user}, ${customer}, 'a', 'bills', 1, '${at(-24 * 400)}', '${at(-24 * 31)}', NULL),
          ('gone-revoked', ${user}, ${customer}, 'b', 'bills', 0, '${at(-24 * 60)}', '${at(24 * 100)}', '${at(-24 * 31)}'),
          ('kept-live', ${user}, ${customer}, 'c', 'bills', 0, '${at(-24)}', '${at(24 * 100)}', NULL),
          ('kept-revoked-recently', ${user}, ${customer}, 'd', 'bills', 1, '${at(-48)}', '${at(24 * 100)}', '${at(-24)}'),
          ('kept-expired-recently', ${user}, ${customer}, 'e', 'bills', 1, '${at(-24 * 90)}', '${at(-48)}', NULL)`,
        `INSERT INTO access_token_meters (token_id, meter_id) VALUES
          ('gone-revoked', ${meter}), ('kept-live', ${meter})`,
        // The activity log: two years (731 days), then gone.
        `INSERT INTO audit_log (user_id, customer_id, action, created_at) VALUES
          (${user}, ${customer}, 'gone-itest', '${at(-24 * 740)}'),
          (${user}, ${customer}, 'kept-itest', '${at(-24 * 700)}')`,
        `INSERT INTO throttle_counters (scope, key, window_start, expires_at, count) VALUES
          ('login-vat', 'gone-itest', '${at(-2)}', '${at(-1)}', 4),
          ('contact-ip', 'kept-itest', '${at(-0.5)}', '${at(0.5)}', 2)`,
        `INSERT INTO application_throttle (scope, key, period, count) VALUES
          ('submit', 'gone-itest', '${hour(-49)}', 2), ('submit', 'kept-itest', '${hour(0)}', 2)`,
        `INSERT INTO outbox (id, channel, recipient, subject, body, created_at) VALUES
          (990001, 'email', 'x@example.com', 'gone-old', 'b', '${at(-8 * 24)}'),
          (990002, 'email', 'x@example.com', 'kept-recent', 'b', '${at(-24)}')`,
        `INSERT INTO direct_debit_flows (id, customer_id, afm, mobile, created_at, expires_at) VALUES
          ('gone-itest', ${customer}, '${afm}', '6900000000', '${at(-49)}', '${at(-48)}'),
          ('kept-expired-recently', ${customer}, '${afm}', '6900000000', '${at(-2)}', '${at(-1)}'),
          ('kept-live', ${customer}, '${afm}', '6900000000', '${at(-0.1)}', '${at(0.4)}'),
          ('kept-viva-open', ${customer}, '${afm}', '6900000000', '${at(-49)}', '${at(-48)}')`,
        // A Viva mandate order goes with its flow once settled; an open one keeps its flow.
        `INSERT INTO direct_debit_orders (id, flow_id, meter_id, amount_cents, provider_order, status, created_at) VALUES
          ('gone-settled', 'gone-itest', ${meter}, 30, '9900000000000001', 'failed', '${at(-49)}'),
          ('kept-open', 'kept-viva-open', ${meter}, 30, '9900000000000002', 'started', '${at(-49)}')`,
        `INSERT INTO direct_debit_code_sends (flow_id, kind, sent_at) VALUES
          ('gone-itest', 'first', '${at(-49)}'), ('kept-live', 'first', '${at(-0.1)}')`,
        `INSERT INTO all_smart_flows (id, customer_id, vat, phone, choice, created_at, expires_at) VALUES
          ('gone-itest', ${customer}, '${afm}', '6900000000', 'connect', '${at(-74)}', '${at(-50)}'),
          ('kept-live', ${customer}, '${afm}', '6900000000', 'connect', '${at(-1)}', '${at(23)}')`,
        `INSERT INTO requests (id, reference, user_id, kind, payload, file_key) VALUES
          (990001, 'ITEST-990001', ${user}, 'contact', '{}', 'requests/itest/linked.pdf')`,
        `INSERT INTO request_files (id, user_id, request_id, r2_key, name, content_type, size, created_at, expires_at) VALUES
          ('gone-itest', ${user}, NULL, 'requests/itest/expired.pdf', 'a.pdf', 'application/pdf', 8, '${at(-30)}', '${at(-6)}'),
          ('kept-live', ${user}, NULL, 'requests/itest/live.pdf', 'b.pdf', 'application/pdf', 8, '${at(-1)}', '${at(23)}'),
          ('kept-linked', ${user}, 990001, 'requests/itest/linked.pdf', 'c.pdf', 'application/pdf', 8, '${at(-30)}', '${at(-6)}')`,
        `INSERT INTO application_drafts (id, kind, created_at, updated_at, expires_at) VALUES
          ('gone-itest', 'transfer', '${at(-60)}', '${at(-60)}', '${at(-12)}'),
          ('kept-live', 'transfer', '${at(-1)}', '${at(-1)}', '${at(47)}')`,
        `INSERT INTO payment_orders (id, reference, user_id, channel, return_to, amount_cents, status, created_at) VALUES
          ('gone-abandoned', 'ITEST-P1', ${user}, 'portal', '/b2b', 1000, 'started', '${at(-8 * 24)}'),
          ('kept-approved-at-acquirer', 'ITEST-P2', ${user}, 'portal', '/b2b', 1000, 'started', '${at(-8 * 24)}'),
          ('kept-recent', 'ITEST-P3', ${user}, 'portal', '/b2b', 1000, 'started', '${at(-1)}'),
          ('kept-failed', 'ITEST-P4', ${user}, 'portal', '/b2b', 1000, 'failed', '${at(-8 * 24)}')`,
        `INSERT INTO payment_order_items (order_id, meter_id, amount_cents) VALUES
          ('gone-abandoned', ${meter}, 1000), ('kept-recent', ${meter}, 1000)`,
        // #36: SMS short links a day after they expire; notice records and the export's journal after 400 days.
        `INSERT INTO short_links (code, path, expires_at, created_at) VALUES
          ('gone-itest', '/pay/x', '${at(-25)}', '${at(-24 * 61)}'),
          ('kept-live', '/pay/y', '${at(24 * 59)}', '${at(-1)}')`,
        `INSERT INTO notice_events (event, customer_id, created_at) VALUES
          ('gone-itest', ${customer}, '${at(-24 * 401)}'), ('kept-itest', ${customer}, '${at(-24 * 399)}')`,
        `INSERT INTO change_journal (kind, row_id, customer_id, created_at) VALUES
          ('gone-itest', 1, ${customer}, '${at(-24 * 401)}'), ('kept-itest', 1, ${customer}, '${at(-24 * 399)}')`,
        // #39: the reading form's idempotency keys, once expired.
        `INSERT INTO reading_keys (user_id, idempotency_key, fingerprint, status, body, created_at, expires_at) VALUES
          (${user}, 'gone-itest', 'f', 201, '{}', '${at(-24 * 31)}', '${at(-1)}'),
          (${user}, 'kept-itest', 'f', 201, '{}', '${at(-1)}', '${at(24 * 29)}')`,
        // #38 §3: a register application's certificate, 30 days after the decision (health data).
        `INSERT INTO vulnerable_applications (id, meter_id, user_id, category, status, decided_at, created_at, updated_at) VALUES
          (990001, ${meter}, ${user}, 'life_support', 'approved', '${at(-24 * 31)}', '${at(-24 * 40)}', '${at(-24 * 31)}'),
          (990002, ${meter}, ${user}, 'life_support', 'rejected', '${at(-24 * 29)}', '${at(-24 * 40)}', '${at(-24 * 29)}'),
          (990003, ${meter}, ${user}, 'life_support', 'submitted', NULL, '${at(-24 * 60)}', '${at(-24 * 60)}')`,
        `INSERT INTO vulnerable_certificates (application_id, r2_key, name, content_type, size, created_at) VALUES
          (990001, 'gone-itest', 'a.pdf', 'application/pdf', 8, '${at(-24 * 40)}'),
          (990002, 'kept-decided-recently', 'b.pdf', 'application/pdf', 8, '${at(-24 * 40)}'),
          (990003, 'kept-undecided', 'c.pdf', 'application/pdf', 8, '${at(-24 * 60)}')`,
        `INSERT INTO gateway_payments (id, merchant_order, amount_cents, status, created_at) VALUES
          ('gone-challenge', 'gone-abandoned', 1000, 'challenge', '${at(-8 * 24)}'),
          ('kept-approved', 'kept-approved-at-acquirer', 1000, 'approved', '${at(-8 * 24)}')`,
      ].join(";\n"),
    );

    const response = await fetch(
      `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&time=${now}&format=json`,
    );
    expect(await response.json()).toMatchObject({ outcome: "ok" });

    // One row, one JSON array per table (D1 allows only a few terms in a compound SELECT).
    const column: Record<string, string> = {
      sessions: "id",
      refresh_tokens: "token_hash",
      action_tokens: "id",
      invitations: "id",
      access_tokens: "id",
      access_token_meters: "token_id",
      audit_log: "action",
      throttle_counters: "key",
      application_throttle: "key",
      outbox: "subject",
      direct_debit_flows: "id",
      direct_debit_code_sends: "flow_id",
      direct_debit_orders: "id",
      all_smart_flows: "id",
      request_files: "id",
      application_drafts: "id",
      payment_orders: "id",
      payment_order_items: "order_id",
      gateway_payments: "id",
      short_links: "code",
      notice_events: "event",
      change_journal: "kind",
      reading_keys: "idempotency_key",
      vulnerable_certificates: "r2_key",
    };
    const [row] = server.query<Record<string, string>>(
      `SELECT ${Object.entries(column)
        .map(
          ([table, key]) =>
            `(SELECT json_group_array(${key}) FROM ${table}
               WHERE ${key} LIKE 'gone-%' OR ${key} LIKE 'kept-%') AS ${table}`,
        )
        .join(", ")}`,
    );
    const mine = (table: string) => (JSON.parse(row?.[table] ?? "[]") as string[]).sort();

    const expected: Record<string, string[]> = {
      sessions: ["kept-live", "kept-revoked-recently"],
      refresh_tokens: ["kept-live"],
      action_tokens: ["kept-live", "kept-used-recently"],
      invitations: ["kept-expired-recently", "kept-live", "kept-used-recently"],
      access_tokens: ["kept-expired-recently", "kept-live", "kept-revoked-recently"],
      access_token_meters: ["kept-live"],
      audit_log: ["kept-itest"],
      throttle_counters: ["kept-itest"],
      application_throttle: ["kept-itest"],
      outbox: ["kept-recent"],
      direct_debit_flows: ["kept-expired-recently", "kept-live", "kept-viva-open"],
      direct_debit_code_sends: ["kept-live"],
      direct_debit_orders: ["kept-open"],
      all_smart_flows: ["kept-live"],
      request_files: ["kept-linked", "kept-live"],
      application_drafts: ["kept-live"],
      payment_orders: ["kept-approved-at-acquirer", "kept-failed", "kept-recent"],
      payment_order_items: ["kept-recent"],
      gateway_payments: ["kept-approved"],
      short_links: ["kept-live"],
      notice_events: ["kept-itest"],
      change_journal: ["kept-itest"],
      reading_keys: ["kept-itest"],
      vulnerable_certificates: ["kept-decided-recently", "kept-undecided"],
    };
    // Every table of the clean-up list is exercised here.
    expect(Object.keys(expected).sort()).toEqual(CLEANUP_RULES.map((r) => r.table).sort());
    for (const [table, ids] of Object.entries(expected)) expect(mine(table), table).toEqual(ids);

    // The expired upload's file went with its row; the live one's stayed.
    expect(r2Exists("requests/itest/expired.pdf")).toBe(false);
    expect(r2Exists("requests/itest/live.pdf")).toBe(true);

    // One structured line for the run, with what it deleted.
    const line = await logLine(server, (l) => l.startsWith('{"type":"cleanup"'));
    expect(line, server.log().slice(-3000)).toBeTruthy();
    const logged = JSON.parse(line as string) as {
      deleted: Record<string, number>;
      failed: string[];
    };
    expect(logged.failed).toEqual([]);
    expect(logged.deleted.sessions).toBeGreaterThanOrEqual(2);
    expect(logged.deleted.request_files).toBeGreaterThanOrEqual(1);
    // Several wrangler calls (a few seconds each on a busy machine).
  }, 180_000);
});
