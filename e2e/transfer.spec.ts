import type { Page } from "@playwright/test";
import { TRANSFER_DEMO } from "../seed/applications";
import { checkA11y, expect, gotoLng, latestOutboxMessage, loginOnly, test } from "./fixtures";
import { contains, DEMO, exact, tr, type Lng } from "./support/app";

/**
 * The transfer flow /metavasi, signed out and signed in, JS off and on: each step saved
 * on the server (a reload keeps it), the four transfer errors of spec §8 next to their fields,
 * the supply checks, the review, the done page with a reference and the confirmation email.
 */

// Multi-step flows with axe checks on a shared 2-core machine: well above the default 30 s.
test.describe.configure({ timeout: 240_000 });

const t = (lng: Lng, key: string, values?: Record<string, string | number>) =>
  tr(lng, `transfer:${key}`, values);

/**
 * Every test is its own client IP (the API throttles per IP and hour), so runs on the same
 * database never use up each other's allowance.
 */
test.beforeEach(async ({ page }) => {
  const n = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `10.${n()}.${n()}.${n()}` });
});

/** A random 9-digit supply number: a new transfer every run (10 million to pick from). */
const freshSupplyNumber = () =>
  `19${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

const field = (page: Page, lng: Lng, key: string) =>
  page.getByLabel(t(lng, `fields.${key}`), { exact: true });

const next = (page: Page, lng: Lng) => page.getByRole("button", { name: t(lng, "next") }).click();

const stepHeading = (page: Page, lng: Lng, step: string) =>
  page.getByRole("heading", { level: 2, name: t(lng, `steps.${step}`) });

async function fillContact(
  page: Page,
  lng: Lng,
  values: { phone: string; email: string; afm: string },
) {
  await field(page, lng, "phone").fill(values.phone);
  await field(page, lng, "email").fill(values.email);
  await field(page, lng, "afm").fill(values.afm);
  await next(page, lng);
}

const { holder } = TRANSFER_DEMO;

test("a visitor moves a supply to NRG step by step; a reload keeps each step", async ({
  page,
  request,
}) => {
  const lng: Lng = "el";
  const email = `e2e-transfer-${test.info().project.name}-${Date.now()}@example.gr`;
  const supply = freshSupplyNumber();

  // Reachable signed out from the footer of the landing page.
  await page.goto("/");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: tr(lng, "footer.transfer") })
    .click();
  await expect(page).toHaveURL(/\/metavasi$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lng, "title"));
  await expect(stepHeading(page, lng, "contact")).toBeVisible();
  await checkA11y(page);

  await fillContact(page, lng, { phone: holder.phone, email, afm: holder.vat });
  await expect(stepHeading(page, lng, "tariff")).toBeVisible();
  await expect(page).toHaveURL(/step=tariff/);
  await page.reload();
  await expect(stepHeading(page, lng, "tariff")).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: t(lng, "steps.contact") }),
  ).toContainText(t(lng, "steps.state.done"));
  await checkA11y(page);

  await page.getByRole("radio", { name: contains(t(lng, "tariffs.residential_night")) }).check();
  await next(page, lng);
  await expect(stepHeading(page, lng, "supply")).toBeVisible();
  await field(page, lng, "supplyNumber").fill(supply);
  await next(page, lng);

  // Review: everything typed, kept on the server.
  await expect(stepHeading(page, lng, "review")).toBeVisible();
  await page.reload();
  const review = page.locator("dl.review");
  await expect(review).toContainText(email);
  await expect(review).toContainText(holder.vat);
  await expect(review).toContainText(t(lng, "tariffs.residential_night"));
  await expect(review).toContainText(supply);
  await checkA11y(page);

  // Going back to a step shows what was saved.
  await page
    .getByRole("link", { name: `${t(lng, "review.edit")}: ${t(lng, "fields.tariff")}` })
    .click();
  await expect(
    page.getByRole("radio", { name: contains(t(lng, "tariffs.residential_night")) }),
  ).toBeChecked();
  await next(page, lng);
  await field(page, lng, "supplyNumber").fill(supply);
  await next(page, lng);

  // The consent is required.
  await page.getByRole("button", { name: t(lng, "review.submit") }).click();
  // Next to the checkbox, and listed in the error summary at the top of the form (errors in sight
  // without JavaScript).
  await expect(page.locator(".field__error", { hasText: t(lng, "errors.consent") })).toBeVisible();
  await expect(page.locator(".error-summary")).toContainText(t(lng, "errors.consent"));
  await page.getByLabel(t(lng, "review.consent")).check();
  await page.getByRole("button", { name: t(lng, "review.submit") }).click();

  const done = page.getByRole("status").filter({ hasText: t(lng, "done.title") });
  await expect(done).toBeVisible();
  const reference = (await done.textContent())?.match(/T-\d{4}-\d{6}/)?.[0];
  expect(reference).toBeTruthy();
  await checkA11y(page);

  const mail = await latestOutboxMessage(request, { recipient: email });
  expect(mail.subject).toContain(reference!);
  expect(mail.body).toContain(supply);

  // The draft is gone: a new visit starts again.
  await page.goto("/metavasi");
  await expect(stepHeading(page, lng, "contact")).toBeVisible();
  await expect(field(page, lng, "email")).toHaveValue("");
});

test("the transfer errors of spec §8 appear next to their fields, with what was typed kept (English)", async ({
  page,
}) => {
  const lng: Lng = "en";
  await gotoLng(page, "/metavasi", lng);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lng, "title"));

  // Phone invalid, email invalid.
  await fillContact(page, lng, { phone: "2101234567", email: "nikos@", afm: holder.vat });
  await expect(field(page, lng, "phone")).toHaveAccessibleDescription(
    contains(t(lng, "errors.phoneInvalid")),
  );
  await expect(field(page, lng, "email")).toHaveAccessibleDescription(
    contains(t(lng, "errors.emailInvalid")),
  );
  await expect(field(page, lng, "phone")).toHaveValue("2101234567");
  await expect(field(page, lng, "email")).toHaveValue("nikos@");
  await expect(field(page, lng, "afm")).toHaveValue(holder.vat);
  await checkA11y(page);

  // VAT not found: its check digit fails (#35 §5: one no register knows is a new customer).
  await fillContact(page, lng, {
    phone: holder.phone,
    email: "nikos@example.gr",
    afm: TRANSFER_DEMO.badCheckDigitVat,
  });
  await expect(field(page, lng, "afm")).toHaveAccessibleDescription(
    contains(t(lng, "errors.vatNotFound")),
  );
  await expect(field(page, lng, "afm")).toHaveValue(TRANSFER_DEMO.badCheckDigitVat);

  // Phone not found (not the mobile declared for that VAT).
  await fillContact(page, lng, { phone: "6999999999", email: "nikos@example.gr", afm: holder.vat });
  await expect(field(page, lng, "phone")).toHaveAccessibleDescription(
    contains(t(lng, "errors.phoneNotFound")),
  );
  await expect(field(page, lng, "phone")).toHaveValue("6999999999");

  await fillContact(page, lng, { phone: holder.phone, email: "nikos@example.gr", afm: holder.vat });
  await expect(stepHeading(page, lng, "tariff")).toBeVisible();

  // No tariff chosen.
  await next(page, lng);
  await expect(page.getByRole("group", { name: t(lng, "fields.tariff") })).toContainText(
    tr(lng, "forms:validate.require"),
  );
  await page
    .getByRole("radio", { name: contains(t(lng, "tariffs.professional_over_25kva")) })
    .check();
  await next(page, lng);

  // A supply already with us; one with a transfer under way; a malformed number.
  for (const [value, message] of [
    [TRANSFER_DEMO.ourSupply, t(lng, "errors.alreadyCustomer")],
    [TRANSFER_DEMO.pendingSupply, t(lng, "errors.pending")],
    ["12345", tr(lng, "forms:validate.supplyNumber")],
  ] as const) {
    await field(page, lng, "supplyNumber").fill(value);
    await next(page, lng);
    await expect(field(page, lng, "supplyNumber")).toHaveAccessibleDescription(contains(message));
    await expect(field(page, lng, "supplyNumber")).toHaveValue(value);
  }
  await checkA11y(page);
});

test("#35 a new customer (a VAT no register knows) goes on to the tariffs, each with its prices", async ({
  page,
}) => {
  for (const lng of ["el", "en"] as const) {
    // A draft of its own per language (the draft cookie would open the step reached before).
    await page.context().clearCookies();
    await gotoLng(page, "/metavasi", lng);
    await fillContact(page, lng, {
      phone: "6970000035",
      email: "neos.pelatis@example.gr",
      afm: TRANSFER_DEMO.unknownVat,
    });
    await expect(stepHeading(page, lng, "tariff")).toBeVisible();
    // The standing charge and the price per kWh (day and night where it applies), per tariff.
    const single = page.getByRole("radio", { name: contains(t(lng, "tariffs.residential")) });
    await expect(single.first()).toHaveAccessibleDescription(/nrg home .*5,00\s€.*0,1390\s€/);
    const night = page.getByRole("radio", { name: t(lng, "tariffs.residential_night") });
    await expect(night).toHaveAccessibleDescription(/5,00\s€.*0,1450\s€.*0,0990\s€/);
    await expect(page.getByText(t(lng, "prices.note"))).toBeVisible();
    if (lng === "el") await checkA11y(page);
  }
});

test("signed in: linked from my supplies, the first step is filled from the account", async ({
  page,
}) => {
  const lng: Lng = "el";
  const h = DEMO.household;
  await loginOnly(page, h.vat);
  await page.goto("/b2b/paroxes");
  await page
    .getByRole("main")
    .getByRole("link", { name: exact(tr(lng, "footer.transfer")) })
    .click();
  await expect(page).toHaveURL(/\/metavasi$/);
  await expect(field(page, lng, "afm")).toHaveValue(h.vat);
  await expect(field(page, lng, "email")).toHaveValue(h.email);
  await expect(field(page, lng, "phone")).toHaveValue(h.phone);
  // Our own customers are holders too: the check passes.
  await next(page, lng);
  await expect(stepHeading(page, lng, "tariff")).toBeVisible();
});

test("360 px wide: the steps and the form fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/metavasi");
  await fillContact(page, "el", {
    phone: holder.phone,
    email: "nikos@example.gr",
    afm: holder.vat,
  });
  await expect(stepHeading(page, "el", "tariff")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await expect(page.getByRole("radio").first()).toBeInViewport();
  await checkA11y(page);
});
