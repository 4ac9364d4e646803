import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_E_INVOICE_MARK } from "../seed/accounts";
import { formatMark } from "../core/e-invoice";
import { SUPPLIER } from "../core/supplier";
import { pdfPlainText } from "../tests/support/pdf-text";
import { checkA11y, expect, gotoLng, login, loginOnly, test } from "./fixtures";

/**
 * #20 e-invoices, in both projects (JavaScript off and on): the MARK and its QR code on the bill's
 * page in Greek and English, the public verification page the code opens (signed out) and its
 * translated 404, and the MARK printed in the bill's PDF (its text read back).
 */

type Texts = typeof import("../locales/el/eInvoice.json");
const read = <T>(lng: "el" | "en", ns: string): T =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
const texts = { el: read<Texts>("el", "eInvoice"), en: read<Texts>("en", "eInvoice") };
const notFound = {
  el: read<{ notFound: { title: string } }>("el", "common").notFound.title,
  en: read<{ notFound: { title: string } }>("en", "common").notFound.title,
};

test.describe.configure({ timeout: 90_000 });
const h = DEMO.household;

/** The id of the demo bill whose MARK is DEMO_E_INVOICE_MARK, read through the API. */
async function demoInvoiceId(request: APIRequestContext): Promise<number> {
  const login = await request.post("/api/v2/auth/login", {
    headers: {
      authorization: `Basic ${Buffer.from(`${h.vat}:Demo2026!`).toString("base64")}`,
      origin: new URL(process.env.BASE_URL!).origin,
    },
  });
  const token = (await login.json()).data.access_token as string;
  const history = await request.get(`/api/users/${h.userId}/meters/${h.mainMeterId}/invoices`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = (await history.json()).data as Array<{ id: number; mark: string | null }>;
  const row = rows.find((r) => r.mark === DEMO_E_INVOICE_MARK);
  if (!row) throw new Error("the demo MARK's bill is not in the household's history");
  return row.id;
}

for (const lng of ["el", "en"] as const) {
  const t = texts[lng];

  test(`the bill's page shows its MARK, a QR code and the verification link (${lng})`, async ({
    page,
    request,
  }) => {
    const id = await demoInvoiceId(request);
    await loginOnly(page, h.vat);
    await gotoLng(page, `/b2b/logariasmoi/${id}`, lng);
    const card = page.getByRole("region", { name: t.card.title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(formatMark(DEMO_E_INVOICE_MARK));
    const qr = card.getByRole("img", { name: t.card.qr.replace("{{mark}}", DEMO_E_INVOICE_MARK) });
    await expect(qr).toBeVisible();
    // Drawn on the server: a path of the code's modules, in the HTML.
    expect(await qr.locator("path").getAttribute("d")).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    const link = card.getByRole("link", { name: t.card.verify });
    await expect(link).toHaveAttribute("href", `/e-invoice/${DEMO_E_INVOICE_MARK}`);
    await checkA11y(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/e-invoice/${DEMO_E_INVOICE_MARK}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.page.title);
  });

  test(`the public verification page shows the tax authority's view, nothing of the customer (${lng})`, async ({
    page,
  }) => {
    await gotoLng(page, `/e-invoice/${DEMO_E_INVOICE_MARK}`, lng);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.page.title);
    const facts = page.locator("dl.facts");
    for (const label of [
      t.page.issuerVat,
      t.page.issuerName,
      t.page.invoiceNo,
      t.page.net,
      t.page.vat,
      t.page.total,
    ]) {
      await expect(facts.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(facts).toContainText(SUPPLIER.vat);
    await expect(facts).toContainText(SUPPLIER.name);
    await expect(facts).toContainText(formatMark(DEMO_E_INVOICE_MARK));
    const body = await page.locator("main").innerText();
    for (const secret of [h.vat, h.name, h.email, h.mainPerCode])
      expect(body).not.toContain(secret);
    await checkA11y(page);
  });

  test(`an unknown MARK is the translated 404 page (${lng})`, async ({ page }) => {
    const response = await gotoLng(page, "/e-invoice/999999999999998", lng);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFound[lng]);
    const malformed = await gotoLng(page, "/e-invoice/12345", lng);
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFound[lng]);
  });
}

test("the bill's PDF prints the MARK and the verification link", async ({ page, request }) => {
  const id = await demoInvoiceId(request);
  await login(page, h.vat);
  const response = await page.request.get(`/b2b/invoice-pdf/${id}`);
  expect(response.status()).toBe(200);
  const text = await pdfPlainText(new Uint8Array(await response.body()));
  expect(text).toContain(`ΜΑΡΚ: ${formatMark(DEMO_E_INVOICE_MARK)}`);
  expect(text).toContain(`/e-invoice/${DEMO_E_INVOICE_MARK}`);
});
