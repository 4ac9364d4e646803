import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkA11y, expect, gotoLng, LOGIN_LABELS, test } from "./fixtures";

function common(lng: "el" | "en") {
  const file = join(import.meta.dirname, "..", "locales", lng, "common.json");
  return JSON.parse(readFileSync(file, "utf8")) as { notFound: { title: string } };
}

test.describe("smoke", () => {
  test("the landing page is in Greek by default, with a labelled VAT field", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    const vat = page.getByLabel(LOGIN_LABELS.vat).first();
    await expect(vat).toBeVisible();
    await expect(vat).toBeEditable();
    await checkA11y(page);
  });

  test("?lng=en switches the landing page to English", async ({ page }) => {
    await gotoLng(page, "/", "en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByLabel(/VAT|tax number/i).first()).toBeVisible();
    await checkA11y(page);
  });

  test("/healthz answers ok with a working database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true });
  });

  for (const lng of ["el", "en"] as const) {
    test(`an unknown URL gives the translated 404 page (${lng})`, async ({ page }) => {
      const response = await gotoLng(page, "/no-such-page/at-all", lng);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(common(lng).notFound.title);
      await checkA11y(page);
    });
  }
});
