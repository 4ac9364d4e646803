/**
 * Chromium measurements for the benchmark: one fresh context per load (empty cache, new
 * connections), network and CPU throttled through the DevTools protocol, paint and layout-shift
 * entries read through the protocol too (PerformanceTimeline), so they work with JavaScript off.
 */
import { existsSync } from "node:fs";
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type Cookie,
  type Page,
} from "@playwright/test";
import type { NetworkProfile } from "./floor.ts";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** The flags every Chromium of the benchmark runs with (Playwright's and Lighthouse's). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's chromium when installed, else Playwright's own (as in playwright.config.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(
    existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS } : {},
  );
}

/** A mid-range phone, as in Lighthouse's mobile run (Moto G class, 412 × 823). */
const PHONE = devices["Moto G4"];

export async function newContext(
  browser: Browser,
  options: { javaScriptEnabled: boolean; cookies: Cookie[] },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PHONE,
    viewport: { width: 412, height: 823 },
    javaScriptEnabled: options.javaScriptEnabled,
    locale: "el-GR",
    timezoneId: "Europe/Athens",
  });
  if (options.cookies.length > 0) await context.addCookies(options.cookies);
  return context;
}

export interface Load {
  fcpMs: number | null;
  lcpMs: number | null;
  /** Sum over long tasks after FCP of (duration − 50 ms); null with JS off. */
  tbtMs: number | null;
  /** Sum of layout-shift values without recent input. */
  cls: number;
  /** JS on: whether the page hydrated within a minute; null with JS off. */
  hydrated: boolean | null;
}

/**
 * Waits for the root layout's hydration marker. A page that never hydrates is reported (the
 * benchmark goes on and says so) rather than ending the run.
 */
async function waitForHydration(page: Page): Promise<boolean> {
  try {
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
    return true;
  } catch {
    console.error(`bench: warning: ${page.url()} did not hydrate within 60 s`);
    return false;
  }
}

/** Collects long tasks from the first script on (JS on only). */
const LONG_TASK_OBSERVER = `(() => {
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();`;

interface TimelineEvent {
  type: string;
  time: number;
  lcpDetails?: { renderTime?: number; loadTime?: number };
  layoutShiftDetails?: { value: number; hadRecentInput: boolean };
}

/** One throttled load of `url`; waits for the load event (and hydration with JS on). */
export async function measureLoad(
  browser: Browser,
  url: string,
  profile: NetworkProfile,
  options: { javaScriptEnabled: boolean; cookies: Cookie[] },
): Promise<Load> {
  const context = await newContext(browser, options);
  try {
    const page = await context.newPage();
    if (options.javaScriptEnabled) await page.addInitScript(LONG_TASK_OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.rttMs,
      downloadThroughput: profile.downBitsPerSecond / 8,
      uploadThroughput: profile.upBitsPerSecond / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
    const events: TimelineEvent[] = [];
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
      events.push(event as TimelineEvent);
    });
    await cdp.send("PerformanceTimeline.enable", {
      eventTypes: ["largest-contentful-paint", "layout-shift"],
    });
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (!response || response.status() >= 400) {
      throw new Error(`${url}: status ${response?.status() ?? "none"}`);
    }
    const hydrated = options.javaScriptEnabled ? await waitForHydration(page) : null;
    // Let late long tasks and shifts land before reading (CPU is throttled).
    await page.waitForTimeout(500);
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      const tasks = (window as unknown as { __benchLongTasks?: [number, number][] })
        .__benchLongTasks;
      return { timeOrigin: performance.timeOrigin, fcp: fcp?.startTime ?? null, tasks };
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    let lcpMs: number | null = null;
    let cls = 0;
    for (const event of events) {
      if (event.type === "largest-contentful-paint") {
        const at = event.lcpDetails?.renderTime || event.lcpDetails?.loadTime || event.time;
        lcpMs = at * 1000 - timing.timeOrigin;
      } else if (event.layoutShiftDetails && !event.layoutShiftDetails.hadRecentInput) {
        cls += event.layoutShiftDetails.value;
      }
    }
    const fcpMs = timing.fcp;
    const tbtMs =
      options.javaScriptEnabled && timing.tasks
        ? timing.tasks
            .filter(([start]) => fcpMs === null || start >= fcpMs)
            .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
        : null;
    return { fcpMs, lcpMs, tbtMs, cls, hydrated };
  } finally {
    await context.close();
  }
}

export type ResourceKind = "html" | "css" | "js" | "media" | "other";

export interface Resource {
  url: string;
  kind: ResourceKind;
  body: Buffer;
}

function kindOf(resourceType: string): ResourceKind {
  if (resourceType === "document") return "html";
  if (resourceType === "stylesheet") return "css";
  if (resourceType === "script") return "js";
  if (resourceType === "font" || resourceType === "image" || resourceType === "media") {
    return "media";
  }
  return "other";
}

/**
 * Every resource one unthrottled JS-on load of `url` fetches, with its decoded body (sizes are
 * computed from those by the caller). Waits for hydration and a quiet network.
 */
export async function collectResources(
  browser: Browser,
  url: string,
  cookies: Cookie[],
): Promise<{ resources: Resource[]; documentHtml: string }> {
  const context = await newContext(browser, { javaScriptEnabled: true, cookies });
  try {
    const page = await context.newPage();
    const pending: Promise<Resource | null>[] = [];
    page.on("response", (response) => {
      const status = response.status();
      if (status >= 300 && status < 400) return;
      const kind = kindOf(response.request().resourceType());
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), kind, body }),
          () => null,
        ),
      );
    });
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response || response.status() >= 400) {
      throw new Error(`${url}: status ${response?.status() ?? "none"}`);
    }
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const resources = (await Promise.all(pending)).filter((r): r is Resource => r !== null);
    const documentHtml = (await response.body()).toString("utf8");
    return { resources, documentHtml };
  } finally {
    await context.close();
  }
}
