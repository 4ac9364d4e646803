import type { Page } from "@playwright/test";
import type { ApiMeter } from "../core/contract";
import { startVivaStub, type VivaStub } from "../tests/support/viva-stub.ts";
import { checkA11y, expect, test } from "./fixtures";
import { DEMO, el, payOnly } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * Card payments through Viva Smart Checkout (issue #34, ADR 0025), JavaScript off and on: this
 * spec starts its own Worker (once per project) with PAYMENT_PROVIDER=viva against the loopback
 * stand-in of Viva (tests/support/viva-stub.ts), whose hosted page has a "Pay" and a "Fail"
 * button. A payment back to the receipt; one recorded by the webhook alone while the customer
 * never comes back; a tampered return refused. The pay page fits a 320 px screen.
 */

let server: RunningServer;
let viva: VivaStub;
const h = DEMO.household;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  // A Worker of its own with a fresh copy of the demo data: 10–40 s on a busy 2-core machine,
  // past the 30 s a hook gets by default.
  test.setTimeout(120_000);
  viva = await startVivaStub();
  server = await startServer({ vars: viva.vars });
  viva.setPortal(server.baseURL);
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
  await viva?.stop();
});

const url = (path: string) => `${server.baseURL}${path}`;

/** Signs in on this spec's Worker (the form's POST); the page keeps the session cookie. */
async function signIn(page: Page) {
  const response = await page.request.post(url("/login"), {
    form: { intent: "login", username: h.vat, password: "Demo2026!" },
    headers: { Origin: server.baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBeGreaterThanOrEqual(300);
  expect(response.status()).toBeLessThan(400);
}

/** The household's main supply's balance in cents, through the API. */
async function balance(page: Page): Promise<number> {
  const login = await page.request.post(url("/api/v2/auth/login"), {
    headers: {
      Authorization: `Basic ${Buffer.from(`${h.vat}:Demo2026!`).toString("base64")}`,
      Origin: server.baseURL,
    },
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const meters = await page.request.get(url(`/api/users/${h.userId}/meters`), {
    headers: { Authorization: `Bearer ${token}` },
  });
  const list = ((await meters.json()) as { data: ApiMeter[] }).data;
  return Math.round((list.find((m) => m.id === h.mainMeterId)?.running_total ?? NaN) * 100);
}

/** From the pay page to Viva's hosted page, paying `amount` (as typed) of the main supply. */
async function toViva(page: Page, amount: string) {
  await page.goto(url(`/b2b/pay?meter=${h.mainMeterId}`));
  // Only the supply asked for (the overdue one is ticked too, #35 §1), with this amount.
  await payOnly(page, [h.mainMeterId]);
  await page
    .locator("table.pay-table tbody tr")
    .filter({ has: page.locator(`input[type="hidden"][value="${h.mainMeterId}"]`) })
    .getByRole("textbox")
    .fill(amount);
  await page.getByRole("button", { name: el("payments:submit") }).click();
  await page.waitForURL(/\/web\/checkout\?ref=\d+/);
  return new URL(page.url()).searchParams.get("ref") ?? "";
}

const dialog = (page: Page) => page.locator("dialog[open]");

test("the pay page fits a 320 px screen, then a payment through Viva's page back to the receipt", async ({
  page,
}) => {
  await signIn(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(url(`/b2b/pay?meter=${h.mainMeterId}`));
  await expect(page.getByRole("heading", { level: 1, name: el("payments:title") })).toBeVisible();
  // Nothing reaches past the screen's edge, unless a box that clips it keeps it inside.
  const wide = await page.evaluate(() => {
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== "visible" && a.getBoundingClientRect().right <= window.innerWidth)
          return true;
      }
      return false;
    };
    return [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(e))
      .map(
        (e) => `${e.tagName} "${e.textContent?.slice(0, 30)}" ${e.getBoundingClientRect().right}`,
      );
  });
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await checkA11y(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const before = await balance(page);
  viva.setMode("redirect");
  const code = await toViva(page, "1,25");
  expect(viva.orders.get(code)?.body).toMatchObject({ amount: 125 });
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/b2b\/pay\?.*checkout=success/);
  const reference = new URL(page.url()).searchParams.get("t") ?? "";
  await expect(dialog(page)).toContainText(
    el("payments:paymentMessages.successMsg", { t: reference, a: "1,25 €" }),
  );
  await checkA11y(page);
  expect(before - (await balance(page))).toBe(125);
  await dialog(page)
    .getByRole("link", { name: el("payments:paymentMessages.receipt") })
    .click();
  await expect(page.getByRole("heading", { name: el("payments:receipt.title") })).toBeVisible();
  const receipt = page.locator("section", { hasText: el("payments:receipt.title") });
  await expect(receipt).toContainText(reference);
  // The card's last four, from Viva's read-back (masked cardNumber), as the test acquirer's.
  await expect(receipt).toContainText("0133");
});

test("a payment recorded by Viva's webhook alone, while the customer never comes back", async ({
  page,
}) => {
  await signIn(page);
  const before = await balance(page);
  viva.setMode("webhook");
  try {
    await toViva(page, "2,00");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Payment completed" })).toBeVisible();
  } finally {
    viva.setMode("redirect");
  }
  // The tab is closed here: only the webhook (read back from Viva) records the payment.
  await expect.poll(async () => before - (await balance(page)), { timeout: 10_000 }).toBe(200);
});

test("a tampered return (another order's transaction) is refused and records nothing", async ({
  page,
}) => {
  await signIn(page);
  const before = await balance(page);
  const code = await toViva(page, "3,00");
  // A transaction of another order, put on this order's return by hand.
  const other = await toViva(page, "4,00");
  const foreign = viva.pay(other);
  await page.goto(url(`/checkout-return?t=${foreign.transactionId}&s=${code}&lang=el-GR`));
  await expect(dialog(page)).toContainText(el("payments:paymentErrors.invalid"));
  await checkA11y(page);
  expect(await balance(page)).toBe(before);
});

test("direct debit set up through Viva's page, at 320 px, to the success step", async ({
  page,
}) => {
  // Signed out, in Greek: VAT → SMS code → the supply, then the card on Viva's page only.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(url("/direct-debit"));
  await page.getByLabel(el("directDebit:vat.label")).fill(h.vat);
  await page.getByRole("button", { name: el("directDebit:vat.submit") }).click();
  await expect(page.getByRole("heading", { name: el("directDebit:code.title") })).toBeVisible();
  const outbox = await page.request.get(url("/api/dev/outbox"));
  const rows = (
    (await outbox.json()) as { data: { id: number; recipient: string; body: string }[] }
  ).data;
  const sms = rows.filter((m) => m.recipient === h.phone).sort((a, b) => b.id - a.id)[0];
  await page
    .getByLabel(el("directDebit:code.label"))
    .fill(/\b(\d{6})\b/.exec(sms?.body ?? "")?.[1] ?? "");
  await page.getByRole("button", { name: el("directDebit:code.submit"), exact: true }).click();
  // No card fields here: the card is entered at Viva.
  const submit = page.getByRole("button", { name: el("directDebit:card.vivaSubmit") });
  await expect(submit).toBeVisible();
  await expect(page.getByLabel(el("directDebit:card.number"))).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await checkA11y(page);
  await page.getByRole("radio").first().check();
  await submit.click();
  await page.waitForURL(/\/web\/checkout\?ref=\d+/);
  const code = new URL(page.url()).searchParams.get("ref") ?? "";
  expect(viva.orders.get(code)?.body).toMatchObject({ amount: 30, allowRecurring: true });
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/direct-debit\/thank-you$/);
  await expect(
    page.getByRole("heading", { level: 1, name: el("directDebit:done.title") }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toContainText(el("directDebit:done.body"));
  await expect(page.locator("main")).toContainText("0133");
  await checkA11y(page);
  // Signed in, the supply's page shows the mandate and sends a new card to Viva, never a form.
  await signIn(page);
  await page.goto(url(`/b2b/paroxes/${h.mainMeterId}/direct-debit`));
  await expect(page.locator("main")).toContainText("0133");
  await expect(page.getByRole("link", { name: el("directDebit:manage.vivaLink") })).toBeVisible();
  await expect(page.getByLabel(el("directDebit:card.number"))).toHaveCount(0);
});
