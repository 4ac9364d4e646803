import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiMeter, ApiReading } from "../core/contract/index.ts";
import { athensToday } from "../core/dates.ts";
import { previousValue } from "../core/readings.ts";
import { supplyNumber } from "../core/supply-number.ts";
import { DEMO } from "../seed/accounts.ts";
import { checkA11y, DEMO_PASSWORD, expect, login, test } from "./fixtures";

/**
 * #18 The activity log (/b2b/istoriko), with JavaScript off (nojs) and on (js): the master of
 * 210000002 sends a reading and finds it in the log under their name; the filters and the CSV
 * download work; nothing spills at 360 px. The two projects share one database and may run at
 * once, so each sends its reading on its own supply with an open reading window (nojs: 1002,
 * js: the next open one).
 */

const d = DEMO.largeCompany;
const texts = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", "el", `${ns}.json`), "utf8"));
const A = texts("activity");
const R = texts("readings");

test.describe.configure({ timeout: 120_000 });

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/v2/auth/login", {
    headers: {
      authorization: `Basic ${Buffer.from(`${d.vat}:${DEMO_PASSWORD}`).toString("base64")}`,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Chooses a supply as the header's drop-down does (a form POST to /b2b/select-meter). */
async function selectMeter(page: Page, meterId: number) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/b2b/select-meter", {
    form: { meter_id: String(meterId) },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

test("#18 a reading shows in the activity log under the master's name; filters and CSV work", async ({
  page,
  request,
}, info) => {
  const token = await apiToken(request);
  const today = athensToday();
  const meters = await apiGet<ApiMeter[]>(request, token, `/users/${d.userId}/meters`);
  const open = meters
    .filter(
      (m) =>
        m.indication_open_from !== null &&
        m.indication_open_from.slice(0, 10) <= today &&
        (m.indication_open_to ?? "").slice(0, 10) >= today,
    )
    .map((m) => m.id)
    .sort((a, b) => a - b);
  const meterId =
    info.project.name === "nojs"
      ? d.people.openReadingMeterId
      : open.find((id) => id !== d.people.openReadingMeterId);
  test.skip(meterId === undefined, "no second supply with an open reading window");
  const meter = meters.find((m) => m.id === meterId) as ApiMeter;
  const number = supplyNumber(meter);

  await login(page, d.vat);
  await selectMeter(page, meter.id);
  await page.goto("/b2b/kataxorisi");
  const readings = await apiGet<ApiReading[]>(
    request,
    token,
    `/users/${d.userId}/readings?meter_id=${meter.id}`,
  );
  const day = (previousValue(readings, "day") ?? 0) + 7;
  await page.getByLabel(R.form.day).fill(String(day));
  const night = page.getByLabel(R.form.night);
  if ((await night.count()) > 0) {
    await night.fill(String((previousValue(readings, "night") ?? 0) + 3));
  }
  await page.getByRole("button", { name: R.form.submit, exact: true }).click();
  await page.waitForURL(/saved=\d{4}-\d\d-\d\d/);

  // The log: the entry at once (never a cached page), with the master's name and the supply.
  await page.goto("/b2b/istoriko");
  await expect(page.getByRole("heading", { level: 1, name: A.title })).toBeVisible();
  const rows = page.locator(".activity-table tbody tr");
  const mine = rows.filter({ hasText: A.actions.reading_submit }).filter({ hasText: number });
  await expect(mine.first()).toContainText(d.employeeName);
  await expect(mine.first()).toContainText(String(day));
  await checkA11y(page);

  // Filters (a GET form): the supply number and the person.
  await page.getByLabel(A.supply).fill(number);
  await page.getByLabel(A.person).selectOption({ label: d.employeeName });
  await page.getByRole("button", { name: A.apply }).click();
  await expect(page).toHaveURL(new RegExp(`meter=${number}`));
  await expect(page).toHaveURL(new RegExp(`person=${d.userId}`));
  await expect(page.getByLabel(A.supply)).toHaveValue(number);
  const filtered = await rows.count();
  expect(filtered).toBeGreaterThan(0);
  for (let i = 0; i < filtered; i++) {
    await expect(rows.nth(i)).toContainText(number);
    await expect(rows.nth(i)).toContainText(d.employeeName);
  }

  // A period before anything: nothing, and a period too far back: refused next to its field.
  await page.goto("/b2b/istoriko?from=2000-01-01");
  await expect(page.locator("#activity-filters-from-error")).toHaveText(A.errors.tooOld);
  await expect(page.getByRole("alert").filter({ hasText: A.errors.tooOld })).toBeVisible();
  await checkA11y(page);

  // The CSV keeps the filters.
  await page.goto(`/b2b/istoriko?person=${d.userId}&meter=${number}`);
  const link = page.getByRole("link", { name: A.download });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toContain(`meter=${number}`);
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="istoriko-/);
  const text = await csv.text();
  const lines = text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]?.startsWith(`${A.csv.time},${A.csv.person},${A.csv.action}`)).toBe(true);
  expect(lines.length).toBe(filtered + 1);
  expect(text).toContain(A.actions.reading_submit);

  // 360 px: the table stacks, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/b2b/istoriko");
  await expect(rows.first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page);
});
