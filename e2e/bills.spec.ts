import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../seed/accounts";
import { checkA11y, expect, gotoLng, hydrated, login, loginOnly, noJs, test } from "./fixtures";

/**
 * Bills: /b2b/logariasmoi (history table with filters, sorting and paging in the
 * URL; payments; download my data), one bill explained (/b2b/logariasmoi/{id}) and its PDF
 * (/b2b/invoice-pdf/{id}: the download dialog with JS, a plain link without). Every test runs in
 * both projects (JavaScript off and on), checks axe, and reads its texts from locales/.
 */

type BillsTexts = typeof import("../locales/el/bills.json") & {
  download: (typeof import("../locales/el/common.json"))["download"];
  status: (typeof import("../locales/el/common.json"))["billStatus"];
  tariffColour: (typeof import("../locales/el/common.json"))["tariffColour"];
};

/** The bills namespace plus the download dialog's texts and the status words, which live in common (shared pages). */
function texts(lng: "el" | "en"): BillsTexts {
  const read = (ns: string): Record<string, unknown> =>
    JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
  const common = read("common");
  return {
    ...read("bills"),
    download: common.download,
    status: common.billStatus,
    tariffColour: common.tariffColour,
  } as BillsTexts;
}
const el = texts("el");
/** The bill lines' words (core/bill-lines.ts: one list for the overview, this page and the PDF). */
const billLines = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "locales", "el", "billLines.json"), "utf8"),
) as typeof import("../locales/el/billLines.json");
const en = texts("en");

const BILLS = "/b2b/logariasmoi";

// Several pages and axe runs per test on a 2-core machine shared with other runs.
test.describe.configure({ timeout: 90_000 });
const h = DEMO.household;
const AMOUNT = /^-?\d{1,3}(\.\d{3})*,\d{2}\s€$/;
const DATE = /^(\d{2}\/\d{2}\/\d{4}|-)$/;

async function openBills(page: Page, vat: string = h.vat, query = "") {
  await loginOnly(page, vat);
  await page.goto(`${BILLS}${query}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(el.title);
}

const historyTable = (page: Page) =>
  page.getByRole("table", { name: new RegExp(el.history.caption.split("{{")[0]!.trim()) });

/** The cells of one column of the history table, found by their label (data-label). */
const cells = (page: Page, label: string) =>
  historyTable(page).locator(`tbody td[data-label="${label}"]`);
/** The amount column's figures (the cell also holds the bill's tariff colour, #37 §3). */
const amounts = (page: Page) => cells(page, el.columns.amount).locator(".amount");
/** Each row's issue date, from its details (in the DOM whether the details are open or not). */
const issueDates = (page: Page) =>
  historyTable(page).locator("tbody tr .bills-more__facts > div:first-child dd").allTextContents();
const rowTypes = (page: Page) =>
  historyTable(page).locator("tbody th .bills-table__kind").allTextContents();
const billLinks = (page: Page) => historyTable(page).locator("tbody th a");

test.describe("bills page", () => {
  test("history table: every column, formats, default paging and the pay button (el)", async ({
    page,
  }) => {
    await openBills(page);
    const table = historyTable(page);
    for (const key of [
      "type",
      "billingPeriod",
      "dueDate",
      "amount",
      "status",
      "document",
      "more",
    ] as const) {
      await expect(table.getByRole("columnheader", { name: el.columns[key] })).toBeVisible();
    }
    await expect(table.locator("tbody tr")).toHaveCount(10);
    // Newest first by default: issue dates descend.
    const iso = (await issueDates(page)).map((d) => d.split("/").reverse().join("-"));
    expect(iso).toHaveLength(10);
    expect(iso).toEqual([...iso].sort().reverse());
    for (const cell of await amounts(page).allTextContents()) {
      expect(cell).toMatch(AMOUNT);
    }
    // Each electricity bill names the tariff colour it was issued under beside its amount (#37 §3):
    // the name, in words, not the swatch alone.
    const { label, ...names } = el.tariffColour;
    const marks = await cells(page, el.columns.amount).locator(".tariff-mark").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks)
      expect(Object.values(names)).toContain(mark.replace(`${label}: `, ""));
    for (const cell of await cells(page, el.columns.dueDate).allTextContents()) {
      expect(cell).toMatch(DATE);
    }
    await expect(
      table.getByRole("columnheader", { name: el.columns.billingPeriod }),
    ).toHaveAttribute("aria-sort", "descending");
    const pager = page.getByRole("navigation", { name: el.pager.label });
    await expect(pager).toContainText("1–10");
    await expect(pager.locator('[aria-current="page"]')).toContainText("1");

    // The household's main supply owes: Pay online goes to the payments flow.
    await expect(page.getByRole("link", { name: el.summary.pay })).toHaveAttribute(
      "href",
      `/b2b/pay?meter=${h.mainMeterId}`,
    );
    await expect(page.getByText(el.summary.paymentNote)).toBeVisible();

    // Payments list: transaction number and amount.
    const payments = page.getByRole("table", {
      name: new RegExp(el.payments.caption.split("{{")[0]!.trim()),
    });
    await expect(
      payments.getByRole("columnheader", { name: el.payments.transaction }),
    ).toBeVisible();
    await expect(payments.locator("tbody tr").first().locator("td").nth(2)).toHaveText(AMOUNT);
    await checkA11y(page);
  });

  test("paging, sorting and filters live in the URL", async ({ page }) => {
    await openBills(page);
    const pager = page.getByRole("navigation", { name: el.pager.label });
    await pager.getByRole("link", { name: el.pager.next }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(pager).toContainText("11–20");

    // Sort by amount (current amount): ascending after one click on a "desc" default, then flip.
    const table = historyTable(page);
    const sortByAmount = table.getByRole("link", { name: new RegExp(`^${el.columns.amount}`) });
    await sortByAmount.click();
    await expect(page).toHaveURL(/sort=amount/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole("columnheader", { name: el.columns.amount })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const toNumber = (s: string) =>
      Number(s.replace(/\s€/, "").replaceAll(".", "").replace(",", "."));
    const descending = (await amounts(page).allTextContents()).map(toNumber);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await sortByAmount.click();
    await expect(page).toHaveURL(/dir=asc/);
    await expect(table.getByRole("columnheader", { name: el.columns.amount })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const ascending = (await amounts(page).allTextContents()).map(toNumber);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    // Filter by type and year with the GET form (keeps the sort).
    await page.getByLabel(el.filters.type).selectOption("Clearance");
    const year = await page
      .getByLabel(el.filters.year)
      .locator("option")
      .nth(2)
      .getAttribute("value");
    await page.getByLabel(el.filters.year).selectOption(year!);
    await page.getByRole("button", { name: el.filters.apply }).click();
    await expect(page).toHaveURL(new RegExp(`type=Clearance`));
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    await expect(page).toHaveURL(/sort=amount/);
    const types = await rowTypes(page);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set([el.types.Clearance]));
    for (const d of await issueDates(page)) {
      expect(d.endsWith(`/${year}`)).toBe(true);
    }

    // Page size 25 from the form; a stale page number is clamped.
    await page.goto(`${BILLS}?size=25&page=99`);
    await expect(historyTable(page).locator("tbody tr")).toHaveCount(25);
    await expect(
      page.getByRole("navigation", { name: el.pager.label }).locator('[aria-current="page"]'),
    ).toContainText("3");

    // Payments only.
    await page.goto(`${BILLS}?type=payment`);
    expect(new Set(await rowTypes(page))).toEqual(new Set([el.types.payment]));
    await checkA11y(page);
  });

  test("English, and the 200-supply account pages through its history", async ({ page }) => {
    await loginOnly(page, DEMO.largeCompany.vat);
    await gotoLng(page, `${BILLS}?size=10`, "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);
    const table = page.getByRole("table", {
      name: new RegExp(en.history.caption.split("{{")[0]!.trim()),
    });
    await expect(table.getByRole("columnheader", { name: en.columns.status })).toBeVisible();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: en.export.title })).toBeVisible();
    await checkA11y(page);
    await gotoLng(page, BILLS, "el");
  });

  test("the overview's ?invoice= link opens that bill", async ({ page }) => {
    await loginOnly(page, h.vat);
    await page.goto(BILLS);
    const href = await billLinks(page).first().getAttribute("href");
    const id = href!.split("/").pop();
    await page.goto(`${BILLS}?invoice=${id}`);
    await expect(page).toHaveURL(new RegExp(`${BILLS}/${id}$`));
  });
});

test.describe("one bill", () => {
  test("explained line by line; total = previous balance + current amount", async ({ page }) => {
    await openBills(page, h.vat, "?type=Clearance");
    const link = billLinks(page).first();
    const number = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `${el.types.Clearance} ${number}`,
    );
    const lines = page.locator("table.invoice-lines");
    await expect(lines.getByRole("rowheader", { name: billLines.energy.label })).toBeVisible();
    await expect(lines.getByRole("rowheader", { name: billLines.advance.label })).toBeVisible();
    await expect(lines.getByText(billLines.regulated.help)).toBeVisible();
    const total = page.locator("table.invoice-total");
    const value = async (name: string) =>
      Number(
        (await total
          .getByRole("row", { name: new RegExp(name) })
          .locator("td")
          .textContent())!
          .replace(/\s€/, "")
          .replaceAll(".", "")
          .replace(",", "."),
      );
    const previous = await value(el.invoice.previous);
    const current = await value(el.invoice.current);
    const sum = await value(`= ${el.invoice.total}`);
    expect(Math.round((previous + current) * 100)).toBe(Math.round(sum * 100));
    // The colour the bill was issued under, in the row right under the amount payable (#37 §3).
    const { label: colourLabel, ...colourNames } = el.tariffColour;
    const colour = total.getByRole("row", { name: colourLabel }).locator("td");
    expect(Object.values(colourNames)).toContain((await colour.textContent())!.trim());
    await checkA11y(page);
  });

  test("#34 the RF payment code: selectable text; a copy button and a spoken 'copied' with JavaScript", async ({
    page,
    context,
  }) => {
    await openBills(page, h.vat, "?type=Clearance");
    await page.goto((await billLinks(page).first().getAttribute("href"))!);
    const code = page.locator("#invoice-rf-code");
    // The groups of four are spaced by CSS: the text (and so a copied selection) is the bare code.
    const text = (await code.textContent())!;
    expect(text).toMatch(/^RF\d{2}[0-9A-Z]{1,21}$/);
    await expect(code).toHaveCSS("user-select", "all");
    const [first, second] = await code
      .locator("span")
      .evaluateAll((groups) => groups.slice(0, 2).map((g) => g.getBoundingClientRect()));
    expect(second!.left - first!.right, "the groups of four are spaced apart").toBeGreaterThan(3);
    const copy = page.getByRole("button", { name: el.rf.copyLabel });
    if (noJs()) {
      await expect(copy).toHaveCount(0);
      await code.click();
      expect(await page.evaluate(() => getSelection()?.toString())).toBe(text);
    } else {
      await hydrated(page);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(page.locator("#invoice-rf-code ~ [role=status]")).toHaveText(el.rf.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    }
    await checkA11y(page);
  });

  test("downloads the PDF (dialog with JS, attachment without)", async ({ page }) => {
    await openBills(page, h.vat, "?type=Clearance");
    await billLinks(page).first().click();
    await hydrated(page);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: el.download.button }).click();
    if (!noJs()) {
      // The dialog may close before we look; either way the file arrives.
      await expect(page.getByRole("dialog", { name: el.download.title })).toHaveCount(0, {
        timeout: 10_000,
      });
    }
    const download = await downloadPromise;
    // #35 §2: named after the supply and the bill's month, as the server's Content-Disposition says.
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^NRG-${h.mainPerCode}\\d*-\\d{4}-\\d{2}\\.pdf$`),
    );
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("a payment row has no file: 'not available' (dialog closing after 5 s, or a page)", async ({
    page,
  }) => {
    await openBills(page, h.vat, "?type=payment");
    const href = await billLinks(page).first().getAttribute("href");
    const id = href!.split("/").pop()!;
    if (noJs()) {
      await page.goto(`/b2b/invoice-pdf/${id}`);
      await expect(page).toHaveURL(new RegExp(`${BILLS}/${id}\\?download=unavailable$`));
      await expect(page.getByRole("alert")).toHaveText(el.download.notAvailable);
      await checkA11y(page);
      return;
    }
    // With JS the bill page of a payment offers no download; ask as its link would.
    await page.goto(`${BILLS}/${id}`);
    const status = await page.evaluate(
      async (url) => (await fetch(url, { headers: { "x-download": "fetch" } })).status,
      `/b2b/invoice-pdf/${id}`,
    );
    expect(status).toBe(400);
  });

  test("download dialog: 400/empty and 403 messages, auto-close after 5 s", async ({ page }) => {
    test.skip(noJs(), "the dialog is the JavaScript enhancement");
    // A controllable clock: the dialog must stay 5 s, not "about" 5 s on a loaded machine.
    await page.clock.install();
    await openBills(page, h.vat, "?type=Clearance");
    await billLinks(page).first().click();
    await hydrated(page);
    const dialog = page.getByRole("alertdialog", { name: el.download.title });
    const link = page.getByRole("link", { name: el.download.button });

    // "Please wait" for as long as the file takes (axe checks the dialog meanwhile), then an
    // empty file: "not available", closing by itself after 5 s.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/b2b/invoice-pdf/**", async (route) => {
      await held;
      await route.fulfill({ status: 200, body: "", contentType: "application/pdf" });
    });
    await link.click();
    const waiting = page.getByRole("dialog", { name: el.download.title });
    await expect(waiting).toContainText(el.download.wait);
    await checkA11y(page);
    // Freeze the page's clock before the answer arrives: the 5 s count starts when it shows. A
    // second ahead: on a loaded machine 50 ms had passed before the call, "fast-forward to the
    // past"; nothing is waiting on a timer while the file is held.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    release();
    await expect(dialog).toContainText(el.download.notAvailable);
    await page.clock.runFor(4800);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(300);
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();
    await page.clock.resume();

    await page.unroute("**/b2b/invoice-pdf/**");
    await page.route("**/b2b/invoice-pdf/**", (route) => route.fulfill({ status: 400 }));
    await link.click();
    await expect(dialog).toContainText(el.download.notAvailable);
    await dialog.getByRole("button", { name: /Κλείσιμο|Close/ }).click();

    await page.unroute("**/b2b/invoice-pdf/**");
    await page.route("**/b2b/invoice-pdf/**", (route) => route.fulfill({ status: 403 }));
    await link.click();
    await expect(dialog).toContainText("Forbidden");
    await dialog.getByRole("button", { name: /Κλείσιμο|Close/ }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("another customer's bill is a 404, on the page and the file", async ({ page, request }) => {
    // A company invoice id, seen from the household.
    const token = await (
      await request.post("/api/v2/auth/login", {
        headers: {
          authorization: `Basic ${Buffer.from(`${DEMO.company.vat}:Demo2026!`).toString("base64")}`,
          origin: new URL(process.env.BASE_URL!).origin,
        },
      })
    ).json();
    const invoices = await (
      await request.get(`/api/users/${DEMO.company.userId}/invoices`, {
        headers: { authorization: `Bearer ${token.data.access_token}` },
      })
    ).json();
    const foreign = invoices.data.find((i: { type: string }) => i.type === "Clearance").id;
    await login(page, h.vat);
    const response = await page.goto(`${BILLS}/${foreign}`);
    expect(response?.status()).toBe(404);
    const pdf = await page.request.get(`/b2b/invoice-pdf/${foreign}`, {
      headers: { "x-download": "fetch" },
    });
    expect(pdf.status()).toBe(404);
    await checkA11y(page);
  });
});

test.describe("download my data", () => {
  test("CSV and JSON of this supply and of all supplies", async ({ page }) => {
    await openBills(page);
    const section = page.getByRole("region", { name: el.export.title });
    const csvLink = section.getByRole("link", { name: new RegExp(`${el.export.csv}$`) }).first();
    await expect(csvLink).toHaveAttribute("href", "/b2b/export?scope=meter&format=csv");
    const csvDownload = page.waitForEvent("download");
    await csvLink.click();
    const csv = readFileSync(await (await csvDownload).path(), "utf8");
    expect(csv.startsWith("\uFEFFrecord,supply_number,")).toBe(true);
    expect(csv).toMatch(/\r\ninvoice,/);
    expect(csv).toMatch(/\r\npayment,/);
    expect(csv).toMatch(/\r\nreading,/);

    const all = await page.request.get("/b2b/export?scope=all&format=json");
    expect(all.status()).toBe(200);
    const body = (await all.json()) as { data: { supplies: unknown[]; invoices: unknown[] } };
    expect(body.data.supplies.length).toBe(3);
    expect(body.data.invoices.length).toBeGreaterThan(50);
    await checkA11y(page);
  });
});

/**
 * The money first: each bill row shows its type, period, due date, amount, status
 * and PDF link without sideways scrolling; the rest opens in the row without JavaScript; the
 * bill's page shows its status and "Pay this bill" while something remains. Rows are discovered
 * from the page (types, badges), not listed by hand.
 */
test.describe("#15 the money first", () => {
  /** Types that ask for money and so carry a payment status (app/domain/bill-status.ts). */
  const WITH_STATUS = new Set([el.types.Clearance, el.types.Advance, el.types.Manual]);

  async function expectInViewport(locator: Locator, width: number, what: string) {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box, `${what}: rendered`).not.toBeNull();
    expect(box!.width, `${what}: has a width`).toBeGreaterThan(0);
    expect(box!.x, `${what}: starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: ends inside the viewport`).toBeLessThanOrEqual(width);
  }

  async function expectNoSidewaysScroll(page: Page, what: string) {
    const [scrollWidth, clientWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scrollWidth, `${what}: no sideways scroll`).toBeLessThanOrEqual(clientWidth!);
  }

  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    test(`#15 bills row shows type, period, due date, amount, status badge and PDF link inside the viewport at ${width}×${height}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await openBills(page);
      const rows = historyTable(page).locator("tbody tr");
      await expect(rows).toHaveCount(10);
      const badges: string[] = [];
      for (let i = 0; i < 10; i++) {
        const row = rows.nth(i);
        const type = (await row.locator(".bills-table__kind").textContent())!.trim();
        await expectInViewport(row.locator(".bills-table__kind"), width, `row ${i} type`);
        await expectInViewport(row.locator("th a"), width, `row ${i} number`);
        for (const label of [el.columns.billingPeriod, el.columns.dueDate, el.columns.amount]) {
          await expectInViewport(row.locator(`td[data-label="${label}"]`), width, `${label} ${i}`);
        }
        await expect(row.locator(`td[data-label="${el.columns.amount}"] .amount`)).toHaveText(
          AMOUNT,
        );
        const badge = row.locator(`td[data-label="${el.columns.status}"] .badge`);
        if (WITH_STATUS.has(type)) {
          await expectInViewport(badge, width, `row ${i} status`);
          badges.push((await badge.textContent())!.trim());
        } else {
          // Credit, Cancelled and payment rows show their type and no status.
          await expect(badge).toHaveCount(0);
        }
        const pdf = row.locator(`td[data-label="${el.columns.document}"] a`);
        if (type === el.types.payment) await expect(pdf).toHaveCount(0);
        else await expectInViewport(pdf, width, `row ${i} PDF link`);
      }
      // The household's newest bill is open; the older ones are paid, and say so.
      expect(badges[0]).toBe(el.status.unpaid);
      await expect(rows.first()).toContainText(el.row.toPay.split("{{")[0]!.trim());
      expect(badges.slice(1).length).toBeGreaterThan(0);
      expect(new Set(badges.slice(1))).toEqual(new Set([el.status.paid]));
      await expectNoSidewaysScroll(page, `bills at ${width}`);
      // From the top, as the page opens: scrolled to the last row, the first rows' links sit
      // under the sticky header, which axe's target-size counts against them.
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkA11y(page);
      if (width === 360) {
        // Nothing spills at the narrowest phones either.
        await page.setViewportSize({ width: 320, height });
        await expectNoSidewaysScroll(page, "bills at 320");
        await expectInViewport(rows.first().locator(".badge"), 320, "status at 320");
      }
    });
  }

  test("#15 bills row details (business partner, contract account…) open without JavaScript", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openBills(page, h.vat, "?type=Clearance");
    const row = historyTable(page).locator("tbody tr").first();
    const details = row.locator("details");
    const facts = [
      el.columns.issueDate,
      el.columns.consumptionPeriod,
      el.columns.previous,
      el.columns.businessPartner,
      el.columns.contractAccount,
    ];
    for (const fact of facts) await expect(details.getByText(fact, { exact: true })).toBeHidden();
    await details.locator("summary").click();
    for (const fact of facts) await expect(details.getByText(fact, { exact: true })).toBeVisible();
    await expect(details).toHaveAttribute("open", "");
    await expectNoSidewaysScroll(page, "opened details at 360");
    await checkA11y(page);
    // The same details on a desktop row, beside the others.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(details.getByText(el.columns.contractAccount, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, "opened details at 1280");
  });

  test("#15 invoice page: 'Pay this bill' when unpaid, not when paid; no sideways scroll at 360 and 320", async ({
    page,
  }) => {
    await openBills(page, h.vat, "?type=Clearance");
    const rows = historyTable(page).locator("tbody tr");
    const withBadge = (text: string) =>
      rows
        .filter({ has: page.locator(".badge", { hasText: text }) })
        .first()
        .locator("th a");
    const unpaidHref = (await withBadge(el.status.unpaid).getAttribute("href"))!;
    const paidHref = (await withBadge(el.status.paid).getAttribute("href"))!;
    const pay = page.getByRole("link", { name: el.invoice.pay });
    const status = page.locator(".invoice-head .badge");

    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(unpaidHref);
      await expect(status).toHaveText(el.status.unpaid);
      await expectInViewport(pay, width, `pay button at ${width}`);
      for (const amount of await page.locator("table.invoice-lines td.num").all()) {
        await expectInViewport(amount, width, `line-item amount at ${width}`);
      }
      await expectNoSidewaysScroll(page, `unpaid bill at ${width}`);
      await checkA11y(page);

      await page.goto(paidHref);
      await expect(status).toHaveText(el.status.paid);
      await expect(pay).toHaveCount(0);
      await expect(page.getByText(el.invoice.nothingToPay)).toBeVisible();
      await expectNoSidewaysScroll(page, `paid bill at ${width}`);
    }
    await checkA11y(page);

    // "Pay this bill" starts the one pay flow for the bill's supply, with what remains of it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(unpaidHref);
    const remaining = (await page
      .locator("table.invoice-total")
      .getByRole("row", { name: new RegExp(el.invoice.remaining) })
      .locator("td")
      .textContent())!.trim();
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/b2b/pay\\?meter=${h.mainMeterId}&amount=`));
    // The bill's supply, wherever it is listed: an overdue supply comes first (#35 §1).
    const first = page
      .locator("table.pay-table tbody tr")
      .filter({ has: page.locator(`input[type="hidden"][value="${h.mainMeterId}"]`) });
    await expect(first.getByRole("checkbox")).toBeChecked();
    await expect(first.getByRole("textbox")).toHaveValue(
      remaining.replace(/\s€/, "").replaceAll(".", ""),
    );
    await checkA11y(page);
  });
});
