/**
 * `npm run bench` (issue #8): builds the portal, serves the production build on workerd
 * (`wrangler dev`, loopback, fresh local D1 with the demo data) and measures each page: bytes,
 * server time to first byte, Chromium paint timings on two network profiles with JS on and off,
 * the floor model, and the throughput of the overview against a bare page of the same app.
 * Prints one table, writes bench/results/latest.json and exits 1 when a budget fails.
 * See bench/README.md.
 *
 *   BENCH_QUICK=1        1 browser run per case, TTFB over 5 requests, autocannon for 5 s
 *   BENCH_SKIP_BUILD=1   serve the existing build/ as it is
 *   BASE_URL=http://…    measure a server that is already running (no build, no server start)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import type { Cookie } from "@playwright/test";
import { ensureDevVarsForProject } from "../e2e/support/dev-vars.ts";
import { childEnv, startServer, stopProcessGroupAndWait } from "../e2e/support/server.ts";
import { checkBudgets, KB, median, type PageFigures } from "./budgets.ts";
import {
  collectResources,
  launchBrowser,
  measureLoad,
  type Load,
  type Resource,
} from "./browser.ts";
import { floor, MOBILE, SLOW_3G, type NetworkProfile } from "./floor.ts";
import { startProxy } from "./proxy.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const QUICK = process.env.BENCH_QUICK === "1";
const RUNS = QUICK ? 1 : 5;
const TTFB_SAMPLES = QUICK ? 5 : 20;
const CANNON_SECONDS = QUICK ? 5 : 20;
const CANNON_CONNECTIONS = 20;
const PASSWORD = "Demo2026!";
const HOUSEHOLD = "100000003";
const MANY_SUPPLIES = "210000002";
const CHROME_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

interface PageSpec {
  id: string;
  label: string;
  path: string;
  account: string | null;
  lcpBudget: boolean;
}

const PAGES: PageSpec[] = [
  { id: "landing", label: "landing/login", path: "/login", account: null, lcpBudget: false },
  {
    id: "overview",
    label: "overview (household)",
    path: "/b2b/episkopisi",
    account: HOUSEHOLD,
    lcpBudget: true,
  },
  {
    id: "overview-200",
    label: "overview (200 supplies)",
    path: "/b2b/episkopisi",
    account: MANY_SUPPLIES,
    lcpBudget: true,
  },
  { id: "bills", label: "bills", path: "/b2b/logariasmoi", account: HOUSEHOLD, lcpBudget: false },
  { id: "pay", label: "pay", path: "/b2b/pay", account: HOUSEHOLD, lcpBudget: true },
  {
    id: "reading",
    label: "reading",
    path: "/b2b/kataxorisi",
    account: HOUSEHOLD,
    lcpBudget: false,
  },
  {
    id: "settings",
    label: "settings dialog",
    path: "/b2b/episkopisi?modal=settings&step=1",
    account: HOUSEHOLD,
    lcpBudget: false,
  },
  {
    id: "messages",
    label: "messages",
    path: "/b2b/mhnymata",
    account: HOUSEHOLD,
    lcpBudget: false,
  },
];

const log = (message: string) => console.error(`bench: ${message}`);

// ---------------------------------------------------------------------------------------------
// Server

interface Server {
  baseURL: string;
  /** The Worker's log (wrangler dev output), when the benchmark started it. */
  log?: string;
  stop(): Promise<void>;
}

async function startBenchServer(): Promise<Server> {
  if (process.env.BASE_URL) {
    const baseURL = process.env.BASE_URL.replace(/\/$/, "");
    return { baseURL, stop: async () => {} };
  }
  const env = childEnv();
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log("building (npm run build)");
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, env, stdio: "ignore" });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  }
  ensureDevVarsForProject(ROOT, env);
  log("starting the Worker on a fresh local D1 with the demo data");
  const server = await startServer();
  log(`Worker on ${server.baseURL}`);
  return {
    baseURL: server.baseURL,
    log: server.log,
    stop: () => stopProcessGroupAndWait(server.pid),
  };
}

/** fetch, retried twice after a network error (a busy machine can drop a connection). */
async function fetchRetrying(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`retrying ${url} after: ${error instanceof Error ? error.message : String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/** Signs in through the login form (POST /login) and returns the session cookies. */
async function login(baseURL: string, username: string): Promise<Cookie[]> {
  const response = await fetchRetrying(`${baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", username, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((line): Cookie => {
    const pair = line.split(";")[0] ?? "";
    const eq = pair.indexOf("=");
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      domain: "127.0.0.1",
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    };
  });
  if (response.status !== 302 || !cookies.some((c) => c.name === "__session")) {
    throw new Error(`login as ${username} failed (status ${response.status})`);
  }
  return cookies;
}

const cookieHeader = (cookies: Cookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

// ---------------------------------------------------------------------------------------------
// Bytes

interface Bytes {
  html: number;
  css: number;
  js: number;
  media: number;
  other: number;
  /** Document + the stylesheets linked from <head> (render-blocking). */
  docCss: number;
  requests: number;
}

const gzip = (body: Buffer) => zlib.gzipSync(body, { level: 6 }).length;
const brotli = (body: Buffer) =>
  zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;

/** Hrefs of `<link rel="stylesheet">` in the document's head, without media queries. */
export function blockingStylesheets(html: string): string[] {
  const head = html.slice(0, html.search(/<\/head>/i) + 1 || html.length);
  const hrefs: string[] = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const media = /\bmedia=["']([^"']*)["']/i.exec(tag)?.[1];
    if (media && media !== "all" && media !== "screen") continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) hrefs.push(href);
  }
  return hrefs;
}

function sizeResources(
  resources: Resource[],
  documentHtml: string,
  compress: (body: Buffer) => number,
): Bytes {
  const bytes: Bytes = { html: 0, css: 0, js: 0, media: 0, other: 0, docCss: 0, requests: 0 };
  const byPath = new Map<string, number>();
  let documentSize = 0;
  let seenDocument = false;
  for (const resource of resources) {
    const size = compress(resource.body);
    bytes[resource.kind] += size;
    bytes.requests += 1;
    byPath.set(new URL(resource.url).pathname, size);
    if (resource.kind === "html" && !seenDocument) {
      documentSize = size;
      seenDocument = true;
    }
  }
  bytes.docCss = documentSize;
  for (const href of blockingStylesheets(documentHtml)) {
    bytes.docCss += byPath.get(new URL(href, "http://x").pathname) ?? 0;
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Server time to first byte

async function timeToFirstByte(url: string, cookies: Cookie[]): Promise<number> {
  const start = performance.now();
  const response = await fetchRetrying(url, {
    headers: { cookie: cookieHeader(cookies), "user-agent": CHROME_UA },
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`${url}: status ${response.status}`);
  const reader = response.body!.getReader();
  await reader.read();
  const ttfb = performance.now() - start;
  while (!(await reader.read()).done);
  return ttfb;
}

// ---------------------------------------------------------------------------------------------
// Throughput

interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function cannon(
  url: string,
  cookies: Cookie[],
  headers: Record<string, string> = {},
): Promise<Throughput> {
  const result = await autocannon({
    url,
    connections: CANNON_CONNECTIONS,
    duration: CANNON_SECONDS,
    headers: { cookie: cookieHeader(cookies), "user-agent": CHROME_UA, ...headers },
  });
  return {
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Waits until the Worker answers /bench/hello quickly again (no backlog from a previous run). */
async function settle(baseURL: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const start = performance.now();
    const response = await fetch(`${baseURL}/bench/hello`);
    await response.arrayBuffer();
    if (performance.now() - start < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ---------------------------------------------------------------------------------------------
// Report

interface Paint {
  fcp: number | null;
  lcp: number | null;
}

interface PageResult {
  id: string;
  label: string;
  path: string;
  account: string | null;
  gzip: Bytes;
  brotli: Bytes;
  ttfbMs: number | null;
  /** Medians per profile: JS on / JS off, plus TBT and max CLS with JS on. */
  profiles: Record<
    string,
    {
      jsOn: Paint;
      jsOff: Paint;
      tbtMs: number | null;
      cls: number;
      floorMs: number;
      /** JS-on loads that did not hydrate within a minute (should be 0). */
      notHydrated: number;
    }
  >;
  lcpOverFloor: { jsOn: number | null; jsOff: number | null };
}

const ms = (value: number | null) => (value === null ? "–" : String(Math.round(value)));
const kb = (bytes: number) => (bytes / KB).toFixed(1);

function table(pages: PageResult[]): string {
  const header = [
    "page",
    "HTML",
    "CSS",
    "JS",
    "font/img",
    "doc+CSS",
    "TTFB",
    "mobile FCP on/off",
    "mobile LCP on/off",
    "TBT",
    "CLS",
    "floor",
    "LCP/floor on/off",
    "3G FCP on/off",
    "3G LCP on/off",
    "3G floor",
  ];
  const rows = pages.map((page) => {
    const m = page.profiles[MOBILE.name]!;
    const s = page.profiles[SLOW_3G.name]!;
    const ratio = (v: number | null) => (v === null ? "–" : v.toFixed(2));
    return [
      page.label,
      kb(page.gzip.html),
      kb(page.gzip.css),
      kb(page.gzip.js),
      kb(page.gzip.media),
      kb(page.gzip.docCss),
      ms(page.ttfbMs),
      `${ms(m.jsOn.fcp)} / ${ms(m.jsOff.fcp)}`,
      `${ms(m.jsOn.lcp)} / ${ms(m.jsOff.lcp)}`,
      ms(m.tbtMs),
      m.cls.toFixed(3),
      ms(m.floorMs),
      `${ratio(page.lcpOverFloor.jsOn)} / ${ratio(page.lcpOverFloor.jsOff)}`,
      `${ms(s.jsOn.fcp)} / ${ms(s.jsOff.fcp)}`,
      `${ms(s.jsOn.lcp)} / ${ms(s.jsOff.lcp)}`,
      ms(s.floorMs),
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    line(header),
    line(header.map((_, i) => (i === 0 ? "---" : "---:"))),
    ...rows.map(line),
  ].join("\n");
}

async function main() {
  const started = Date.now();
  const server = await startBenchServer();
  let exitCode: number;
  const stopOnSignal = () => {
    void server.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  const proxy = await startProxy(server.baseURL);
  const browser = await launchBrowser();
  try {
    const hello = await fetch(`${server.baseURL}/bench/hello`);
    if (hello.status !== 200) {
      const workerLog = server.log ? readFileSync(server.log, "utf8").split("\n").slice(-60) : [];
      throw new Error(
        `/bench/hello answered ${hello.status}; the Worker's log:\n${workerLog.join("\n")}`,
      );
    }

    const signIn = async () => {
      const map = new Map<string | null, Cookie[]>([[null, []]]);
      for (const account of [HOUSEHOLD, MANY_SUPPLIES]) {
        map.set(account, await login(server.baseURL, account));
      }
      return map;
    };
    let cookies = await signIn();

    const results: PageResult[] = [];
    for (const spec of PAGES) {
      log(`bytes and TTFB: ${spec.label}`);
      const pageCookies = cookies.get(spec.account)!;
      const { resources, documentHtml } = await collectResources(
        browser,
        `${proxy.url}${spec.path}`,
        pageCookies,
      );
      const ttfbs: number[] = [];
      for (let i = 0; i < TTFB_SAMPLES; i++) {
        ttfbs.push(await timeToFirstByte(`${server.baseURL}${spec.path}`, pageCookies));
      }
      results.push({
        id: spec.id,
        label: spec.label,
        path: spec.path,
        account: spec.account,
        gzip: sizeResources(resources, documentHtml, gzip),
        brotli: sizeResources(resources, documentHtml, brotli),
        ttfbMs: median(ttfbs),
        profiles: {},
        lcpOverFloor: { jsOn: null, jsOff: null },
      });
    }

    for (const profile of [MOBILE, SLOW_3G] satisfies NetworkProfile[]) {
      // Sessions last a while, but a fresh sign-in per phase keeps long runs safe.
      cookies = await signIn();
      for (const [index, spec] of PAGES.entries()) {
        log(`Chromium, ${profile.name}: ${spec.label} (${RUNS} × JS on, ${RUNS} × JS off)`);
        const page = results[index]!;
        const runs: { on: Load[]; off: Load[] } = { on: [], off: [] };
        for (let run = 0; run < RUNS; run++) {
          for (const javaScriptEnabled of [true, false]) {
            const load = await measureLoad(browser, `${proxy.url}${spec.path}`, profile, {
              javaScriptEnabled,
              cookies: cookies.get(spec.account)!,
            });
            (javaScriptEnabled ? runs.on : runs.off).push(load);
          }
        }
        const paint = (loads: Load[]): Paint => ({
          fcp: median(loads.map((l) => l.fcpMs)),
          lcp: median(loads.map((l) => l.lcpMs)),
        });
        const floorMs = floor(page.gzip.docCss, profile).floorMs;
        page.profiles[profile.name] = {
          jsOn: paint(runs.on),
          jsOff: paint(runs.off),
          tbtMs: median(runs.on.map((l) => l.tbtMs)),
          cls: Math.max(0, ...runs.on.map((l) => l.cls)),
          notHydrated: runs.on.filter((l) => l.hydrated === false).length,
          floorMs,
        };
        if (profile === MOBILE) {
          const on = page.profiles[profile.name]!.jsOn.lcp;
          const off = page.profiles[profile.name]!.jsOff.lcp;
          page.lcpOverFloor = {
            jsOn: on === null ? null : on / floorMs,
            jsOff: off === null ? null : off / floorMs,
          };
        }
      }
    }

    // Hello first, then the overview, each after the Worker has drained what came before.
    await settle(server.baseURL);
    log(`autocannon: hello, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s`);
    const helloRun = await cannon(`${server.baseURL}/bench/hello`, []);
    await settle(server.baseURL);
    cookies = await signIn();
    log(`autocannon: overview, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s`);
    const overview = await cannon(`${server.baseURL}/b2b/episkopisi`, cookies.get(HOUSEHOLD)!);
    // The same page rendered afresh every time (what a hard reload asks for, and the cost of a
    // customer's first view, or of any view after their data changed): reported, not budgeted.
    await settle(server.baseURL);
    log(`autocannon: overview rendered afresh (Cache-Control: no-cache), ${CANNON_SECONDS} s`);
    const overviewFresh = await cannon(
      `${server.baseURL}/b2b/episkopisi`,
      cookies.get(HOUSEHOLD)!,
      { "cache-control": "no-cache" },
    );
    const throughputRatio =
      overview.non2xx + overview.errors === 0 && helloRun.requestsPerSecond > 0
        ? overview.requestsPerSecond / helloRun.requestsPerSecond
        : null;

    const figures: PageFigures[] = results.map((page) => ({
      id: page.id,
      signedIn: page.account !== null,
      lcpBudget: PAGES.find((p) => p.id === page.id)!.lcpBudget,
      docCssBytes: page.gzip.docCss,
      htmlCssBytes: page.gzip.html + page.gzip.css,
      jsBytes: page.gzip.js,
      lcpOverFloor: page.lcpOverFloor,
      cls: Math.max(...Object.values(page.profiles).map((p) => p.cls)),
    }));
    const budgets = checkBudgets(figures, throughputRatio);
    const failed = budgets.filter((b) => !b.ok);
    exitCode = failed.length > 0 ? 1 : 0;

    const throughputTable = [
      "| page | req/s | p50 ms | p99 ms | non-2xx | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...[
        ["overview (household)", overview],
        ["overview, rendered afresh", overviewFresh],
        ["hello", helloRun],
      ].map(
        ([name, t]) =>
          `| ${name as string} | ${(t as Throughput).requestsPerSecond.toFixed(0)} | ${(t as Throughput).p50Ms} | ${(t as Throughput).p99Ms} | ${(t as Throughput).non2xx} | ${(t as Throughput).errors} |`,
      ),
    ].join("\n");
    const summary = [
      `Bytes: KB (1024 B) after gzip -6, per page load with JS on. Times: ms, medians of ${RUNS} (TTFB of ${TTFB_SAMPLES}).`,
      `mobile = 150 ms RTT, 1.6 Mbps, 4× CPU; 3G = 400 ms RTT, 400 kbps. on/off = JavaScript enabled/disabled.`,
      "",
      table(results),
      "",
      `Throughput: autocannon, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s, 127.0.0.1 (overview / hello = ${throughputRatio === null ? "n/a" : `${(throughputRatio * 100).toFixed(0)}%`}; rendered afresh / hello = ${helloRun.requestsPerSecond > 0 ? `${((overviewFresh.requestsPerSecond / helloRun.requestsPerSecond) * 100).toFixed(0)}%` : "n/a"}).`,
      "",
      throughputTable,
      "",
      failed.length === 0
        ? `Budgets: all ${budgets.length} hold.`
        : `Budgets: ${failed.length} of ${budgets.length} FAIL:\n${failed
            .map((b) => `- ${b.page}: ${b.budget} ${b.actual} (limit ${b.limit})`)
            .join("\n")}`,
    ].join("\n");
    console.log(summary);

    const out = path.join(ROOT, "bench", "results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, "latest.json"),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          quick: QUICK,
          runs: RUNS,
          ttfbSamples: TTFB_SAMPLES,
          compression: { table: "gzip level 6", alsoReported: "brotli quality 11" },
          profiles: { mobile: MOBILE, slow3g: SLOW_3G },
          pages: results,
          throughput: {
            connections: CANNON_CONNECTIONS,
            seconds: CANNON_SECONDS,
            overview,
            overviewFresh,
            hello: helloRun,
            ratio: throughputRatio,
            freshRatio:
              helloRun.requestsPerSecond > 0
                ? overviewFresh.requestsPerSecond / helloRun.requestsPerSecond
                : null,
          },
          budgets,
          durationSeconds: Math.round((Date.now() - started) / 1000),
        },
        null,
        2,
      )}\n`,
    );
    log(`wrote bench/results/latest.json in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await browser.close();
    await proxy.close();
    await server.stop();
  }
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(2);
});
