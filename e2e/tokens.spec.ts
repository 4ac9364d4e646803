import { checkA11y, expect, loginOnly, noJs, test } from "./fixtures";
import { DEMO, ownClientAddress } from "./support/app";

/**
 * Personal access tokens (#19) in both projects (nojs, js): the household makes a token in
 * settings, sees its secret once, calls the API with it, revokes it, and the calls are refused.
 * Each project makes its own token (named after the project); the demo tokens stay as they are.
 */
const H = DEMO.household;
const PAGE = "/b2b/settings/kleidia-api";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

test("create a token, see it once, use it, revoke it", async ({ page, request }) => {
  const name = `e2e ${noJs() ? "nojs" : "js"} ${Date.now()}`;
  await page.setViewportSize({ width: 360, height: 800 });
  await loginOnly(page, H.vat);
  await page.goto(PAGE);
  await expect(
    page.getByRole("heading", { level: 1, name: "Κλειδιά πρόσβασης API" }),
  ).toBeVisible();
  await checkA11y(page);

  await page.getByLabel("Όνομα", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Δημιουργία κλειδιού" }).click();
  const secretBox = page.getByLabel("Το νέο σας κλειδί");
  await expect(secretBox).toBeVisible();
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^nrg_[A-Za-z0-9_-]{43}$/);
  // The secret is where the reader is: in view, and with JavaScript (no reload) its heading has
  // the focus; the page says how to call the API with it and where the reference is.
  const created = page.getByRole("heading", { name: /δημιουργήθηκε/ });
  await expect(created).toBeInViewport();
  if (!noJs()) await expect(created).toBeFocused();
  await expect(page.locator(".tokens-example")).toContainText(`/api/users/${H.userId}/invoices`);
  await expect(page.getByRole("link", { name: "Τεκμηρίωση του API" })).toHaveAttribute(
    "href",
    "/api/docs",
  );
  await checkA11y(page);

  // The API with the token: bills as JSON and CSV.
  const auth = { Authorization: `Bearer ${secret}` };
  const invoices = await request.get(`/api/users/${H.userId}/invoices`, { headers: auth });
  expect(invoices.status()).toBe(200);
  const csv = await request.get(`/api/users/${H.userId}/export?format=csv`, { headers: auth });
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");

  // Shown once: the page again has the token in its list, not its secret.
  await page.goto(PAGE);
  await expect(page.getByLabel("Το νέο σας κλειδί")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText("Ενεργό");

  // Revoke, asked first.
  await row.getByRole("button", { name: /Ανάκληση/ }).click();
  await page.getByRole("button", { name: "Ναι, ανάκληση" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(
    page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) }),
  ).toContainText("Ανακλήθηκε");

  const refused = await request.get(`/api/users/${H.userId}/invoices`, { headers: auth });
  expect(refused.status()).toBe(401);
});

test("the demo token reads, the revoked demo token is refused, writes are refused", async ({
  request,
}) => {
  const read = { Authorization: "Bearer nrg_demo_read_100000003" };
  expect((await request.get(`/api/users/${H.userId}/meters`, { headers: read })).status()).toBe(
    200,
  );
  const write = await request.put(`/api/user/language`, { headers: read, data: { lang: "en" } });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { code: string } }).error.code).toBe("not_permitted");
  const revoked = { Authorization: "Bearer nrg_demo_revoked_100000003" };
  expect((await request.get(`/api/users/${H.userId}/meters`, { headers: revoked })).status()).toBe(
    401,
  );
});
