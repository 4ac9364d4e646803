import type { Locator, Page } from "@playwright/test";
import type { ApiMeter, ApiSupplyChoices } from "../core/contract/index.ts";
import { supplyNumber } from "../core/supply-number.ts";
import { expect, login, loginOnly, noJs, test } from "./fixtures";
import { apiLogin, DEMO, el, ownClientAddress } from "./support/app";

/**
 * #18 with the keyboard only (Tab, Shift+Tab, Enter, Space and typing into fields), with
 * JavaScript off and on: the master of 210000002 invites a person with two chosen supplies on
 * /b2b/xristes/nea, then opens the activity log from the menu and applies its filter. Every
 * control on the way is reached by Tab and shows where the focus is (:focus-visible, outlined).
 */
const big = DEMO.largeCompany;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}) {
  const trail: string[] = [];
  for (let i = 0; i < max && !(await isFocused(target)); i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    trail.push(
      await page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        return `${e?.tagName.toLowerCase()}:${(e?.textContent ?? "").trim().slice(0, 20)}`;
      }),
    );
  }
  expect(
    await isFocused(target),
    `reached by ${back ? "Shift+Tab" : "Tab"}: ${target}; went ${trail.join(" → ")}`,
  ).toBe(true);
  await expectVisibleFocus(page);
}

/** The focused element shows it: an outline or a focus shadow (the :focus-visible styles). */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const s = getComputedStyle(element);
    return {
      element: `${element.tagName.toLowerCase()}#${element.id}.${element.className}`,
      keyboard: element.matches(":focus-visible"),
      outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0,
      shadow: s.boxShadow !== "none",
    };
  });
  expect(
    style.keyboard && (style.outline || style.shadow),
    `no visible focus on ${style.element}`,
  ).toBe(true);
}

test("invites a person with chosen supplies, keyboard only", async ({ page, request }) => {
  const email = `keyboard.${noJs() ? "nojs" : "js"}@beta.example`;
  const token = (await apiLogin(request, big.vat, "Demo2026!")).access_token;
  const response = await request.get(`/api/users/${big.userId}/people/supplies`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { supplies } = ((await response.json()) as { data: ApiSupplyChoices }).data;
  const picks = supplies.slice(3, 5).map((s) => s.number);
  await loginOnly(page, big.vat);
  await page.goto("/b2b/xristes");
  await tabTo(page, page.getByRole("link", { name: el("people:invite") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/b2b\/xristes\/nea$/);

  await tabTo(page, page.getByLabel(el("people:fields.name")));
  await page.keyboard.type("Πληκτρολόγιο Δοκιμή");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(el("people:fields.email"))).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type(email);
  // The role (user) and "chosen supplies" are the defaults: Tab passes through both groups.
  const role = page.getByLabel(el("people:role.user"));
  await tabTo(page, role);
  await page.keyboard.press("Space");
  await expect(role).toBeChecked();
  const chosen = page.getByLabel(el("people:supplies.chosen"));
  await tabTo(page, chosen);
  await page.keyboard.press("Space");
  await expect(chosen).toBeChecked();

  // Two supplies of the 200, each found by its number: typed into the search, Enter filters (the
  // form's first button; what was typed and ticked stays), Space ticks, Shift+Tab goes back.
  const search = page.getByLabel(el("people:supplies.q"));
  const boxes = page.locator(".people-supplies__list input[type=checkbox]");
  for (const [i, number] of picks.entries()) {
    await tabTo(page, search, { back: i > 0 });
    if (i > 0) await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(number);
    await page.keyboard.press("Enter");
    await expect(boxes).toHaveCount(1);
    await expect(page.locator(".people-supplies__list")).toContainText(number);
    await expect(page.getByLabel(el("people:fields.name"))).toHaveValue("Πληκτρολόγιο Δοκιμή");
    await tabTo(page, boxes.first());
    await page.keyboard.press("Space");
    await expect(boxes.first()).toBeChecked();
  }
  await expect(page.locator(".people-supplies").getByRole("status")).toContainText(
    el("people:supplies.keptHidden", { count: 1 }),
  );

  await tabTo(page, page.getByRole("button", { name: el("people:new.submit") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/b2b\/xristes\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Πληκτρολόγιο Δοκιμή");
  await expect(page.locator(".facts")).toContainText(el("people:supplyCount_other", { count: 2 }));
});

test("opens the activity log from the menu and applies its filter, keyboard only", async ({
  page,
  request,
}) => {
  const token = (await apiLogin(request, big.vat, "Demo2026!")).access_token;
  const response = await request.get(`/api/users/${big.userId}/meters`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const meters = ((await response.json()) as { data: ApiMeter[] }).data;
  const number = supplyNumber(meters.find((m) => m.id === 1001) as ApiMeter);

  await login(page, big.vat);
  // From the people page (the overview may open its "pay several supplies" dialog, which keeps
  // the focus until it is closed).
  await page.goto("/b2b/xristes");
  const menu = page.getByRole("navigation", { name: el("shell:nav.label") });
  await tabTo(page, menu.getByRole("link", { name: el("shell:nav.activity") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/b2b\/istoriko$/);

  const filters = page.getByRole("form", { name: el("activity:filters") });
  await tabTo(page, filters.getByLabel(el("activity:supply")));
  await page.keyboard.type(number);
  await tabTo(page, filters.getByRole("button", { name: el("activity:apply") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`meter=${number}`));
  await expect(filters.getByLabel(el("activity:supply"))).toHaveValue(number);
  // The way back to the whole log is reachable too.
  await tabTo(page, filters.getByRole("link", { name: el("activity:clear") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/b2b\/istoriko$/);
});
