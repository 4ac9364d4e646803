import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { DEMO } from "../seed/accounts";
import { checkA11y, expect, gotoLng, hydrated, login, noJs, test } from "./fixtures";

/**
 * Issue 4, bills half: /b2b/logariasmoi (history table with filters, sorting and paging in the
 * URL; payments; download my data), one bill explained (/b2b/logariasmoi/{id}) and its PDF
 * (/b2b/invoice-pdf/{id}: the download dialog with JS, a plain link without). Every test runs in
 * both projects (JavaScript off and on), checks axe, and reads its texts from locales/.
 */

type BillsTexts = typeof import("../locales/el/bills.json") & {
  download: (typeof import("../locales/el/common.json"))["download"];
};

/** The bills namespace plus the download dialog's texts, which live in common (shared pages). */
function texts(lng: "el" | "en"): BillsTexts {
  const read = (ns: string): Record<string, unknown> =>
    JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", lng, `${ns}.json`), "utf8"));
  return { ...read("bills"), download: read("common").download } as BillsTexts;
}
const el = texts("el");
const en = texts("en");

const BILLS = "/b2b/logariasmoi";

// Several pages and axe runs per test on a 2-core machine shared with other runs.
test.describe.configure({ timeout: 90_000 });
const h = DEMO.household;
const AMOUNT = /^-?\d{1,3}(\.\d{3})*,\d{2} €$/;
const DATE = /^(\d{2}\/\d{2}\/\d{4}|-)$/;

async function openBills(page: Page, vat: string = h.vat, query = "") {
  await login(page, vat);
  await page.goto(`${BILLS}${query}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(el.title);
}

const historyTable = (page: Page) =>
  page.getByRole("table", { name: new RegExp(el.history.caption.split("{{")[0]!.trim()) });

test.describe("bills page", () => {
  test("history table: every column, formats, default paging and the pay button (el)", async ({
    page,
  }) => {
    await openBills(page);
    const table = historyTable(page);
    for (const key of Object.keys(el.columns) as (keyof BillsTexts["columns"])[]) {
      await expect(table.getByRole("columnheader", { name: el.columns[key] })).toBeVisible();
    }
    await expect(table.locator("tbody tr")).toHaveCount(10);
    // Newest first by default: issue dates descend.
    const dates = await table.locator("tbody tr td:nth-child(3)").allTextContents();
    const iso = dates.map((d) => d.split("/").reverse().join("-"));
    expect(iso).toEqual([...iso].sort().reverse());
    for (const cell of await table.locator("tbody tr td:nth-child(10)").allTextContents()) {
      expect(cell).toMatch(AMOUNT);
    }
    for (const cell of await table.locator("tbody tr td:nth-child(7)").allTextContents()) {
      expect(cell).toMatch(DATE);
    }
    await expect(table.getByRole("columnheader", { name: el.columns.issueDate })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
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
    await table.getByRole("link", { name: new RegExp(el.columns.current) }).click();
    await expect(page).toHaveURL(/sort=amount/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole("columnheader", { name: el.columns.current })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const toNumber = (s: string) =>
      Number(s.replace(" €", "").replaceAll(".", "").replace(",", "."));
    const amounts = (await table.locator("tbody tr td:nth-child(9)").allTextContents()).map(
      toNumber,
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await table.getByRole("link", { name: new RegExp(el.columns.current) }).click();
    await expect(page).toHaveURL(/dir=asc/);
    await expect(table.getByRole("columnheader", { name: el.columns.current })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const ascending = (await table.locator("tbody tr td:nth-child(9)").allTextContents()).map(
      toNumber,
    );
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
    const types = await table.locator("tbody tr td:nth-child(1)").allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set([el.types.Clearance]));
    for (const d of await table.locator("tbody tr td:nth-child(3)").allTextContents()) {
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
    expect(
      new Set(await historyTable(page).locator("tbody tr td:nth-child(1)").allTextContents()),
    ).toEqual(new Set([el.types.payment]));
    await checkA11y(page);
  });

  test("English, and the 200-supply account pages through its history", async ({ page }) => {
    await login(page, DEMO.largeCompany.vat);
    await gotoLng(page, `${BILLS}?size=10`, "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);
    const table = page.getByRole("table", {
      name: new RegExp(en.history.caption.split("{{")[0]!.trim()),
    });
    await expect(
      table.getByRole("columnheader", { name: en.columns.contractAccount }),
    ).toBeVisible();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: en.export.title })).toBeVisible();
    await checkA11y(page);
    await gotoLng(page, BILLS, "el");
  });

  test("360 px wide: the table scrolls inside its region, the page does not", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openBills(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await expect(
      page.getByRole("region", { name: new RegExp(el.history.caption.split("{{")[0]!.trim()) }),
    ).toBeVisible();
    await checkA11y(page);
  });

  test("the overview's ?invoice= link opens that bill", async ({ page }) => {
    await login(page, h.vat);
    await page.goto(BILLS);
    const href = await historyTable(page)
      .locator("tbody tr td:nth-child(2) a")
      .first()
      .getAttribute("href");
    const id = href!.split("/").pop();
    await page.goto(`${BILLS}?invoice=${id}`);
    await expect(page).toHaveURL(new RegExp(`${BILLS}/${id}$`));
  });
});

test.describe("one bill", () => {
  test("explained line by line; total = previous balance + current amount", async ({ page }) => {
    await openBills(page, h.vat, "?type=Clearance");
    const link = historyTable(page).locator("tbody tr td:nth-child(2) a").first();
    const number = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `${el.types.Clearance} ${number}`,
    );
    const lines = page.locator("table.invoice-lines");
    await expect(
      lines.getByRole("rowheader", { name: el.invoice.lines.energy.label }),
    ).toBeVisible();
    await expect(
      lines.getByRole("rowheader", { name: el.invoice.lines.advance.label }),
    ).toBeVisible();
    await expect(lines.getByText(el.invoice.lines.regulated.help)).toBeVisible();
    const total = page.locator("table.invoice-total");
    const value = async (name: string) =>
      Number(
        (await total
          .getByRole("row", { name: new RegExp(name) })
          .locator("td")
          .textContent())!
          .replace(" €", "")
          .replaceAll(".", "")
          .replace(",", "."),
      );
    const previous = await value(el.invoice.previous);
    const current = await value(el.invoice.current);
    const sum = await value(`= ${el.invoice.total}`);
    expect(Math.round((previous + current) * 100)).toBe(Math.round(sum * 100));
    await checkA11y(page);
  });

  test("downloads the PDF (dialog with JS, attachment without)", async ({ page }) => {
    await openBills(page, h.vat, "?type=Clearance");
    await historyTable(page).locator("tbody tr td:nth-child(2) a").first().click();
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
    expect(download.suggestedFilename()).toBe("invoice.pdf");
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("a payment row has no file: 'not available' (dialog closing after 5 s, or a page)", async ({
    page,
  }) => {
    await openBills(page, h.vat, "?type=payment");
    const href = await historyTable(page)
      .locator("tbody tr td:nth-child(2) a")
      .first()
      .getAttribute("href");
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
    await historyTable(page).locator("tbody tr td:nth-child(2) a").first().click();
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
    // Freeze the page's clock before the answer arrives: the 5 s count starts when it shows.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
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
