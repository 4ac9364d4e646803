/**
 * `npm run bill-run`: a month of the billing system, through the back-office API (#36 §3,
 * docs/backoffice.md). Against the local portal (`npm start` running) it issues the next bill of
 * every Active supply of the demo households and small businesses (`--all`: of every supply),
 * posts the network operator's readings, records a few bank (RF) payments, and says where to
 * look: /dev/outbox has the e-bill emails and SMS, the customers' Messages the notices.
 *
 *   npm run bill-run                          local: http://127.0.0.1:8787, a credential made for it
 *   npm run bill-run -- --all                 every Active supply of the local database (the bench)
 *   BASE_URL=https://my.nrg.gr BACKOFFICE_CREDENTIAL=nrgbo_… npm run bill-run -- --supplies 1123…,0220…
 *                                             a deployment: bills for the supply numbers given
 *
 * Locally the supplies, their balances and last readings are read from the local D1 (wrangler);
 * the credential is the `bill-run` client's, rotated at every run (scripts/backoffice.ts).
 * Bills are keyed by supply and month: a second run in the same month changes nothing.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { localServiceCredential, queryD1 } from "./local-d1.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    all: { type: "boolean", default: false },
    supplies: { type: "string" },
    "persist-to": { type: "string" },
    quiet: { type: "boolean", default: false },
  },
  strict: true,
});
const base = (process.env.BASE_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");
const remote =
  Boolean(process.env.BASE_URL) && !/^http:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(base);
const persistTo = path.resolve(
  root,
  values["persist-to"] ?? (process.env.PERSIST_TO || ".wrangler/state"),
);
const BATCH = 500;

const log = (line: string) => {
  if (!values.quiet) console.log(line);
};

const d1 = <T>(sql: string) => queryD1<T>(sql, { persistTo });
const localCredential = () => localServiceCredential("bill-run", persistTo);

interface Supply {
  id: number;
  number: string;
  division: number;
  balance_cents: number;
  has_night: number;
  day: number | null;
  night: number | null;
  customer_id: number;
}

/** Athens's calendar day. */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Athens" }).format(new Date());
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const month = today.slice(0, 7);

function localSupplies(): Supply[] {
  const which = values.all
    ? ""
    : "AND m.customer_id IN (SELECT customer_id FROM meters GROUP BY customer_id HAVING count(*) <= 60)";
  // A supply already billed this month keeps the previous balance and readings that bill had,
  // so a second run sends the same items (unchanged).
  const billed = `(SELECT portal_id FROM backoffice_keys WHERE kind = 'invoice' AND external_key = 'BR-${month}-' || m.id)`;
  const before = `NOT EXISTS (SELECT 1 FROM backoffice_keys k WHERE k.kind = 'reading' AND k.portal_id = r.id AND k.external_key LIKE 'BR-${month}-%')`;
  return d1<Supply>(`
    SELECT m.id, m.division, m.has_night, m.customer_id,
      COALESCE((SELECT ypoloipo_cents FROM invoices WHERE id = ${billed}), max(0, m.running_total_cents)) AS balance_cents,
      CASE WHEN m.division = 1 THEN COALESCE(m.per_code,'') || COALESCE(m.id_code,'') || COALESCE(m.next_code,'') ELSE m.pod END AS number,
      (SELECT max(value) FROM readings r WHERE r.meter_id = m.id AND r.cp_code = '10' AND ${before}) AS day,
      (SELECT max(value) FROM readings r WHERE r.meter_id = m.id AND r.cp_code = '12' AND ${before}) AS night
    FROM meters m WHERE m.status = 'Active' ${which} ORDER BY m.customer_id, m.id`);
}

/** A month's consumption and bill, the same every run for a supply and a month. */
function billOf(s: Supply) {
  const seed = (s.id * 7919 + Number(month.replace("-", ""))) % 1000;
  const kwh = 120 + (seed % 380);
  const current = Math.round(kwh * (s.division === 1 ? 0.21 : 0.09) * 100) / 100 + 6;
  const cents = Math.round(current * 100);
  const energy = Math.round(cents * 0.62);
  const regulated = Math.round(cents * 0.23);
  const taxes = cents - energy - regulated;
  const previous = Math.max(0, s.balance_cents) / 100;
  return {
    key: `BR-${month}-${s.id}`,
    supply_number: s.number,
    invoice_no: `${month.replace("-", "")}${String(s.id).padStart(8, "0")}`,
    type: "Clearance",
    issue_date: today,
    date_due: addDays(today, 20),
    period_from: `${month}-01`,
    period_to: today,
    previous_balance: previous,
    current_amount: cents / 100,
    total: Math.round(previous * 100 + cents) / 100,
    lines: [
      { code: "energy", amount: energy / 100 },
      { code: "regulated", amount: regulated / 100 },
      { code: "taxes", amount: taxes / 100 },
    ],
    status: "unpaid",
    ...(s.division === 1 ? { day_kwh: kwh } : {}),
    kwh,
  };
}

/**
 * Sends `items` in batches of 500. A batch answers every item; the ones it had no room for
 * (refused `deferred`: D1's queries per invocation) are sent again until none is left. A lost
 * connection or a 5xx is sent once more: a batch is keyed, so nothing is applied twice.
 */
async function post(credential: string, route: string, items: unknown[]) {
  const summary = { created: 0, updated: 0, unchanged: 0, refused: 0, calls: 0 };
  const refusals = new Map<string, number>();
  const send = (batch: unknown[]) =>
    fetch(`${base}/api/backoffice/${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
      body: JSON.stringify({ items: batch }),
    });
  let pending = items;
  let stalled = 0;
  while (pending.length > 0) {
    const batch = pending.slice(0, BATCH);
    let response = await send(batch).catch(() => null);
    if (!response || response.status >= 500) {
      log(`  ${route}: ${response ? response.status : "connection lost"}, sending the batch again`);
      response = await send(batch);
    }
    if (response.status !== 200) {
      throw new Error(`POST /api/backoffice/${route}: ${response.status} ${await response.text()}`);
    }
    summary.calls += 1;
    const answer = (await response.json()) as {
      results: Array<{ index: number; outcome: keyof typeof summary; reason?: string }>;
    };
    // `in_progress`: a call that was lost still holds the item's key (a minute at most).
    const again = (r: { reason?: string }) => r.reason === "deferred" || r.reason === "in_progress";
    const deferred = answer.results.filter(again).map((r) => batch[r.index]);
    if (deferred.length === batch.length) {
      if (++stalled > 20) throw new Error(`${route}: the portal took no item of a batch`);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    } else stalled = 0;
    for (const r of answer.results) {
      if (again(r)) continue;
      summary[r.outcome] += 1;
      if (r.reason) refusals.set(r.reason, (refusals.get(r.reason) ?? 0) + 1);
    }
    pending = [...deferred, ...pending.slice(BATCH)];
  }
  const why = [...refusals].map(([reason, n]) => `${reason} ${n}`).join(", ");
  log(
    `  ${route.padEnd(9)} created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, refused ${summary.refused}${why ? ` (${why})` : ""} in ${summary.calls} calls`,
  );
  return summary;
}

async function main() {
  const started = Date.now();
  const credential = process.env.BACKOFFICE_CREDENTIAL || (remote ? "" : localCredential());
  if (!credential)
    throw new Error("Set BACKOFFICE_CREDENTIAL (npm run backoffice -- create-client …)");
  let supplies: Supply[];
  if (values.supplies) {
    supplies = values.supplies.split(",").map((number, i) => ({
      id: i + 1,
      number: number.trim(),
      division: number.trim().length === 14 ? 2 : 1,
      balance_cents: 0,
      has_night: 0,
      day: null,
      night: null,
      customer_id: 0,
    }));
  } else if (remote) {
    throw new Error("Against a deployment, name the supplies: --supplies <number>,<number>");
  } else {
    supplies = localSupplies();
  }
  log(`Bill run ${month} on ${base}: ${supplies.length} supplies`);
  const bills = supplies.map((s) => ({ supply: s, bill: billOf(s) }));
  await post(
    credential,
    "invoices",
    bills.map(({ bill: { kwh: _kwh, ...bill } }) => bill),
  );
  // The network operator's readings of the electricity supplies, read on the bill's last day.
  const readings = bills.flatMap(({ supply: s, bill }) =>
    s.division === 1 && s.day !== null
      ? [
          {
            key: `BR-${month}-${s.id}-day`,
            supply_number: s.number,
            date: today,
            register: "day",
            value: s.day + Math.round(bill.kwh * (s.has_night ? 0.7 : 1)),
            estimated: false,
          },
          ...(s.has_night && s.night !== null
            ? [
                {
                  key: `BR-${month}-${s.id}-night`,
                  supply_number: s.number,
                  date: today,
                  register: "night",
                  value: s.night + Math.round(bill.kwh * 0.3),
                  estimated: false,
                },
              ]
            : []),
        ]
      : [],
  );
  if (readings.length > 0) await post(credential, "readings", readings);
  // A few bank payments (RF code) of other customers than the first, which keeps its bill to pay.
  const first = supplies[0]?.customer_id;
  const paid = bills.filter(({ supply }) => supply.customer_id !== first).slice(0, 3);
  if (paid.length > 0) {
    await post(
      credential,
      "payments",
      paid.map(({ bill }) => ({
        key: `${bill.key}-rf`,
        supply_number: bill.supply_number,
        invoice_key: bill.key,
        amount: bill.total,
        paid_at: today,
        channel: "rf",
      })),
    );
  }
  log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (!remote) {
    log(
      `The notices: ${base}/dev/outbox · sign in as 100000003 (Demo2026!): the new bill and a message.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
