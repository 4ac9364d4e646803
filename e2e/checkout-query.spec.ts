import { checkA11y, expect, login, loginOnly, noJs, test } from "./fixtures";
import { DEMO, tr } from "./support/app";
import { paidReference } from "./support/checkout";

/**
 * The checkout query of spec §2 (`?checkout=success&t=…&a=…`, any page) is typed by
 * anyone. The result dialog shows only a payment the API confirms as this customer's and
 * successful, with the amount the ledger recorded; the receipt says "within 5 days" once.
 * JavaScript off and on. Like e2e/payments.spec.ts, each project pays small amounts on its own
 * company (nojs 200000006, js 210000002) and uses the other one's payment as the foreign one.
 */

const own = () => (noJs() ? DEMO.company : DEMO.largeCompany);
const other = () => (noJs() ? DEMO.largeCompany : DEMO.company);
const p = (key: string, values?: Record<string, string | number>) =>
  tr("el", `payments:${key}`, values);

test.describe("#15 checkout query", () => {
  test.slow();

  test("#15 a fake checkout query shows nothing", async ({ page, request }) => {
    const mine = await paidReference(request, own(), 1.07);
    const foreign = await paidReference(request, other(), 1.03);
    await login(page, own().vat);

    // Unknown t, a well-formed t that was never issued, another customer's real t.
    for (const t of ["FAKE", "P261124-ZZZZZZ", foreign]) {
      await page.goto(`/b2b/pay?checkout=success&t=${t}&a=9999.99`);
      await expect(page.getByRole("heading", { level: 1, name: p("title") })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page.getByText("9.999,99")).toHaveCount(0);
    }

    // This customer's real t with a wrong a: the dialog, with the amount the API recorded.
    await page.goto(`/b2b/pay?checkout=success&t=${mine}&a=9999.99`);
    const dialog = page.getByRole("dialog", { name: p("paymentMessages.successTitle") });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(p("paymentMessages.successMsg", { t: mine, a: "1,07 €" }));
    await expect(page.getByText("9.999,99")).toHaveCount(0);
    await checkA11y(page);

    // Any page, and with no a at all: still the confirmed payment and amount.
    await page.goto(`/b2b/episkopisi?checkout=success&t=${mine}`);
    await expect(
      page.getByRole("dialog", { name: p("paymentMessages.successTitle") }),
    ).toContainText("1,07 €");
  });

  test("#15 the receipt says once that a payment shows within 5 days", async ({
    page,
    request,
  }) => {
    const mine = await paidReference(request, own(), 1.11);
    await loginOnly(page, own().vat);
    await page.goto(`/b2b/pay?receipt=${mine}`);
    await expect(page.getByRole("heading", { name: p("receipt.title") })).toBeVisible();
    await expect(page.getByText(p("within5days"))).toHaveCount(1);
    await checkA11y(page);
  });
});
