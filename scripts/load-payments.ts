/**
 * The payments part of `npm run load` (scripts/load.ts): while the browsing load runs, card
 * payments through the loopback Viva stand-in (tests/support/viva-stub.ts) by several workers at
 * once. Each order is paid at "Viva", then told to the portal the way Viva does, all at the same
 * moment: the customer's return and two copies of the webhook (some orders the webhook alone, the
 * customer never coming back). Afterwards every order must be recorded exactly once (the balances
 * fell by exactly what was paid) and none may be left pending.
 */
import type { VivaStub } from "../tests/support/viva-stub.ts";

export interface PaymentLoadReport {
  orders: number;
  recorded: number;
  pending: number;
  /** Cents the balances fell by, against the cents paid: equal when nothing was recorded twice. */
  paidCents: number;
  balanceDropCents: number;
  errors: string[];
  p50: number;
  p99: number;
}

interface Payer {
  token: string;
  userId: number;
  meters: number[];
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${response.status}: ${text.slice(0, 120)}`);
  }
}

export async function loadPayments(
  base: string,
  viva: VivaStub,
  accounts: { vat: string; userId: number; password: string }[],
  seconds: number,
  workers = 4,
): Promise<PaymentLoadReport> {
  const payers: Payer[] = [];
  for (const a of accounts) {
    const login = await fetch(`${base}/api/v2/auth/login`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${a.vat}:${a.password}`).toString("base64")}`,
        origin: base,
      },
    });
    const body = await json<{ data: { access_token: string } }>(login);
    payers.push({ token: body.data.access_token, userId: a.userId, meters: [] });
  }
  const balances = async () => {
    const all = new Map<number, number>();
    for (const p of payers) {
      const r = await fetch(`${base}/api/users/${p.userId}/meters`, {
        headers: { authorization: `Bearer ${p.token}` },
      });
      const body = await json<{ data: { id: number; status: string; running_total: number }[] }>(r);
      for (const m of body.data) all.set(m.id, Math.round(m.running_total * 100));
      // Pay supplies that owe enough for the whole run (some 40 € each).
      if (p.meters.length === 0) {
        p.meters = body.data
          .filter((m) => m.status === "Active" && m.running_total >= 40)
          .slice(0, 20)
          .map((m) => m.id);
      }
    }
    return all;
  };
  const before = await balances();
  if (payers.some((p) => p.meters.length === 0)) throw new Error("an account owes too little");
  const report: PaymentLoadReport = {
    orders: 0,
    recorded: 0,
    pending: 0,
    paidCents: 0,
    balanceDropCents: 0,
    errors: [],
    p50: 0,
    p99: 0,
  };
  const placed: { reference: string; payer: Payer }[] = [];
  const took: number[] = [];
  const end = Date.now() + seconds * 1000;
  let n = 0;

  async function worker() {
    while (Date.now() < end) {
      const i = n++;
      const payer = payers[i % payers.length];
      if (!payer) return;
      const meter = payer.meters[i % payer.meters.length] ?? 0;
      const cents = 30 + (i % 50);
      const started = performance.now();
      try {
        const r = await fetch(`${base}/api/payments/orders`, {
          method: "POST",
          headers: { authorization: `Bearer ${payer.token}`, "content-type": "application/json" },
          body: JSON.stringify({ items: [{ meter_id: meter, amount: cents / 100 }] }),
        });
        const order = await json<{ data?: { reference: string; redirect_url: string } }>(r);
        if (!order.data) throw new Error(`order ${r.status}`);
        report.orders += 1;
        report.paidCents += cents;
        placed.push({ reference: order.data.reference, payer });
        const code = new URL(order.data.redirect_url).searchParams.get("ref") ?? "";
        const txn = viva.pay(code);
        const tell: Promise<unknown>[] = [
          viva.sendWebhook(txn.transactionId),
          viva.sendWebhook(txn.transactionId),
        ];
        // Every third customer closes the tab: the webhooks alone record it.
        if (i % 3 !== 0) {
          tell.push(
            fetch(`${base}/api/payments/return`, {
              method: "POST",
              headers: { "content-type": "application/json", origin: base },
              body: JSON.stringify({ t: txn.transactionId, s: code }),
            }).then((x) => x.arrayBuffer()),
          );
        }
        await Promise.all(tell);
        took.push(performance.now() - started);
      } catch (error) {
        report.errors.push(String(error));
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker));

  // The webhooks' work runs after their answer: wait until every order is settled.
  const statusOf = async ({ reference, payer }: (typeof placed)[number]) => {
    const r = await fetch(`${base}/api/payments/results/${reference}`, {
      headers: { authorization: `Bearer ${payer.token}` },
    });
    return (await json<{ data?: { status: string } }>(r)).data?.status ?? "unknown";
  };
  const deadline = Date.now() + 20_000;
  let statuses: string[];
  do {
    statuses = await Promise.all(placed.map(statusOf));
    if (statuses.every((s) => s !== "started")) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  report.recorded = statuses.filter((s) => s === "success").length;
  report.pending = statuses.filter((s) => s === "started").length;
  const after = await balances();
  for (const [id, cents] of before) report.balanceDropCents += cents - (after.get(id) ?? cents);
  took.sort((a, b) => a - b);
  report.p50 = Math.round(took[Math.floor(took.length * 0.5)] ?? 0);
  report.p99 = Math.round(took[Math.min(took.length - 1, Math.floor(took.length * 0.99))] ?? 0);
  return report;
}

/** The problems a report shows (none when every order was recorded exactly once). */
export function paymentProblems(r: PaymentLoadReport): string[] {
  const problems: string[] = [];
  if (r.orders === 0) problems.push("no payment was made");
  if (r.pending > 0) problems.push(`${r.pending} orders left pending`);
  if (r.recorded !== r.orders) problems.push(`${r.orders - r.recorded} orders not recorded`);
  if (r.balanceDropCents !== r.paidCents) {
    problems.push(`balances fell by ${r.balanceDropCents} cents for ${r.paidCents} paid`);
  }
  if (r.errors.length > 0)
    problems.push(`${r.errors.length} errors: ${r.errors.slice(0, 3).join("; ")}`);
  return problems;
}
