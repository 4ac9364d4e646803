import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { questionnairePeriod } from "../core/questionnaire/rules.ts";
import { formatDate } from "../app/domain/format.ts";
import { DEMO } from "../seed/accounts.ts";
import { checkA11y, expect, gotoLng, hydrated, login, loginOnly, noJs, test } from "./fixtures";
import { athensToday } from "../core/dates.ts";

/**
 * The help and notice pages, with JavaScript off (nojs) and on (js), in Greek and English: the
 * sidebar's "More" group, statistics, calendar (+ .ics), questionnaire (once per quarter),
 * important notices and help/FAQ with its search. The questionnaire changes data: each project
 * answers as its own customer (nojs: the 60-supply company, js: the 200-supply company), and the
 * tests accept a database where that customer already answered (a re-run).
 */

type Lng = "el" | "en";
const texts = (lng: Lng, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const load = (ns: string) => ({ el: texts("el", ns), en: texts("en", ns) });
const SHELL = load("shell");
const STATS = load("statistics");
const CAL = load("calendar");
const Q = load("questionnaire");
const NOTICES = load("notices");
const HELP = load("help");

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));

async function open(page: Page, path: string, lng: Lng) {
  await gotoLng(page, path, lng);
  await hydrated(page);
}

async function selectMeter(page: Page, meterId: number) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/b2b/select-meter", {
    form: { meter_id: String(meterId) },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

test.describe.configure({ timeout: 90_000 });

test.describe("sidebar: the More group", () => {
  test("lists the five pages under a More heading and they open (el, en)", async ({ page }) => {
    await login(page, DEMO.household.vat);
    for (const lng of ["el", "en"] as const) {
      await open(page, "/b2b/episkopisi", lng);
      const more = page.getByRole("list", { name: SHELL[lng].nav.more });
      for (const key of ["statistics", "requests", "calendar", "questionnaire", "notices"]) {
        await expect(more.getByRole("link", { name: SHELL[lng].nav[key] })).toBeVisible();
      }
    }
    await page
      .getByRole("list", { name: SHELL.en.nav.more })
      .getByRole("link", { name: SHELL.en.nav.notices })
      .click();
    await expect(page).toHaveURL(/\/b2b\/anakoinoseis$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOTICES.en.title);
  });
});

test.describe("statistics", () => {
  test("household electricity: 1 and 3 years, totals, charts with tables (el)", async ({
    page,
  }) => {
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/statistika", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(STATS.el.title);
    const years = page.getByRole("navigation", { name: STATS.el.years.label });
    await expect(years.getByRole("link", { name: STATS.el.years.option_one })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const consumption = page.getByRole("table", {
      name: fill(STATS.el.charts.consumptionTable, { unit: "kWh" }),
    });
    await expect(consumption.locator("tbody tr")).toHaveCount(12);
    await expect(page.locator("figure svg").first()).toBeVisible();
    await expect(page.getByRole("columnheader", { name: STATS.el.charts.metered })).toBeVisible();
    await checkA11y(page);

    await years
      .getByRole("link", { name: fill(STATS.el.years.option_other, { count: 3 }) })
      .click();
    await expect(page).toHaveURL(/years=3/);
    await expect(consumption.locator("tbody tr")).toHaveCount(36);
    // 36 months span four calendar years, or three when they run January to December (a run in
    // December): one row per year the months fall in, oldest first.
    const months = await consumption.locator("tbody tr th").allTextContents();
    const calendarYears = [...new Set(months.map((m) => /\d{2}\/(\d{4})/.exec(m)?.[1]))].sort();
    expect(calendarYears.length, months.join(", ")).toBeGreaterThanOrEqual(3);
    expect(calendarYears.length, months.join(", ")).toBeLessThanOrEqual(4);
    const perYear = page.getByRole("table", { name: STATS.el.perYear.title });
    await expect(perYear.locator("tbody tr th")).toHaveText(calendarYears as string[]);
    await expect(perYear.locator("tfoot")).toContainText(
      fill(STATS.el.perYear.total_other, { count: 3 }),
    );
  });

  test("gas supply in m³, and a bad ?years= falls back to one year (en)", async ({ page }) => {
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/episkopisi", "en");
    await selectMeter(page, DEMO.household.gasMeterId);
    await open(page, "/b2b/statistika?years=9", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(STATS.en.title);
    const table = page.getByRole("table", {
      name: fill(STATS.en.charts.consumptionTable, { unit: "m³" }),
    });
    await expect(table.locator("tbody tr")).toHaveCount(12);
    await expect(page.getByText(fill(STATS.en.notes.gas, { factor: "11,2" }))).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("calendar", () => {
  test("household agenda with the open reading window, month navigation, .ics (el)", async ({
    page,
  }) => {
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/imerologio", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CAL.el.title);
    await expect(page.getByText(CAL.el.status.open, { exact: true })).toBeVisible();
    await expect(
      page.locator("#main").getByRole("link", { name: CAL.el.submitReading, exact: true }),
    ).toBeVisible();
    await checkA11y(page);

    await page.getByRole("link", { name: new RegExp(CAL.el.nav.next) }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
    await expect(page.getByRole("link", { name: CAL.el.nav.today })).toBeVisible();

    const ics = await page.request.get("/b2b/imerologio.ics");
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    expect(ics.headers()["content-disposition"]).toContain("attachment");
    const body = await ics.text();
    expect(body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(body).toContain("BEGIN:VEVENT");
    expect(body).toContain("SUMMARY:Λήξη λογαριασμού");
  });

  test("the 200-supply account's month opens in one page (en)", async ({ page }) => {
    await login(page, DEMO.largeCompany.vat);
    const started = Date.now();
    await open(page, "/b2b/imerologio", "en");
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CAL.en.title);
    await expect(page.locator(".agenda__day").first()).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("questionnaire", () => {
  /** Each project answers as its own customer: the database is shared. */
  const account = () => (noJs() ? DEMO.company : DEMO.largeCompany);

  test("errors next to the fields, answer once, thanks, a second answer refused (el)", async ({
    page,
  }) => {
    const next = formatDate(questionnairePeriod(athensToday()).next);
    await loginOnly(page, account().vat);
    await open(page, "/b2b/erotimatologio", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(Q.el.title);
    const submit = page.getByRole("button", { name: Q.el.submit });

    if (await submit.isVisible()) {
      await checkA11y(page);
      // Only the comment and one rating: the others get their messages, what was typed stays.
      await page.getByLabel(Q.el.questions.comment).fill("Πολύ καλή εξυπηρέτηση");
      await page.getByRole("group", { name: Q.el.questions.overall }).getByLabel("5").check();
      await submit.click();
      await hydrated(page);
      await expect(page.locator(".field__error").getByText(Q.el.errors.rating)).toHaveCount(3);
      await expect(page.locator(".field__error").getByText(Q.el.errors.channel)).toBeVisible();
      await expect(page.getByLabel(Q.el.questions.comment)).toHaveValue("Πολύ καλή εξυπηρέτηση");
      await expect(
        page.getByRole("group", { name: Q.el.questions.overall }).getByLabel("5"),
      ).toBeChecked();
      const bills = page.getByRole("group", { name: Q.el.questions.bills }).getByLabel("4");
      await expect(bills).toHaveAttribute("aria-describedby", /.+/);
      await checkA11y(page);

      for (const question of ["bills", "portal", "support"]) {
        await page.getByRole("group", { name: Q.el.questions[question] }).getByLabel("4").check();
      }
      await page.getByLabel(Q.el.channels.phone).check();
      await submit.click();
      await page.waitForURL(/sent=1/);
      await expect(page.locator("section[role=status]")).toContainText(Q.el.thanks.title);
    }
    await expect(page.getByText(fill(Q.el.thanks.next, { date: next }))).toBeVisible();
    await expect(submit).toHaveCount(0);
    await checkA11y(page);

    // A second answer in the same quarter (another tab, a resent form) is refused.
    const origin = new URL(page.url()).origin;
    const again = await page.request.post("/b2b/erotimatologio", {
      form: { overall: "3", bills: "3", portal: "3", support: "3", channel: "email" },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain(fill(Q.el.errors.alreadyAnswered, { date: next }));
  });

  test("English page of an account that has not answered yet shows the form (en)", async ({
    page,
  }) => {
    // Only the two companies answer in these tests; the household just reads the page.
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/erotimatologio", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(Q.en.title);
    await expect(page.getByRole("group", { name: Q.en.questions.support })).toBeVisible();
    await expect(page.getByLabel(Q.en.channels.store)).toBeVisible();
    await expect(page.getByText(fill(Q.en.commentHint, { max: 1000 }))).toBeVisible();
  });
});

test.describe("important notices", () => {
  test("newest first, importance, detail page, unknown id is 404 (el, en)", async ({ page }) => {
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/anakoinoseis", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOTICES.el.title);
    const titles = page.locator(".notice-list h2");
    await expect(titles).toHaveCount(4);
    await expect(titles.first()).toHaveText("Προγραμματισμένη συντήρηση της πύλης");
    await expect(page.getByText(NOTICES.el.importance.urgent, { exact: true })).toBeVisible();
    await expect(page.getByText("Λήξη προσφοράς καλοκαιριού")).toHaveCount(0);
    await checkA11y(page);

    await open(page, "/b2b/anakoinoseis", "en");
    await page.getByRole("link", { name: "New electricity tariffs from next month" }).click();
    await expect(page).toHaveURL(/\/b2b\/anakoinoseis\/2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "New electricity tariffs from next month",
    );
    await expect(page.getByText(NOTICES.en.importance.important, { exact: true })).toBeVisible();
    await checkA11y(page);
    await page.getByRole("link", { name: NOTICES.en.back }).click();
    await expect(page).toHaveURL(/\/b2b\/anakoinoseis$/);

    const missing = await page.goto("/b2b/anakoinoseis/5");
    expect(missing?.status()).toBe(404);
  });
});

test.describe("help and FAQ", () => {
  test("topics, accent-insensitive search, no results, 18101 and the contact form (el)", async ({
    page,
  }) => {
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/help", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HELP.el.title);
    for (const topic of HELP.el.faq.topics) {
      await expect(page.getByRole("heading", { level: 2, name: topic.title })).toBeVisible();
    }
    const questions = page.locator("details.accordion");
    await expect(questions).toHaveCount(21);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "18101" })).toHaveAttribute("href", "tel:18101");
    await expect(main.getByRole("link", { name: HELP.el.contact.form })).toHaveAttribute(
      "href",
      "/contact",
    );
    // A question opens without JavaScript: <details>.
    const first = questions.first();
    await first.locator("summary").click();
    await expect(first.locator(".accordion__body")).toBeVisible();
    await checkA11y(page);

    // Capitals without accents find the accented words.
    await page.getByRole("searchbox", { name: HELP.el.search.label }).fill("ΠΑΓΙΑ ΕΝΤΟΛΗ");
    await page.getByRole("button", { name: HELP.el.search.submit }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.locator("#faq-results")).toContainText("ΠΑΓΙΑ ΕΝΤΟΛΗ");
    const found = await questions.count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(21);
    await expect(
      page.getByRole("heading", { level: 2, name: HELP.el.faq.topics[4].title }),
    ).toBeVisible();
    await expect(page.getByRole("searchbox", { name: HELP.el.search.label })).toHaveValue(
      "ΠΑΓΙΑ ΕΝΤΟΛΗ",
    );

    await open(page, "/b2b/help?q=φωτοβολταϊκό", "el");
    await expect(page.locator("#faq-results")).toContainText(
      fill(HELP.el.search.none, { query: "φωτοβολταϊκό" }),
    );
    await expect(questions).toHaveCount(0);
    await checkA11y(page);
  });

  test("English FAQ and search (en)", async ({ page }) => {
    await loginOnly(page, DEMO.household.vat);
    await open(page, "/b2b/help?q=Direct%20Debit", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HELP.en.title);
    await expect(page.locator("#faq-results")).toContainText("Direct Debit");
    await expect(
      page.getByRole("heading", { level: 2, name: HELP.en.faq.topics[4].title }),
    ).toBeVisible();
    await page.getByRole("link", { name: HELP.en.search.clear }).click();
    await expect(page.locator("details.accordion")).toHaveCount(21);
  });
});
