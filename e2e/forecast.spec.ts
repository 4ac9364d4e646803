import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiForecast } from "../core/contract/index.ts";
import { dayMonth, formatCents, headlineRange } from "../app/domain/forecast-view.ts";
import { DEMO } from "../seed/accounts.ts";
import { checkA11y, DEMO_PASSWORD, expect, gotoLng, hydrated, login, test } from "./fixtures";

/**
 * The next bill's forecast (#37 §1), as the household sees it: on the bills page and the
 * overview of its main supply, "your next bill, for DD/MM–DD/MM, will be about X–Y €", marked as
 * an estimate, with no due date and no pay button, and "how we worked this out" with every line,
 * whose amounts add up to the forecast. Greek and English, 360 and 1280 px, with JavaScript off
 * (nojs) and on (js); axe on both pages. The figures are the API's (GET …/forecast): another spec
 * may send a reading first (the projects share one database), and the page must follow it.
 */

type Lng = "el" | "en";
const LNGS: Lng[] = ["el", "en"];
const read = (lng: Lng, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const F = { el: read("el", "forecast"), en: read("en", "forecast") };
const B = { el: read("el", "bills"), en: read("en", "bills") };
const h = DEMO.household;

test.describe.configure({ timeout: 120_000 });

async function apiForecast(request: APIRequestContext, meterId: number): Promise<ApiForecast> {
  const signedIn = await request.post("/api/v2/auth/login", {
    headers: {
      authorization: `Basic ${Buffer.from(`${h.vat}:${DEMO_PASSWORD}`).toString("base64")}`,
    },
  });
  expect(signedIn.status()).toBe(200);
  const token = ((await signedIn.json()) as { data: { access_token: string } }).data.access_token;
  const response = await request.get(`/api/users/${h.userId}/meters/${meterId}/forecast`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiForecast }).data;
}

/** The headline the card must write for this forecast, in this language. */
function headline(forecast: Extract<ApiForecast, { kind: "forecast" }>, lng: Lng): string {
  const range = headlineRange(forecast);
  const period = { from: dayMonth(forecast.period.from), to: dayMonth(forecast.period.to) };
  const template: string = range.one !== null ? F[lng].card.headlineOne : F[lng].card.headline;
  const values: Record<string, string> =
    range.one !== null
      ? { ...period, amount: range.one }
      : { ...period, low: range.low, high: range.high };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

async function expectCard(page: Page, forecast: ApiForecast, lng: Lng) {
  if (forecast.kind !== "forecast") throw new Error(`no forecast: ${forecast.reason}`);
  const card = page.locator("section.forecast-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(
    `${F[lng].card.title} ${F[lng].card.badge}`,
  );
  await expect(card.getByTestId("forecast-headline")).toHaveText(headline(forecast, lng));
  await expect(card).toContainText(formatCents(forecast.centralCents));
  await expect(card).toContainText(F[lng].card.notABill);
  // Never shown as a bill: nothing to press but the links to read more, no due date.
  await expect(card.getByRole("button")).toHaveCount(0);
  await expect(card.getByRole("link", { name: B[lng].summary.pay })).toHaveCount(0);
  await expect(card).not.toContainText(B[lng].summary.dueDate);
  // Nothing spills off the card.
  const box = await card.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  return card;
}

test.describe("the next bill's forecast (#37 §1)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, h.vat);
  });

  test("the bills page and the overview show it, and how it was worked out adds up", async ({
    page,
    request,
  }) => {
    for (const lng of LNGS) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const forecast = await apiForecast(request, h.mainMeterId);
        if (forecast.kind !== "forecast") throw new Error(`no forecast: ${forecast.reason}`);

        await gotoLng(page, "/b2b/episkopisi", lng);
        await hydrated(page);
        await expectCard(page, forecast, lng);

        await gotoLng(page, "/b2b/logariasmoi", lng);
        await hydrated(page);
        const card = await expectCard(page, forecast, lng);
        await card.getByRole("link", { name: F[lng].card.explain }).click();
        await expect(page).toHaveURL(/\/b2b\/provlepsi$/);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(F[lng].title);

        // Every line of the forecast, and its total: the sum of the lines.
        const lines = page.getByRole("table", { name: F[lng].page.lines.caption });
        const amounts = lines.locator("tbody td.num");
        await expect(amounts).toHaveText(forecast.lines.map((line) => formatCents(line.cents)));
        await expect(lines.locator("tfoot td.num")).toHaveText(formatCents(forecast.centralCents));
        expect(forecast.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(
          forecast.centralCents,
        );
        // The years it comes from, each counted or not, and the range they give.
        const years = page.getByRole("table", { name: F[lng].page.years.caption });
        await expect(years.locator("tbody tr")).toHaveCount(forecast.years.length);
        await expect(page.getByRole("region", { name: F[lng].page.range.title })).toContainText(
          formatCents(forecast.range.highCents),
        );
        if (width === 360) await checkA11y(page);
      }
    }
  });

  test("a supply that is not Active has no forecast; its page says why", async ({
    page,
    request,
  }) => {
    expect(await apiForecast(request, h.stoppedMeterId)).toBeNull();
    await gotoLng(page, "/b2b/logariasmoi", "en");
    const origin = new URL(page.url()).origin;
    const chosen = await page.request.post("/b2b/select-meter", {
      form: { meter_id: String(h.stoppedMeterId) },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(303);
    try {
      await gotoLng(page, "/b2b/logariasmoi", "en");
      await hydrated(page);
      await expect(page.locator("section.forecast-card")).toHaveCount(0);
      await gotoLng(page, "/b2b/provlepsi", "en");
      await hydrated(page);
      await expect(page.getByText(F.en.page.notActive)).toBeVisible();
      await checkA11y(page);
    } finally {
      await page.request.post("/b2b/select-meter", {
        form: { meter_id: String(h.mainMeterId) },
        headers: { origin },
        maxRedirects: 0,
      });
    }
  });
});
