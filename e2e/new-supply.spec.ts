import type { Page } from "@playwright/test";
import { TRANSFER_DEMO } from "../seed/applications";
import { checkA11y, expect, gotoLng, latestOutboxMessage, loginOnly, test } from "./fixtures";
import { contains, DEMO, exact, tr, type Lng } from "./support/app";

/**
 * The new-supply application /nea-paroxi, signed out and signed in, JS off and on:
 * the details saved on the server (a reload keeps them), each field's error next to it with what
 * was typed kept, the review, the done page with a reference and the confirmation email.
 */

// Multi-step flows with axe checks on a shared 2-core machine: well above the default 30 s.
test.describe.configure({ timeout: 240_000 });

const t = (lng: Lng, key: string, values?: Record<string, string | number>) =>
  tr(lng, `newSupply:${key}`, values);

// Its own client IP per test: the API throttles applications per IP and hour.
test.beforeEach(async ({ page }) => {
  const n = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `10.${n()}.${n()}.${n()}` });
});

/** The field by its label; an optional field's label ends with "(optional)". */
const field = (page: Page, lng: Lng, key: string) =>
  page.getByLabel(
    new RegExp(`^${contains(t(lng, `fields.${key}`)).source}( \\(${tr(lng, "optional")}\\))?$`),
  );

const stepHeading = (page: Page, lng: Lng, step: string) =>
  page.getByRole("heading", { level: 2, name: t(lng, `steps.${step}`) });

const VALID = {
  name: "Ελένη Παππά",
  afm: TRANSFER_DEMO.holder.vat,
  idNumber: "ΑΒ123456",
  mobile: "6972345678",
  fax: "2101234567",
  supplyCount: "3",
  address: "Ερμού 10",
  postalCode: "10563",
  city: "Αθήνα",
};

async function fillDetails(page: Page, lng: Lng, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    await field(page, lng, key).fill(value);
  }
}

test("a visitor applies for a new supply; a reload keeps the details", async ({
  page,
  request,
}) => {
  const lng: Lng = "el";
  const email = `e2e-new-supply-${test.info().project.name}-${Date.now()}@example.gr`;

  await page.goto("/");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: tr(lng, "footer.newSupply") })
    .click();
  await expect(page).toHaveURL(/\/nea-paroxi$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lng, "title"));
  await checkA11y(page);

  await fillDetails(page, lng, { ...VALID, email });
  await page.getByRole("radio", { name: t(lng, "supplyTypes.gas") }).check();
  await page.getByRole("radio", { name: t(lng, "ownership.lessee") }).check();
  await page.getByRole("button", { name: t(lng, "next") }).click();

  await expect(stepHeading(page, lng, "review")).toBeVisible();
  await page.reload();
  const review = page.locator("dl.review");
  for (const text of [VALID.name, VALID.idNumber, email, VALID.fax, t(lng, "supplyTypes.gas")]) {
    await expect(review).toContainText(text);
  }
  await expect(review).toContainText(`${VALID.address}, ${VALID.postalCode} ${VALID.city}`);
  await checkA11y(page);

  // Back to the details: everything is still there.
  await page.getByRole("link", { name: exact(t(lng, "back")) }).click();
  await expect(field(page, lng, "idNumber")).toHaveValue(VALID.idNumber);
  await expect(page.getByRole("radio", { name: t(lng, "ownership.lessee") })).toBeChecked();
  await page.getByRole("button", { name: t(lng, "next") }).click();

  await page.getByRole("button", { name: t(lng, "review.submit") }).click();
  // Next to the checkbox, and listed in the error summary at the top of the form (errors in sight
  // without JavaScript).
  await expect(page.locator(".field__error", { hasText: t(lng, "errors.consent") })).toBeVisible();
  await expect(page.locator(".error-summary")).toContainText(t(lng, "errors.consent"));
  await page.getByLabel(t(lng, "review.consent")).check();
  await page.getByRole("button", { name: t(lng, "review.submit") }).click();

  const done = page.getByRole("status").filter({ hasText: t(lng, "done.title") });
  await expect(done).toBeVisible();
  const reference = (await done.textContent())?.match(/N-\d{4}-\d{6}/)?.[0];
  expect(reference).toBeTruthy();
  await checkA11y(page);
  const mail = await latestOutboxMessage(request, { recipient: email });
  expect(mail.subject).toContain(reference!);
});

test("each field's error shows next to it and what was typed stays (English)", async ({ page }) => {
  const lng: Lng = "en";
  await gotoLng(page, "/nea-paroxi", lng);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lng, "title"));
  const typed = {
    ...VALID,
    email: "eleni@",
    mobile: "2101234567",
    idNumber: "1234",
    fax: "6971234567",
    supplyCount: "100",
    postalCode: "0123",
  };
  await fillDetails(page, lng, typed);
  await page.getByRole("button", { name: t(lng, "next") }).click();

  const expected: Record<string, string> = {
    email: tr(lng, "forms:validate.notValidEmail"),
    mobile: tr(lng, "forms:validate.phoneNumber"),
    idNumber: t(lng, "errors.idNumber"),
    fax: t(lng, "errors.fax"),
    supplyCount: t(lng, "errors.supplyCount"),
    postalCode: t(lng, "errors.postalCode"),
  };
  for (const [key, message] of Object.entries(expected)) {
    await expect(field(page, lng, key)).toHaveAccessibleDescription(contains(message));
  }
  for (const [key, value] of Object.entries(typed)) {
    await expect(field(page, lng, key)).toHaveValue(value);
  }
  for (const legend of ["fields.supplyType", "fields.ownership"]) {
    await expect(page.getByRole("group", { name: t(lng, legend) })).toContainText(
      tr(lng, "forms:validate.require"),
    );
  }
  await checkA11y(page);

  // Fixed, it moves on to the review.
  await fillDetails(page, lng, { ...VALID, email: "eleni@example.gr" });
  await page.getByRole("radio", { name: t(lng, "supplyTypes.electricity") }).check();
  await page.getByRole("radio", { name: t(lng, "ownership.owner") }).check();
  await page.getByRole("button", { name: t(lng, "next") }).click();
  await expect(stepHeading(page, lng, "review")).toBeVisible();
});

test("signed in: linked from my supplies, VAT and email filled from the account", async ({
  page,
}) => {
  const lng: Lng = "el";
  const h = DEMO.household;
  await loginOnly(page, h.vat);
  await page.goto("/b2b/paroxes");
  await page
    .getByRole("main")
    .getByRole("link", { name: exact(tr(lng, "footer.newSupply")) })
    .click();
  await expect(page).toHaveURL(/\/nea-paroxi$/);
  await expect(field(page, lng, "afm")).toHaveValue(h.vat);
  await expect(field(page, lng, "email")).toHaveValue(h.email);
  await expect(field(page, lng, "mobile")).toHaveValue(h.phone);
});
