import type { Page } from "@playwright/test";
import { accountBalance } from "../core/balance";
import type { ApiMeter } from "../core/contract";
import { athensToday } from "../core/dates";
import { checkA11y, expect, gotoLng, loginOnly, test } from "./fixtures";
import { apiGet, apiLogin, DEMO, tr, type Lng } from "./support/app";

/**
 * #35 §1 and §7: one true balance. The household 100000003 (main supply 95,26 €, a stopped supply
 * 61,04 € overdue) and the company 200000006 see the same supplies that owe on the overview (the
 * hero and its list per supply), in the pay-several dialog, on the pay page (overdue ticked and
 * marked) and in the menu badge; the supplies list filters to those that owe; a payment's page
 * downloads its receipt as a PDF. Greek at 360 px, English at 1280 px, JavaScript off and on,
 * axe on every page. Nothing is paid here (other specs rely on these balances).
 */

const PASSWORD = "Demo2026!";

/** "1.234,56" then any space, then "€": the formatter puts a no-break space before the sign. */
function amount(euros: number): RegExp {
  const cents = Math.round(euros * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")
    .replace(/\./g, "\\.");
  return new RegExp(`${whole},${String(cents % 100).padStart(2, "0")}\\s€`);
}

const supplyNo = (m: ApiMeter) =>
  m.division === 1 ? [m.per_code, m.id_code, m.next_code].filter(Boolean).join("") : (m.pod ?? "");

async function balanceOf(page: Page, account: { vat: string; userId: number }) {
  const tokens = await apiLogin(page.request, account.vat, PASSWORD);
  const meters = await apiGet<ApiMeter[]>(
    page.request,
    `/users/${account.userId}/meters`,
    tokens.access_token,
  );
  return accountBalance(meters, athensToday());
}

/** The menu's bills counter: its number and its words (visually hidden, in the off-canvas menu too). */
async function expectBadge(page: Page, lng: Lng, count: number) {
  const badge = page.locator(".badge--count").first();
  await expect(badge).toHaveText(
    new RegExp(
      `^${count}\\s*${tr(lng, `shell:nav.counter.bills_${count === 1 ? "one" : "other"}`)}$`,
    ),
  );
}

/** The pay-several dialog opens on the overview: its rows and total, then "later". */
async function checkPaySeveral(page: Page, lng: Lng, rows: number, total: number, overdue: number) {
  const dialog = page.getByRole("dialog", { name: tr(lng, "overview:paySeveral.title") });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("tbody tr")).toHaveCount(rows);
  await expect(dialog.locator("tfoot")).toContainText(amount(total));
  await expect(dialog.getByText(tr(lng, "amountOverdue"), { exact: true })).toHaveCount(overdue);
  await checkA11y(page);
  await dialog.getByRole("button", { name: tr(lng, "overview:paySeveral.later") }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test.describe.configure({ timeout: 90_000 });

test.describe("#35 one true balance", () => {
  test("100000003 (el, 360 px): both supplies on the overview, in the dialog, on the pay page and in the badge", async ({
    page,
  }) => {
    const h = DEMO.household;
    await page.setViewportSize({ width: 360, height: 800 });
    const balance = await balanceOf(page, h);
    expect(balance.owing.map((m) => m.id).sort()).toEqual([h.mainMeterId, h.stoppedMeterId].sort());
    const stopped = balance.owing.find((m) => m.id === h.stoppedMeterId)!;
    const main = balance.owing.find((m) => m.id === h.mainMeterId)!;
    expect(stopped.running_total).toBe(61.04);
    expect(balance.overdueIds).toEqual([h.stoppedMeterId]);

    // The dialog is the point here: not put off as the other specs' sign-ins do.
    await loginOnly(page, h.vat, undefined, { keepPaySeveral: true });
    await gotoLng(page, "/b2b/episkopisi", "el");
    await checkPaySeveral(page, "el", 2, balance.total, 1);

    // The hero: the selected supply's 95,26 €, then what each supply owes and the total.
    const hero = page.locator("section.top-banner");
    await expect(hero.getByRole("heading", { name: tr("el", "overview:hero.owed") })).toBeVisible();
    await expect(hero.locator(".hero__amount")).toHaveText(amount(main.running_total));
    const list = hero.locator(".hero__account");
    await expect(
      list.getByRole("heading", { name: tr("el", "accountBalance.title") }),
    ).toBeVisible();
    await expect(list.locator("li")).toHaveCount(2);
    // Overdue first, marked in words.
    await expect(list.locator("li").first()).toContainText(supplyNo(stopped));
    await expect(list.locator("li").first()).toContainText(amount(61.04));
    await expect(list.locator("li").first()).toContainText(tr("el", "amountOverdue"));
    await expect(list.locator(".hero__owed-total")).toContainText(amount(balance.total));
    await expect(
      list.getByRole("link", {
        name: tr("el", "accountBalance.payOne", { number: supplyNo(stopped) }),
      }),
    ).toHaveAttribute("href", `/b2b/pay?meter=${stopped.id}`);
    await expect(page.getByText(tr("el", "overview:hero.nothing"))).toHaveCount(0);
    await expectBadge(page, "el", 2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await checkA11y(page);

    // The pay page: both rows, the overdue one first, ticked and marked.
    await gotoLng(page, `/b2b/pay?meter=${main.id}`, "el");
    const rows = page.locator(".pay-table tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(supplyNo(stopped));
    await expect(rows.first()).toContainText(tr("el", "amountOverdue"));
    for (const m of [stopped, main]) {
      await expect(
        page.getByLabel(tr("el", "payments:selectSupply", { number: supplyNo(m) })),
      ).toBeChecked();
    }
    await expect(page.locator(".pay-summary")).toContainText(amount(balance.total));
    await checkA11y(page);
  });

  test("200000006 (en, 1280 px): the overview says what the account owes, not 'nothing to pay'", async ({
    page,
  }) => {
    const co = DEMO.company;
    await page.setViewportSize({ width: 1280, height: 900 });
    const balance = await balanceOf(page, co);
    expect(balance.owing.length).toBe(7);
    expect(balance.overdueIds.length).toBeGreaterThan(0);

    await loginOnly(page, co.vat);
    await gotoLng(page, "/b2b/episkopisi", "en");
    await checkPaySeveral(page, "en", 7, balance.total, balance.overdueIds.length);

    // The hero: the selected (main) supply's amount when it owes, else what the others owe; then
    // every supply that owes and the account's total (20.283,03 € in the issue's walkthrough).
    const hero = page.locator("section.top-banner");
    const main = balance.owing.find((m) => m.is_main === 1);
    await expect(
      hero.getByRole("heading", {
        name: tr("en", main ? "overview:hero.owed" : "accountBalance.othersOwe"),
        exact: true,
      }),
    ).toBeVisible();
    await expect(hero.locator(".hero__amount")).toHaveText(
      amount(main ? main.running_total : balance.total),
    );
    // Five of them (overdue first), the other two a link away (the supplies list that owe).
    await expect(hero.locator(".hero__account li")).toHaveCount(5);
    await expect(
      hero.getByRole("link", { name: tr("en", "accountBalance.more_other", { count: 2 }) }),
    ).toHaveAttribute("href", "/b2b/paroxes?balance=owing");
    await expect(hero.locator(".hero__owed-total")).toContainText(amount(balance.total));
    await expect(page.getByText(tr("en", "overview:hero.nothing"))).toHaveCount(0);
    await expectBadge(page, "en", 7);
    await checkA11y(page);

    // The pay page: seven rows, every overdue one ticked and marked.
    await gotoLng(page, "/b2b/pay", "en");
    await expect(page.locator(".pay-table tbody tr")).toHaveCount(7);
    await expect(page.locator(".pay-table").getByText("Overdue", { exact: true })).toHaveCount(
      balance.overdueIds.length,
    );
    for (const id of balance.overdueIds) {
      const m = balance.owing.find((x) => x.id === id)!;
      await expect(
        page.getByLabel(tr("en", "payments:selectSupply", { number: supplyNo(m) })),
      ).toBeChecked();
    }
    await checkA11y(page);

    // The supplies list, filtered to those that owe, by a plain link (a GET, without JS too).
    await gotoLng(page, "/b2b/paroxes", "en");
    await page
      .getByRole("link", { name: tr("en", "overview:supplies.owingLink_other", { count: 7 }) })
      .click();
    await expect(page).toHaveURL(/balance=owing/);
    await expect(page.locator("ul.supplies > li")).toHaveCount(7);
    await expect(page.getByLabel(tr("en", "overview:supplies.balance"))).toHaveValue("owing");
    await checkA11y(page);
  });

  test("#35 §7 a payment's page downloads its receipt as a PDF (el)", async ({ page }) => {
    const h = DEMO.household;
    const tokens = await apiLogin(page.request, h.vat, PASSWORD);
    const history = await apiGet<{ id: number; type: string; invoice_no: string }[]>(
      page.request,
      `/users/${h.userId}/meters/${h.mainMeterId}/invoices`,
      tokens.access_token,
    );
    const payment = history.find((i) => i.type === "payment")!;
    await loginOnly(page, h.vat);
    await gotoLng(page, `/b2b/logariasmoi/${payment.id}`, "el");
    await expect(page.getByText("Δεν υπάρχει αρχείο PDF για πληρωμές")).toHaveCount(0);
    const link = page.getByRole("link", { name: tr("el", "bills:invoice.receiptPdf") });
    await expect(link).toHaveAttribute("href", `/b2b/receipt-pdf/${payment.invoice_no}`);
    await checkA11y(page);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`NRG-receipt-${payment.invoice_no}.pdf`);
    const bytes = await (await page.request.get(`/b2b/receipt-pdf/${payment.invoice_no}`)).body();
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
