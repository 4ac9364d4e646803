/**
 * `npm run load`: 20 connections × 30 s of mixed browsing and form posts by several demo users,
 * against the production build on workerd (wrangler dev) with a fresh local D1, on 127.0.0.1
 * only. Prints requests, throughput, transport errors, unexpected statuses (must be 0) and the
 * p50/p99 latency per kind of request and overall; exits 1 when anything was unexpected.
 *
 *   npm run load                      # 20 connections, 30 s
 *   LOAD_SECONDS=10 LOAD_CONNECTIONS=10 npm run load
 */
import autocannon from "autocannon";
import { DEMO, DEMO_PASSWORD } from "../seed/accounts.ts";
import {
  childEnv,
  ensureBuild,
  startServer,
  stopProcessGroupAndWait,
} from "../e2e/support/server.ts";
import { rmSync } from "node:fs";
import { startVivaStub } from "../tests/support/viva-stub.ts";
import { loadPayments, paymentProblems } from "./load-payments.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);

interface User {
  vat: string;
  meters: number[];
  cookie: string;
}

/** Each step: a request, the statuses that are a correct answer to it. */
interface Step {
  name: string;
  method: "GET" | "POST";
  path: (user: User, n: number) => string;
  body?: (user: User, n: number) => Record<string, string>;
  expect: number[];
}

const STEPS: Step[] = [
  { name: "overview", method: "GET", path: () => "/b2b/episkopisi", expect: [200] },
  {
    name: "bills",
    method: "GET",
    path: (_u, n) => `/b2b/logariasmoi?page=${(n % 3) + 1}`,
    expect: [200],
  },
  {
    name: "select supply",
    method: "POST",
    path: () => "/b2b/select-meter",
    body: (u, n) => ({ meter_id: String(u.meters[n % u.meters.length]) }),
    expect: [302, 303],
  },
  { name: "supplies", method: "GET", path: () => "/b2b/paroxes", expect: [200] },
  { name: "messages", method: "GET", path: () => "/b2b/mhnymata?filter=all", expect: [200] },
  {
    name: "open message",
    method: "POST",
    path: () => "/b2b/mhnymata",
    body: (_u, n) => ({ id: String(1 + (n % 6)) }),
    expect: [302, 303],
  },
  // An electricity supply shows the form; gas or a hidden one redirects to the overview.
  { name: "reading page", method: "GET", path: () => "/b2b/kataxorisi", expect: [200, 302] },
  {
    name: "bad reading",
    method: "POST",
    path: () => "/b2b/kataxorisi",
    body: (u) => ({ meter_id: String(u.meters[0]), day: "abc" }),
    expect: [400, 302, 303],
  },
  {
    name: "language",
    method: "POST",
    path: () => "/language",
    body: (_u, n) => ({ lng: n % 2 ? "en" : "el", redirectTo: "/b2b/episkopisi" }),
    expect: [302, 303],
  },
  {
    name: "settings dialog",
    method: "GET",
    path: () => "/b2b/episkopisi?modal=settings&step=1",
    expect: [200],
  },
];

async function login(base: string, vat: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", username: vat, password: DEMO_PASSWORD }),
  });
  if (response.status !== 302) throw new Error(`login ${vat}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  ensureBuild(childEnv());
  // Card payments go through the loopback Viva stand-in (scripts/load-payments.ts).
  const viva = await startVivaStub();
  const server = await startServer({ vars: viva.vars });
  const base = server.baseURL;
  viva.setPortal(base);
  try {
    const range = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => from + i);
    const users: User[] = [];
    for (const [vat, meters] of [
      [
        DEMO.household.vat,
        [DEMO.household.mainMeterId, DEMO.household.gasMeterId, DEMO.household.stoppedMeterId],
      ],
      [DEMO.company.vat, range(DEMO.company.firstMeterId, 10)],
      [DEMO.largeCompany.vat, range(DEMO.largeCompany.firstMeterId, 10)],
    ] as const) {
      users.push({ vat, meters: [...meters], cookie: await login(base, vat) });
    }

    const latencies = new Map<string, number[]>();
    const unexpected = new Map<string, number>();
    let counter = 0;

    const requests = STEPS.map((step) => ({
      method: step.method,
      setupRequest(request: Record<string, unknown>, context: Record<string, unknown>) {
        if (context.user === undefined) context.user = users[counter++ % users.length];
        const user = context.user as User;
        const n = Math.floor(Math.random() * 1000);
        context.started = performance.now();
        const headers: Record<string, string> = { cookie: user.cookie, accept: "text/html" };
        const out: Record<string, unknown> = {
          ...request,
          method: step.method,
          path: step.path(user, n),
          headers,
        };
        if (step.body) {
          headers.origin = base;
          headers["content-type"] = "application/x-www-form-urlencoded";
          out.body = new URLSearchParams(step.body(user, n)).toString();
        }
        return out;
      },
      onResponse(status: number, _body: string, context: Record<string, unknown>) {
        const took = performance.now() - (context.started as number);
        const list = latencies.get(step.name) ?? [];
        list.push(took);
        latencies.set(step.name, list);
        if (!step.expect.includes(status)) {
          const key = `${step.name} → ${status}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        }
      },
    }));

    console.log(
      `load: ${CONNECTIONS} connections × ${SECONDS} s against ${base}, ${users.length} users`,
    );
    const [result, payments] = await Promise.all([
      autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: requests as unknown as autocannon.Request[],
        timeout: 10,
      }),
      loadPayments(
        base,
        viva,
        [DEMO.company, DEMO.largeCompany].map((a) => ({ ...a, password: DEMO_PASSWORD })),
        SECONDS,
      ),
    ]);

    const rows = STEPS.map((step) => {
      const list = (latencies.get(step.name) ?? []).sort((a, b) => a - b);
      return {
        request: step.name,
        count: list.length,
        "p50 ms": Math.round(percentile(list, 50)),
        "p99 ms": Math.round(percentile(list, 99)),
      };
    });
    console.table(rows);
    const totalUnexpected = [...unexpected.values()].reduce((a, b) => a + b, 0);
    const transportErrors = result.errors + result.timeouts;
    console.log(
      [
        `requests:   ${result.requests.total} (${Math.round(result.requests.average)} req/s)`,
        `latency:    p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        `errors:     ${transportErrors} transport (${result.errors} errors, ${result.timeouts} timeouts)`,
        `unexpected: ${totalUnexpected}${totalUnexpected ? ` ${JSON.stringify(Object.fromEntries(unexpected))}` : ""}`,
      ].join("\n"),
    );
    const paymentIssues = paymentProblems(payments);
    console.log(
      `payments:   ${payments.orders} through Viva's stand-in (return + 2 webhooks at once; every third webhooks only), ${payments.recorded} recorded once, ${payments.pending} pending, p50 ${payments.p50} ms, p99 ${payments.p99} ms${paymentIssues.length ? `\n!!! ${paymentIssues.join("; ")}` : ""}`,
    );
    if (totalUnexpected > 0 || transportErrors > 0 || paymentIssues.length > 0) {
      process.exitCode = 1;
    }
  } finally {
    await stopProcessGroupAndWait(server.pid);
    await viva.stop();
    rmSync(server.dir, { recursive: true, force: true });
  }
}

await main();
