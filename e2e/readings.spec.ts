import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiMeter, ApiReading } from "../core/contract/index.ts";
import { plausibility, previousValue } from "../core/readings.ts";
import { formatInteger } from "../app/domain/format.ts";
import { DEMO } from "../seed/accounts.ts";
import { checkA11y, DEMO_PASSWORD, expect, gotoLng, login, loginOnly, test } from "./fixtures";
import { athensToday } from "../core/dates.ts";

/**
 * Meter readings: /b2b/kataxorisi and /instructions, with JavaScript off (nojs) and on
 * (js). Both projects share one database, so each submits on its own supply: nojs on the
 * household's main meter, js on the company's main meter (both have an open reading period and
 * a night register), always above that supply's current values, read through the API.
 */

type Lng = "el" | "en";
const texts = (lng: Lng, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const R = { el: texts("el", "readings"), en: texts("en", "readings") };
const F = { el: texts("el", "forms"), en: texts("en", "forms") };
const SHELL = { el: texts("el", "shell"), en: texts("en", "shell") };
const SOURCES = { el: texts("el", "sources"), en: texts("en", "sources") };
const COMMON = { el: texts("el", "common"), en: texts("en", "common") };
const INSTRUCTIONS = { el: texts("el", "instructions").page, en: texts("en", "instructions").page };

const PAGE = "/b2b/kataxorisi";
const isJs = () => test.info().project.use.javaScriptEnabled !== false;
/** The supply this project submits on. */
const account = () =>
  isJs()
    ? { vat: DEMO.company.vat, userId: DEMO.company.userId, meterId: DEMO.company.firstMeterId }
    : {
        vat: DEMO.household.vat,
        userId: DEMO.household.userId,
        meterId: DEMO.household.mainMeterId,
      };

async function hydrated(page: Page) {
  if (isJs()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

async function open(page: Page, lng: Lng, path = PAGE) {
  await gotoLng(page, path, lng);
  await hydrated(page);
}

/** An API token for test set-up and checks (the portal itself never shows it). */
async function apiToken(request: APIRequestContext, vat: string): Promise<string> {
  const response = await request.post("/api/v2/auth/login", {
    headers: {
      authorization: `Basic ${Buffer.from(`${vat}:${DEMO_PASSWORD}`).toString("base64")}`,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

async function apiReadings(
  request: APIRequestContext,
  vat: string,
  userId: number,
  meterId: number,
) {
  const token = await apiToken(request, vat);
  const response = await request.get(`/api/users/${userId}/readings?meter_id=${meterId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiReading[] }).data;
}

async function currentValues(request: APIRequestContext) {
  const a = account();
  const rows = await apiReadings(request, a.vat, a.userId, a.meterId);
  /** A value far above what the history predicts (a warning) yet within the consumption cap. */
  const tooHigh = (register: "day" | "night") => {
    const previous = previousValue(rows, register) as number;
    const probe = plausibility(rows, register, previous + 1_000_000, athensToday());
    const expectedUse = probe.status === "warn" ? probe.expectedUse : 100;
    return previous + Math.max(6 * expectedUse, expectedUse + 600);
  };
  return {
    rows,
    count: rows.length,
    day: previousValue(rows, "day") as number,
    night: previousValue(rows, "night") as number,
    tooHigh,
  };
}

/** Elements (visible, outside scroll regions) reaching past the viewport's right edge. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll("body *"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden") continue;
      // Inside a deliberate scroll region or an off-screen (visually hidden) box: not spilling.
      let parent = element.parentElement;
      let clipped = false;
      while (parent && parent !== document.body) {
        const ps = getComputedStyle(parent);
        const pb = parent.getBoundingClientRect();
        if (ps.overflowX !== "visible" && pb.right <= width + 0.5) clipped = true;
        parent = parent.parentElement;
      }
      if (clipped) continue;
      out.push(
        `${element.tagName.toLowerCase()}.${element.className} right=${Math.round(box.right)}`,
      );
    }
    return out;
  });
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

async function companyMeters(request: APIRequestContext): Promise<ApiMeter[]> {
  const token = await apiToken(request, DEMO.company.vat);
  const response = await request.get(`/api/users/${DEMO.company.userId}/meters`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: ApiMeter[] }).data;
}

function form(page: Page, lng: Lng) {
  return {
    day: page.getByLabel(R[lng].form.day),
    night: page.getByLabel(R[lng].form.night),
    submit: page.getByRole("button", { name: R[lng].form.submit, exact: true }),
  };
}

const kwh = (value: number) => `${formatInteger(value)} kWh`;

test.describe("meter reading", () => {
  // axe runs on several pages per test (for nojs on a snapshot in a second browser context).
  test.describe.configure({ timeout: 90_000 });

  test("normal submit: confirmation with date and values, history row by the client, counter gone (el)", async ({
    page,
    request,
  }) => {
    await loginOnly(page, account().vat);
    await open(page, "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(R.el.title);
    await expect(page.getByText(R.el.period.open, { exact: true })).toBeVisible();
    await checkA11y(page);

    const now = await currentValues(request);
    const f = form(page, "el");
    await f.day.fill(String(now.day + 7));
    await f.night.fill(String(now.night + 3));
    await f.submit.click();
    await page.waitForURL(/saved=\d{4}-\d\d-\d\d/);
    await hydrated(page);

    const saved = page.getByRole("status").filter({ hasText: R.el.saved.title });
    await expect(saved).toContainText(kwh(now.day + 7));
    await expect(saved).toContainText(kwh(now.night + 3));
    await expect(saved).toContainText(/\d\d\/\d\d\/\d{4}/);
    const history = page.getByRole("region", { name: R.el.history.title });
    const first = history.getByRole("row").nth(1);
    await expect(first).toContainText(formatInteger(now.day + 7));
    await expect(first).toContainText(SOURCES.el.reading.client);
    // The reading is no longer due: no counter on the sidebar's meter-reading item.
    const item = page.getByRole("navigation", { name: SHELL.el.nav.label }).getByRole("link", {
      name: new RegExp(SHELL.el.nav.meterReading),
    });
    await expect(item).toBeVisible();
    await expect(item.locator(".badge")).toHaveCount(0);
    expect((await currentValues(request)).count).toBe(now.count + 2);
    // The form now says that another reading today would replace this one (#35 §7).
    await expect(page.locator("#replaces-notice")).toContainText(
      (R.el.form.replaces as string).split("{{time}}")[0]!,
    );
    await checkA11y(page);
  });

  test("below the previous reading and non-numeric values are refused next to the field (en)", async ({
    page,
    request,
  }) => {
    await loginOnly(page, account().vat);
    await open(page, "en");
    const now = await currentValues(request);
    const f = form(page, "en");
    await f.day.fill(String(now.day));
    await f.night.fill("12a");
    await f.submit.click();
    // Next to each field (the summary at the top repeats them as links).
    const fieldErrors = page.locator(".field__error");
    await expect(fieldErrors.getByText(R.en.errors.notGreater)).toBeVisible();
    await expect(fieldErrors.getByText(F.en.validate.number)).toBeVisible();
    await expect(f.day).toHaveValue(String(now.day));
    await expect(f.night).toHaveValue("12a");
    await expect(f.day).toHaveAttribute("aria-invalid", "true");
    // The summary at the top of the form links to each refused field.
    const summary = page.getByRole("alert").filter({ hasText: COMMON.en.errorSummary.title });
    await expect(summary.getByRole("link")).toHaveCount(2);
    await expect(summary.getByRole("link").first()).toHaveAttribute(
      "href",
      `#${await f.day.getAttribute("id")}`,
    );
    await checkA11y(page);
    expect((await currentValues(request)).count).toBe(now.count);
  });

  test("#15 reading correction flow: a wrong high reading is accepted after the warning, then corrected; the history keeps it marked", async ({
    page,
    request,
  }) => {
    await loginOnly(page, account().vat);
    await open(page, "el");
    const now = await currentValues(request);
    const day = String(now.tooHigh("day"));
    const night = String(now.tooHigh("night"));
    const f = form(page, "el");
    await f.day.fill(day);
    await f.night.fill(night);
    await f.submit.click();
    const warning = page.getByRole("alert").filter({ hasText: R.el.warning.check });
    await expect(warning).toBeVisible();
    // Every suspicious register is named, each with its real ratio ("about N times").
    const ratioText = (register: string) =>
      new RegExp(
        R.el.warning.ratio
          .replace("{{register}}", register)
          .replace("{{ratio}}", "[\\d.]+")
          .replace(/[()]/g, "\\$&"),
      );
    await expect(warning.getByText(ratioText(R.el.registerName.day))).toBeVisible();
    await expect(warning.getByText(ratioText(R.el.registerName.night))).toBeVisible();
    await expect(f.day).toHaveValue(day);
    await expect(f.night).toHaveValue(night);
    expect((await currentValues(request)).count).toBe(now.count);
    await checkA11y(page);

    await page.getByLabel(R.el.warning.confirm).check();
    await page.getByRole("button", { name: R.el.form.submitConfirmed }).click();
    await page.waitForURL(/saved=/);
    await expect(page.getByRole("status").filter({ hasText: R.el.saved.title })).toContainText(
      kwh(Number(day)),
    );
    expect((await currentValues(request)).count).toBe(now.count + 2);

    // Correct my reading: the right values are below the wrong ones, above the reading before.
    await page
      .getByRole("region", { name: R.el.last.title })
      .getByRole("link", { name: R.el.correct.link })
      .click();
    await hydrated(page);
    await expect(page.getByRole("heading", { name: R.el.correct.title })).toBeVisible();
    await checkA11y(page);
    const fixedDay = now.day + 11;
    const fixedNight = now.night + 4;
    const c = form(page, "el");
    await c.day.fill(String(fixedDay));
    await c.night.fill(String(fixedNight));
    await page.getByRole("button", { name: R.el.correct.submit }).click();
    await page.waitForURL(/corrected=1/);
    const saved = page.getByRole("status").filter({ hasText: R.el.saved.correctedTitle });
    await expect(saved).toContainText(kwh(fixedDay));
    await expect(saved).toContainText(kwh(fixedNight));
    const history = page.getByRole("region", { name: R.el.history.title });
    const rows = history.getByRole("row");
    await expect(rows.nth(1)).toContainText(formatInteger(fixedDay));
    await expect(rows.nth(1)).not.toContainText(R.el.history.corrected);
    await expect(rows.nth(2)).toContainText(formatInteger(Number(day)));
    await expect(rows.nth(2)).toContainText(R.el.history.corrected);
    const after = await currentValues(request);
    expect([after.count, after.day, after.night]).toEqual([now.count + 4, fixedDay, fixedNight]);
    await checkA11y(page);
  });

  test("#15 a success clears old errors and the typed values", async ({ page, request }) => {
    await loginOnly(page, account().vat);
    await open(page, "en");
    const now = await currentValues(request);
    const f = form(page, "en");
    await f.day.fill(String(now.day));
    await f.night.fill("12a");
    await f.submit.click();
    await expect(page.locator(".field__error")).toHaveCount(2);
    await expect(f.night).toHaveValue("12a");

    await f.day.fill(String(now.day + 2));
    await f.night.fill(String(now.night + 1));
    await f.submit.click();
    await expect(page.getByRole("status").filter({ hasText: R.en.saved.title })).toBeVisible();
    await expect(page.locator(".field__error")).toHaveCount(0);
    await expect(page.getByText(COMMON.en.errorSummary.title)).toHaveCount(0);
    await expect(f.day).toHaveValue("");
    await expect(f.night).toHaveValue("");
    await expect(f.day).not.toHaveAttribute("aria-invalid", "true");

    // #35 §7: a second reading of the day replaces the first: the form says so before it is
    // sent (with the first one's time, Athens), and the confirmation after.
    const notice = page.locator("#replaces-notice");
    const sentAt = (R.en.form.replaces as string).split("{{time}}")[0]!;
    await expect(notice).toContainText(sentAt);
    const time = /(\d\d:\d\d)\.$/.exec((await notice.textContent()) ?? "")?.[1];
    expect(time).toMatch(/^\d\d:\d\d$/);
    const again = await currentValues(request);
    await f.day.fill(String(again.day + 1));
    await f.night.fill(String(again.night + 1));
    await f.submit.click();
    await expect(page.getByRole("status").filter({ hasText: R.en.saved.title })).toContainText(
      R.en.saved.replaced.replace("{{time}}", time!),
    );
    await checkA11y(page);
  });

  test("#15 a reading over the consumption cap is refused with 18101, next to the field, values kept", async ({
    page,
    request,
  }) => {
    await loginOnly(page, account().vat);
    await open(page, "en");
    const now = await currentValues(request);
    const f = form(page, "en");
    const day = String(now.day * 100);
    await f.day.fill(day);
    await f.night.fill(String(now.night + 1));
    await f.submit.click();
    await expect(page.locator(".field__error").getByText(R.en.errors.tooHigh)).toBeVisible();
    await expect(page.getByText(R.en.errors.tooHigh)).toHaveCount(2); // field and summary
    await expect(f.day).toHaveValue(day);
    await expect(f.day).toHaveAttribute("aria-invalid", "true");
    // No checkbox accepts it.
    await expect(page.getByLabel(R.en.warning.confirm)).toHaveCount(0);
    expect((await currentValues(request)).count).toBe(now.count);
    await checkA11y(page);
  });

  for (const width of [360, 320]) {
    test(`#15 the reading page fits ${width} px: kWh values in view, no element past the edge, unique landmarks`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      await login(page, DEMO.household.vat);
      for (const lng of ["el", "en"] as const) {
        await open(page, lng);
        expect(await overflowing(page), `${lng} at ${width}`).toEqual([]);
        // Every kWh value of the last readings is inside the viewport.
        const last = page.getByRole("region", { name: R[lng].last.title });
        const cells = last.locator("td.num");
        expect(await cells.count()).toBeGreaterThan(0);
        for (const cell of await cells.all()) {
          const box = await cell.boundingBox();
          expect(box, await cell.innerText()).not.toBeNull();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width + 0.5).toBe(
            true,
          );
        }
        await checkA11y(page);
        if (isJs()) {
          // axe best-practice: no two landmarks of one role share a name (a region per table
          // named like its section was one).
          const result = await new AxeBuilder({ page }).withRules(["landmark-unique"]).analyze();
          expect(result.violations.map((v) => v.nodes.map((n) => n.target))).toEqual([]);
        }
      }
    });
  }

  test("the history is paged in the URL; the consumption chart has a table", async ({ page }) => {
    // Read-only, on the household's 36 months of readings (the company's supply has few).
    await loginOnly(page, DEMO.household.vat);
    await open(page, "en", `${PAGE}?size=10`);
    const history = page.getByRole("region", { name: R.en.history.title });
    await expect(history.getByText(/Page 1 of \d+/)).toBeVisible();
    await history.getByRole("link", { name: R.en.history.next }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(history.getByText(/Page 2 of \d+/)).toBeVisible();
    // The consumption chart: a server-rendered SVG beside a table with the same periods.
    const chart = page.getByRole("region", { name: R.en.chart.title });
    await expect(chart.locator("svg[role=img]").first()).toBeAttached();
    await expect(chart.getByRole("table", { name: R.en.chart.tableCaption })).toBeVisible();
  });

  test("closed period: the next opening date instead of the form; a post anyway is refused", async ({
    page,
    request,
  }) => {
    const meters = await companyMeters(request);
    const closed = meters.find(
      (m) =>
        m.status === "Active" &&
        m.division === 1 &&
        !/B1|G22/.test(m.category) &&
        m.voltage_type === "01" &&
        m.indication_open_from === null &&
        m.next_reading_date !== null,
    ) as ApiMeter;
    await login(page, DEMO.company.vat);
    await selectMeter(page, closed.id);
    for (const lng of ["el", "en"] as const) {
      await open(page, lng);
      await expect(page.getByText(R[lng].period.closed, { exact: true })).toBeVisible();
      await expect(page.getByText(/\d\d\/\d\d\/\d{4}/).first()).toBeVisible();
      await expect(page.getByLabel(R[lng].form.day)).toHaveCount(0);
      // No open period, no correction here: the page says to call 18101.
      await expect(page.getByText(R[lng].period.correctByPhone)).toBeVisible();
      await expect(page.getByRole("link", { name: R[lng].correct.link })).toHaveCount(0);
      await checkA11y(page);
    }
    const before = await apiReadings(request, DEMO.company.vat, DEMO.company.userId, closed.id);
    const response = await page.request.post(PAGE, {
      form: { meter_id: String(closed.id), day: "999999", night: "999999", confirm: "on" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(R.en.errors.periodClosed);
    const after = await apiReadings(request, DEMO.company.vat, DEMO.company.userId, closed.id);
    expect(after).toHaveLength(before.length);
  });

  test("not offered, and redirected to the overview, for gas, B1, G22 and voltage 02/03", async ({
    page,
    request,
  }) => {
    const meters = (await companyMeters(request)).filter((m) => m.status === "Active");
    const pick = (pred: (m: ApiMeter) => boolean) => meters.find(pred) as ApiMeter;
    const hidden = [
      pick((m) => m.division === 2),
      pick((m) => m.category.includes("B1")),
      pick((m) => m.category.includes("G22")),
      pick((m) => m.voltage_type === "02"),
      pick((m) => m.voltage_type === "03"),
    ];
    await login(page, DEMO.company.vat);
    for (const meter of hidden) {
      await selectMeter(page, meter.id);
      await open(page, "el");
      await expect(page, `meter ${meter.id}`).toHaveURL(/\/b2b\/episkopisi$/);
      const nav = page.getByRole("navigation", { name: SHELL.el.nav.label });
      await expect(
        nav.getByRole("link", { name: new RegExp(SHELL.el.nav.meterReading) }),
      ).toHaveCount(0);
    }
  });

  for (const lng of ["el", "en"] as const) {
    test(`/instructions explains every meter type with diagrams (${lng})`, async ({ page }) => {
      await loginOnly(page, DEMO.household.vat);
      await open(page, lng, "/instructions");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(INSTRUCTIONS[lng].title);
      for (const key of ["single", "dual", "mechanical", "gas"] as const) {
        await expect(
          page.getByRole("heading", { name: INSTRUCTIONS[lng][key].heading }),
        ).toBeVisible();
        await expect(page.getByText(INSTRUCTIONS[lng][key].diagram)).toBeVisible();
      }
      await expect(page.locator("figure svg")).toHaveCount(4);
      await checkA11y(page);
    });
  }
});
