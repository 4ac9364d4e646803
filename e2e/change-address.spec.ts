import type { APIRequestContext } from "@playwright/test";
import { checkA11y, expect as baseExpect, gotoLng, loginOnly, noJs, test } from "./fixtures";
import { apiPost, DEMO, tr, type Lng } from "./support/app";

/**
 * Billing-address change through /change-address/{hash}: the yes/no choice and all
 * address fields, the spec's three messages next to their fields with what was typed kept, the
 * new billing address on /b2b/paroxes, and links that are wrong, altered, expired or of another
 * purpose. JavaScript off and on; axe on every page.
 *
 * One database serves both projects and re-runs: each project changes its own supply of
 * 100000003 (js the gas supply, nojs the stopped one), to a street number unique to the run.
 */

// Two cores shared by many test runs: these multi-step flows (axe on each page) need more time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const c = (lng: Lng, key: string, values?: Record<string, string | number>) =>
  tr(lng, `changeAddress:${key}`, values);

async function makeLink(request: APIRequestContext, meterId: number, expiresIn?: number) {
  const r = await apiPost(request, "/all-smart/dev/links", {
    purpose: "change-address",
    id: meterId,
    ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
  });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { data: { path: string } }).data.path;
}

test.describe("change address", () => {
  test("the three messages, then a new billing address shown on my supplies (el)", async ({
    page,
    request,
  }) => {
    const h = DEMO.household;
    const meterId = noJs() ? h.stoppedMeterId : h.gasMeterId;
    const path = await makeLink(request, meterId);
    await gotoLng(page, path, "el");
    await expect(page.getByRole("heading", { level: 1, name: c("el", "title") })).toBeVisible();
    await expect(page.getByText(h.name)).toBeVisible();
    await checkA11y(page);

    // Neither yes nor no.
    await page.getByRole("button", { name: c("el", "submit") }).click();
    await expect(page.getByText(c("el", "errors.chooseYesNo")).first()).toBeVisible();

    // No, with an empty street and city: "enter an address" and "fill all".
    await page.getByLabel(c("el", "no"), { exact: true }).check();
    await page.getByLabel(c("el", "fields.street"), { exact: true }).fill("");
    await page.getByLabel(c("el", "fields.city"), { exact: true }).fill("");
    await page.getByLabel(c("el", "fields.area"), { exact: true }).fill("Κέντρο");
    await page.getByRole("button", { name: c("el", "submit") }).click();
    await expect(page.getByText(c("el", "errors.enterAddress")).first()).toBeVisible();
    await expect(page.getByText(c("el", "errors.fillAll")).first()).toBeVisible();
    await expect(page.getByLabel(c("el", "fields.area"), { exact: true })).toHaveValue("Κέντρο");
    await expect(page.getByLabel(c("el", "fields.street"), { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await checkA11y(page);

    const number = String(100 + (Date.now() % 800));
    const street = noJs() ? "Πανεπιστημίου" : "Σταδίου";
    await page.getByLabel(c("el", "no"), { exact: true }).check();
    await page.getByLabel(c("el", "fields.street"), { exact: true }).fill(street);
    await page.getByLabel(c("el", "fields.street_no"), { exact: true }).fill(number);
    await page.getByLabel(c("el", "fields.city"), { exact: true }).fill("Αθήνα");
    await page.getByLabel(c("el", "fields.zip"), { exact: true }).fill("10564");
    await page.getByLabel(c("el", "fields.state"), { exact: true }).fill("Αττική");
    await page.getByLabel(new RegExp(c("el", "fields.comments"))).fill("Θυρίδα 12");
    await page.getByRole("button", { name: c("el", "submit") }).click();
    await page.waitForURL(/\?done=1/);
    const address = `${street} ${number}, 10564 Αθήνα`;
    await expect(page.getByRole("status")).toContainText(address);
    await checkA11y(page);

    await loginOnly(page, h.vat);
    await page.goto("/b2b/paroxes");
    await expect(page.getByText(address)).toBeVisible();
  });

  test("yes: bills go to the supply address (en)", async ({ page, request }) => {
    const meterId = DEMO.company.firstMeterId + (noJs() ? 1 : 2);
    await gotoLng(page, await makeLink(request, meterId), "en");
    const supplyAddress = await page
      .locator("dt", { hasText: c("en", "supplyAddress") })
      .locator("xpath=following-sibling::dd[1]")
      .innerText();
    await page.getByLabel(c("en", "yes"), { exact: true }).check();
    await page.getByRole("button", { name: c("en", "submit") }).click();
    await page.waitForURL(/\?done=1/);
    await expect(
      page.getByRole("heading", { level: 1, name: c("en", "done.title") }),
    ).toBeVisible();
    await expect(page.getByRole("status")).toContainText(supplyAddress);
    await checkA11y(page);
  });

  test("missing, wrong, altered, expired or other-purpose links go to / with a message", async ({
    page,
    request,
  }) => {
    await page.goto("/change-address");
    await expect(page).toHaveURL(/\/$/);
    const path = await makeLink(request, DEMO.household.mainMeterId);
    const hash = path.split("/").pop() ?? "";
    const altered = `${hash.slice(0, 12)}${hash[12] === "x" ? "y" : "x"}${hash.slice(13)}`;
    const market = await apiPost(request, "/all-smart/dev/links", {
      purpose: "mymarket",
      id: DEMO.household.customerId,
    });
    const marketHash = ((await market.json()) as { data: { path: string } }).data.path
      .split("/")
      .pop();
    for (const wrong of ["nope", altered, marketHash]) {
      await gotoLng(page, `/change-address/${wrong}`, "el");
      await expect(page).toHaveURL(/\/(\?lng=el)?$/);
      await expect(
        page.getByRole("alert").filter({ hasText: c("el", "errors.wrongLink") }),
      ).toBeVisible();
    }
    await page.goto(await makeLink(request, DEMO.household.mainMeterId, -60));
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("alert").filter({ hasText: c("el", "errors.expiredLink") }),
    ).toBeVisible();
    await checkA11y(page);
  });
});
