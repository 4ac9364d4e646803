import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { DD_TEST_CARDS } from "../core/direct-debit/rules.ts";
import { DEMO } from "../seed/accounts.ts";
import { DD_NO_MOBILE } from "../seed/direct-debit.ts";
import {
  checkA11y,
  expect,
  gotoLng,
  hydrated,
  latestOutboxMessage,
  login,
  loginOnly,
  noJs,
  test,
} from "./fixtures";
import { ownClientAddress } from "./support/app";

/**
 * Direct debit: /direct-debit → SMS code → card → /direct-debit/loader →
 * /direct-debit/thank-you, every spec §8 error through the UI, and the signed-in management on
 * /b2b/paroxes. The two projects run at once on one database, so each uses its own customer:
 * js the household (gas supply), nojs the first-login customer (its only supply). A supply that is
 * already on direct debit from an earlier run is simply replaced.
 */
type Lng = "el" | "en";
const texts = (lng: Lng) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "locales", lng, "directDebit.json"), "utf8"),
  );
const T = { el: texts("el"), en: texts("en") };
const F = {
  el: JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "locales", "el", "forms.json"), "utf8"),
  ),
  en: JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "locales", "en", "forms.json"), "utf8"),
  ),
};

const account = () =>
  noJs()
    ? { vat: DEMO.firstLogin.vat, phone: DEMO.firstLogin.phone, meterId: DEMO.firstLogin.meterId }
    : { vat: DEMO.household.vat, phone: DEMO.household.phone, meterId: DEMO.household.gasMeterId };

const year = String(new Date().getUTCFullYear() + 3);
const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
/** The text before the first {{placeholder}}. */
const prefix = (text: string) => text.split("{{")[0] ?? text;

async function newestCode(request: APIRequestContext, phone: string): Promise<string> {
  const sms = await latestOutboxMessage(request, { recipient: phone, channel: "sms" });
  const code = sms.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("no code in the SMS");
  return code;
}

/** Starts a fresh flow for the project's customer and stops at the code step. */
async function startFlow(page: Page, lng: Lng) {
  await gotoLng(page, "/direct-debit", lng);
  // An unfinished flow of an earlier run: start again.
  const restart = page.getByRole("button", { name: T[lng].restart });
  if (await restart.count()) {
    await restart.first().click();
    await expect(page.getByLabel(T[lng].vat.label)).toBeVisible();
    await hydrated(page);
  }
  await page.getByLabel(T[lng].vat.label).fill(account().vat);
  await page.getByRole("button", { name: T[lng].vat.submit }).click();
  await expect(page.getByRole("heading", { name: T[lng].code.title })).toBeVisible();
}

async function enterCode(page: Page, lng: Lng, code: string) {
  await page.getByLabel(T[lng].code.label).fill(code);
  // Wait for this attempt's answer: the message of the previous wrong code is still on the page,
  // so waiting for the message alone would let the next attempt start too early.
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: T[lng].code.submit, exact: true }).click(),
  ]);
}

async function fillCard(page: Page, lng: Lng, number: string) {
  await page.getByLabel(T[lng].card.holder).fill("Test Holder");
  await page.getByLabel(T[lng].card.number).fill(number);
  await page.getByLabel(T[lng].card.month).selectOption("7");
  await page.getByLabel(T[lng].card.year).selectOption(year);
  await page.getByLabel(T[lng].card.cvv).fill("123");
}

// Refused posts show a message twice on purpose (errors in sight without JavaScript): next to its
// field (or at the top of the form) and in the error summary; `.first()` checks that it is shown.

// Many steps per test, each a full page load without JavaScript: more time than the default.
test.describe.configure({ timeout: 150_000 });

// Each test is its own client: set-ups are limited to 10 an hour per client address.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

test.describe("direct debit, signed out", () => {
  test("the first step: VAT format, VAT not found, no mobile declared", async ({ page }) => {
    const lng = "en";
    await gotoLng(page, "/direct-debit", lng);
    const restart = page.getByRole("button", { name: T[lng].restart });
    if (await restart.count()) {
      await restart.first().click();
      await hydrated(page);
    }
    await expect(page.getByRole("heading", { level: 1, name: T[lng].title })).toBeVisible();
    await expect(page.getByText(T[lng].monthly).first()).toBeVisible();
    await checkA11y(page);
    const vat = page.getByLabel(T[lng].vat.label);
    const submit = page.getByRole("button", { name: T[lng].vat.submit });

    await vat.fill("12345");
    await submit.click();
    await expect(page.getByText(F[lng].validate.vat).first()).toBeVisible();

    await page.getByLabel(T[lng].vat.label).fill("123456783");
    await page.getByRole("button", { name: T[lng].vat.submit }).click();
    await expect(page.getByText(T[lng].errors.vatNotFound).first()).toBeVisible();
    // What was typed stays, and the error is tied to the field.
    await expect(page.getByLabel(T[lng].vat.label)).toHaveValue("123456783");
    await expect(page.getByLabel(T[lng].vat.label)).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel(T[lng].vat.label).fill(DD_NO_MOBILE.vat);
    await page.getByRole("button", { name: T[lng].vat.submit }).click();
    await expect(page.getByText(T[lng].errors.noMobile).first()).toBeVisible();
    await checkA11y(page);
  });

  test("code, card errors, activation and thank-you", async ({ page, request }) => {
    const lng = "el";
    const t = T[lng];
    await startFlow(page, lng);
    await checkA11y(page);
    const code = await newestCode(request, account().phone);

    // A wrong code, then a reload: still the code step (the flow is on the server).
    await enterCode(page, lng, code === "000000" ? "111111" : "000000");
    await expect(page.getByText(t.errors.wrongCode).first()).toBeVisible();
    await page.goto("/direct-debit");
    await expect(page.getByRole("heading", { name: t.code.title })).toBeVisible();

    // A new code right away: too many attempts (once a minute).
    await page.getByRole("button", { name: t.code.resend }).click();
    await expect(page.getByText(prefix(t.errors.tooManyAttempts)).first()).toBeVisible();

    await enterCode(page, lng, code);
    await expect(page.getByRole("heading", { name: t.card.title })).toBeVisible();
    await checkA11y(page);

    const supply = page.locator(`input[type="radio"][value="${account().meterId}"]`);
    const cases: [string, string][] = [
      [DD_TEST_CARDS.notFound, t.errors.cardNotFound],
      [DD_TEST_CARDS.declined, t.errors.declined],
      [DD_TEST_CARDS.expired, t.errors.cardExpired],
      [DD_TEST_CARDS.timeout, t.errors.timeout],
      [DD_TEST_CARDS.failure, t.errors.failed],
    ];
    for (const [number, message] of cases) {
      await supply.check();
      await fillCard(page, lng, number);
      await page.getByRole("button", { name: exact(t.card.submit) }).click();
      await expect(page.getByText(message).first()).toBeVisible();
      // The holder stays; the server never sends the card number back (without JavaScript the
      // page is the server's reply, so the field is empty).
      await expect(page.getByLabel(t.card.holder)).toHaveValue("Test Holder");
      if (noJs()) await expect(page.getByLabel(t.card.number)).toHaveValue("");
    }
    await checkA11y(page);

    // A reload keeps the step, the supply and the holder.
    await page.goto("/direct-debit");
    await expect(page.getByRole("heading", { name: t.card.title })).toBeVisible();
    await expect(supply).toBeChecked();
    await expect(page.getByLabel(t.card.holder)).toHaveValue("Test Holder");

    await fillCard(page, lng, "4111 1111 1111 1111");
    await page.getByRole("button", { name: exact(t.card.submit) }).click();
    if (noJs()) {
      await expect(page).toHaveURL(/\/direct-debit\/loader$/);
      await expect(page.getByRole("heading", { name: t.processing.title })).toBeVisible();
      await checkA11y(page);
      await page.getByRole("button", { name: t.processing.submit }).click();
    }
    await expect(page).toHaveURL(/\/direct-debit\/thank-you$/);
    await expect(page.getByRole("heading", { name: t.done.title })).toBeVisible();
    await expect(page.getByText("•••• 1111")).toBeVisible();
    await expect(page.getByText(/Μηνιαία, στις \d{1,2} κάθε μήνα/)).toBeVisible();
    await checkA11y(page);
    // A reload shows the same result.
    await page.reload();
    await expect(page.getByRole("heading", { name: t.done.title })).toBeVisible();
  });

  test("five wrong codes end the flow: session expired", async ({ page, request }) => {
    const lng = "en";
    const t = T[lng];
    await startFlow(page, lng);
    const code = await newestCode(request, account().phone);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 4; i++) {
      await enterCode(page, lng, wrong);
      await expect(page.getByText(t.errors.wrongCode).first()).toBeVisible();
    }
    await enterCode(page, lng, wrong);
    await expect(page.getByText(t.errors.sessionExpired).first()).toBeVisible();
    await expect(page.getByLabel(t.vat.label)).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("direct debit, signed in", () => {
  test("see, change and cancel the card of a supply", async ({ page }) => {
    const lng = "en";
    const t = T[lng];
    await loginOnly(page, account().vat);
    await gotoLng(page, `/b2b/paroxes/${account().meterId}/direct-debit`, lng);
    await expect(page.getByRole("heading", { level: 1, name: t.manage.title })).toBeVisible();
    await checkA11y(page);

    // A declined card: the error next to the number, what was typed kept.
    await fillCard(page, lng, DD_TEST_CARDS.declined);
    await page.getByRole("button", { name: t.manage.save }).click();
    await expect(page.getByText(t.errors.declined).first()).toBeVisible();
    await expect(page.getByLabel(t.card.holder)).toHaveValue("Test Holder");

    await fillCard(page, lng, "4000 0000 0000 3220");
    await page.getByRole("button", { name: t.manage.save }).click();
    await expect(page.getByText(t.manage.saved)).toBeVisible();
    await expect(page.getByText("•••• 3220").first()).toBeVisible();

    // The supplies page says so, with the monthly charge day.
    await gotoLng(page, "/b2b/paroxes?q=&kind=&status=", lng);
    await expect(
      page.getByText(/Direct debit active, card •••• 3220, charged monthly on day \d{1,2}/),
    ).toBeVisible();
    await checkA11y(page);

    // Cancel asks first.
    await gotoLng(page, `/b2b/paroxes/${account().meterId}/direct-debit`, lng);
    await page.getByRole("link", { name: t.manage.cancel }).click();
    await expect(page.getByText(/Cancel the direct debit with card •••• 3220/)).toBeVisible();
    await checkA11y(page);
    await page.getByRole("button", { name: t.manage.confirmYes }).click();
    await expect(page.getByText(t.manage.cancelled)).toBeVisible();
    await expect(page.getByText(t.manage.inactive)).toBeVisible();
  });

  test("another customer's supply is not found", async ({ page }) => {
    await login(page, account().vat);
    const response = await page.goto(`/b2b/paroxes/${DEMO.company.firstMeterId}/direct-debit`);
    expect(response?.status()).toBe(404);
  });
});
