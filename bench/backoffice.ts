/**
 * The back-office part of `npm run bench` (#36): a batch of 500 new bills through POST
 * /api/backoffice/invoices (wall time and the D1 calls the Worker made, from its development
 * Server-Timing), then `npm run bill-run -- --all` over every Active supply of the served
 * database (the demo's, or `npm run scale`'s when BENCH_STATE points at one), timed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { localServiceCredential, queryD1 } from "../scripts/local-d1.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

import type { BackofficeFigures } from "./budgets.ts";

const d1 = <T>(stateDir: string, sql: string) => queryD1<T>(sql, { persistTo: stateDir });

export async function backofficePhase(
  baseURL: string,
  stateDir: string,
  log: (line: string) => void,
): Promise<BackofficeFigures> {
  const bearer = localServiceCredential("bench", stateDir);
  const supplies = d1<{ id: number; number: string }>(
    stateDir,
    `SELECT id, CASE WHEN division = 1 THEN COALESCE(per_code,'') || COALESCE(id_code,'') || COALESCE(next_code,'') ELSE pod END AS number
       FROM meters WHERE status = 'Active' ORDER BY id LIMIT 500`,
  );
  const stamp = Date.now().toString(36);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Athens" }).format(new Date());
  const items = supplies.map((s, i) => ({
    key: `BENCH-${stamp}-${i}`,
    supply_number: s.number,
    invoice_no: `B${stamp}${String(i).padStart(4, "0")}`.slice(0, 20),
    type: "Clearance",
    issue_date: today,
    date_due: today,
    previous_balance: 0,
    current_amount: 42.5,
    total: 42.5,
    lines: [
      { code: "energy", amount: 30 },
      { code: "regulated", amount: 8.5 },
      { code: "taxes", amount: 4 },
    ],
    status: "paid",
  }));
  log(`back office: ${items.length} bills, sent as the billing system would (deferred ones again)`);
  let batchMs: number | null = null;
  let batchD1Calls: number | null = 0;
  let requests = 0;
  const started = performance.now();
  let pending = items;
  let stalled = 0;
  /** Sent again: no room in the call (`deferred`), or a lost call's key (`in_progress`). */
  const again = (r: { reason?: string }) => r.reason === "deferred" || r.reason === "in_progress";
  try {
    while (pending.length > 0) {
      const send = () =>
        fetch(`${baseURL}/api/backoffice/invoices`, {
          method: "POST",
          headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
          body: JSON.stringify({ items: pending }),
        });
      // As the billing system would: a lost call is sent once more (its items are keyed).
      let response = await send().catch(() => null);
      if (!response || response.status >= 500) {
        log("back office: a lost call, sent again");
        response = await send();
      }
      const answer = (await response.json()) as {
        results?: Array<{ index: number; outcome: string; reason?: string }>;
      };
      requests += 1;
      const calls = /calls=(\d+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
      batchD1Calls =
        calls === undefined || batchD1Calls === null ? null : batchD1Calls + Number(calls);
      const results = answer.results ?? [];
      if (response.status !== 200 || results.some((r) => r.outcome === "refused" && !again(r))) {
        throw new Error(`${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
      }
      const deferred = results.filter(again).map((r) => pending[r.index]!);
      if (deferred.length === pending.length) {
        // Only keys a lost call still holds (a minute at most): wait for them.
        if (++stalled > 20) throw new Error("no bill was taken");
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      } else stalled = 0;
      pending = deferred;
    }
    batchMs = performance.now() - started;
    log(
      `back office: ${items.length} bills in ${requests} calls, ${(batchMs / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    log(`back office: the batch failed: ${error instanceof Error ? error.message : String(error)}`);
    batchD1Calls = null;
  }
  const [{ n: active } = { n: 0 }] = d1<{ n: number }>(
    stateDir,
    "SELECT count(*) AS n FROM meters WHERE status = 'Active'",
  );
  log(`back office: a bill run over ${active} supplies`);
  const runStarted = performance.now();
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, "scripts", "bill-run.ts"), "--all", "--quiet", "--persist-to", stateDir],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, BASE_URL: baseURL },
      timeout: 30 * 60_000,
    },
  );
  const billRunMs = run.status === 0 ? performance.now() - runStarted : null;
  if (run.status !== 0) log(`back office: the bill run failed: ${run.stderr.slice(-500)}`);
  return { batchItems: items.length, batchMs, batchD1Calls, billRunSupplies: active, billRunMs };
}

/** `node bench/backoffice.ts <baseURL> <stateDir>`: the part alone, against a running portal. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseURL = "http://127.0.0.1:8787", stateDir = path.join(ROOT, ".wrangler", "state")] =
    process.argv.slice(2);
  console.log(
    JSON.stringify(await backofficePhase(baseURL, path.resolve(stateDir), console.error)),
  );
}
