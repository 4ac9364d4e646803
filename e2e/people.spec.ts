import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { checkA11y, expect, latestEmailLink, login, loginOnly, noJs, test } from "./fixtures";
import { apiLogin, DEMO, el, ownClientAddress } from "./support/app";

/**
 * The people of an account (#18), in both projects (nojs, js) against one database: each
 * project invites people of its own (emails with the project's name), and nothing here changes
 * the demo people or the master. Customer 3 (210000002): master user 3, admin 11 (supplies
 * 1001-1020), user 12.
 *
 * The invitee signs in with the email through the login form; the other email people open a
 * portal session with a redirect-login link (quicker, and the form is checked once).
 */
const big = DEMO.largeCompany;
const PASSWORD = "Welcome2026!";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

const project = () => (noJs() ? "nojs" : "js");

async function bearer(request: APIRequestContext, username: string, password = "Demo2026!") {
  return (await apiLogin(request, username, password)).access_token;
}

/** A portal session for an email person, through a redirect-login link. */
async function signInByLink(
  page: Page,
  request: APIRequestContext,
  username: string,
  password: string,
) {
  const token = await bearer(request, username, password);
  const response = await request.post("/api/v2/auth/redirect-token", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const link = ((await response.json()) as { data: { token: string } }).data.token;
  await page.goto(`/redirect-login/${link}`);
  await page.getByRole("button", { name: /Συνέχεια ως/ }).click();
  await expect(page).toHaveURL(/\/b2b\//);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: !noJs() });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders(ownClientAddress());
  return page;
}

/** Invites through the API as the master and accepts through the API: the person's id. */
async function invitedAndAccepted(request: APIRequestContext, email: string): Promise<number> {
  const master = await bearer(request, big.vat);
  const invited = await request.post(`/api/users/${big.userId}/people`, {
    headers: { Authorization: `Bearer ${master}` },
    data: { name: "Προς Αφαίρεση", email, role: "user", all_supplies: 0, meter_ids: [1001] },
  });
  expect(invited.status()).toBe(201);
  const id = ((await invited.json()) as { data: { id: number } }).data.id;
  const link = await latestEmailLink(request, { recipient: email, pathPrefix: "/prosklisi/" });
  const token = link.split("/").pop() ?? "";
  const accepted = await request.post(`/api/v2/invitations/${token}/accept`, {
    headers: { Origin: new URL(process.env.BASE_URL ?? "http://localhost").origin },
    data: { password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(accepted.status()).toBe(204);
  return id;
}

test("the master invites a person, who accepts by email and is listed as active", async ({
  page,
  browser,
  request,
}) => {
  const email = `invited.${project()}@beta.example`;
  await loginOnly(page, big.vat);
  await page.goto("/b2b/xristes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("people:title"));
  await checkA11y(page);
  await page.getByRole("link", { name: el("people:invite") }).click();
  await expect(page).toHaveURL(/\/b2b\/xristes\/nea$/);

  // Nothing filled in: errors next to the fields and a summary.
  await page.getByRole("button", { name: el("people:new.submit") }).click();
  await expect(page.getByText(el("forms:validate.require")).first()).toBeVisible();

  await page.getByLabel(el("people:fields.name")).fill("Νέος Συνεργάτης");
  await page.getByLabel(el("people:fields.email")).fill(email);
  await page.getByLabel(el("people:role.user")).check();
  await page.getByLabel(el("people:supplies.chosen")).check();
  // Narrow the long list by the search, tick, and the name typed stays.
  await page.getByLabel(el("people:supplies.region")).selectOption("Αθήνα");
  await page.getByRole("button", { name: el("people:supplies.filter") }).click();
  await expect(page.getByLabel(el("people:fields.name"))).toHaveValue("Νέος Συνεργάτης");
  await expect(page.getByRole("status").filter({ hasText: /από 200/ })).not.toContainText(
    "200 από",
  );
  await page.locator(".people-supplies__list input[type=checkbox]").first().check();
  await checkA11y(page);
  await page.getByRole("button", { name: el("people:new.submit") }).click();
  await expect(page).toHaveURL(/\/b2b\/xristes\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Νέος Συνεργάτης");
  await expect(page.getByText(el("people:status.invited")).first()).toBeVisible();

  const link = await latestEmailLink(request, { recipient: email, pathPrefix: "/prosklisi/" });
  const guest = await newPage(browser);
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(el("people:accept.heading"));
  await expect(guest.getByText(email)).toBeVisible();
  await checkA11y(guest);
  await guest.getByLabel(el("auth:reset.password"), { exact: false }).first().fill(PASSWORD);
  await guest.getByLabel(el("auth:reset.password_confirmation"), { exact: false }).fill(PASSWORD);
  await guest.getByRole("button", { name: el("people:accept.submit") }).click();
  await expect(guest).toHaveURL(/\/login$/);
  await expect(guest.getByText(el("people:accept.success"))).toBeVisible();

  // The link works once.
  await guest.goto(link);
  await expect(guest.getByText(el("people:accept.invalid"))).toBeVisible();

  // The invitee signs in with the email through the login form, and sees only the one supply
  // chosen for them.
  await login(guest, email, PASSWORD);
  await expect(guest).toHaveURL(/\/b2b\/episkopisi/);
  await guest.goto("/b2b/paroxes");
  await expect(guest.locator("ul.supplies > li")).toHaveCount(1);
  await guest.close();

  await page.goto("/b2b/xristes");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(el("people:status.active"));
  await expect(row).toContainText(el("people:supplyCount_one", { count: 1 }));

  // The master makes them an admin of every supply.
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/b2b\/xristes\/\d+$/);
  await page.getByLabel(el("people:role.admin")).check();
  await page.getByLabel(el("people:supplies.all")).check();
  await page.getByRole("button", { name: el("people:person.save") }).click();
  await expect(page.getByText(el("people:person.saved"))).toBeVisible();
  await expect(page.locator(".facts")).toContainText(el("people:role.admin"));
  await expect(page.locator(".facts")).toContainText(el("people:allSupplies"));
});

test("an admin sees and gives only its own supplies", async ({ page, request }) => {
  const admin = big.people.admin;
  await signInByLink(page, request, admin.email, "Demo2026!");
  await page.goto("/b2b/xristes/nea");
  await expect(page.getByText(el("people:supplies.shown", { shown: 20, total: 20 }))).toBeVisible();
  await expect(page.locator("#supply-1021")).toHaveCount(0);
  await expect(page.getByLabel(el("people:supplies.all"))).toHaveCount(0);
  await expect(page.getByLabel(el("people:role.admin"))).toHaveCount(0);
  await checkA11y(page);

  // A forged request for a supply outside the admin's is refused on that field.
  const token = await bearer(request, admin.email);
  const forged = await request.post(`/api/users/${admin.userId}/people`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: "Χ",
      email: `forged.${project()}@beta.example`,
      role: "user",
      all_supplies: 0,
      meter_ids: [1001, 1021],
    },
  });
  expect(forged.status()).toBe(400);
  expect(((await forged.json()) as { error: { field: string } }).error.field).toBe("meter_ids");
});

test("removing a person ends their live session", async ({ page, browser, request }) => {
  const email = `removed.${project()}@beta.example`;
  const id = await invitedAndAccepted(request, email);
  const removed = await newPage(browser);
  await signInByLink(removed, request, email, PASSWORD);

  await loginOnly(page, big.vat);
  await page.goto(`/b2b/xristes/${id}`);
  await page.getByRole("button", { name: el("people:person.removeAsk") }).click();
  // The confirmation step (a page of its own without JavaScript).
  await expect(
    page.getByText(el("people:person.removeConfirm", { name: "Προς Αφαίρεση" })),
  ).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: el("people:person.removeYes") }).click();
  await expect(page).toHaveURL(/\/b2b\/xristes$/);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  await removed.goto("/b2b/episkopisi");
  await expect(removed).toHaveURL(/\/login/);
});

test("the list's column headers break between words only, at 1280 and 360 px", async ({ page }) => {
  await login(page, big.vat);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/b2b/xristes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("people:title"));
    // Every word of every header is on one line ("Κατάσταση" was cut as "Κατάστα|ση" at 1280).
    const broken = await page.locator(".people-table thead th").evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const text = cell.firstChild;
        // At 360 px the rows stack into cards and the header row is only for screen readers.
        const head = cell.closest("thead");
        if (head && getComputedStyle(head).position === "absolute") return [];
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const words: string[] = [];
        for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) words.push(match[0]);
        }
        return words;
      }),
    );
    expect(broken, `headers broken inside a word at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
