import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiInvoice, ApiMeter } from "../core/contract/index.ts";
import { athensToday } from "../core/dates.ts";
import { readingStaleness } from "../core/figure-sources.ts";
import { DEMO } from "../seed/accounts.ts";
import { checkA11y, DEMO_PASSWORD, expect, gotoLng, hydrated, login, test } from "./fixtures";

/**
 * Figure sources (issue #20): every reading and bill figure says where it comes from, on the
 * reading, statistics, overview and invoice pages, in both languages, with JavaScript off (nojs)
 * and on (js). The household's main supply was not read for months in the demo data: its newest
 * readings and bills are estimates, and its newest actual reading predates its billing period.
 * The readings spec may send a reading on that supply first (both projects share one database),
 * after which it is no longer stale: the notice is checked against what the API says.
 */

type Lng = "el" | "en";
const read = (lng: Lng, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const S = { el: read("el", "sources"), en: read("en", "sources") };
const R = { el: read("el", "readings"), en: read("en", "readings") };
const LNGS: Lng[] = ["el", "en"];
const h = DEMO.household;

test.describe.configure({ timeout: 120_000 });

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const login = await request.post("/api/v2/auth/login", {
    headers: {
      authorization: `Basic ${Buffer.from(`${h.vat}:${DEMO_PASSWORD}`).toString("base64")}`,
    },
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const response = await request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function mainMeter(request: APIRequestContext): Promise<ApiMeter> {
  const meters = await apiGet<ApiMeter[]>(
    request,
    `/users/${h.userId}/meters?ids=${h.mainMeterId}`,
  );
  return meters.find((m) => m.id === h.mainMeterId) as ApiMeter;
}

/** The notice is there exactly when the API's dates make the supply stale, with its date. */
async function expectNotice(page: Page, request: APIRequestContext, lng: Lng, link: boolean) {
  const staleness = readingStaleness(await mainMeter(request), athensToday());
  const notice = page.getByTestId("stale-notice");
  if (!staleness.stale) {
    await expect(notice).toHaveCount(0);
    return;
  }
  const [y, m, d] = staleness.lastActual.split("-");
  await expect(notice).toContainText(`${d}/${m}/${y}`);
  await expect(notice).toContainText(S[lng].stale.body.split("{{")[0].trim());
  const submit = notice.getByRole("link", { name: S[lng].stale.submit });
  if (link && staleness.canSubmit) {
    await expect(submit).toHaveAttribute("href", "/b2b/kataxorisi");
  } else {
    await expect(submit).toHaveCount(0);
  }
}

/** The household's main supply's bills, as the API lists them. */
function mainSupplyBills(request: APIRequestContext): Promise<ApiInvoice[]> {
  return apiGet<ApiInvoice[]>(request, `/users/${h.userId}/meters/${h.mainMeterId}/invoices`);
}

test.describe("figure sources", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, h.vat);
  });

  test("the reading page says each reading's source and date (el, en)", async ({
    page,
    request,
  }) => {
    for (const lng of LNGS) {
      await gotoLng(page, "/b2b/kataxorisi", lng);
      await hydrated(page);
      const table = page.getByRole("region", { name: R[lng].history.title }).getByRole("table");
      await expect(table.getByRole("columnheader", { name: S[lng].reading.source })).toBeVisible();
      const sourceCells = page.locator(`td[data-label="${S[lng].reading.source}"]`);
      const texts = await sourceCells.allTextContents();
      expect(texts.some((t) => t.includes(S[lng].reading.estimated))).toBe(true);
      expect(texts.some((t) => t.includes(S[lng].reading.operator))).toBe(true);
      // The consumption chart draws periods on an estimated reading lighter and dashed, and its
      // table says so beside the period.
      const consumption = page.getByRole("table", { name: R[lng].chart.tableCaption });
      await expect(
        consumption.locator("tbody th[scope=row]", { hasText: S[lng].chart.estimated }).first(),
      ).toBeVisible();
      await expect(page.locator(".rd-chart .chart-est").first()).toBeAttached();
      // Every row of the history has its date beside its source.
      const rows = table.locator("tbody tr");
      for (const row of await rows.all()) {
        await expect(row.locator("td").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
      }
      await expectNotice(page, request, lng, false);
      if (lng === "el") await checkA11y(page);
    }
  });

  /** A chart page: estimated periods marked in the table and drawn apart; the notice links. */
  async function expectEstimatedChart(page: Page, request: APIRequestContext, path: string) {
    for (const lng of LNGS) {
      await gotoLng(page, path, lng);
      await hydrated(page);
      const marked = page.locator("tbody th[scope=row]", { hasText: S[lng].chart.estimated });
      expect(await marked.count()).toBeGreaterThan(0);
      await expect(page.locator(".chart__legend").first()).toContainText(S[lng].chart.legend);
      expect(await page.locator("svg .chart-est").count()).toBeGreaterThan(0);
      await expectNotice(page, request, lng, true);
      if (lng === "el") await checkA11y(page);
    }
  }

  test("the statistics say which months are estimated, beside the chart (el, en)", async ({
    page,
    request,
  }) => {
    await expectEstimatedChart(page, request, "/b2b/statistika");
  });

  test("the overview's charts mark estimated periods; the notice links to the reading page", async ({
    page,
    request,
  }) => {
    await expectEstimatedChart(page, request, "/b2b/episkopisi");
  });

  test("the invoice page says whether the bill's consumption is actual or estimated (el, en)", async ({
    page,
    request,
  }) => {
    const bills = await mainSupplyBills(request);
    const estimated = bills.find((b) => b.consumption_source === "estimated") as ApiInvoice;
    const actual = bills.find((b) => b.consumption_source === "actual") as ApiInvoice;
    const payment = bills.find((b) => b.type === "payment") as ApiInvoice;
    for (const lng of LNGS) {
      for (const [bill, label] of [
        [estimated, S[lng].bill.estimated],
        [actual, S[lng].bill.actual],
      ] as const) {
        await gotoLng(page, `/b2b/logariasmoi/${bill.id}`, lng);
        await hydrated(page);
        const fact = page.locator("dl div", { hasText: S[lng].bill.source });
        await expect(fact.locator("dt")).toHaveText(S[lng].bill.source);
        await expect(fact.locator("dd")).toContainText(label);
        await expect(fact.locator("dd")).toContainText(/\d{2}\/\d{2}\/\d{4}/);
        if (lng === "el" && bill === estimated) await checkA11y(page);
      }
      // A payment bills no consumption: no source.
      await gotoLng(page, `/b2b/logariasmoi/${payment.id}`, lng);
      await expect(page.locator("dt", { hasText: S[lng].bill.source })).toHaveCount(0);
    }
  });

  test("the bills list says each bill's consumption source in its row details (el, en)", async ({
    page,
    request,
  }) => {
    const bills = await mainSupplyBills(request);
    const estimated = bills.find((b) => b.consumption_source === "estimated") as ApiInvoice;
    for (const lng of LNGS) {
      await gotoLng(page, "/b2b/logariasmoi?size=50", lng);
      const row = page.locator("tbody tr").filter({ hasText: estimated.invoice_no });
      const details = row.locator("details");
      await details.locator("summary").click();
      const fact = details.locator("dl div", { hasText: S[lng].bill.source });
      await expect(fact.locator("dd")).toHaveText(S[lng].bill.estimated);
    }
  });
});
