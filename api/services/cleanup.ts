/**
 * The hourly clean-up (the Worker's `scheduled` handler, cron trigger in wrangler.toml): rows
 * whose time is over go, so that sessions, single-use links, counters and half-finished flows do
 * not pile up for ever. docs/decisions/0009-production-by-default.md has the retention table.
 *
 * One entry per table, run in the order listed (a table's children before the table itself:
 * D1 enforces foreign keys). To clean a new table, add one entry; tests/unit/cleanup.test.ts
 * fails while a table with an expiry column or a throttle counter has neither an entry here nor
 * a reason in KEPT_TABLES.
 *
 * Each statement gets one parameter, `?1`: the run's time as an ISO 8601 UTC string, the format
 * of every `*_at` column (api/lib/time.ts). Retention windows are computed from it in SQL with
 * `ago(…)`, so a rule reads as what it keeps.
 */
import { ACTIVITY_RETENTION_DAYS } from "../../core/activity";
import { VULNERABLE } from "../../core/hardship";

export interface CleanupRule {
  /** The table rows are deleted from. */
  table: string;
  /** What goes, in words (for the docs and the reader of the log). */
  goes: string;
  /** One DELETE statement; `?1` is the run's time (ISO 8601, UTC). */
  sql: string;
  /**
   * The column holding the R2 key of a row's file: the statement must `RETURNING` it, and the
   * objects of the deleted rows are deleted from the FILES bucket too.
   */
  r2Key?: string;
}

/** An ISO 8601 timestamp `interval` before the run's time (SQLite modifier, e.g. "1 day"). */
const ago = (interval: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ?1, '-${interval}')`;
/** The UTC hour (`YYYY-MM-DDTHH`) `interval` before the run's time, for hourly counters. */
const hourAgo = (interval: string) => `strftime('%Y-%m-%dT%H', ?1, '-${interval}')`;

/** Retention, in one place (also in the decision record). */
export const RETENTION = {
  /** Revoked sessions and used links are kept this long for support and incident questions. */
  afterUse: "1 day",
  /** Expired flows stay a day so a late reload says "expired" rather than "not found". */
  afterExpiry: "1 day",
  /** Throttle counters: the current and the previous window are all a limit ever reads. */
  counters: "1 day",
  /** Sent messages carry live links and codes: gone once the longest link (7 days) is dead. */
  outbox: "7 days",
  /** A card payment the gateway never reported back on (its own session lasts 30 minutes). */
  abandonedPayment: "7 days",
  /**
   * Notices sent once per event (#36): a batch re-sent within 13 months still sends nothing; a
   * bill is never sent again after that long.
   */
  noticeEvents: "400 days",
  /** The activity log (#18, core/activity.ts): two years, then gone. */
  activity: `${ACTIVITY_RETENTION_DAYS} days`,
} as const;

const SESSION_GONE = `expires_at <= ?1 OR revoked_at <= ${ago(RETENTION.afterUse)}`;
/** A flow whose Viva mandate order is still open waits until the reconciliation settles it. */
const DIRECT_DEBIT_FLOW_GONE = `expires_at <= ${ago(RETENTION.afterExpiry)}
  AND NOT EXISTS (SELECT 1 FROM direct_debit_orders o WHERE o.flow_id = direct_debit_flows.id
                   AND o.status = 'started' AND o.provider_order IS NOT NULL)`;
/**
 * A payment order still 'started' long after the gateway's session ended: nothing was recorded
 * for it and the test acquirer holds no approved charge for it (one it approved waits for
 * support instead: money may have moved). A Viva order (with an order code) is never abandoned
 * here: the hourly reconciliation settles it first (api/payments/reconcile.ts).
 */
const ABANDONED_ORDER = `status = 'started' AND created_at <= ${ago(RETENTION.abandonedPayment)}
  AND provider_order IS NULL
  AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.order_id = payment_orders.id)
  AND NOT EXISTS (SELECT 1 FROM gateway_payments g
                  WHERE g.merchant_order = payment_orders.id AND g.status = 'approved')`;

export const CLEANUP_RULES: readonly CleanupRule[] = [
  {
    table: "refresh_tokens",
    goes: "expired refresh tokens, and those of sessions that go below",
    sql: `DELETE FROM refresh_tokens WHERE expires_at <= ?1
            OR session_id IN (SELECT id FROM sessions WHERE ${SESSION_GONE})`,
  },
  {
    table: "sessions",
    goes: `expired sessions; revoked ones ${RETENTION.afterUse} after the revocation`,
    sql: `DELETE FROM sessions WHERE ${SESSION_GONE}`,
  },
  {
    table: "invitations",
    // A person whose invitation is gone shows "invitation expired" (api/people/rules.ts), as
    // with an expired one, until someone sends a new one.
    goes: `expired, used and withdrawn invitations, ${RETENTION.afterUse} after the fact`,
    sql: `DELETE FROM invitations WHERE expires_at <= ${ago(RETENTION.afterUse)}
            OR used_at <= ${ago(RETENTION.afterUse)} OR revoked_at <= ${ago(RETENTION.afterUse)}`,
  },
  {
    table: "action_tokens",
    goes: `expired activation, reset and sign-in links; used ones ${RETENTION.afterUse} after use`,
    sql: `DELETE FROM action_tokens WHERE expires_at <= ?1 OR used_at <= ${ago(RETENTION.afterUse)}`,
  },
  {
    // #19: the list keeps a revoked or expired token for a while, with its status; then it goes.
    table: "access_token_meters",
    goes: `the supplies of access tokens that go below`,
    sql: `DELETE FROM access_token_meters WHERE token_id IN (SELECT id FROM access_tokens
            WHERE expires_at <= ${ago("30 days")} OR revoked_at <= ${ago("30 days")})`,
  },
  {
    table: "access_tokens",
    goes: `expired and revoked personal access tokens, 30 days after the fact`,
    sql: `DELETE FROM access_tokens WHERE expires_at <= ${ago("30 days")}
            OR revoked_at <= ${ago("30 days")}`,
  },
  {
    table: "throttle_counters",
    goes: "every throttle's counters once their window has ended (migrations/0010)",
    sql: `DELETE FROM throttle_counters WHERE expires_at <= ?1`,
  },
  {
    table: "application_throttle",
    goes: "hourly counters of the application forms older than a day",
    sql: `DELETE FROM application_throttle WHERE period < ${hourAgo(RETENTION.counters)}`,
  },
  {
    table: "reading_keys",
    goes: "the reading form's idempotency keys and their first answers, once expired (#39)",
    sql: `DELETE FROM reading_keys WHERE expires_at <= ?1`,
  },
  {
    table: "outbox",
    goes: `sent emails and SMS older than ${RETENTION.outbox}`,
    sql: `DELETE FROM outbox WHERE created_at < ${ago(RETENTION.outbox)}`,
  },
  {
    table: "short_links",
    goes: `bill SMS short links, ${RETENTION.afterExpiry} after they (and their pay links) expire`,
    sql: `DELETE FROM short_links WHERE expires_at <= ${ago(RETENTION.afterExpiry)}`,
  },
  {
    table: "change_journal",
    goes: `the export's journal of what the portal collected, after ${RETENTION.noticeEvents} (the billing system reads it daily)`,
    sql: `DELETE FROM change_journal WHERE created_at < ${ago(RETENTION.noticeEvents)}`,
  },
  {
    table: "notice_events",
    goes: `the record that a notice was sent, after ${RETENTION.noticeEvents}`,
    sql: `DELETE FROM notice_events WHERE created_at < ${ago(RETENTION.noticeEvents)}`,
  },
  {
    table: "direct_debit_orders",
    goes: "the Viva mandate orders of direct-debit flows that go below (the mandate itself stays)",
    sql: `DELETE FROM direct_debit_orders
            WHERE flow_id IN (SELECT id FROM direct_debit_flows WHERE ${DIRECT_DEBIT_FLOW_GONE})`,
  },
  {
    table: "direct_debit_code_sends",
    goes: "the code sends of direct-debit flows that go below",
    sql: `DELETE FROM direct_debit_code_sends
            WHERE flow_id IN (SELECT id FROM direct_debit_flows WHERE ${DIRECT_DEBIT_FLOW_GONE})`,
  },
  {
    table: "direct_debit_flows",
    goes: `direct-debit set-ups (finished or abandoned) ${RETENTION.afterExpiry} after they expired`,
    sql: `DELETE FROM direct_debit_flows WHERE ${DIRECT_DEBIT_FLOW_GONE}`,
  },
  {
    table: "all_smart_flows",
    goes: `allSmart applications (finished or abandoned) ${RETENTION.afterExpiry} after they expired`,
    sql: `DELETE FROM all_smart_flows WHERE expires_at <= ${ago(RETENTION.afterExpiry)}`,
  },
  {
    table: "request_files",
    goes: "uploaded attachments never submitted with a request, once expired (row and R2 object)",
    sql: `DELETE FROM request_files WHERE request_id IS NULL AND expires_at <= ?1 RETURNING r2_key`,
    r2Key: "r2_key",
  },
  {
    // #38 §3: health data is kept no longer than the decision needs it (ADR 0033).
    table: "vulnerable_certificates",
    goes: `a register application's doctor's certificate, ${VULNERABLE.certificateRetentionDays} days after the decision (row and R2 object)`,
    sql: `DELETE FROM vulnerable_certificates WHERE application_id IN (
            SELECT id FROM vulnerable_applications
            WHERE decided_at IS NOT NULL
              AND decided_at <= ${ago(`${VULNERABLE.certificateRetentionDays} days`)})
          RETURNING r2_key`,
    r2Key: "r2_key",
  },
  {
    table: "application_drafts",
    goes: "transfer and new-supply drafts past their expiry",
    sql: `DELETE FROM application_drafts WHERE expires_at <= ?1`,
  },
  {
    table: "payment_order_items",
    goes: "the items of abandoned payment orders (below)",
    sql: `DELETE FROM payment_order_items
            WHERE order_id IN (SELECT id FROM payment_orders WHERE ${ABANDONED_ORDER})`,
  },
  {
    table: "gateway_payments",
    goes: "the test acquirer's unfinished charges of abandoned payment orders",
    sql: `DELETE FROM gateway_payments
            WHERE merchant_order IN (SELECT id FROM payment_orders WHERE ${ABANDONED_ORDER})`,
  },
  {
    table: "payment_orders",
    goes: `card payments still 'started' ${RETENTION.abandonedPayment} later, with nothing recorded`,
    sql: `DELETE FROM payment_orders WHERE ${ABANDONED_ORDER}`,
  },
  {
    table: "audit_log",
    goes: `activity log entries older than ${RETENTION.activity} (the database refuses younger ones)`,
    // Also older than two years by the database's own clock: the append-only trigger
    // (migrations/0012_people.sql) refuses the whole statement if one row is younger.
    sql: `DELETE FROM audit_log WHERE created_at < ${ago(RETENTION.activity)}
            AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years')`,
  },
];

/**
 * Tables that look as if they expire (an expiry column or a counter window) but are kept on
 * purpose, with the reason. A table must be in CLEANUP_RULES or here.
 */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  notices:
    "supplier content: expires_at is the last day a notice is shown, and past notices are history",
  questionnaire_answers: "answers are kept; period is the quarter that was answered",
  customers:
    "the accounts themselves: social_tariff_until and vulnerable_until (#36) are the end of a decision the billing system owns, not of the row",
};

/** The parts of D1 and R2 the clean-up uses (D1Database and R2Bucket fit). */
export interface CleanupDb {
  prepare(query: string): {
    bind(...values: unknown[]): {
      run(): Promise<{ meta: { changes?: number } }>;
      all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
    };
  };
}
export interface CleanupFiles {
  delete(keys: string | string[]): Promise<void>;
}

export interface CleanupReport {
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  /** Tables whose rule failed, with the error (the other rules still ran). */
  failed: Array<{ table: string; error: unknown }>;
}

/** Runs every rule in order; a failing rule is reported and the next one still runs. */
export async function runCleanup(
  db: CleanupDb,
  files: CleanupFiles,
  now: Date,
  rules: readonly CleanupRule[] = CLEANUP_RULES,
): Promise<CleanupReport> {
  const at = now.toISOString();
  const report: CleanupReport = { deleted: {}, failed: [] };
  for (const rule of rules) {
    try {
      // SQL text, not Drizzle: tests/unit/cleanup.test.ts runs these very rules on node:sqlite.
      const statement = db.prepare(rule.sql).bind(at);
      if (rule.r2Key) {
        const column = rule.r2Key;
        const { results } = await statement.all<Record<string, unknown>>();
        const keys = results
          .map((row) => row[column])
          .filter((key): key is string => typeof key === "string" && key !== "");
        // The rows are gone first: a file without a row is unreachable, a row without its
        // file would be a broken link. R2 deletes at most 1,000 keys per call.
        for (let i = 0; i < keys.length; i += 1000) await files.delete(keys.slice(i, i + 1000));
        report.deleted[rule.table] = results.length;
      } else {
        const { meta } = await statement.run();
        report.deleted[rule.table] = meta.changes ?? 0;
      }
    } catch (error) {
      report.failed.push({ table: rule.table, error });
    }
  }
  return report;
}
