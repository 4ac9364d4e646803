import type { APIRequestContext, Page } from "@playwright/test";
import { checkA11y, DEMO_PASSWORD, expect, hydrated, loginOnly, test } from "./fixtures";
import { apiLogin, apiLoginStatus, contains, DEMO, el, ownClientAddress } from "./support/app";

/**
 * Throttled forms (reset, sign-in, anonymous senders, password checks): when the API refuses with
 * 429 (too many attempts), each form says so, translated, in an alert above the form, keeps what
 * was typed, and the page answers 429. Each test first uses up the allowance of a client address
 * of its own through the API (CF-Connecting-IP, which wrangler dev takes from the request), then
 * posts the form as that client. Both projects: JavaScript off and on.
 */

const TOO_MANY = el("common:error.tooManyAttempts");

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const origin = () => new URL(process.env.BASE_URL ?? "http://invalid").origin;

/** A valid VAT (check digit) of no demo account. */
function unknownVat(): string {
  const base = `56${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * 2 ** (8 - i);
  return base + String((sum % 11) % 10);
}

/** Posts to the API as `client` until it answers 429 (at most `max` + 1 times). */
async function useUp(
  request: APIRequestContext,
  client: Record<string, string>,
  path: string,
  body: () => unknown,
  max: number,
) {
  for (let i = 0; i <= max; i++) {
    const response = await request.post(`/api${path}`, {
      data: body(),
      headers: { Origin: origin(), ...client },
    });
    if (response.status() === 429) return;
  }
  throw new Error(`${path} never answered 429`);
}

async function asClient(page: Page) {
  const client = ownClientAddress();
  await page.setExtraHTTPHeaders(client);
  return client;
}

test.describe.configure({ timeout: 90_000 });

/**
 * The limits count in fixed UTC windows of an hour or a day (api/services/throttle.ts). A test
 * that fills a window in its last seconds would try the refused step in the next, empty one and
 * see it accepted: start such a test in a window with a minute and a half left at least.
 */
test.beforeEach(async () => {
  const HOUR_MS = 3_600_000;
  const left = HOUR_MS - (Date.now() % HOUR_MS);
  if (left < 90_000) {
    test.setTimeout(90_000 + left + 1_000);
    await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  }
});

test("forgot password: 'too many attempts' above the form, the VAT kept", async ({
  page,
  request,
}) => {
  const client = await asClient(page);
  await useUp(request, client, "/v2/auth/password-reset", () => ({ afm: unknownVat() }), 10);
  await page.goto("/forgot-password");
  await hydrated(page);
  const vat = unknownVat();
  await page.getByLabel(el("auth:forgot.afm")).fill(vat);
  await page.getByRole("button", { name: el("auth:forgot.submit") }).click();
  await expect(page.getByRole("alert")).toContainText(TOO_MANY);
  await expect(page.getByLabel(el("auth:forgot.afm"))).toHaveValue(vat);
  await checkA11y(page);
});

test("contact: 'too many attempts' above the form, everything typed kept", async ({
  page,
  request,
}) => {
  const client = await asClient(page);
  const message = () => ({
    name: "Όριο Δοκιμής",
    email: "orio@example.gr",
    subject: "Όριο",
    message: "Δοκιμή ορίου.",
    website: "",
  });
  await useUp(request, client, "/contact", message, 5);
  await page.goto("/contact");
  await hydrated(page);
  const field = (key: string) => page.getByLabel(el(`contact:fields.${key}`), { exact: false });
  await field("name").fill("Μαρία Δοκιμή");
  await field("email").fill("maria.orio@example.gr");
  await field("subject").fill("Ερώτηση");
  await field("message").fill("Ένα μήνυμα που δεν πρέπει να χαθεί.");
  await page.getByRole("button", { name: el("contact:submit") }).click();
  await expect(page.getByRole("alert")).toContainText(TOO_MANY);
  await expect(field("name")).toHaveValue("Μαρία Δοκιμή");
  await expect(field("email")).toHaveValue("maria.orio@example.gr");
  await expect(field("message")).toHaveValue("Ένα μήνυμα που δεν πρέπει να χαθεί.");
  await checkA11y(page);
});

test("sign-up: 'too many attempts' above the form, the details kept", async ({ page, request }) => {
  const client = await asClient(page);
  const signup = () => ({
    afm: unknownVat(),
    supply_number: "123456789",
    phone: "6900000000",
    email: "orio.eggrafis@example.gr",
    password: "Eggrafi2026!",
    password_confirmation: "Eggrafi2026!",
    terms: true,
    website: "",
  });
  await useUp(request, client, "/signup", signup, 10);
  await page.goto("/signup");
  await hydrated(page);
  const form = page
    .locator("form")
    .filter({ has: page.getByLabel(el("auth:signup.supply_number")) });
  const vat = unknownVat();
  await form.getByLabel(el("auth:signup.afm")).fill(vat);
  await form.getByLabel(el("auth:signup.supply_number")).fill("123456789");
  await form.getByLabel(el("auth:signup.phone")).fill("6900000000");
  await form.getByLabel(el("auth:signup.email")).fill("orio.selida@example.gr");
  await form.getByLabel(el("auth:signup.password")).fill("Eggrafi2026!");
  await form.getByLabel(el("auth:signup.password_confirmation")).fill("Eggrafi2026!");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: el("auth:signup.submit") }).click();
  await expect(page.getByRole("alert")).toContainText(TOO_MANY);
  await expect(form.getByLabel(el("auth:signup.afm"))).toHaveValue(vat);
  await expect(form.getByLabel(el("auth:signup.email"))).toHaveValue("orio.selida@example.gr");
  await checkA11y(page);
});

test("sign-in: a client over its failures gets 'too many attempts', the VAT kept", async ({
  page,
  request,
}) => {
  const client = await asClient(page);
  for (let i = 0; i <= 30; i++) {
    if ((await apiLoginStatus(request, unknownVat(), "Lathos2026!", client)) === 429) break;
  }
  await page.goto("/login");
  await hydrated(page);
  const form = page.locator("form").filter({ has: page.getByLabel(el("auth:login.password")) });
  await form.getByLabel(el("auth:login.username")).fill(DEMO.household.vat);
  await form.getByLabel(el("auth:login.password")).fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: el("auth:login.submit") }).click();
  await expect(page.getByRole("alert")).toContainText(TOO_MANY);
  await expect(page).toHaveURL(/\/login$/);
  await expect(form.getByLabel(el("auth:login.username"))).toHaveValue(DEMO.household.vat);
  await checkA11y(page);
});

test("direct debit: 'too many attempts, try again in N minutes', the VAT kept", async ({
  page,
  request,
}) => {
  const client = await asClient(page);
  await useUp(request, client, "/direct-debit/flows", () => ({ afm: unknownVat() }), 10);
  await page.goto("/direct-debit");
  await hydrated(page);
  const vat = unknownVat();
  const field = page.getByLabel(el("directDebit:vat.label"));
  await field.fill(vat);
  await page.getByRole("button", { name: el("directDebit:vat.submit") }).click();
  // "… try again in N minutes": N from the API's Retry-After (the end of the hour's window).
  const [before, after] = el("directDebit:errors.tooManyAttempts", { minutes: "|" }).split("|");
  await expect(page.getByRole("alert")).toContainText(
    new RegExp(`${escape(before ?? "")}\\d+${escape(after ?? "")}`),
  );
  await expect(field).toHaveValue(vat);
  await checkA11y(page);
});

test("current password (password or email change): too many wrong ones, said next to the field", async ({
  page,
  request,
}) => {
  // The household customer's allowance (5 wrong current passwords in 15 minutes) is used up
  // through the API; no other test changes that customer's password or contact details.
  const me = DEMO.household;
  const { access_token } = await apiLogin(request, me.vat, DEMO_PASSWORD);
  for (let i = 0; i <= 5; i++) {
    const r = await request.put("/api/user/password", {
      headers: { Authorization: `Bearer ${access_token}` },
      data: {
        old_password: `Lathos${i}2026!`,
        password: "Kainourgios2026!",
        password_confirmation: "Kainourgios2026!",
      },
    });
    if (r.status() === 429) break;
  }
  await loginOnly(page, me.vat);
  await page.goto("/b2b/episkopisi?modal=password");
  const dialog = page.getByRole("dialog", { name: el("settings:password.title") });
  const old = dialog.getByLabel(el("settings:password.old"));
  await old.fill(DEMO_PASSWORD);
  await dialog.getByLabel(el("settings:password.new"), { exact: true }).fill("Kainourgios2026!");
  await dialog.getByLabel(el("settings:password.confirm")).fill("Kainourgios2026!");
  await dialog.getByRole("button", { name: el("settings:password.submit") }).click();
  await expect(dialog.getByLabel(el("settings:password.old"))).toHaveAccessibleDescription(
    contains(TOO_MANY),
  );
  await checkA11y(page);

  // The same budget guards a change of email in the settings dialog: said next to its field.
  await page.goto("/b2b/episkopisi?modal=settings&step=1");
  const settings = () => page.getByRole("dialog", { name: el("settings:settingsModal.title") });
  await settings()
    .getByLabel(el("settings:settingsModal.email"), { exact: true })
    .fill("kainourgio.email@example.gr");
  await settings()
    .getByRole("button", { name: el("settings:settingsModal.next") })
    .click();
  const current = settings().getByLabel(el("settings:settingsModal.currentPassword"));
  await current.fill(DEMO_PASSWORD);
  await settings()
    .getByRole("button", { name: el("settings:settingsModal.save") })
    .click();
  await expect(
    settings().getByLabel(el("settings:settingsModal.currentPassword")),
  ).toHaveAccessibleDescription(contains(TOO_MANY));
  await expect(
    settings().getByLabel(el("settings:settingsModal.email"), { exact: true }),
  ).toHaveValue("kainourgio.email@example.gr");
  await checkA11y(page);

  // Neither the password nor the email changed.
  expect((await apiLogin(request, me.vat, DEMO_PASSWORD)).user_id).toBe(me.userId);
  const user = await request.get("/api/v2/me", {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(JSON.stringify(await user.json())).toContain(me.email);
});
