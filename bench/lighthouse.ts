/**
 * Lighthouse as the benchmark's paint measure (what customers' tools and PageSpeed Insights
 * report): the `lighthouse` npm package through its Node API, on one Chromium started by
 * chrome-launcher (Lighthouse's own launcher), with Lighthouse's DEFAULT mobile settings: simulated
 * throttling (Slow 4G: 150 ms RTT, 1.6 Mbps, 4× CPU), a Moto G-sized screen. That is what PageSpeed
 * Insights runs; nothing here overrides the throttling. A signed-in page gets its session cookie
 * through `extraHeaders`.
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./browser.ts";

/** The four metrics the budgets read; everything else Lighthouse would audit is skipped. */
const AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
] as const;

export interface LighthouseRun {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

export interface LighthouseChrome {
  port: number;
  /** The Chromium binary in use (Debian's, else Playwright's). */
  path: string;
  close(): Promise<void>;
}

/** Debian's Chromium when installed (CHROME_PATH wins), else Playwright's own. */
export function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : chromium.executablePath();
}

export async function launchLighthouseChrome(): Promise<LighthouseChrome> {
  const path = chromePath();
  const chrome = await chromeLauncher.launch({
    chromePath: path,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    logLevel: "silent",
  });
  return {
    port: chrome.port,
    path,
    close: async () => {
      chrome.kill();
    },
  };
}

/** Clears every cookie of the browser (DevTools protocol, `Storage.clearCookies`). */
async function clearCookies(chrome: LighthouseChrome): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Storage.clearCookies: no answer")), 10_000);
    socket.addEventListener("open", () =>
      socket.send(JSON.stringify({ id: 1, method: "Storage.clearCookies", params: {} })),
    );
    socket.addEventListener("message", (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      clearTimeout(timer);
      if (answer.error) reject(new Error(`Storage.clearCookies: ${answer.error.message}`));
      else resolve();
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error("Storage.clearCookies: the DevTools socket failed"));
    });
  }).finally(() => socket.close());
}

/**
 * One Lighthouse navigation of `url` with the default (mobile, simulated) settings. Throws when
 * Lighthouse reports a runtime error or the page ended somewhere else (a sign-in redirect would
 * otherwise be measured as the page).
 */
export async function runLighthouse(
  chrome: LighthouseChrome,
  url: string,
  cookie: string,
): Promise<LighthouseRun> {
  // Lighthouse resets a page's storage but keeps cookies, so a session cookie a signed-in page
  // set would follow the next run: /login would redirect to the overview and not be measured.
  await clearCookies(chrome);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "silent",
    onlyAudits: [...AUDITS],
    extraHeaders: cookie ? { Cookie: cookie } : null,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const landed = new URL(lhr.finalDisplayedUrl);
  const asked = new URL(url);
  if (landed.pathname !== asked.pathname) {
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  const value = (id: (typeof AUDITS)[number]) => {
    const audit = lhr.audits[id];
    return typeof audit?.numericValue === "number" ? audit.numericValue : null;
  };
  return {
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}
