/**
 * `npm run bench:profile`: where the Worker's CPU goes while it renders one page afresh.
 *
 * Builds if needed, starts the served build on a fresh local D1 (as `npm run bench` does), signs
 * in, and takes a V8 CPU profile of the Worker over its DevTools inspector while autocannon asks
 * for the page with `Cache-Control: no-cache` (a customer's first view). Prints self time by
 * function and by package, and writes the profile to bench/results/profile.cpuprofile (open it
 * in Chromium's DevTools, Performance panel).
 *
 * Environment: PROFILE_PATH (default /b2b/episkopisi), PROFILE_ACCOUNT (default 100000003; the
 * 200-supply account is 210000002), PROFILE_SECONDS (default 10), PROFILE_TOP (default 40).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO, DEMO_PASSWORD } from "../seed/accounts.ts";
import { startServer, stopProcessGroupAndWait } from "../e2e/support/server.ts";
import { restartWorker } from "./worker.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGE = process.env.PROFILE_PATH ?? "/b2b/episkopisi";
const ACCOUNT = process.env.PROFILE_ACCOUNT ?? DEMO.household.vat;
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 40);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** One DevTools-protocol session over the inspector's WebSocket. */
async function connect(inspectorPort: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error("the Worker's inspector lists no target");
  // wrangler's inspector proxy refuses a WebSocket without an Origin (Node's WebSocket takes
  // headers as an extension of the constructor's second argument).
  const socket = new WebSocket(url, {
    headers: { origin: `http://127.0.0.1:${inspectorPort}` },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  // The proxy renumbers message ids, so commands go one at a time and the next answer with an
  // id is the answer to the command in flight.
  let answer: ((result: unknown) => void) | undefined;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) answer?.(message.result);
  });
  let nextId = 1;
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      return new Promise((resolve) => {
        answer = resolve as (result: unknown) => void;
        socket.send(JSON.stringify({ id: nextId++, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

/** Which package (or app file) a frame belongs to, from its script URL and name. */
function packageOf(frame: ProfileNode["callFrame"]): string {
  const name = frame.functionName;
  if (!frame.url) return name === "(garbage collector)" ? "GC" : name || "(native)";
  const file = frame.url.split("/").pop() ?? frame.url;
  return file.replace(/-[A-Za-z0-9_-]{8}\.js$/, ".js");
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)")
    .reduce((a, [, us]) => a + us, 0);
  const busy = total - idle;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    const key = `${frame.functionName || "(anonymous)"} ${packageOf(frame)}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = packageOf(frame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const table = (map: Map<string, number>, top: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${key}`)
      .join("\n");
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    byPackage: table(byPackage, 20),
    byFunction: table(byFunction, TOP),
  };
}

async function main() {
  const first = await startServer();
  await stopProcessGroupAndWait(first.pid);
  const worker = await restartWorker(first.dir);
  try {
    const login = await fetch(`${worker.baseURL}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: worker.baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login", username: ACCOUNT, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    if (login.status !== 302) throw new Error(`sign-in as ${ACCOUNT} failed (${login.status})`);
    const headers = { cookie, "cache-control": "no-cache" };
    const check = await fetch(`${worker.baseURL}${PAGE}`, { headers, redirect: "manual" });
    if (check.status !== 200) throw new Error(`${PAGE} answered ${check.status}`);
    // Warm up (code compiled, per-isolate caches filled) before the profile starts.
    await autocannon({ url: `${worker.baseURL}${PAGE}`, connections: 10, duration: 3, headers });

    const cdp = await connect(worker.inspectorPort);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    const result = await autocannon({
      url: `${worker.baseURL}${PAGE}`,
      connections: 20,
      duration: SECONDS,
      headers,
    });
    const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
    cdp.close();

    const out = path.join(ROOT, "bench", "results", "profile.cpuprofile");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(profile));
    const summary = summarise(profile);
    const perRequest = summary.busyMs / Math.max(1, result.requests.total);
    console.log(
      `${PAGE} as ${ACCOUNT}, rendered afresh: ${(result.requests.total / result.duration).toFixed(0)} req/s, ` +
        `${result.non2xx} non-2xx; Worker JS thread busy ${summary.busyMs.toFixed(0)} ms ` +
        `(${perRequest.toFixed(2)} ms a request), idle ${summary.idleMs.toFixed(0)} ms`,
    );
    console.log(`\nSelf time by script:\n${summary.byPackage}`);
    console.log(`\nSelf time by function:\n${summary.byFunction}`);
    console.log(`\nProfile: ${path.relative(ROOT, out)}`);
  } finally {
    await worker.stop();
    rmSync(first.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
