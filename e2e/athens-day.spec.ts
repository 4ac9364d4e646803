import type { Page } from "@playwright/test";
import { formatDate } from "../app/domain/format.ts";
import { athensDayOf } from "../core/dates.ts";
import { TEST_CARDS } from "../core/gateway.ts";
import { checkA11y, expect, test } from "./fixtures";
import { DEMO, el, payOnly } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * One date (#35 §3), JavaScript off and on: this spec starts its own Worker (once per project,
 * each with a fresh copy of the demo database) at 23:30 UTC (DEV_CLOCK, workers/dev-clock.ts),
 * when the Athens calendar day is already the next one. The household pays its main supply by
 * card through the built-in test acquirer; the receipt, the billing history's payment row and the
 * bills page's last payment date, and the overview's last payment all show the Athens day, never
 * the UTC one. tests/integration/athens-day.test.ts proves the same through the API.
 */

const CLOCK = `${new Date().toISOString().slice(0, 10)}T23:30:00Z`;
const UTC_DAY = formatDate(CLOCK.slice(0, 10));
const ATHENS_DAY = formatDate(athensDayOf(CLOCK));
const h = DEMO.household;
/** An amount no seeded payment has, so its row in the history is this payment's alone. */
const AMOUNT = "3,17";

let server: RunningServer;
/** The value of a <dt>: the <dd> right after it. */
const nextDd = "xpath=following-sibling::dd[1]";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  // A Worker of its own with a fresh copy of the demo data: 10–40 s on a busy 2-core machine,
  // past the 30 s a hook gets by default.
  test.setTimeout(120_000);
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
});

const url = (path: string) => `${server.baseURL}${path}`;

/**
 * Signs in on this spec's Worker (the form's POST) and puts off the household's pay-several
 * dialog for the session, as e2e/fixtures.ts's login does on the shared Worker.
 */
async function signIn(page: Page) {
  const origin = { Origin: server.baseURL };
  const response = await page.request.post(url("/login"), {
    form: { intent: "login", username: h.vat, password: "Demo2026!" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(response.status()).toBeGreaterThanOrEqual(300);
  expect(response.status()).toBeLessThan(400);
  const later = await page.request.post(url("/b2b/episkopisi"), {
    form: { intent: "dismiss-pay-several" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(later.status(), "putting off the household's pay-several dialog").toBe(303);
}

test("a card payment at 23:30 UTC is dated the Athens day on the receipt, the bills and the overview", async ({
  page,
}) => {
  expect(ATHENS_DAY, "the Athens day is the next calendar day").not.toBe(UTC_DAY);
  await signIn(page);

  // The main supply alone, by card through the test acquirer (below 30 €: no 3-D Secure).
  await page.goto(url(`/b2b/pay?meter=${h.mainMeterId}`));
  await payOnly(page, [h.mainMeterId]);
  await page
    .locator("table.pay-table tbody tr")
    .filter({ has: page.locator(`input[type="hidden"][value="${h.mainMeterId}"]`) })
    .getByRole("textbox")
    .fill(AMOUNT);
  await page.getByRole("button", { name: el("payments:submit") }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await page.getByLabel(el("payments:card.number")).fill(TEST_CARDS.success);
  await page.getByLabel(el("payments:card.month"), { exact: true }).selectOption("12");
  await page
    .getByLabel(el("payments:card.year"), { exact: true })
    .selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel(el("payments:card.cvv")).fill("123");
  await page.getByLabel(el("payments:card.holder")).fill("Test Holder");
  await page
    .getByRole("button", { name: new RegExp(`^${el("payments:card.pay", { amount: "" }).trim()}`) })
    .click();
  await page.waitForURL(/checkout=success/);
  const reference = new URL(page.url()).searchParams.get("t") ?? "";
  const dialog = page.locator("dialog[open]");
  await expect(dialog).toContainText(
    el("payments:paymentMessages.successMsg", { t: reference, a: `${AMOUNT}\u00a0€` }),
  );

  // The receipt: the payment's moment in Athens, on the Athens day (01:3x there).
  await dialog.getByRole("link", { name: el("payments:paymentMessages.receipt") }).click();
  const receipt = page.getByRole("region", { name: el("payments:receipt.title") });
  await expect(receipt).toContainText(reference);
  const moment = receipt.locator("dt", { hasText: el("payments:receipt.date") }).locator(nextDd);
  await expect(moment).toHaveText(new RegExp(`^${ATHENS_DAY} \\d{2}:\\d{2}$`));
  await checkA11y(page);

  // The bills page: the last payment date and the payment's row in the payments history.
  await page.goto(url("/b2b/logariasmoi"));
  await expect(
    page.locator("dt", { hasText: el("bills:summary.lastPaymentDate") }).locator(nextDd),
  ).toHaveText(ATHENS_DAY);
  const row = page
    .getByRole("region", { name: el("bills:payments.title"), exact: true })
    .getByRole("row")
    .filter({ hasText: reference });
  await expect(row.locator(`td[data-label="${el("bills:payments.date")}"]`)).toHaveText(ATHENS_DAY);
  await expect(row).toContainText(`${AMOUNT}\u00a0€`);

  // The overview: the last payment in the hero's bill details and on the dashboard's tile.
  await page.goto(url("/b2b/episkopisi"));
  const heroCell = page.locator(`td[data-label="${el("overview:topBanner.lastPayment")}"]`);
  await expect(heroCell).toContainText(`${AMOUNT}\u00a0€`);
  await expect(heroCell.locator(".muted")).toHaveText(ATHENS_DAY);
  const tile = page.locator("li.tile").filter({
    has: page.locator(".tile__label", { hasText: el("overview:dashboard.lastPayment") }),
  });
  await expect(tile.locator(".tile__value")).toHaveText(`${AMOUNT}\u00a0€`);
  await expect(tile.locator(".tile__note")).toHaveText(ATHENS_DAY);
});
