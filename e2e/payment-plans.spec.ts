import type { Page } from "@playwright/test";
import { checkA11y, expect, hydrated, test } from "./fixtures";
import { DEMO, tr, type Lng } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * #38 §1 a payment plan the household sets up itself, JavaScript off and on (the projects), on
 * its own Worker (a fresh copy of the demo database per project): the stopped supply's overdue
 * 61,04 € in two instalments. Greek at 360 px: the terms refused first (the summary, the message
 * by the box, the choice kept), then accepted; the first instalment paid with the test card
 * (3-D Secure: above 30 €); the plan page says it is in force. English at 1280 px: the plan with
 * its schedule, the overview's Pay button for the next instalment, the bills "in a payment plan".
 * axe on each.
 */

const h = DEMO.household;
const supply = h.stoppedMeterId;
const PAGE = `/b2b/diakanonismos?supply=${supply}`;

let server: RunningServer;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer();
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
});

const url = (p: string, lng?: Lng) =>
  `${server.baseURL}${p}${lng ? `${p.includes("?") ? "&" : "?"}lng=${lng}` : ""}`;

async function signIn(page: Page) {
  const origin = { Origin: server.baseURL };
  const response = await page.request.post(url("/login"), {
    form: { intent: "login", username: h.vat, password: "Demo2026!" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const later = await page.request.post(url("/b2b/episkopisi"), {
    form: { intent: "dismiss-pay-several" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(later.status()).toBe(303);
}

test("the household sets up a plan for its overdue supply and pays the first instalment", async ({
  page,
}) => {
  const t = (key: string, values?: Record<string, string | number>) => tr("el", key, values);
  await signIn(page);

  // Greek, 360 px: the options, each with its schedule, and the terms.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url(PAGE, "el"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("plans:title"));
  const two = page.getByLabel(new RegExp(`^${t("plans:form.option", { count: 2 })}`));
  await expect(two).toBeVisible();
  await checkA11y(page);

  // Chosen, the terms not accepted: refused, with the summary and the message by the box.
  await two.check();
  await page.getByRole("button", { name: t("plans:form.submit") }).click();
  const summary = page.getByRole("alert").filter({ hasText: t("plans:errors.accept") });
  await expect(summary.first()).toBeVisible();
  await expect(
    page.getByLabel(new RegExp(`^${t("plans:form.option", { count: 2 })}`)),
  ).toBeChecked();
  await checkA11y(page);

  // Accepted: on to the card payment of the first instalment (30,52 €: 3-D Secure).
  await page.getByLabel(t("plans:form.accept")).check();
  await page.getByRole("button", { name: t("plans:form.submit") }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await page.getByLabel(t("payments:card.number")).fill("4111111111111111");
  await page.getByLabel(t("payments:card.month"), { exact: true }).selectOption("12");
  await page
    .getByLabel(t("payments:card.year"), { exact: true })
    .selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel(t("payments:card.cvv")).fill("123");
  await page.getByLabel(t("payments:card.holder")).fill("Test Holder");
  await page
    .getByRole("button", {
      name: new RegExp(`^${t("payments:card.pay", { amount: "" }).trim()}`),
    })
    .click();
  await page.waitForURL(/\/gateway\/3ds\/|checkout=success/);
  if (page.url().includes("/gateway/3ds/")) {
    await page.getByLabel(t("payments:threeds.code")).fill("1234");
    await page.getByRole("button", { name: t("payments:threeds.confirm") }).click();
  }
  await page.waitForURL(/\/b2b\/diakanonismos\?.*checkout=success/);

  // The plan is in force: the first paid, the second due next month.
  await page.goto(url(PAGE, "el"));
  await hydrated(page);
  const plan = page.getByRole("region", { name: t("plans:plan.title") });
  await expect(plan.getByText(t("plans:plan.status.kept"))).toBeVisible();
  const rows = plan.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(t("plans:schedule.states.paid"));
  await expect(rows.nth(1)).toContainText(t("plans:schedule.states.upcoming"));
  await checkA11y(page);

  // English, 1280 px: the plan page, then the overview of that supply and its bills.
  const en = (key: string, values?: Record<string, string | number>) => tr("en", key, values);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url(PAGE, "en"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("plans:title"));
  await expect(page.getByText(en("plans:plan.status.kept"))).toBeVisible();
  await checkA11y(page);

  const chosen = await page.request.post(url("/b2b/select-meter"), {
    form: { meter_id: String(supply) },
    headers: { Origin: server.baseURL },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(303);
  await page.goto(url("/b2b/episkopisi", "en"));
  await hydrated(page);
  await expect(
    page.getByRole("button", {
      name: new RegExp(`^${en("overview:plan.pay", { amount: "" }).trim()}`),
    }),
  ).toBeVisible();
  await expect(
    page.getByText(new RegExp(en("overview:plan.next", { amount: ".*", date: ".*" }))),
  ).toBeVisible();
  await checkA11y(page);

  await page.goto(url("/b2b/logariasmoi", "en"));
  await hydrated(page);
  await expect(
    page.locator("table .badge", { hasText: en("common:billStatus.inPlan") }).first(),
  ).toBeVisible();
  await expect(
    page.locator("table .badge", { hasText: en("common:billStatus.overdue") }),
  ).toHaveCount(0);
  await checkA11y(page);
});
