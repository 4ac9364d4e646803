import type { Page } from "@playwright/test";
import { checkA11y, expect, gotoLng, hydrated, login, test } from "./fixtures";
import { contains, DEMO, el, exact, ownClientAddress, tr, type Lng } from "./support/app";

/**
 * Pages open to everyone: the static pages in both languages, the contact form, the
 * hash routes, the footer's cookie bar, the document title and the test-environment marker, and
 * the language switch.
 */

// Multi-page flows on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const STATIC_PAGES = [
  "cookies-policy",
  "terms",
  "direct-debit-terms",
  "ebill-terms",
  "payment-terms",
] as const;

test.describe("static pages", () => {
  for (const lng of ["el", "en"] as const satisfies Lng[]) {
    test(`the five static pages have real text in ${lng}`, async ({ page }) => {
      for (const id of STATIC_PAGES) {
        const response = await gotoLng(page, `/${id}`, lng);
        expect(response?.status(), id).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        const title = tr(lng, `static:pages.${id}.title`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(`[TEST] ${title} | ${tr(lng, "siteSuffix")}`);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        await expect(page.getByRole("main")).toContainText(tr(lng, `static:pages.${id}.intro`));
        await checkA11y(page);
      }
    });
  }
});

test.describe("contact", () => {
  // Each test is its own client: 5 messages an hour per client address.
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownClientAddress());
  });

  test("errors appear next to the fields with the values kept; then a confirmation with a reference", async ({
    page,
  }) => {
    await page.goto("/contact");
    await checkA11y(page);
    const field = (key: string) => page.getByLabel(el(`contact:fields.${key}`), { exact: false });
    await field("name").fill("Μαρία Δοκιμή");
    await field("email").fill("not-an-email");
    await field("phone").fill("2101234567");
    await page.getByRole("button", { name: el("contact:submit") }).click();

    await expect(field("email")).toHaveAccessibleDescription(
      contains(el("forms:validate.notValidEmail")),
    );
    await expect(field("phone")).toHaveAccessibleDescription(
      contains(el("forms:validate.phoneNumber")),
    );
    await expect(field("subject")).toHaveAccessibleDescription(
      contains(el("forms:validate.require")),
    );
    await expect(field("message")).toHaveAccessibleDescription(
      contains(el("forms:validate.require")),
    );
    await expect(field("name")).toHaveValue("Μαρία Δοκιμή");
    await expect(field("email")).toHaveValue("not-an-email");
    await expect(field("email")).toHaveAttribute("aria-invalid", "true");
    await hydrated(page);
    await checkA11y(page);

    await field("email").fill("maria.dokimi@example.gr");
    await field("phone").fill("6911122233");
    await field("subject").fill("Ερώτηση για τον λογαριασμό");
    await field("message").fill("Καλησπέρα, θα ήθελα πληροφορίες για την πάγια εντολή.");
    await page.getByRole("button", { name: el("contact:submit") }).click();

    const confirmation = page.getByRole("status");
    await expect(confirmation).toContainText(el("contact:sent.title"));
    await expect(confirmation).toContainText(/C-\d{4}-\d{6}/);
    await expect(page).toHaveURL(/\/contact\?ref=C-\d{4}-\d{6}$/);
    await checkA11y(page);
  });
});

test.describe("hash routes", () => {
  test("without a hash they go to /; a bad hash shows the wrong-link message", async ({ page }) => {
    for (const path of ["/pay", "/instant-bill", "/all-smart", "/change-address", "/mymarket"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
    }
    // A wrong hash goes to "/" too, with the wrong-link message (as /pay does).
    await page.goto("/all-smart/not-a-signed-hash");
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("alert").filter({ hasText: el("allSmart:errors.wrongLink") }),
    ).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("footer, title, test marker", () => {
  test("the cookie bar can be dismissed and stays dismissed", async ({ page }) => {
    await page.goto("/login");
    const bar = page.getByRole("region", { name: el("cookieBar.label") });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(el("cookieBar.text"));
    await checkA11y(page);
    await bar.getByRole("button", { name: exact(el("cookieBar.accept")) }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(bar).toHaveCount(0);
    await page.goto("/contact");
    await expect(page.getByRole("region", { name: el("cookieBar.label") })).toHaveCount(0);
  });

  test("?show_buttons=no hides the cookie bar", async ({ page }) => {
    await page.goto("/terms?show_buttons=no");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("region", { name: el("cookieBar.label") })).toHaveCount(0);
    await checkA11y(page);
  });

  test("the title is 'page | suffix' with the test-environment marker off the production host", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(`[TEST] ${el("auth:login.title")} | ${el("siteSuffix")}`);
    await expect(page.getByRole("note").filter({ hasText: el("testEnvironment") })).toBeVisible();
    await login(page, DEMO.household.vat);
    await expect(page).toHaveTitle(new RegExp(`^\\[TEST\\] .+ \\| ${el("siteSuffix")}$`));
    await page.goto("/b2b/help");
    await expect(page).toHaveTitle(`[TEST] ${el("help:title")} | ${el("siteSuffix")}`);
    await checkA11y(page);
  });
});

test.describe("language", () => {
  test("Greek by default; the switch (a form) changes it to English and it stays across pages", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:login.heading"));

    await page.getByRole("button", { name: tr("el", "language.switchTo.en") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      tr("en", "auth:login.heading"),
    );
    await hydrated(page);
    await checkA11y(page);

    await page.getByRole("link", { name: tr("en", "footer.terms") }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      tr("en", "static:pages.terms.title"),
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // Signed in, the header has the same switch.
    await login(page, DEMO.household.vat);
    // English, chosen before signing in, is kept: the saved Greek does not win.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: tr("en", "language.switchTo.el") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    await page.getByRole("button", { name: tr("el", "language.switchTo.en") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("navigation", { name: tr("en", "shell:nav.label") }),
    ).toBeAttached();
    await hydrated(page);
    await page
      .getByRole("navigation", { name: tr("en", "shell:nav.label") })
      .getByRole("link", { name: tr("en", "shell:nav.help") })
      .click();
    await expect(page).toHaveURL(/\/b2b\/help$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "help:title"));
    await checkA11y(page);
    await page.getByRole("button", { name: tr("en", "language.switchTo.el") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("help:title"));
  });

  test("?lng=en on any URL switches to English and is kept", async ({ page }) => {
    await gotoLng(page, "/contact", "en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "contact:title"));
    await checkA11y(page);
    await page.goto("/signup");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      tr("en", "auth:signup.heading"),
    );
    await gotoLng(page, "/signup", "el");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:signup.heading"));
  });
});

test.describe("#15 headings and card grids", () => {
  /** The words of each line of the element's text, as laid out (a Range per word). */
  async function lastLineWords(page: Page, selector: string): Promise<number[]> {
    return page.locator(selector).evaluateAll((elements) =>
      elements.map((element) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            tops.push(Math.round(range.getClientRects()[0]?.top ?? 0));
          }
        }
        const lines = [...new Set(tops)];
        // One line: nothing wraps. Otherwise: the words on the last line.
        if (lines.length < 2) return Infinity;
        return tops.filter((top) => top === lines[lines.length - 1]).length;
      }),
    );
  }

  for (const lng of ["el", "en"] as const satisfies Lng[]) {
    test(`#15 the landing headings leave no lone word on their last line (${lng}, 320 to 1280 px)`, async ({
      page,
    }) => {
      for (const width of [320, 360, 414, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ["/", "/signup"]) {
          await gotoLng(page, path, lng);
          const counts = await lastLineWords(page, "main h1, main h2");
          expect(counts.length, `${path}: headings`).toBeGreaterThan(0);
          for (const count of counts) {
            expect(count, `${path} at ${width} px: words on a heading's last line`).toBeGreaterThan(
              1,
            );
          }
        }
      }
      await checkA11y(page);
    });
  }

  test("#15 two cards share the row at 1280 px: no empty third column (contact)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoLng(page, "/contact", "en");
    const grid = page.locator("main .cards").first();
    const cards = grid.locator(":scope > *");
    await expect(cards).toHaveCount(2);
    const gridBox = await grid.boundingBox();
    const lastBox = await cards.nth(1).boundingBox();
    if (!gridBox || !lastBox) throw new Error("the contact cards are not laid out");
    expect(Math.abs(gridBox.x + gridBox.width - (lastBox.x + lastBox.width))).toBeLessThan(2);
    await checkA11y(page);
  });
});
