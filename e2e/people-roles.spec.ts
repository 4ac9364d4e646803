import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiUser } from "../core/contract";
import { DEMO } from "../seed/accounts";
import { checkA11y, DEMO_PASSWORD, expect, gotoLng, login, test } from "./fixtures";
import { apiGet, apiLogin, el, exact, tr } from "./support/app";

/**
 * #18, the portal side of roles: an invited person signs in with their email; a `user` sees only
 * their supplies, no way to pay, and a page they may not open answers with the translated
 * "not permitted" page, still signed in. Runs with JavaScript on and off, and checks axe.
 */

const OVERVIEW = "/b2b/episkopisi";
const { user, admin } = DEMO.largeCompany.people;

/** #35 §5: who does what a user may not, by name: the master, then the admin of their supplies. */
async function managers(request: APIRequestContext, lng: "el" | "en"): Promise<string> {
  // As the API names them now: the people specs may have made another admin of these supplies
  // on this worker's database, and the page must name them too.
  const tokens = await apiLogin(request, user.email, DEMO_PASSWORD);
  const me = await apiGet<ApiUser>(request, `/users/${tokens.user_id}`, tokens.access_token);
  const names = [...new Set(me.managers.map((m) => m.name))];
  expect(names.slice(0, 2)).toEqual([DEMO.largeCompany.employeeName, admin.name]);
  return new Intl.ListFormat(lng, { type: "conjunction" }).format(names);
}

async function signInAsUser(page: Page) {
  await login(page, user.email);
  await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
}

/** Every link or form that leads to the pay page, on the page as it is now. */
const payEntries = (page: Page) =>
  page.locator('a[href^="/b2b/pay"], form[action^="/b2b/pay"], a[href*="modal=pay-several"]');

test.describe("a user of a company's account (user@beta.example)", () => {
  test("signs in with the email (any case) and lands on the overview, with no way to pay", async ({
    page,
    request,
  }) => {
    await login(page, `  ${user.email.toUpperCase()} `);
    await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("overview:title"));
    await expect(page.getByRole("link", { name: el("overview:topBanner.pay") })).toHaveCount(0);
    await expect(payEntries(page)).toHaveCount(0);
    await checkA11y(page);

    await page.goto("/b2b/logariasmoi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("bills:title"));
    await expect(page.getByRole("link", { name: el("bills:summary.pay") })).toHaveCount(0);
    await expect(payEntries(page)).toHaveCount(0);
    // #35 §5: what the person does here, and who pays, by name; no word about paying themselves.
    const summary = page.getByRole("region", { name: el("bills:summary.title") });
    await expect(summary).toContainText(el("bills:summary.viewOnly"));
    await expect(summary).toContainText(
      el("common:whoCan.payments", { names: await managers(request, "el") }),
    );
    await expect(summary).not.toContainText(el("bills:summary.paymentNote"));
    await checkA11y(page);
  });

  test("has settings without the supplies' bill switches, and requests without new ones", async ({
    page,
    request,
  }) => {
    await signInAsUser(page);
    // Settings: the person's own details, not the supplies' e-bill and SMS switches.
    await page.goto(`${OVERVIEW}?modal=settings&step=1`);
    const settings = page.getByRole("dialog", { name: el("settings:settingsModal.title") });
    await expect(settings).toBeVisible();
    await expect(settings.getByText(el("settings:settingsModal.indication"))).toBeVisible();
    await expect(settings.getByText(el("settings:settingsModal.bills"))).toHaveCount(0);
    await checkA11y(page);

    // Requests: the list, not the forms that start one.
    await page.goto("/b2b/aitimata");
    await expect(page.getByRole("heading", { name: el("requests:new.title") })).toHaveCount(0);
    await expect(page.locator('a[href^="/b2b/aitimata/allagi-onomatos"]')).toHaveCount(0);
    // #35 §5: told what the page is for them and who files requests, by name.
    await expect(page.locator("main")).toContainText(el("requests:introView"));
    await expect(page.locator("main")).toContainText(
      el("common:whoCan.requests", { names: await managers(request, "el") }),
    );
    await expect(page.locator("main")).not.toContainText(el("requests:intro"));

    // #35 §5: signed in with an email, the new-supply form is pre-filled with the account's VAT.
    await page.goto("/nea-paroxi");
    await expect(page.getByLabel(el("newSupply:fields.afm"), { exact: false })).toHaveValue(
      DEMO.largeCompany.vat,
    );
    await expect(page.getByLabel(el("newSupply:fields.email"), { exact: false })).toHaveValue(
      user.email,
    );
  });

  test("sees only the five supplies given to them, in the selector and on /b2b/paroxes", async ({
    page,
  }) => {
    // Needs the API's scoping of supplies to the person (#18, the lead's part).
    await signInAsUser(page);
    const ids = user.meterIds.map(String);
    // The header drop-down (<details>): its list is there once it is open (with JavaScript).
    await page.locator("details.header__meter > summary").click();
    const options = page.locator("details.header__meter form.meter-list button[name=meter_id]");
    await expect(options.first()).toBeVisible();
    const values = await options.evaluateAll((buttons) =>
      buttons.map((b) => (b as HTMLButtonElement).value),
    );
    expect(values.length).toBeGreaterThan(0);
    expect(
      values.filter((v) => !ids.includes(v)),
      "supplies in the selector that were not given to the person",
    ).toEqual([]);

    await page.goto("/b2b/paroxes");
    await expect(page.locator("ul.supplies > li")).toHaveCount(5);
    // No direct-debit entry point for a person who may not manage a supply.
    await expect(page.locator('a[href$="/direct-debit"]')).toHaveCount(0);
    await checkA11y(page);
  });

  test("opening /b2b/pay shows the not-permitted page (403) and keeps the person signed in", async ({
    page,
    request,
  }) => {
    await signInAsUser(page);
    const response = await page.goto("/b2b/pay");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("error.notPermittedTitle"));
    await expect(page.locator("main")).toContainText(el("error.notPermitted"));
    // #35 §5: and who does it, by name.
    await expect(page.locator("main")).toContainText(
      el("common:whoCan.action", { names: await managers(request, "el") }),
    );
    // Inside the signed-in frame: the header, the menu and a way back to the overview.
    await expect(page.getByRole("navigation", { name: el("shell:nav.label") })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: el("shell:nav.label") }).getByRole("link", {
        name: el("shell:nav.overview"),
      }),
    ).toHaveAttribute("href", OVERVIEW);
    await expect(page.locator(`main a[href="${OVERVIEW}"]`)).toBeVisible();
    await checkA11y(page);

    // The same in English, and for the other pages of managing a supply.
    const english = await gotoLng(page, "/b2b/aitimata/diakopi", "en");
    expect(english?.status()).toBe(403);
    await expect(page.locator("main")).toContainText(tr("en", "error.notPermitted"));
    await expect(page.locator("main")).toContainText(
      tr("en", "common:whoCan.action", { names: await managers(request, "en") }),
    );
    await expect(page.getByRole("navigation", { name: tr("en", "shell:nav.label") })).toBeVisible();
    const directDebit = await gotoLng(page, `/b2b/paroxes/${user.meterIds[0]}/direct-debit`, "el");
    expect(directDebit?.status()).toBe(403);

    // Still signed in: the next page loads as the same person, not the login page.
    await page.goto(OVERVIEW);
    await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("overview:title"));
  });
});

test.describe("sign-in by email", () => {
  test("the admin signs in with the email and is offered payment", async ({ page }) => {
    await login(page, DEMO.largeCompany.people.admin.email);
    await expect(page).toHaveURL(new RegExp(`${OVERVIEW}$`));
    await page.goto("/b2b/logariasmoi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("bills:title"));
  });

  test("the login field is labelled for both and refuses what is neither", async ({ page }) => {
    await page.goto("/login");
    const field = page.getByLabel(el("auth:login.username"));
    await expect(field).toHaveAttribute("autocomplete", "username");
    await field.fill("not-an-email");
    await page.getByLabel(el("auth:login.password")).fill("x");
    await page.getByRole("button", { name: exact(el("auth:login.submit")) }).click();
    await expect(page.locator("form").getByText(el("forms:validate.loginName"))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await checkA11y(page);
  });
});
