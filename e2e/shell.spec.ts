import type { Page } from "@playwright/test";
import { accountBalance } from "../core/balance";
import type { ApiMeter } from "../core/contract";
import { athensToday } from "../core/dates";
import { checkA11y, DEMO_PASSWORD, expect, gotoLng, login, test } from "./fixtures";
import {
  apiGet,
  apiLogin,
  contains,
  DEMO,
  el,
  exact,
  tr,
  type ApiMeterLite,
  type ApiMessageLite,
} from "./support/app";

/**
 * The signed-in shell. Header (supply drop-down, unread messages, avatar menu), the
 * sidebar rules, breadcrumb, skins. Read-only: selecting a supply lives in the portal session.
 */

// Multi-page flows on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const household = DEMO.household;

function supplyNumberOf(meter: ApiMeterLite): string {
  return meter.division === 1 ? (meter.per_code ?? "") : (meter.pod ?? "");
}

function meterMenu(page: Page) {
  return page.locator("details", {
    has: page.locator("summary", { hasText: el("shell:meterMenu.current") }),
  });
}

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: el("shell:nav.label") });
}

/** The menu items of the sidebar (not the legal links), as their visible labels. */
async function expectSidebarItems(page: Page, keys: string[]) {
  const items = sidebar(page).locator("ul.nav > li > a");
  await expect(items).toHaveCount(keys.length);
  for (const [index, key] of keys.entries()) {
    await expect(items.nth(index)).toContainText(el(`shell:${key}`));
  }
}

async function householdMeters(page: Page) {
  const request = page.request;
  const tokens = await apiLogin(request, household.vat, DEMO_PASSWORD);
  return apiGet<ApiMeterLite[]>(request, `/users/${tokens.user_id}/meters`, tokens.access_token);
}

test.describe("header", () => {
  test("the supply drop-down is grouped electricity / gas; choosing a supply opens its overview", async ({
    page,
  }) => {
    const meters = await householdMeters(page);
    const gas = meters.find((m) => m.id === household.gasMeterId);
    const stopped = meters.find((m) => m.id === household.stoppedMeterId);
    if (!gas || !stopped) throw new Error("demo household: gas or stopped supply missing");

    await login(page, household.vat);
    const menu = meterMenu(page);
    await menu.locator("summary").click();
    const electricity = menu.getByRole("region", { name: el("shell:meterMenu.electricity") });
    const gasGroup = menu.getByRole("region", { name: el("shell:meterMenu.gas") });
    await expect(electricity.getByRole("button")).toHaveCount(2);
    await expect(gasGroup.getByRole("button")).toHaveCount(1);
    // Active and Stopped supplies are both offered, each with its status.
    await expect(electricity).toContainText(el("shell:status.active"));
    await expect(electricity).toContainText(el("shell:status.stopped"));
    await checkA11y(page);

    // Electricity rule: an Active gas supply has no meter-reading item.
    await gasGroup.getByRole("button", { name: contains(supplyNumberOf(gas)) }).click();
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    const banner = page.getByRole("region", { name: el("shell:welcome.label") });
    await expect(banner).toContainText(supplyNumberOf(gas));
    await expectSidebarItems(page, ["nav.overview", "nav.supplies", "nav.bills", "nav.help"]);
    await checkA11y(page);

    // A Stopped supply: only the items visible when stopped (overview, supplies, bills).
    await meterMenu(page).locator("summary").click();
    await meterMenu(page)
      .getByRole("button", { name: contains(supplyNumberOf(stopped)) })
      .click();
    await expect(banner).toContainText(supplyNumberOf(stopped));
    await expectSidebarItems(page, ["nav.overview", "nav.supplies", "nav.bills"]);
    await checkA11y(page);
  });

  test("the unread-messages drop-down: badge, unread titles, 'see all messages'", async ({
    page,
  }) => {
    const tokens = await apiLogin(page.request, household.vat, DEMO_PASSWORD);
    const messages = await apiGet<ApiMessageLite[]>(
      page.request,
      `/users/${tokens.user_id}/messages`,
      tokens.access_token,
    );
    const unread = messages.filter((m) => m.read_status === 0);
    expect(unread.length).toBeGreaterThan(0);

    await login(page, household.vat);
    const summary = page.getByLabel(el("shell:header.messages_other", { count: unread.length }));
    await expect(summary).toContainText(String(unread.length));
    await summary.click();
    const panel = page.locator("details", { has: summary });
    for (const message of unread.slice(0, 5)) {
      await expect(panel.getByRole("link", { name: message.title })).toBeVisible();
    }
    await checkA11y(page);
    await panel.getByRole("link", { name: el("shell:header.allMessages") }).click();
    await expect(page).toHaveURL(/\/b2b\/mhnymata$/);
    await checkA11y(page);
  });

  test("a user without unread messages sees header.noUnreadMessages", async ({ page }) => {
    await login(page, DEMO.firstLogin.vat);
    await page.goto("/b2b/help");
    const summary = page.getByLabel(el("shell:header.messages_other", { count: 0 }));
    await summary.click();
    await expect(page.locator("details", { has: summary })).toContainText(
      el("shell:header.noUnreadMessages"),
    );
    await checkA11y(page);
  });

  test("the avatar menu offers settings, FAQ and sign out", async ({ page }) => {
    await login(page, household.vat);
    const summary = page.getByLabel(el("shell:header.account"));
    await summary.click();
    const panel = page.locator("details", { has: summary });
    await expect(panel.getByRole("link", { name: el("shell:header.settings") })).toHaveAttribute(
      "href",
      /modal=settings/,
    );
    await expect(panel.getByRole("button", { name: el("shell:header.logout") })).toBeVisible();
    await checkA11y(page);
    await panel.getByRole("link", { name: el("shell:header.faq") }).click();
    await expect(page).toHaveURL(/\/b2b\/help$/);
    // Breadcrumb from route labels: Home › FAQ.
    const crumbs = page.getByRole("navigation", { name: el("shell:breadcrumb.label") });
    await expect(crumbs.getByRole("link", { name: el("shell:breadcrumb.home") })).toHaveAttribute(
      "href",
      "/b2b/episkopisi",
    );
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(el("shell:nav.help"));
    await checkA11y(page);
  });
});

test.describe("sidebar", () => {
  test("an Active electricity supply shows every item, with the bill and reading counters", async ({
    page,
    request,
  }) => {
    // The reading counter shows while the period is open and the customer has not yet sent a
    // reading in it; the readings tests may have sent one on this shared database already.
    const tokens = await apiLogin(request, household.vat, DEMO_PASSWORD);
    const readings = await apiGet<{ registeredBy: string; date_ins: string }[]>(
      request,
      `/users/${tokens.user_id}/readings?meter_id=${household.mainMeterId}`,
      tokens.access_token,
    );
    const meters = await apiGet<ApiMeter[]>(
      request,
      `/users/${tokens.user_id}/meters`,
      tokens.access_token,
    );
    // The bill counter counts the supplies that owe, the stopped one too (core/balance.ts, #35).
    const owing = accountBalance(meters, athensToday()).owing.length;
    const main = meters.find((m) => m.id === household.mainMeterId);
    const openFrom = main?.indication_open_from ?? "";
    const readingDue = !readings.some(
      (r) => r.registeredBy === "client" && r.date_ins.slice(0, 10) >= openFrom.slice(0, 10),
    );
    await login(page, household.vat);
    await expectSidebarItems(page, [
      "nav.overview",
      "nav.supplies",
      "nav.bills",
      "nav.meterReading",
      "nav.help",
    ]);
    const nav = sidebar(page);
    const counter = el(`shell:nav.counter.bills_${owing === 1 ? "one" : "other"}`);
    const billCounter = nav.getByRole("link", { name: contains(counter) });
    await expect(billCounter).toHaveCount(owing > 0 ? 1 : 0);
    if (owing > 0) await expect(billCounter).toContainText(String(owing));
    await expect(
      nav.getByRole("link", { name: contains(el("shell:nav.counter.meterReading")) }),
    ).toHaveCount(readingDue ? 1 : 0);
    const legal = nav.getByRole("list", { name: el("shell:nav.legal") });
    await expect(legal.getByRole("link", { name: el("shell:nav.privacy") })).toHaveAttribute(
      "href",
      /\/el\//,
    );
    await expect(legal.getByRole("link", { name: el("shell:nav.terms") })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(legal.getByRole("link", { name: el("shell:nav.cookies") })).toHaveAttribute(
      "href",
      "/cookies-policy",
    );
    await expect(legal.getByRole("link", { name: el("shell:nav.paymentTerms") })).toHaveAttribute(
      "href",
      "/payment-terms",
    );

    await gotoLng(page, "/b2b/episkopisi", "en");
    const legalEn = page
      .getByRole("navigation", { name: tr("en", "shell:nav.label") })
      .getByRole("list", { name: tr("en", "shell:nav.legal") });
    await expect(
      legalEn.getByRole("link", { name: tr("en", "shell:nav.privacy") }),
    ).toHaveAttribute("href", /\/en\//);
    await checkA11y(page);
  });

  test("a legal person's B1 supply has no meter-reading item; skin 2 is purple", async ({
    page,
  }) => {
    const tokens = await apiLogin(page.request, DEMO.company.vat, DEMO_PASSWORD);
    const meters = await apiGet<(ApiMeterLite & { category: string })[]>(
      page.request,
      `/users/${tokens.user_id}/meters`,
      tokens.access_token,
    );
    const b1 = meters.find((m) => m.status === "Active" && m.division === 1 && m.category === "B1");
    if (!b1) throw new Error("demo company: no Active B1 supply");

    await login(page, DEMO.company.vat);
    await expect(page.locator("html")).toHaveAttribute("data-skin", "2");
    // The overview opens the "pay several supplies" dialog for this company: start elsewhere.
    await page.goto("/b2b/help");
    // 60 supplies: the drop-down searches.
    const menu = meterMenu(page);
    await menu.locator("summary").click();
    await menu
      .getByRole("searchbox", { name: el("shell:meterMenu.search") })
      .fill(b1.per_code ?? "");
    await menu.getByRole("button", { name: el("shell:meterMenu.search") }).click();
    await expect(page).toHaveURL(/meterq=/);
    await meterMenu(page)
      .getByRole("button", { name: contains(supplyNumberOf(b1)) })
      .click();
    await expect(page.getByRole("region", { name: el("shell:welcome.label") })).toContainText(
      supplyNumberOf(b1),
    );
    await expectSidebarItems(page, ["nav.overview", "nav.supplies", "nav.bills", "nav.help"]);
    await expect(page.locator("html")).toHaveAttribute("data-skin", "2");
    await checkA11y(page);
  });

  test("on a 360 px screen the menu is behind a toggle that works without JavaScript", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, household.vat);
    const nav = sidebar(page);
    await expect(nav).toBeHidden();
    await checkA11y(page);
    await page.getByTitle(el("shell:header.menu")).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: exact(el("shell:nav.overview")) })).toBeVisible();
    await checkA11y(page);
    await nav.getByText(el("shell:nav.close")).click();
    await expect(nav).toBeHidden();
  });
});

test.describe("#15 landmarks", () => {
  test("#15 the test banner and the phone menu toggle sit in landmarks; the menu opens from the keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, household.vat);
    await expect(
      page.getByRole("complementary", { name: el("testEnvironment") }).getByRole("note"),
    ).toHaveText(el("testEnvironment"));
    // The menu's checkbox is inside the navigation landmark (not loose in the page).
    const toggle = page.locator("nav#sidebar > input.nav-toggle");
    await expect(toggle).toHaveCount(1);
    await expect(page.locator("body input.nav-toggle")).toHaveCount(1);
    await checkA11y(page);
    // Keyboard: the toggle takes focus while the menu is closed, Space opens the menu.
    await expect(sidebar(page)).toBeHidden();
    await toggle.focus();
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(sidebar(page)).toBeVisible();
    await expect(
      sidebar(page).getByRole("link", { name: exact(el("shell:nav.overview")) }),
    ).toBeVisible();
    await page.keyboard.press("Space");
    await expect(sidebar(page)).toBeHidden();
  });
});
