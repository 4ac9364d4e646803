import type { Locator, Page } from "@playwright/test";
import { checkA11y, expect, gotoLng, hydrated, noJs, test } from "./fixtures";
import { tr, type Lng } from "./support/app";

/**
 * Issue #15, "Errors in sight without JavaScript": every form shows one error summary at its top
 * (app/components/ErrorSummary.tsx) and a refused post lands on it, on a phone too. Without
 * JavaScript the answer is a new page: the summary must be in the viewport when it loads. With
 * JavaScript focus moves to it. Each of its links leads to its field.
 */

test.describe.configure({ timeout: 90_000 });

// Every test its own client IP: the API throttles per IP and hour.
test.beforeEach(async ({ page }) => {
  const n = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `10.${n()}.${n()}.${n()}` });
});

/** Forms of different shapes: a short public one, a long one, a step of a flow. */
const FORMS: { name: string; path: string; submit: (lng: Lng) => string; lng: Lng }[] = [
  { name: "login", path: "/login", submit: (lng) => tr(lng, "auth:login.submit"), lng: "el" },
  {
    name: "login (English)",
    path: "/login",
    submit: (lng) => tr(lng, "auth:login.submit"),
    lng: "en",
  },
  { name: "signup", path: "/signup", submit: (lng) => tr(lng, "auth:signup.submit"), lng: "el" },
  { name: "contact", path: "/contact", submit: (lng) => tr(lng, "contact:submit"), lng: "el" },
  {
    name: "transfer, first step",
    path: "/metavasi",
    submit: (lng) => tr(lng, "transfer:next"),
    lng: "en",
  },
  {
    name: "direct debit, VAT step",
    path: "/direct-debit",
    submit: (lng) => tr(lng, "directDebit:vat.submit"),
    lng: "el",
  },
];

function summaryOf(page: Page, lng: Lng): Locator {
  return page.getByRole("alert").filter({
    has: page.getByRole("heading", { name: tr(lng, "errorSummary.title") }),
  });
}

/** The field a summary link points to (its `#id`). */
async function targetOf(link: Locator): Promise<Locator> {
  const href = await link.getAttribute("href");
  expect(href, "a summary link points to a field").toMatch(/^#.+/);
  const id = decodeURIComponent((href as string).slice(1));
  return link.page().locator(`[id="${id}"]`);
}

for (const form of FORMS) {
  test(`#15 error summary in view after a refused post: ${form.name} at 360×740`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoLng(page, form.path, form.lng);
    await page.getByRole("button", { name: form.submit(form.lng), exact: true }).click();

    const summary = summaryOf(page, form.lng);
    await expect(summary).toBeVisible();
    // JS off: the POST's answer opens on the summary; JS on: the refused submit moved focus to it.
    await expect(summary).toBeInViewport();
    await expect(summary).toBeFocused();

    const links = summary.getByRole("link");
    const count = await links.count();
    expect(count, "the summary links to each refused field").toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const field = await targetOf(link);
      await expect(field, "the link's field exists").toHaveCount(1);
      // Each field shows the same message the summary links with.
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(field).toBeInViewport();
      if (!noJs()) {
        // With JavaScript the control takes focus (a group's first control).
        const tag = await field.evaluate((element) => element.tagName);
        await expect(tag === "FIELDSET" ? field.locator("input").first() : field).toBeFocused();
      }
    }
    await checkA11y(page);
  });
}

test("#15 with JavaScript a second refused submit moves focus back to the summary", async ({
  page,
}) => {
  test.skip(noJs(), "focus after a client-side submit");
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoLng(page, "/login", "el");
  await hydrated(page);
  const submit = page.getByRole("button", { name: tr("el", "auth:login.submit"), exact: true });
  await submit.click();
  const summary = summaryOf(page, "el");
  await expect(summary).toBeFocused();
  await page.getByLabel(tr("el", "auth:login.username")).fill("12");
  await submit.click();
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
});
