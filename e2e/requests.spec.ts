import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../seed/accounts.ts";
import { checkA11y, expect, gotoLng, hydrated, login, loginOnly, noJs, test } from "./fixtures";

/**
 * Requests: /b2b/aitimata, its two forms and a request's page, with JavaScript off
 * (nojs) and on (js). Both projects share one database and one account (the 200-supply company
 * 210000002, which other flows leave alone), so each takes its supply from its own end of the
 * list of allowed supplies: nojs the first, js the last. Every run uses a supply that has no open
 * request yet, so the spec can run again on the same database.
 */

type Lng = "el" | "en";
const texts = (lng: Lng, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const T = texts("el", "requests");
const EN = texts("en", "requests");
const COMMON = { el: texts("el", "common"), en: texts("en", "common") };
const F = texts("el", "forms").validate;

const file = (name: string) => join(import.meta.dirname, "fixtures-files", name);
const ACCOUNT = DEMO.largeCompany.vat;

/** "Start request: Name change" (the kind is visually hidden, so the name may carry a space). */
const startLink = (kind: string) => new RegExp(`^${T.new.start}\\s*:\\s*${kind}$`);
const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });
const submit = (page: Page) => page.getByRole("button", { name: T.submit }).click();
const errorOf = (page: Page, text: string) => page.locator(".field__error", { hasText: text });

/** Picks this project's supply among the allowed ones and returns its value. */
async function pickSupply(page: Page): Promise<string> {
  const select = field(page, T.fields.meter_id);
  const options = select.locator("option:not([disabled])");
  const option = noJs() ? options.first() : options.last();
  const value = (await option.getAttribute("value")) ?? "";
  expect(value).not.toBe("");
  await select.selectOption(value);
  return value;
}

async function expectSubmitted(page: Page, kind: "name_change" | "cancellation") {
  await expect(page).toHaveURL(/\/b2b\/aitimata\/\d+\?sent=1$/);
  await expect(page.getByRole("heading", { name: T.sent.title })).toBeVisible();
  const heading = await page.getByRole("heading", { level: 1 }).innerText();
  const reference = /REQ-\d{4}-\d{6,}/.exec(heading)?.[0] ?? "";
  expect(reference).not.toBe("");
  await expect(page.getByText(T.sent.toast)).toBeVisible();
  await expect(page.locator("dd", { hasText: T.kind[kind] })).toBeVisible();
  await expect(page.locator("dd", { hasText: T.status.submitted })).toBeVisible();
  await checkA11y(page);

  // The attachment downloads for its owner, as a file, never shown inline.
  const link = page.getByRole("link", { name: /Λήψη αρχείου/ });
  const response = await page.request.get((await link.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");

  // In "my requests" with its status, and a confirmation in the messages.
  await page.goto("/b2b/aitimata");
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(T.kind[kind]);
  await expect(row).toContainText(T.status.submitted);
  await page.goto("/b2b/mhnymata");
  const title =
    kind === "name_change"
      ? "Λάβαμε το αίτημα αλλαγής ονόματος"
      : "Λάβαμε το αίτημα διακοπής παροχής";
  await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
  return reference;
}

// The company's pages carry 200 supplies (header drop-down, supply picker) and the flows upload
// files of up to 5 MB: on a shared 2-core machine they need more than the default time.
test.setTimeout(180_000);

test.describe("requests", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, ACCOUNT);
  });

  test("the page lists my requests and offers both requests", async ({ page }) => {
    await page.goto("/b2b/aitimata");
    await expect(page.getByRole("heading", { level: 1, name: T.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: T.list.title })).toBeVisible();
    await checkA11y(page);
    await page.getByRole("link", { name: startLink(T.new.nameChange) }).click();
    await expect(page.getByRole("heading", { level: 1, name: T.nameChange.title })).toBeVisible();
    await checkA11y(page);
    await page.goto("/b2b/aitimata");
    await page.getByRole("link", { name: startLink(T.new.cancellation) }).click();
    await expect(page.getByRole("heading", { level: 1, name: T.cancellation.title })).toBeVisible();

    // English.
    await gotoLng(page, "/b2b/aitimata", "en");
    await expect(page.getByRole("heading", { level: 1, name: EN.title })).toBeVisible();
    await gotoLng(page, "/b2b/aitimata", "el");
  });

  test("name change: each error, the file kept when only another field failed, then sent", async ({
    page,
  }) => {
    await page.goto("/b2b/aitimata/allagi-onomatos");
    await hydrated(page);
    const meter = await pickSupply(page);
    // The billing address and contact come prefilled; set them, then make the rest wrong or empty.
    await field(page, T.fields.bill_street).fill("Ερμού");
    await field(page, T.fields.bill_street_no).fill("10");
    await field(page, T.fields.bill_city).fill("Αθήνα");
    await field(page, T.fields.contact_person).fill("Νικόλαος Γεωργίου");
    await field(page, T.fields.vat).fill("123456789");
    await field(page, T.fields.tax_office).fill("");
    await field(page, T.fields.bill_postal_code).fill("12");
    await field(page, T.fields.contact_phone).fill("2101234567");
    await field(page, T.fields.reason).fill("");
    await submit(page);
    await expect(errorOf(page, F.vat)).toBeVisible();
    await expect(errorOf(page, T.errors.postalCode)).toBeVisible();
    await expect(errorOf(page, F.phoneNumber)).toBeVisible();
    await expect(errorOf(page, F.require)).toHaveCount(2); // tax office, reason
    await expect(errorOf(page, T.errors.file.required)).toBeVisible();
    await expect(field(page, T.fields.vat)).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page);

    // A renamed program is refused by its bytes; what was typed stays.
    await field(page, T.fields.vat).fill("094019245");
    await field(page, T.fields.bill_postal_code).fill("11257");
    await field(page, T.fields.contact_phone).fill("6944123456");
    await field(page, T.fields.reason).fill("Νέος μισθωτής από 1/12");
    await field(page, T.fields.certificate).setInputFiles(file("renamed-program.pdf"));
    await submit(page);
    await expect(errorOf(page, T.errors.file.type)).toBeVisible();
    await expect(field(page, T.fields.vat)).toHaveValue("094019245");
    await expect(field(page, T.fields.reason)).toHaveValue("Νέος μισθωτής από 1/12");
    await expect(field(page, T.fields.meter_id)).toHaveValue(meter);

    // A good PDF with the tax office still empty: the file is kept, not asked for again.
    await field(page, T.fields.certificate).setInputFiles(file("certificate.pdf"));
    await submit(page);
    await expect(errorOf(page, F.require)).toHaveCount(1);
    await expect(page.locator(".rq-kept")).toContainText("certificate.pdf");
    await expect(field(page, T.file.replace)).toHaveValue("");
    await expect(errorOf(page, T.errors.file.required)).toHaveCount(0);

    await field(page, T.fields.tax_office).fill("Α' Αθηνών");
    await submit(page);
    await expectSubmitted(page, "name_change");

    // The supply now has an open name change: the form offers it no more.
    await page.goto(`/b2b/aitimata/allagi-onomatos?meter=${meter}`);
    const option = field(page, T.fields.meter_id).locator(`option[value="${meter}"]`);
    await expect(option).toBeDisabled();
    await expect(option).toContainText(T.errors.rule.open_name_change);
  });

  test("cancellation: oversized file and missing reason, then sent with a PNG", async ({
    page,
  }) => {
    await page.goto("/b2b/aitimata/diakopi");
    await hydrated(page);
    await checkA11y(page);
    const meter = await pickSupply(page);
    await page.getByLabel(T.fields.comments).fill("Κλειδιά στον διαχειριστή");
    await field(page, T.fields.signedForm).setInputFiles({
      name: "big.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(5 * 1024 * 1024)]),
    });
    await submit(page);
    await expect(errorOf(page, T.errors.file.size)).toBeVisible();
    await expect(errorOf(page, F.require)).toBeVisible(); // the reason
    await expect(page.getByLabel(T.fields.comments)).toHaveValue("Κλειδιά στον διαχειριστή");
    await checkA11y(page);

    // Reason chosen, PNG attached: sent.
    await field(page, T.fields.cancellationReason).selectOption("moving");
    await field(page, T.fields.signedForm).setInputFiles(file("signed-form.png"));
    await submit(page);
    await expectSubmitted(page, "cancellation");

    // A second cancellation of the same supply is not offered.
    await page.goto(`/b2b/aitimata/diakopi?meter=${meter}`);
    const option = field(page, T.fields.meter_id).locator(`option[value="${meter}"]`);
    await expect(option).toBeDisabled();
    await expect(option).toContainText(T.errors.rule.open_cancellation);
  });

  test("another customer's request and file are not found", async ({ page }) => {
    // A request of the household (seeded), as the household's own list links it.
    await page.context().clearCookies();
    await loginOnly(page, DEMO.household.vat);
    await page.goto("/b2b/aitimata");
    const href = await page.getByRole("row").nth(1).getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/b2b\/aitimata\/\d+$/);
    expect((await page.request.get(`${href}/file`)).status()).toBe(404); // seeded: no file

    // The company asks for it: not found, page and file alike.
    await page.context().clearCookies();
    await login(page, ACCOUNT);
    const response = await page.goto(href ?? "");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await page.request.get(`${href}/file`)).status()).toBe(404);
  });
});

test.describe("#15 the attachment field", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, ACCOUNT);
  });

  for (const lng of ["el", "en"] as const) {
    test(`#15 the file field has a translated 'choose file' button and shows the chosen file's name (${lng})`, async ({
      page,
    }) => {
      const texts = lng === "el" ? T : EN;
      await page.setViewportSize({ width: 360, height: 740 });
      await gotoLng(page, "/b2b/aitimata/allagi-onomatos", lng);
      const input = page.getByLabel(texts.fields.certificate, { exact: true });
      await expect(input).toHaveAttribute("type", "file");
      if (noJs()) {
        // Without JavaScript: the browser's own input, visible and styled; it names the file.
        await expect(input).toBeVisible();
        await expect(page.locator(".file-upload__button")).toHaveCount(0);
      } else {
        const button = page.locator("label.file-upload__button");
        await expect(button).toHaveText(COMMON[lng].fileInput.choose);
        await expect(page.locator(".file-upload__status")).toHaveText(COMMON[lng].fileInput.none);
        // The input stays the focusable control (its focus shows on the button).
        await input.focus();
        await expect(input).toBeFocused();
        await input.setInputFiles(file("certificate.pdf"));
        await expect(page.locator(".file-upload__status")).toHaveText("certificate.pdf");
      }
      await checkA11y(page);
    });
  }
});
