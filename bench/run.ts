/**
 * `npm run bench` (the performance budgets, bench/budgets.ts): builds the portal, serves the
 * production build on workerd (`wrangler dev`, loopback, fresh local D1 with the demo data) and
 * measures each page: Lighthouse (the paint measure: default mobile settings, each page beside
 * /bench/hello in the same run), bytes, server time to first byte, Chromium paint timings over the
 * DevTools protocol on two network profiles with JS on and off, the floor model, the throughput of
 * the overview rendered afresh and from the page cache against a bare page of the same app, the
 * TTFB of a fresh render with every D1 call delayed (round trips), and the Worker's size and cold
 * start. Prints the tables, writes bench/results/latest.json and exits 1 when a budget fails (2
 * when the benchmark could not run). See bench/README.md.
 *
 *   BENCH_QUICK=1        1 run per case (Lighthouse and DevTools), TTFB over 5, autocannon 5 s
 *   BENCH_ONLY=a,b       only these parts: size, lighthouse, browser, throughput, backoffice,
 *                        coldstart, roundtrips (results go to bench/results/partial.json)
 *   BENCH_SKIP_BUILD=1   serve the existing build/ as it is
 *   BASE_URL=http://…    measure a server that is already running (no build, no server start,
 *                        so no cold start and no round trips)
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import type { Cookie } from "@playwright/test";
import { ensureDevVarsForProject } from "../e2e/support/dev-vars.ts";
import { backofficePhase } from "./backoffice.ts";
import { childEnv, startServer, stopProcessGroupAndWait } from "../e2e/support/server.ts";
import {
  BUDGETS,
  checkBudgets,
  KB,
  median,
  ratio,
  type BackofficeFigures,
  type Figures,
  type LighthouseFigures,
  type PageFigures,
  type RoundTripFigures,
} from "./budgets.ts";
import {
  collectResources,
  launchBrowser,
  measureLoad,
  type Load,
  type Resource,
} from "./browser.ts";
import { floor, MOBILE, SLOW_3G, type NetworkProfile } from "./floor.ts";
import { launchLighthouseChrome, runLighthouse, type LighthouseRun } from "./lighthouse.ts";
import { startProxy } from "./proxy.ts";
import {
  measureWorkerSize,
  restartWorker,
  stopRestartedWorkers,
  timeRequest,
  type StartedWorker,
  type WorkerSize,
} from "./worker.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const QUICK = process.env.BENCH_QUICK === "1";
/**
 * DevTools-protocol loads per case (the second column since Lighthouse became the paint measure;
 * 5 before).
 */
const RUNS = QUICK ? 1 : 3;
/** Lighthouse runs per page, each right after a run of /bench/hello. */
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
const TTFB_SAMPLES = QUICK ? 5 : 20;
/** Fresh-render TTFB samples per page and Worker of the round-trip comparison. */
const ROUND_TRIP_SAMPLES = QUICK ? 10 : 20;
const CANNON_SECONDS = QUICK ? 5 : 20;
/** Fresh starts of the Worker for the cold-start figures. */
const COLD_STARTS = QUICK ? 1 : 3;
/** D1_DELAY_MS of the round-trip run: ms before every D1 call, as an ocean away would cost. */
const D1_DELAY_MS = 40;
const CANNON_CONNECTIONS = 20;
const PASSWORD = "Demo2026!";
const HOUSEHOLD = "100000003";
const MANY_SUPPLIES = "210000002";
/** #18: a user of the 200-supply account with 5 supplies (signs in with the email). */
const ONE_OF_MANY = "user@beta.example";
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

interface LighthousePageSpec {
  id: string;
  label: string;
  path: string;
  account: string | null;
  kind: LighthouseFigures["kind"];
}

/**
 * Lighthouse's pages: the login, and four pages of each account (ids as in PAGES); three for the
 * user of the 200-supply account, who may not pay.
 */
const LIGHTHOUSE_PAGES: LighthousePageSpec[] = [
  { id: "landing", label: "landing/login", path: "/login", account: null, kind: "login" },
  ...(
    [
      [HOUSEHOLD, "", "household", false],
      [MANY_SUPPLIES, "-200", "200 supplies", false],
      // A user may not pay (#18): the pay page is left out of their run.
      [ONE_OF_MANY, "-user", "user, 5 of 200 supplies", true],
    ] as const
  ).flatMap(([account, suffix, who, noPay]) =>
    (
      [
        ["overview", "/b2b/episkopisi"],
        ["pay", "/b2b/pay"],
        ["bills", "/b2b/logariasmoi"],
        ["reading", "/b2b/kataxorisi"],
      ] as const
    )
      .filter(([id]) => !(noPay && id === "pay"))
      .map(([id, path]): LighthousePageSpec => ({
        id: `${id}${suffix}`,
        label: `${id} (${who})`,
        path,
        account,
        kind: "signed-in",
      })),
  ),
];

/** Every account a measured page is signed in as: each is signed in once per round. */
const SIGNED_IN_ACCOUNTS = [
  ...new Set(
    [...PAGES, ...LIGHTHOUSE_PAGES].map((p) => p.account).filter((a): a is string => a !== null),
  ),
];

/** The fresh-render TTFB cases of the round-trip budget (ids as in LIGHTHOUSE_PAGES). */
const ROUND_TRIP_PAGES = LIGHTHOUSE_PAGES.filter((p) => /^(overview|pay|bills)/.test(p.id));

const PARTS = [
  "size",
  "lighthouse",
  "browser",
  "throughput",
  "backoffice",
  "coldstart",
  "roundtrips",
] as const;
type Part = (typeof PARTS)[number];

/** BENCH_ONLY=a,b: the parts to run; every part when unset. */
function partsToRun(value: string | undefined): Set<Part> {
  if (!value) return new Set(PARTS);
  const names = value.split(",").map((n) => n.trim());
  const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ONLY: unknown part(s) ${unknown.join(", ")}; known: ${PARTS.join(", ")}`,
    );
  }
  return new Set(names as Part[]);
}

const log = (message: string) => console.error(`bench: ${message}`);

// ---------------------------------------------------------------------------------------------
// Server

interface Server {
  baseURL: string;
  /** The Worker's log (wrangler dev output), when the benchmark started it. */
  log?: string;
  /** The served build and its state, when the benchmark started it (restarts reuse them). */
  dir?: string;
  stop(): Promise<void>;
}

function build(): void {
  if (process.env.BASE_URL || process.env.BENCH_SKIP_BUILD === "1") return;
  log("building (npm run build)");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    env: childEnv(),
    stdio: "ignore",
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

async function startBenchServer(): Promise<Server> {
  if (process.env.BASE_URL) {
    const baseURL = process.env.BASE_URL.replace(/\/$/, "");
    return { baseURL, stop: async () => {} };
  }
  const env = childEnv();
  ensureDevVarsForProject(ROOT, env);
  log("starting the Worker on a fresh local D1 with the demo data");
  const server = await startServer();
  log(`Worker on ${server.baseURL}`);
  return {
    baseURL: server.baseURL,
    log: server.log,
    dir: server.dir,
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

async function timeToFirstByte(
  url: string,
  cookies: Cookie[],
  headers: Record<string, string> = {},
): Promise<number> {
  const start = performance.now();
  const response = await fetchRetrying(url, {
    headers: { cookie: cookieHeader(cookies), "user-agent": CHROME_UA, ...headers },
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
  return markdownTable(header, rows);
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseMedians {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

interface LighthousePageResult {
  id: string;
  label: string;
  path: string;
  account: string | null;
  runs: LighthouseRun[];
  /** The /bench/hello runs made right before each of this page's runs. */
  helloRuns: LighthouseRun[];
  median: LighthouseMedians;
  helloMedian: LighthouseMedians;
  /** median LCP / median hello LCP. */
  lcpOverHello: number | null;
}

const NOT_MEASURED: LighthouseRun = { fcpMs: null, lcpMs: null, tbtMs: null, cls: null };

const medians = (runs: LighthouseRun[]): LighthouseMedians => ({
  fcpMs: median(runs.map((r) => r.fcpMs)),
  lcpMs: median(runs.map((r) => r.lcpMs)),
  tbtMs: median(runs.map((r) => r.tbtMs)),
  cls: median(runs.map((r) => r.cls)),
});

/**
 * LIGHTHOUSE_RUNS rounds; in each, every page right after a run of /bench/hello, so whatever
 * the machine's load does during the run it does to both. A failed run counts as not measured
 * (its budgets fail) and the benchmark goes on.
 */
async function lighthousePhase(
  proxyURL: string,
  signIn: () => Promise<Map<string | null, Cookie[]>>,
): Promise<LighthousePageResult[]> {
  const chrome = await launchLighthouseChrome();
  log(`Lighthouse ${LIGHTHOUSE_RUNS} × ${LIGHTHOUSE_PAGES.length} pages, each beside hello`);
  const attempt = async (path: string, cookie: string): Promise<LighthouseRun> => {
    try {
      return await runLighthouse(chrome, `${proxyURL}${path}`, cookie);
    } catch (error) {
      log(`warning: ${error instanceof Error ? error.message : String(error)}`);
      return NOT_MEASURED;
    }
  };
  const runs = new Map(
    LIGHTHOUSE_PAGES.map((p) => [
      p.id,
      { page: [] as LighthouseRun[], hello: [] as LighthouseRun[] },
    ]),
  );
  try {
    // Not recorded: Chromium's first navigation pays its own start (disk cache, compilers).
    await attempt("/bench/hello", "");
    for (let round = 1; round <= LIGHTHOUSE_RUNS; round++) {
      const cookies = await signIn();
      for (const spec of LIGHTHOUSE_PAGES) {
        log(`Lighthouse ${round}/${LIGHTHOUSE_RUNS}: hello, then ${spec.label}`);
        const entry = runs.get(spec.id)!;
        entry.hello.push(await attempt("/bench/hello", ""));
        entry.page.push(await attempt(spec.path, cookieHeader(cookies.get(spec.account)!)));
      }
    }
  } finally {
    await chrome.close();
  }
  return LIGHTHOUSE_PAGES.map((spec) => {
    const entry = runs.get(spec.id)!;
    const page = medians(entry.page);
    const hello = medians(entry.hello);
    return {
      id: spec.id,
      label: spec.label,
      path: spec.path,
      account: spec.account,
      runs: entry.page,
      helloRuns: entry.hello,
      median: page,
      helloMedian: hello,
      lcpOverHello: ratio(page.lcpMs, hello.lcpMs),
    };
  });
}

function lighthouseTable(pages: LighthousePageResult[], browser: PageResult[]): string {
  const allHello = medians(pages.flatMap((p) => p.helloRuns));
  const devtools = (id: string) => {
    const page = browser.find((p) => p.id === id);
    return page ? ms(page.profiles[MOBILE.name]?.jsOn.lcp ?? null) : "–";
  };
  const rows = [
    [
      "/bench/hello (all its runs)",
      ms(allHello.fcpMs),
      ms(allHello.lcpMs),
      "1.00",
      "",
      ms(allHello.tbtMs),
      allHello.cls === null ? "–" : allHello.cls.toFixed(3),
      "–",
    ],
    ...pages.map((p) => {
      const spec = LIGHTHOUSE_PAGES.find((s) => s.id === p.id)!;
      const limit =
        spec.kind === "login" ? BUDGETS.lighthouseLcpLogin : BUDGETS.lighthouseLcpSignedIn;
      return [
        p.label,
        ms(p.median.fcpMs),
        ms(p.median.lcpMs),
        p.lcpOverHello === null ? "–" : p.lcpOverHello.toFixed(2),
        `${ms(p.helloMedian.lcpMs)} (≤ ${limit})`,
        ms(p.median.tbtMs),
        p.median.cls === null ? "–" : p.median.cls.toFixed(3),
        devtools(p.id),
      ];
    }),
  ];
  return markdownTable(
    ["page", "FCP", "LCP", "LCP / hello", "hello LCP (limit)", "TBT", "CLS", "DevTools LCP"],
    rows,
  );
}

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    line(header),
    line(header.map((_, i) => (i === 0 ? "---" : "---:"))),
    ...rows.map(line),
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Bytes, TTFB and the DevTools-protocol loads

async function browserPhase(
  baseURL: string,
  proxyURL: string,
  signIn: () => Promise<Map<string | null, Cookie[]>>,
): Promise<PageResult[]> {
  const browser = await launchBrowser();
  try {
    let cookies = await signIn();
    const results: PageResult[] = [];
    for (const spec of PAGES) {
      log(`bytes and TTFB: ${spec.label}`);
      const pageCookies = cookies.get(spec.account)!;
      const { resources, documentHtml } = await collectResources(
        browser,
        `${proxyURL}${spec.path}`,
        pageCookies,
      );
      const ttfbs: number[] = [];
      for (let i = 0; i < TTFB_SAMPLES; i++) {
        ttfbs.push(await timeToFirstByte(`${baseURL}${spec.path}`, pageCookies));
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
            const load = await measureLoad(browser, `${proxyURL}${spec.path}`, profile, {
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
    return results;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Throughput

interface ThroughputResult {
  hello: Throughput;
  overviewFresh: Throughput;
  overview200Fresh: Throughput;
  overviewCached: Throughput;
  freshRatio: number | null;
  fresh200Ratio: number | null;
  cachedRatio: number | null;
}

/** req/s over hello's, null when either run had failed requests (fails the budget). */
const throughputRatio = (page: Throughput, hello: Throughput) =>
  page.non2xx + page.errors + hello.non2xx + hello.errors === 0
    ? ratio(page.requestsPerSecond, hello.requestsPerSecond)
    : null;

/** Hello, the overviews rendered afresh (the headline), then the cached repeat view. */
async function throughputPhase(
  baseURL: string,
  signIn: () => Promise<Map<string | null, Cookie[]>>,
): Promise<ThroughputResult> {
  const noCache = { "cache-control": "no-cache" };
  const cookies = await signIn();
  const run = async (name: string, path: string, account: string | null, headers = {}) => {
    // Each run after the Worker has drained what came before.
    await settle(baseURL);
    log(`autocannon: ${name}, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s`);
    return cannon(`${baseURL}${path}`, cookies.get(account)!, headers);
  };
  const hello = await run("hello", "/bench/hello", null);
  // Rendered afresh every time (what a hard reload asks for): the cost of a customer's first
  // view on an isolate that has not seen them, or of any view after their data changed.
  const overviewFresh = await run(
    "overview rendered afresh",
    "/b2b/episkopisi",
    HOUSEHOLD,
    noCache,
  );
  const overview200Fresh = await run(
    "200-supply overview rendered afresh",
    "/b2b/episkopisi",
    MANY_SUPPLIES,
    noCache,
  );
  // Requested as a browser reloads it: after the first request, from the page cache.
  const overviewCached = await run("overview from the page cache", "/b2b/episkopisi", HOUSEHOLD);
  return {
    hello,
    overviewFresh,
    overview200Fresh,
    overviewCached,
    freshRatio: throughputRatio(overviewFresh, hello),
    fresh200Ratio: throughputRatio(overview200Fresh, hello),
    cachedRatio: throughputRatio(overviewCached, hello),
  };
}

function throughputTable(t: ThroughputResult): string {
  const row = (name: string, run: Throughput, share: string) => [
    name,
    run.requestsPerSecond.toFixed(0),
    share,
    String(run.p50Ms),
    String(run.p99Ms),
    String(run.non2xx),
    String(run.errors),
  ];
  const pct = (v: number | null, limit: number) =>
    `${v === null ? "n/a" : `${(v * 100).toFixed(0)}%`} (≥ ${limit * 100}%)`;
  return markdownTable(
    ["case", "req/s", "/ hello (budget)", "p50 ms", "p99 ms", "non-2xx", "errors"],
    [
      row(
        "overview rendered afresh (household)",
        t.overviewFresh,
        pct(t.freshRatio, BUDGETS.freshThroughputRatio),
      ),
      row(
        "overview rendered afresh (200 supplies)",
        t.overview200Fresh,
        pct(t.fresh200Ratio, BUDGETS.freshThroughputRatio200),
      ),
      row(
        "overview from the page cache (household)",
        t.overviewCached,
        pct(t.cachedRatio, BUDGETS.throughputRatio),
      ),
      row("/bench/hello", t.hello, "100%"),
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// Cold start and round trips (fresh starts of the served build)

interface ColdStart {
  /** From spawning wrangler dev to its "Ready on" line (wrangler's own start included). */
  readyMs: number;
  firstHelloMs: number;
  firstLoginMs: number;
  warmHelloMs: number;
  warmLoginMs: number;
}

interface ColdStartResult {
  starts: ColdStart[];
  median: { [K in keyof ColdStart]: number | null };
}

/** The first requests after a fresh start of the Worker, against the same requests warm. */
async function coldStartPhase(dir: string): Promise<ColdStartResult> {
  const starts: ColdStart[] = [];
  for (let i = 1; i <= COLD_STARTS; i++) {
    log(`cold start ${i}/${COLD_STARTS}`);
    const worker = await restartWorker(dir);
    try {
      const get = async (path: string) => {
        const { ms, status } = await timeRequest(`${worker.baseURL}${path}`, {
          "user-agent": CHROME_UA,
        });
        if (status !== 200) throw new Error(`${path} answered ${status} after a restart`);
        return ms;
      };
      const firstHelloMs = await get("/bench/hello");
      const firstLoginMs = await get("/login");
      const warm = async (path: string) => {
        const times: number[] = [];
        for (let n = 0; n < 5; n++) times.push(await get(path));
        return median(times)!;
      };
      starts.push({
        readyMs: worker.readyMs,
        firstHelloMs,
        firstLoginMs,
        warmHelloMs: await warm("/bench/hello"),
        warmLoginMs: await warm("/login"),
      });
    } finally {
      await worker.stop();
    }
  }
  const pick = (key: keyof ColdStart) => median(starts.map((s) => s[key]));
  return {
    starts,
    median: {
      readyMs: pick("readyMs"),
      firstHelloMs: pick("firstHelloMs"),
      firstLoginMs: pick("firstLoginMs"),
      warmHelloMs: pick("warmHelloMs"),
      warmLoginMs: pick("warmLoginMs"),
    },
  };
}

/**
 * Median fresh-render TTFB (Cache-Control: no-cache, so the page cache never answers) of the
 * round-trip pages on two Workers running side by side, without and with the delay: each sample
 * asks both, in turns (which goes first alternates), so the machine's load hits both alike.
 * One unrecorded round first.
 */
async function pairedFreshTtfbs(
  plain: StartedWorker,
  delayed: StartedWorker,
): Promise<{ plain: Map<string, number | null>; delayed: Map<string, number | null> }> {
  const workers = [plain, delayed];
  const cookies = await Promise.all(
    workers.map(async (worker) => {
      const map = new Map<string | null, Cookie[]>();
      for (const account of SIGNED_IN_ACCOUNTS) {
        map.set(account, await login(worker.baseURL, account));
      }
      return map;
    }),
  );
  const samples = workers.map(() => new Map(ROUND_TRIP_PAGES.map((p) => [p.id, [] as number[]])));
  for (let n = 0; n <= ROUND_TRIP_SAMPLES; n++) {
    for (const spec of ROUND_TRIP_PAGES) {
      for (const w of n % 2 ? [1, 0] : [0, 1]) {
        const ttfb = await timeToFirstByte(
          `${workers[w]!.baseURL}${spec.path}`,
          cookies[w]!.get(spec.account)!,
          { "cache-control": "no-cache" },
        );
        if (n > 0) samples[w]!.get(spec.id)!.push(ttfb);
      }
    }
  }
  const medians = (m: Map<string, number[]>) =>
    new Map([...m].map(([id, values]) => [id, median(values)]));
  return { plain: medians(samples[0]!), delayed: medians(samples[1]!) };
}

interface RoundTripResult extends RoundTripFigures {
  label: string;
}

/**
 * The served build started twice at once, without and with D1_DELAY_MS, each on its own copy
 * of the D1 state (two workerd processes never share one database file).
 */
async function roundTripPhase(dir: string): Promise<RoundTripResult[]> {
  const delayedState = path.join(dir, "state-delayed");
  cpSync(path.join(dir, "state"), delayedState, { recursive: true });
  log(`round trips: fresh-render TTFB without and with D1_DELAY_MS=${D1_DELAY_MS}, side by side`);
  const plain = await restartWorker(dir);
  try {
    const delayed = await restartWorker(dir, { D1_DELAY_MS: String(D1_DELAY_MS) }, delayedState);
    try {
      const ttfbs = await pairedFreshTtfbs(plain, delayed);
      return ROUND_TRIP_PAGES.map((spec) => ({
        id: spec.id,
        label: spec.label,
        delayMs: D1_DELAY_MS,
        ttfbMs: ttfbs.plain.get(spec.id) ?? null,
        delayedTtfbMs: ttfbs.delayed.get(spec.id) ?? null,
      }));
    } finally {
      await delayed.stop();
    }
  } finally {
    await plain.stop();
  }
}

function roundTripTable(rows: RoundTripResult[]): string {
  return markdownTable(
    [
      "page (fresh render)",
      "TTFB",
      `TTFB, ${D1_DELAY_MS} ms per D1 call`,
      "added",
      "≈ round trips",
      "limit",
    ],
    rows.map((r) => {
      const added =
        r.ttfbMs === null || r.delayedTtfbMs === null ? null : r.delayedTtfbMs - r.ttfbMs;
      return [
        r.label,
        ms(r.ttfbMs),
        ms(r.delayedTtfbMs),
        ms(added),
        added === null ? "–" : (added / r.delayMs).toFixed(1),
        r.ttfbMs === null ? "–" : ms(BUDGETS.roundTrips * r.delayMs + r.ttfbMs),
      ];
    }),
  );
}

function workerTable(size: WorkerSize | null, cold: ColdStartResult | null): string {
  const kib = (bytes: number) => `${(bytes / KB).toFixed(0)} KB`;
  const lines = [
    markdownTable(
      [
        "Worker",
        "upload",
        `gzip (≤ ${kib(BUDGETS.workerGzip)})`,
        "cold: ready",
        "first /bench/hello",
        "first /login",
        "warm /bench/hello",
        "warm /login",
      ],
      [
        [
          "built Worker",
          size ? kib(size.uploadBytes) : "–",
          size ? kib(size.gzipBytes) : "–",
          ms(cold?.median.readyMs ?? null),
          ms(cold?.median.firstHelloMs ?? null),
          ms(cold?.median.firstLoginMs ?? null),
          ms(cold?.median.warmHelloMs ?? null),
          ms(cold?.median.warmLoginMs ?? null),
        ],
      ],
    ),
  ];
  if (size) {
    lines.push(
      "",
      `Largest modules (gzip each): ${size.modules
        .slice(0, 5)
        .map((m) => `${m.name} ${kib(m.gzipBytes)}`)
        .join(", ")}`,
    );
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const started = Date.now();
  const parts = partsToRun(process.env.BENCH_ONLY);
  const partial = parts.size < PARTS.length;
  const restarts = !process.env.BASE_URL;
  build();

  let size: WorkerSize | null | undefined;
  if (parts.has("size")) {
    log("Worker size (wrangler deploy --dry-run)");
    const buildDir = path.join(ROOT, "build");
    try {
      size = existsSync(path.join(buildDir, "server", "wrangler.json"))
        ? measureWorkerSize(buildDir)
        : null;
    } catch (error) {
      log(`warning: ${error instanceof Error ? error.message : String(error)}`);
      size = null;
    }
  }

  const needsServer = [...parts].some((p) => p !== "size");
  const server = needsServer ? await startBenchServer() : null;
  const stopOnSignal = () => {
    void Promise.all([server?.stop(), stopRestartedWorkers()]).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  const proxy = server ? await startProxy(server.baseURL) : null;

  let results: PageResult[] = [];
  let lighthouseResults: LighthousePageResult[] | undefined;
  let throughput: ThroughputResult | undefined;
  let cold: ColdStartResult | null = null;
  let roundTrips: RoundTripResult[] | undefined;
  let backoffice: BackofficeFigures | undefined;
  try {
    if (server && proxy) {
      const hello = await fetch(`${server.baseURL}/bench/hello`);
      if (hello.status !== 200) {
        const workerLog = server.log ? readFileSync(server.log, "utf8").split("\n").slice(-60) : [];
        throw new Error(
          `/bench/hello answered ${hello.status}; the Worker's log:\n${workerLog.join("\n")}`,
        );
      }
      const signIn = async () => {
        const map = new Map<string | null, Cookie[]>([[null, []]]);
        for (const account of SIGNED_IN_ACCOUNTS) {
          map.set(account, await login(server.baseURL, account));
        }
        return map;
      };
      if (parts.has("lighthouse")) lighthouseResults = await lighthousePhase(proxy.url, signIn);
      if (parts.has("browser")) results = await browserPhase(server.baseURL, proxy.url, signIn);
      if (parts.has("throughput")) throughput = await throughputPhase(server.baseURL, signIn);
      // The billing system's batches and a bill run (#36); they add bills, so after the pages.
      if (parts.has("backoffice") && server.dir) {
        backoffice = await backofficePhase(server.baseURL, path.join(server.dir, "state"), log);
      }
      // Restarts reuse the served build and its D1: the first Worker stops first.
      await proxy.close();
      await server.stop();
      if (server.dir && restarts) {
        if (parts.has("coldstart")) cold = await coldStartPhase(server.dir);
        if (parts.has("roundtrips")) roundTrips = await roundTripPhase(server.dir);
      } else if (parts.has("coldstart") || parts.has("roundtrips")) {
        log("BASE_URL: no cold start and no round trips (they restart the Worker)");
      }
    }
  } finally {
    await proxy?.close();
    await server?.stop();
    if (server?.dir && !process.env.E2E_KEEP_STATE) {
      rmSync(server.dir, { recursive: true, force: true });
    }
  }

  const figures: Figures = {};
  if (parts.has("browser")) {
    figures.pages = results.map((page): PageFigures => ({
      id: page.id,
      signedIn: page.account !== null,
      lcpBudget: PAGES.find((p) => p.id === page.id)!.lcpBudget,
      docCssBytes: page.gzip.docCss,
      htmlCssBytes: page.gzip.html + page.gzip.css,
      jsBytes: page.gzip.js,
      lcpOverFloor: page.lcpOverFloor,
      cls: Math.max(...Object.values(page.profiles).map((p) => p.cls)),
    }));
  }
  if (lighthouseResults) {
    figures.lighthouse = lighthouseResults.map((p) => ({
      id: p.id,
      kind: LIGHTHOUSE_PAGES.find((s) => s.id === p.id)!.kind,
      lcpMs: p.median.lcpMs,
      helloLcpMs: p.helloMedian.lcpMs,
      tbtMs: p.median.tbtMs,
      cls: p.median.cls,
    }));
  }
  if (throughput) figures.throughput = throughput;
  if (roundTrips) figures.roundTrips = roundTrips;
  if (backoffice) figures.backoffice = backoffice;
  if (size !== undefined) figures.workerGzipBytes = size === null ? null : size.gzipBytes;
  const budgets = checkBudgets(figures);
  const failed = budgets.filter((b) => !b.ok);

  const sections: string[] = [];
  if (lighthouseResults) {
    sections.push(
      `Lighthouse 13.5 (default mobile: simulated Slow 4G, 4× CPU), through the gzip -6 proxy, ms, medians of ${LIGHTHOUSE_RUNS}; LCP / hello = median LCP over the median of the /bench/hello runs made right before each of the page's runs. DevTools LCP = the DevTools-protocol column below (mobile, JS on).`,
      "",
      lighthouseTable(lighthouseResults, results),
    );
  }
  if (parts.has("browser")) {
    sections.push(
      "",
      `DevTools protocol: bytes in KB (1024 B) after gzip -6, per page load with JS on. Times: ms, medians of ${RUNS} (TTFB of ${TTFB_SAMPLES}, repeat views).`,
      `mobile = 150 ms RTT, 1.6 Mbps, 4× CPU; 3G = 400 ms RTT, 400 kbps. on/off = JavaScript enabled/disabled.`,
      "",
      table(results),
    );
  }
  if (throughput) {
    sections.push(
      "",
      `Throughput: autocannon, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s, 127.0.0.1. The headline is the overview rendered afresh (Cache-Control: no-cache), a customer's first view.`,
      "",
      throughputTable(throughput),
    );
  }
  if (roundTrips) {
    sections.push(
      "",
      `Round trips: TTFB in ms, median of ${ROUND_TRIP_SAMPLES} fresh renders each, on two fresh Workers side by side (requests in turns), without and with D1_DELAY_MS=${D1_DELAY_MS}; limit = ${BUDGETS.roundTrips} × ${D1_DELAY_MS} ms + TTFB without delay.`,
      "",
      roundTripTable(roundTrips),
    );
  }
  if (size !== undefined || cold) {
    sections.push(
      "",
      `Worker: the upload wrangler deploy --dry-run reports (KB = 1024 B); cold = medians over ${cold?.starts.length ?? 0} fresh start(s) of wrangler dev, each request's whole answer in ms.`,
      "",
      workerTable(size ?? null, cold),
    );
  }
  sections.push(
    "",
    failed.length === 0
      ? `Budgets: all ${budgets.length} hold${partial ? ` (partial run: ${[...parts].join(", ")})` : ""}.`
      : `Budgets: ${failed.length} of ${budgets.length} FAIL${partial ? ` (partial run: ${[...parts].join(", ")})` : ""}:\n${failed
          .map((b) => `- ${b.page}: ${b.budget} ${b.actual} (limit ${b.limit})`)
          .join("\n")}`,
  );
  console.log(sections.join("\n"));

  const out = path.join(ROOT, "bench", "results");
  const file = partial ? "partial.json" : "latest.json";
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, file),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        quick: QUICK,
        parts: [...parts],
        runs: RUNS,
        lighthouseRuns: LIGHTHOUSE_RUNS,
        ttfbSamples: TTFB_SAMPLES,
        roundTripSamples: ROUND_TRIP_SAMPLES,
        compression: { table: "gzip level 6", alsoReported: "brotli quality 11" },
        profiles: { mobile: MOBILE, slow3g: SLOW_3G },
        lighthouse: lighthouseResults ?? null,
        pages: results,
        throughput: throughput
          ? { connections: CANNON_CONNECTIONS, seconds: CANNON_SECONDS, ...throughput }
          : null,
        roundTrips: roundTrips ?? null,
        worker: { size: size ?? null, coldStart: cold },
        budgets,
        durationSeconds: Math.round((Date.now() - started) / 1000),
      },
      null,
      2,
    )}\n`,
  );
  log(`wrote bench/results/${file} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(failed.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(2);
});
