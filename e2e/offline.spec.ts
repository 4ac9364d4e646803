import type { BrowserContext, Page } from "@playwright/test";
import { checkA11y, expect, hydrated, login, noJs, test } from "./fixtures";
import { DEMO, ownClientAddress, tr, type Lng } from "./support/app";

/**
 * Offline (#39): with JavaScript, the service worker (public/sw.js) answers a navigation that
 * fails for want of a connection with the portal's own offline page, in the page's language and
 * skin, with a retry back to the page asked for; sign-out leaves nothing of the person in Cache
 * Storage or IndexedDB. Without JavaScript no worker is registered: every page is as before
 * (every-page.spec.ts), so this file runs in the js project only.
 *
 * context.setOffline does not cut the worker's own fetches: every request is also aborted with
 * context.route while "offline".
 */

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ page }) => {
  test.skip(noJs(), "the service worker needs JavaScript; without it every page is unchanged");
  await page.setExtraHTTPHeaders(ownClientAddress());
});

const SHELL = "nrg-offline-v1";

/** Waits until the worker controls the page and has kept the page's language (and skin). */
async function workerReady(page: Page, lang: Lng) {
  await hydrated(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(async (shell) => {
        const stored = await (await caches.open(shell)).match("/__sw/state");
        return stored ? ((await stored.json()) as { lang: string }).lang : null;
      }, SHELL),
    )
    .toBe(lang);
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
}

/**
 * A navigation to `path` while offline. Not page.goto: the fixture's goto waits for hydration,
 * and the offline page is static (the worker takes its scripts out).
 */
async function gotoOffline(page: Page, path: string) {
  await page.evaluate((to) => location.assign(to), path);
  await page.waitForURL((url) => url.pathname + url.search === path);
  await page.waitForLoadState();
}

async function expectOfflinePage(page: Page, lng: Lng, retry: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(lng, "offline:title"));
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(
    tr(lng, "offline:available.title"),
  );
  await expect(page.getByText(tr(lng, "offline:available.open"))).toBeVisible();
  await expect(page.getByRole("link", { name: tr(lng, "offline:retry") })).toHaveAttribute(
    "href",
    retry,
  );
}

for (const lng of ["el", "en"] as const) {
  test(`${lng}: signed out, an offline navigation shows the portal's offline page`, async ({
    page,
    context,
  }) => {
    await page.goto(`/login?lng=${lng}`);
    await workerReady(page, lng);
    await goOffline(context);
    await gotoOffline(page, "/contact?from=offline");
    await expectOfflinePage(page, lng, "/contact?from=offline");
    // The page's own styles came from the worker's cache: the layout is the portal's.
    const styled = await page.evaluate(() => document.styleSheets.length);
    expect(styled).toBeGreaterThan(0);
    await checkA11y(page);
    // Retry, back online: the page asked for.
    await goOnline(context);
    await page.getByRole("link", { name: tr(lng, "offline:retry") }).click();
    await expect(page).toHaveURL(/\/contact\?from=offline$/);
  });
}

test("signed in: the offline page in the person's language and skin; sign-out leaves nothing of them", async ({
  page,
  context,
}) => {
  const company = DEMO.largeCompany;
  await login(page, company.vat);
  await page.goto("/b2b/episkopisi");
  const skin = await page.locator("html").getAttribute("data-skin");
  expect(skin).not.toBe("1");
  await workerReady(page, "el");
  // Signed-in pages are never cached, by the browser or the worker.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.filter((url) => url.includes("/b2b/"))).toEqual([]);

  await goOffline(context);
  await gotoOffline(page, "/b2b/logariasmoi");
  await expectOfflinePage(page, "el", "/b2b/logariasmoi");
  await expect(page.locator("html")).toHaveAttribute("data-skin", skin as string);
  await goOnline(context);

  await page.goto("/b2b/episkopisi");
  await hydrated(page);
  // The header's sign-out form (inside the account menu; the menu itself is tested elsewhere).
  await page
    .locator('form[action="/logout"]')
    .evaluate((form: HTMLFormElement) => form.requestSubmit());
  await page.waitForURL((url) => url.pathname === "/login");
  // The sign-in page registers the worker again; it keeps the language, not the person's skin.
  await workerReady(page, "el");
  const left = await page.evaluate(async (shell) => {
    const names = await caches.keys();
    const stored = await (await caches.open(shell)).match("/__sw/state");
    const databases = await indexedDB.databases();
    return { names, state: stored ? await stored.json() : null, databases: databases.length };
  }, SHELL);
  expect(left).toEqual({ names: [SHELL], state: { lang: "el", skin: "1" }, databases: 0 });
});
