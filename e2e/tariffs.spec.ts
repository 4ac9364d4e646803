import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiTariffs } from "../core/contract/index.ts";
import { formatCents } from "../app/domain/forecast-view.ts";
import { DEMO } from "../seed/accounts.ts";
import { serverSql, serverState, withServerLock } from "./support/state";
import { checkA11y, DEMO_PASSWORD, expect, gotoLng, hydrated, login, test } from "./fixtures";

/**
 * Tariffs priced on the household's own usage (#37 §3): /b2b/timologia lists the products for
 * its main supply with their colour's name, prices each on the last 12 months (the cheapest
 * first, "your tariff" marked), opens a figure to its lines, and files "switch to this tariff"
 * through a confirmation with the terms accepted, which then stands in its requests. Greek at
 * 360 px in one test, English at 1280 px in the other; JavaScript off (nojs) and on (js); axe on
 * the list and on the confirmation. The figures are the API's (GET …/tariffs): another spec may
 * send a reading first (the projects share one database), and the page must follow it.
 */

type Lng = "el" | "en";
const read = (lng: Lng, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const T = { el: read("el", "tariffs"), en: read("en", "tariffs") };
// The colours' names are in common (core/tariff-colours.ts TARIFF_COLOURS_NS).
const B = { el: read("el", "common"), en: read("en", "common") };
const R = { el: read("el", "requests"), en: read("en", "requests") };
const h = DEMO.household;
/** The household's special (green) product: no demo supply is on it, and it may be switched to. */
const GREEN = "NRG_HOME_GREEN";

test.describe.configure({ timeout: 60_000 });

async function apiTariffs(request: APIRequestContext): Promise<ApiTariffs> {
  const signedIn = await request.post("/api/v2/auth/login", {
    headers: {
      authorization: `Basic ${Buffer.from(`${h.vat}:${DEMO_PASSWORD}`).toString("base64")}`,
    },
  });
  expect(signedIn.status()).toBe(200);
  const token = ((await signedIn.json()) as { data: { access_token: string } }).data.access_token;
  const response = await request.get(`/api/users/${h.userId}/meters/${h.mainMeterId}/tariffs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiTariffs }).data;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

async function nothingSpills(page: Page) {
  const spill = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(spill).toBeLessThanOrEqual(0);
}

test.describe("tariffs priced on the household's own usage (#37 §3)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, h.vat);
  });

  test("el, 360 px: the products, their yearly costs cheapest first, and a figure's lines", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const tariffs = await apiTariffs(request);
    const comparison = tariffs.comparison;
    if (comparison.kind !== "comparison") throw new Error(`no comparison: ${comparison.reason}`);
    await gotoLng(page, "/b2b/timologia", "el");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(T.el.title);

    // Each product with its yearly cost, in the API's order (the cheapest first).
    const items = page.locator("li.tariff-item");
    await expect(items.locator("h3")).toHaveText(
      comparison.products.map((p, i) => `${i + 1}. ${p.descr}`),
    );
    await expect(items.locator(".tariff-item__amount")).toHaveText(
      comparison.products.map((p) => formatCents(p.cents)),
    );
    // The colour's name beside its mark (never colour alone), "your tariff" on the current one.
    for (const product of comparison.products) {
      const item = page.getByTestId(`tariff-${product.name}`);
      if (product.colour) await expect(item).toContainText(B.el.tariffColour[product.colour]);
      if (product.current) await expect(item).toContainText(T.el.ranking.yours);
    }
    // The orange product says how it was priced, and why it cannot be switched to.
    const orange = comparison.products.find((p) => p.colour === "orange");
    if (orange) {
      const item = page.getByTestId(`tariff-${orange.name}`);
      await expect(item).toContainText(T.el.ranking.dynamic);
      await expect(item).toContainText(T.el.switch.refusal.needs_smart_meter);
      await expect(item.getByRole("link", { name: T.el.switch.button })).toHaveCount(0);
    }

    // The cheapest figure opened to its lines: they add up to it (a <details>, no JS needed).
    const first = comparison.products[0];
    if (!first) throw new Error("no products");
    const item = page.getByTestId(`tariff-${first.name}`);
    await item.getByText(fill(T.el.ranking.lines, { amount: formatCents(first.cents) })).click();
    const lines = item.getByRole("table", {
      name: fill(T.el.ranking.linesCaption, { product: first.descr }),
    });
    await expect(lines).toBeVisible();
    await expect(lines.locator("tbody td.num")).toHaveText(
      first.lines.map((line) => formatCents(line.cents)),
    );
    await expect(lines.locator("tfoot td.num")).toHaveText(formatCents(first.cents));

    // The 12 months, and the regulator's tool.
    const months = page.getByRole("table", { name: T.el.usage.caption });
    await expect(months.locator("tbody tr")).toHaveCount(12);
    await expect(page.getByRole("link", { name: T.el.regulator.link })).toHaveAttribute(
      "href",
      "https://www.energycost.gr/",
    );
    await nothingSpills(page);
    await checkA11y(page);
  });

  test("en, 1280 px: switch to a tariff, the terms accepted, and see it in the requests", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The nojs and js runs share this worker's database: one at a time, each from no open switch
    // (an operator's rejection closes the other run's, as the back office would).
    await withServerLock("household-tariff-switch", async () => {
      const state = serverState();
      if (state) {
        serverSql(
          state,
          `UPDATE requests SET status = 'rejected' WHERE meter_id = ${h.mainMeterId} AND kind = 'tariff_switch' AND status IN ('submitted', 'in_review')`,
        );
      }
      await gotoLng(page, "/b2b/timologia", "en");
      await hydrated(page);
      const item = page.getByTestId(`tariff-${GREEN}`);
      await item.getByRole("link", { name: new RegExp(`^${T.en.switch.button}`) }).click();
      await expect(page).toHaveURL(/\/b2b\/timologia\?switch=NRG_HOME_GREEN/);
      await hydrated(page);
      const confirm = page.getByRole("region", {
        name: fill(T.en.switch.confirm.title, { product: "nrg home Πράσινο" }),
      });
      await expect(confirm).toContainText(T.en.switch.confirm.effect);
      await expect(confirm).toContainText(B.en.tariffColour.green);
      await checkA11y(page);

      // Not accepted: the summary at the top and the message by the box.
      await confirm.getByRole("button", { name: T.en.switch.confirm.submit }).click();
      await expect(page.getByRole("alert")).toContainText(T.en.errors.acceptTerms);
      const box = page.getByRole("checkbox", {
        name: fill(T.en.switch.confirm.accept, { product: "nrg home Πράσινο" }),
      });
      await expect(box).toHaveAttribute("aria-invalid", "true");

      await box.check();
      await page.getByRole("button", { name: T.en.switch.confirm.submit }).click();
      await expect(page).toHaveURL(/\/b2b\/aitimata\/\d+\?sent=1$/);
      await hydrated(page);
      await expect(page.getByText(R.en.kind.tariff_switch).first()).toBeVisible();
      await expect(page.getByText("nrg home Πράσινο")).toBeVisible();

      await gotoLng(page, "/b2b/aitimata", "en");
      await hydrated(page);
      await expect(
        page.getByRole("row").filter({ hasText: R.en.kind.tariff_switch }).first(),
      ).toContainText(R.en.status.submitted);
      await nothingSpills(page);
    });
  });
});
