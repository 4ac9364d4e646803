import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import routes from "../app/routes.ts";
import { DEMO, DEMO_E_INVOICE_MARK } from "../seed/accounts.ts";
import {
  describeViolations,
  expect,
  findA11yViolations,
  hydrated,
  instrumentNavigation,
  login,
  noJs,
  test,
  watchPage,
  type A11yViolation,
} from "./fixtures";
import { ROOT } from "./support/server";

/**
 * Site-wide, so no page is left out: EVERY page of app/routes.ts, signed out and signed in, in
 * Greek and English, with JavaScript off (nojs) and on (js):
 * - axe (WCAG 2.0/2.1/2.2 A and AA and best practices, so `region` and `landmark-unique`) with
 *   no violations, at 360 × 740 and at 1280 × 800;
 * - at 360 × 740 and 320 × 640 nothing extends past the viewport: the document does not scroll
 *   sideways and no visible element's right edge is beyond the viewport, except inside a
 *   deliberate scroll region (`.table-wrap` or `[data-scroll-region]`, which must itself fit),
 *   and no other box hides content behind a sideways scroll bar;
 * - at 320 × 640 no amount ("€") lies beyond the visible part of its scroll region (#35 §6).
 *
 * The pages are discovered, not listed: each route of app/routes.ts gets a test, a route with a
 * required parameter is opened through the first matching link of the page its static prefix
 * names (a bill from the bills page...), and the dialogs opened by a `?modal=` link of the
 * signed-in shell are checked like pages. A new route is thus covered without editing this file;
 * only routes that cannot be shown to a visitor are skipped, each for a stated reason.
 */

type Lng = "el" | "en";
const LANGUAGES: readonly Lng[] = ["el", "en"];

/** Deliberate sideways scroll regions: their content may scroll, the region itself must fit. */
const SCROLL_REGION = ".table-wrap, [data-scroll-region]";

const PHONE = { width: 360, height: 740 };
const SMALL_PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

// ---------------------------------------------------------------------------------------------
// Routes

interface PageRoute {
  /** The route's pattern as app/routes.ts spells it, without the leading slash ("b2b/pay"). */
  pattern: string;
  file: string;
  signedIn: boolean;
}

function flatten(entries: RouteConfigEntry[], parent = "", signedIn = false): PageRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const inShell = signedIn || entry.file === "routes/b2b/layout.tsx";
    if (entry.children) return flatten(entry.children, pattern, inShell);
    return [{ pattern, file: entry.file, signedIn: inShell }];
  });
}

/** A resource route (PDF, .ics, export, avatar, JSON) renders no page: it has no component. */
function isResourceRoute(file: string): boolean {
  return !/^export default /m.test(readFileSync(join(ROOT, "app", file), "utf8"));
}

/** Why a page route is not visited, or null. */
function skipReason(route: PageRoute): string | null {
  const { pattern } = route;
  if (/^(dev|bench)\//.test(pattern)) return "development-only route (404 in production)";
  if (/:(hash|token)\b/.test(pattern) || /^(activate|gateway)\//.test(pattern)) {
    return "opened only by a signed link or token from an email, SMS or the card gateway";
  }
  if (/^all-smart-/.test(pattern)) return "a step of the allSmart hash-link flow (needs its token)";
  if (/^direct-debit\/(loader|thank-you)$/.test(pattern)) {
    return "a step after the direct-debit form's card payment (needs its flow state)";
  }
  if (pattern === "intermediate") return "onboarding applicants only (e2e/intermediate.spec.ts)";
  return null;
}

const ALL_ROUTES = flatten(routes as RouteConfigEntry[]);

/** Public pages with a parameter that no page links to: a known sample of each. */
const SAMPLE_PATHS: Record<string, string> = {
  "e-invoice/:mark": `/e-invoice/${DEMO_E_INVOICE_MARK}`,
};

/** The path to open for a route: `*` becomes an unknown page, optional parameters are left out. */
function staticPath(pattern: string): string | null {
  const path = pattern
    .split("/")
    .filter((part) => !part.endsWith("?"))
    .map((part) => (part === "*" ? "no-such-page-15" : part));
  if (path.some((part) => part.startsWith(":"))) return null;
  return `/${path.join("/")}`;
}

/** Matches a concrete path against a route pattern with required parameters. */
function patternRegExp(pattern: string): RegExp {
  const parts = pattern
    .split("/")
    .map((part) =>
      part.startsWith(":") ? "[^/?#]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  return new RegExp(`^/${parts.join("/")}$`);
}

/** The route patterns without parameters, for telling "/b2b/aitimata/diakopi" from ":requestId". */
const STATIC_PATHS = new Set(ALL_ROUTES.map((r) => staticPath(r.pattern)).filter(Boolean));

// ---------------------------------------------------------------------------------------------
// Checks

function withLng(path: string, lng: Lng): string {
  const url = new URL(path, "http://placeholder");
  url.searchParams.set("lng", lng);
  return `${url.pathname}${url.search}`;
}

/**
 * Everything at the current viewport size that extends past the viewport's right edge, as
 * readable lines. An element's visible right edge is cut at any ancestor that clips (overflow
 * not visible); content inside a deliberate scroll region is not counted, the region is.
 */
async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate((scrollRegion) => {
    const doc = document.documentElement;
    const viewport = doc.clientWidth;
    const problems: string[] = [];
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls =
        typeof el.className === "string" && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).join(".")}`
          : "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    // The nearest right edge at which an ancestor clips (overflow not visible), per element, from
    // its parent's (one style and box read per element, not one per ancestor of each element).
    const clipRights = new Map<Element, number>();
    const clipRight = (el: Element): number => {
      const parent = el.parentElement;
      if (!parent || parent === doc) return Infinity;
      let known = clipRights.get(parent);
      if (known === undefined) {
        const own =
          getComputedStyle(parent).overflowX !== "visible"
            ? parent.getBoundingClientRect().right
            : Infinity;
        known = Math.min(own, clipRight(parent));
        clipRights.set(parent, known);
      }
      return known;
    };
    if (doc.scrollWidth > viewport) {
      problems.push(`the page scrolls sideways: scrollWidth ${doc.scrollWidth} > ${viewport}`);
    }
    for (const el of document.body.querySelectorAll("*")) {
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "contents") continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a scroll region (not the region itself): may scroll.
      if (el.parentElement?.closest(scrollRegion)) continue;
      // Visually hidden (clip / 1 px) elements are not seen.
      if (box.width <= 1 && box.height <= 1) continue;
      const right = Math.min(box.right, clipRight(el));
      // Sub-pixel layout rounding is not overflow.
      if (right > viewport + 1) {
        problems.push(`${name(el)} reaches ${Math.round(right)} px (viewport ${viewport})`);
        continue;
      }
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      if (scrolls && el !== doc && el !== document.body && !el.matches(scrollRegion)) {
        if (el.scrollWidth > el.clientWidth + 1) {
          problems.push(
            `${name(el)} hides content behind a sideways scroll bar (${el.scrollWidth} > ${el.clientWidth}) and is not a marked scroll region`,
          );
        }
      }
    }
    // A wide element reports its descendants too: keep the outermost lines readable.
    return problems.slice(0, 15);
  }, SCROLL_REGION);
}

/**
 * Amounts (text with "€") that a sideways scroll region cuts: at 320 px every amount of a table
 * must be in view without scrolling it (#35 §6: stacked tables below 480 px). A scroll region may
 * still scroll other content; an amount beyond its visible box is a finding.
 */
async function cutAmounts(page: Page): Promise<string[]> {
  return page.evaluate((scrollRegion) => {
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!text.includes("€")) continue;
      const parent = node.parentElement;
      const region = parent?.closest(scrollRegion);
      if (!parent || !region) continue;
      if (getComputedStyle(parent).visibility === "hidden") continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const view = region.getBoundingClientRect();
      if (box.right > view.right + 1 || box.left < view.left - 1) {
        const cls = typeof region.className === "string" ? region.className : "";
        problems.push(
          `"${text.trim()}" spans ${Math.round(box.left)}-${Math.round(box.right)} px, beyond its scroll region <${region.tagName.toLowerCase()} class="${cls}"> (${Math.round(view.left)}-${Math.round(view.right)} px)`,
        );
      }
    }
    return problems.slice(0, 15);
  }, SCROLL_REGION);
}

/**
 * Grids that leave an empty column at the end of their only row (auto-fill with two cards in a
 * three-column track list): the cards should share the row instead.
 */
async function emptyGridColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const grid of document.body.querySelectorAll("*")) {
      const style = getComputedStyle(grid);
      if (style.display !== "grid" && style.display !== "inline-grid") continue;
      const columns = style.gridTemplateColumns.split(" ").filter((c) => c.endsWith("px"));
      if (columns.length < 2) continue;
      const items = [...grid.children].filter((child) => {
        const s = getComputedStyle(child);
        const box = child.getBoundingClientRect();
        return s.position !== "absolute" && s.position !== "fixed" && box.width > 0;
      });
      if (items.length < 2) continue;
      const box = grid.getBoundingClientRect();
      const top = Math.min(...items.map((i) => i.getBoundingClientRect().top));
      // Only grids whose items all sit in one row: a second row may end where it ends.
      if (items.some((i) => i.getBoundingClientRect().top > top + 1)) continue;
      const right = Math.max(...items.map((i) => i.getBoundingClientRect().right));
      const contentRight =
        box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
      // auto-fit collapses empty tracks to 0 px: those are not empty columns.
      const widths = columns.map((c) => parseFloat(c)).filter((w) => w > 0);
      const narrowest = Math.min(...widths);
      if (contentRight - right > Math.max(narrowest / 2, 1)) {
        const cls = typeof grid.className === "string" ? grid.className : "";
        problems.push(
          `<${grid.tagName.toLowerCase()} class="${cls}"> leaves ${Math.round(contentRight - right)} px empty after its ${items.length} items (columns ${style.gridTemplateColumns})`,
        );
      }
    }
    return problems;
  });
}

interface Finding {
  check: string;
  text: string;
}

/** Every check of one page in one language: axe at 360 and 1280 px, overflow at 360 and 320. */
async function checkPage(page: Page, route: string, path: string, lng: Lng): Promise<void> {
  const findings: Finding[] = [];
  const axeAt = async (label: string) => {
    const violations: A11yViolation[] = await findA11yViolations(page);
    for (const violation of violations) {
      findings.push({
        check: violation.id,
        text: `axe at ${label}:\n${describeViolations([violation])}`,
      });
    }
  };
  const overflowAt = async (label: string) => {
    const problems = await overflowProblems(page);
    if (problems.length > 0) {
      findings.push({
        check: "overflow",
        text: `overflow at ${label}:\n  ${problems.join("\n  ")}`,
      });
    }
  };

  await page.setViewportSize(PHONE);
  let response = await page.goto(withLng(path, lng));
  await hydrated(page);
  expect(response?.status() ?? 0, `${path}: no server error`).toBeLessThan(500);
  const landed = new URL(page.url());
  if (landed.pathname !== new URL(path, landed).pathname) {
    // A route that only redirects (GET /logout, /b2b): check where it leads, in `lng` (a
    // redirect drops the query, and sign-out resets the language).
    response = await page.goto(withLng(`${landed.pathname}${landed.search}`, lng));
    await hydrated(page);
    expect(response?.status() ?? 0, `${page.url()}: no server error`).toBeLessThan(500);
  }
  await expect(page.locator("html"), `${path} is in ${lng}`).toHaveAttribute("lang", lng);
  await overflowAt("360 × 740");
  await axeAt("360 × 740");
  await page.setViewportSize(SMALL_PHONE);
  await overflowAt("320 × 640");
  const cut = await cutAmounts(page);
  if (cut.length > 0) {
    findings.push({ check: "cut-amount", text: `at 320 × 640:\n  ${cut.join("\n  ")}` });
  }
  await page.setViewportSize(DESKTOP);
  await axeAt("1280 × 800");
  const grids = await emptyGridColumns(page);
  if (grids.length > 0) {
    findings.push({ check: "empty-grid-column", text: `at 1280 × 800:\n  ${grids.join("\n  ")}` });
  }

  expect(
    findings.map((f) => f.text),
    `${path} (${lng}, route ${route || "/"}) has accessibility or overflow findings`,
  ).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// One browser context per language (per area), reused by its tests; the signed-in one signs in
// once.

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    javaScriptEnabled: !noJs(),
    locale: test.info().project.use.locale,
    timezoneId: test.info().project.use.timezoneId,
    baseURL: process.env.BASE_URL,
    viewport: PHONE,
  });
}

/** A page of the shared context that fails the test on page errors or broken resources. */
async function withPage(context: BrowserContext, run: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  instrumentNavigation(page, !noJs());
  const problems = watchPage(page);
  try {
    await run(page);
    expect(problems, "the page logged errors or failed to load resources").toEqual([]);
  } finally {
    await page.close();
  }
}

/** The first link of `from` that opens `pattern` (a route with a required parameter). */
async function discover(page: Page, pattern: string, from: string, lng: Lng): Promise<string> {
  await page.goto(withLng(from, lng));
  await hydrated(page);
  const matcher = patternRegExp(pattern);
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== new URL(page.url()).origin) continue;
    if (STATIC_PATHS.has(url.pathname)) continue;
    if (matcher.test(url.pathname)) return url.pathname;
  }
  throw new Error(`no link on ${from} opens ${pattern}: cannot discover a page of this route`);
}

/** The `?modal=` dialogs linked from the signed-in shell (header, overview). */
async function discoverDialogs(page: Page, lng: Lng): Promise<string[]> {
  await page.goto(withLng("/b2b/episkopisi", lng));
  await hydrated(page);
  const hrefs = await page
    .locator('a[href*="modal="]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const byModal = new Map<string, string>();
  for (const href of hrefs) {
    const url = new URL(href);
    const modal = url.searchParams.get("modal");
    if (modal && !byModal.has(modal)) byModal.set(modal, `${url.pathname}${url.search}`);
  }
  return [...byModal.values()];
}

test.describe.configure({ timeout: 120_000 });

const pageRoutes = ALL_ROUTES.filter((r) => !isResourceRoute(r.file));

for (const area of ["signed out", "signed in"] as const) {
  const signedIn = area === "signed in";
  const inArea = pageRoutes.filter((r) => r.signedIn === signedIn);
  for (const lng of LANGUAGES) {
    test.describe(`#15 every page ${area}, ${lng}`, () => {
      let context: BrowserContext;

      test.beforeAll(async ({ browser }) => {
        context = await newContext(browser);
        if (signedIn) {
          const page = await context.newPage();
          await login(page, DEMO.household.vat);
          await page.close();
        }
      });
      test.afterAll(async () => {
        await context?.close();
      });

      for (const route of inArea) {
        const reason = skipReason(route);
        const name = `#15 /${route.pattern} (${lng}): axe clean, nothing past 360 and 320 px`;
        if (reason) {
          test.skip(name, () => {
            test.info().annotations.push({ type: "not visitable", description: reason });
          });
          continue;
        }
        test(name, async () => {
          await withPage(context, async (page) => {
            let path = staticPath(route.pattern) ?? SAMPLE_PATHS[route.pattern] ?? null;
            if (!path) {
              const from = `/${route.pattern.split("/:")[0]}`;
              path = await discover(page, route.pattern, from, lng);
            }
            await checkPage(page, route.pattern, path, lng);
          });
        });
      }

      if (signedIn) {
        test(`#15 every ?modal= dialog of the shell (${lng}): axe clean, nothing past 360 and 320 px`, async () => {
          await withPage(context, async (page) => {
            const dialogs = await discoverDialogs(page, lng);
            expect(dialogs.length, "the shell links to its dialogs").toBeGreaterThan(0);
            for (const path of dialogs) {
              const modal = new URL(path, "http://x").searchParams.get("modal") ?? "";
              await checkPage(page, `?modal=${modal}`, path, lng);
            }
          });
        });
      }
    });
  }
}

test("#15 the pages come from app/routes.ts: signed out, signed in, resource routes apart", () => {
  // Guards the discovery itself: an empty or misread route list would make every check above
  // pass vacuously.
  expect(pageRoutes.filter((r) => r.signedIn).length).toBeGreaterThan(20);
  expect(pageRoutes.filter((r) => !r.signedIn).length).toBeGreaterThan(15);
  const resources = ALL_ROUTES.filter((r) => isResourceRoute(r.file)).map((r) => r.pattern);
  expect(resources).toEqual(expect.arrayContaining(["b2b/invoice-pdf/:id", "b2b/imerologio.ics"]));
  expect(pageRoutes.map((r) => r.pattern)).toEqual(
    expect.arrayContaining(["", "b2b/episkopisi", "b2b/logariasmoi/:invoiceId", "b2b/*", "*"]),
  );
});
