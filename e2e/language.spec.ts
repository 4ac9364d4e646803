import type { APIRequestContext, Page } from "@playwright/test";
import { checkA11y, DEMO_PASSWORD, expect, test } from "./fixtures";
import { apiGet, apiLogin, DEMO, ownClientAddress, tr, type Lng } from "./support/app";
import { withServerLock } from "./support/state";

/**
 * English survives sign-in: a language chosen on the login page is kept after
 * sign-in (the `lng` cookie) and the portal offers once, in that language, to save it to the
 * profile ("Save" / "Not now", a real form, so both work without JavaScript); the profile's saved
 * language applies when nothing was chosen; sign-out goes back to the saved language (spec §4).
 */

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

/** Greek and Greek-extended letters: no page title of an English portal has any. */
const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

function loginForm(page: Page, lng: Lng) {
  const form = page
    .locator("form")
    .filter({ has: page.getByLabel(tr(lng, "auth:login.username")) });
  return {
    vat: form.getByLabel(tr(lng, "auth:login.username")),
    password: form.getByLabel(tr(lng, "auth:login.password")),
    submit: form.getByRole("button", { name: tr(lng, "auth:login.submit"), exact: true }),
  };
}

async function signIn(page: Page, lng: Lng, vat: string) {
  const form = loginForm(page, lng);
  await form.vat.fill(vat);
  await form.password.fill(DEMO_PASSWORD);
  await form.submit.click();
  await page.waitForURL((url) => url.pathname.startsWith("/b2b/"));
}

/** The login page's language switch (a POST to /language), from Greek to English. */
async function switchLoginPageToEnglish(page: Page) {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await page.getByRole("button", { name: tr("el", "language.switchTo.en") }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "auth:login.heading"));
}

const prompt = (page: Page, lng: Lng) =>
  page.getByRole("region", {
    name: new RegExp(tr(lng, "languagePrompt.question").replace("?", "\\?")),
  });

async function signOut(page: Page, lng: Lng) {
  await page.getByLabel(tr(lng, "shell:header.account")).click();
  await page.getByRole("button", { name: tr(lng, "shell:header.logout") }).click();
  await page.waitForURL((url) => url.pathname === "/login");
}

async function savedLanguage(request: APIRequestContext, vat: string): Promise<string> {
  const tokens = await apiLogin(request, vat, DEMO_PASSWORD);
  return (await apiGet<{ lang: string }>(request, "/v2/me", tokens.access_token)).lang;
}

async function setSavedLanguage(request: APIRequestContext, vat: string, lang: Lng) {
  const tokens = await apiLogin(request, vat, DEMO_PASSWORD);
  const response = await request.put("/api/user/language", {
    data: { lang },
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(response.status(), "PUT /api/user/language").toBe(204);
}

test("#15 English kept after sign-in: every signed-in page in English; 'Not now' hides the prompt for the session", async ({
  page,
  request,
}) => {
  const who = DEMO.household;
  expect(await savedLanguage(request, who.vat), "the demo household's saved language").toBe("el");

  await switchLoginPageToEnglish(page);
  await signIn(page, "en", who.vat);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(prompt(page, "en")).toBeVisible();
  await expect(
    prompt(page, "en").getByRole("button", { name: tr("en", "languagePrompt.save") }),
  ).toBeVisible();
  await checkA11y(page);

  // Every page of the portal menu is in English (discovered from the menu itself).
  const menu = page.getByRole("navigation", { name: tr("en", "shell:nav.label") });
  const paths = new Set<string>();
  for (const link of await menu.getByRole("link").all()) {
    const href = await link.getAttribute("href");
    if (href?.startsWith("/b2b/") || href === "/instructions") paths.add(href);
  }
  expect(paths.size, "the menu lists the portal's pages").toBeGreaterThan(2);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "en");
    expect(await page.title(), `${path}: the title is English`).not.toMatch(GREEK);
    await expect(
      page.getByRole("navigation", { name: tr("en", "shell:nav.label") }),
    ).toBeAttached();
    // Until answered, the offer stays on every page.
    await expect(prompt(page, "en")).toBeVisible();
  }

  // "Not now": gone for the rest of the session, the language stays, the profile is unchanged.
  await prompt(page, "en")
    .getByRole("button", { name: tr("en", "languagePrompt.dismiss") })
    .click();
  await expect(prompt(page, "en")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/b2b/logariasmoi");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(prompt(page, "en")).toHaveCount(0);
  await checkA11y(page);
  expect(await savedLanguage(request, who.vat)).toBe("el");

  // Sign-out goes back to the saved language (spec §4).
  await signOut(page, "en");
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
});

test("#15 with nothing chosen on the login page the saved language applies, without a prompt", async ({
  page,
}) => {
  await page.goto("/login");
  await signIn(page, "el", DEMO.household.vat);
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await expect(
    page.getByRole("region", { name: /\?/ }).filter({ has: page.locator(".lang-prompt__actions") }),
  ).toHaveCount(0);
  await expect(page.locator(".lang-prompt")).toHaveCount(0);
});

test("#15 'Save' stores the chosen language: it survives sign-out and a sign-in with nothing chosen", async ({
  page,
  browser,
  request,
}) => {
  // An account no other e2e spec uses, so its saved language can change for a while.
  const who = DEMO.hugeCompany;
  await withServerLock("hugeCompany-lang", async () => {
    await setSavedLanguage(request, who.vat, "el");
    try {
      await switchLoginPageToEnglish(page);
      await signIn(page, "en", who.vat);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // CSS locators on this account's pages: role queries over its 1,000 supplies take minutes.
      // (The prompt's roles, names and axe are checked on the household's pages above.)
      // The overview opens the pay-several dialog for this account (modal): answer elsewhere.
      await page.goto("/b2b/help");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const save = page.locator(".lang-prompt button[value=save-language]");
      await expect(save).toHaveText(tr("en", "languagePrompt.save"));
      await save.click();
      await expect(page.locator(".lang-prompt")).toHaveCount(0);
      await expect(page.locator(".toast-region")).toContainText(tr("en", "languagePrompt.saved"));
      expect(await savedLanguage(request, who.vat)).toBe("en");

      // Sign-out keeps the saved language now.
      await page.locator("details:has(form[action='/logout']) > summary").click();
      await page.locator("form[action='/logout'] button").click();
      await page.waitForURL((url) => url.pathname === "/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");

      // Another browser with no language chosen: the saved one applies, nothing to ask.
      const context = await browser.newContext({
        javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
        locale: "el-GR",
        extraHTTPHeaders: ownClientAddress(),
      });
      try {
        const fresh = await context.newPage();
        await fresh.goto("/login");
        await expect(fresh.locator("html")).toHaveAttribute("lang", "el");
        await signIn(fresh, "el", who.vat);
        await expect(fresh.locator("html")).toHaveAttribute("lang", "en");
        await expect(fresh.locator(".lang-prompt")).toHaveCount(0);
      } finally {
        await context.close();
      }
    } finally {
      await setSavedLanguage(request, who.vat, "el");
    }
  });
});
