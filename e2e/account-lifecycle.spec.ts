import type { Page } from "@playwright/test";
import { checkA11y, expect, hydrated, latestEmailLink, login, noJs, test } from "./fixtures";
import { apiLogin, apiPost, contains, DEMO, el, ownClientAddress } from "./support/app";

/**
 * An account from sign-up to the end, once per project on an account of its own (both
 * projects share one database, and each of these steps can only happen once):
 *   nojs: the billing customer 800000002;  js: the legal person 900000005 (employee name needed).
 * Registration errors → sign-up → activation email → /activate/{id} → sign in → password reset
 * by email (reused and made-up links) → the supplies disappear (signed out) → deactivated.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

// Each test is its own client: sign-ups and reset requests are limited per client address.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

interface Account {
  vat: string;
  supply: string;
  phone: string;
  email: string;
  employeeName: string | null;
}

function account(): Account {
  return noJs()
    ? {
        vat: DEMO.signupPerson.vat,
        supply: DEMO.signupPerson.perCode,
        phone: DEMO.signupPerson.phone,
        email: "sofia.makri.e2e@example.gr",
        employeeName: null,
      }
    : {
        vat: DEMO.signupCompany.vat,
        supply: DEMO.signupCompany.perCode,
        phone: DEMO.signupCompany.phone,
        email: "gamma.texniki.e2e@example.gr",
        employeeName: DEMO.signupCompany.employeeName,
      };
}

const PASSWORD = "Eggrafi2026!";
const NEW_PASSWORD = "NeosKodikos7?";

interface SignupInput {
  vat: string;
  supply: string;
  phone: string;
  email: string;
  password: string;
  confirmation?: string;
  employeeName?: string | null;
  terms?: boolean;
  honeypot?: string;
}

function signupFields(page: Page) {
  const form = page
    .locator("form")
    .filter({ has: page.getByLabel(el("auth:signup.supply_number")) });
  return {
    vat: form.getByLabel(el("auth:signup.afm")),
    supply: form.getByLabel(el("auth:signup.supply_number")),
    phone: form.getByLabel(el("auth:signup.phone")),
    email: form.getByLabel(el("auth:signup.email")),
    password: form.getByLabel(el("auth:signup.password")),
    confirmation: form.getByLabel(el("auth:signup.password_confirmation")),
    employee: form.getByLabel(el("auth:signup.employee_name")),
    terms: form.getByRole("checkbox"),
    honeypot: form.locator('input[name="website"]'),
    submit: form.getByRole("button", { name: el("auth:signup.submit") }),
  };
}

async function submitSignup(page: Page, input: SignupInput) {
  const f = signupFields(page);
  await f.vat.fill(input.vat);
  await f.supply.fill(input.supply);
  await f.phone.fill(input.phone);
  await f.email.fill(input.email);
  await f.password.fill(input.password);
  await f.confirmation.fill(input.confirmation ?? input.password);
  await f.employee.fill(input.employeeName ?? "");
  await f.terms.setChecked(input.terms ?? true);
  // The honeypot is hidden from people; only a bot (or this test) fills it.
  await f.honeypot.fill(input.honeypot ?? "", { force: true });
  await f.submit.click();
}

async function loginForm(page: Page, vat: string, password: string) {
  const form = page.locator("form").filter({ has: page.getByLabel(el("auth:login.username")) });
  await form.getByLabel(el("auth:login.username")).fill(vat);
  await form.getByLabel(el("auth:login.password")).fill(password);
  await form.getByRole("button", { name: el("auth:login.submit") }).click();
}

test("registration errors: each message in its place, the other values kept", async ({ page }) => {
  const me = account();
  const household = DEMO.household;
  const base: SignupInput = { ...me, password: PASSWORD };
  await page.goto("/signup");
  const f = signupFields(page);
  const alert = page.getByRole("alert");

  // Form-level answers of the API.
  // Consecutive cases give different messages, so each answer is seen to arrive.
  const formErrors: [SignupInput, string][] = [
    [{ ...base, supply: "999999999" }, "no_customer"],
    [
      {
        ...base,
        vat: household.vat,
        supply: household.mainPerCode,
        phone: household.phone,
        email: "another.address@example.gr",
      },
      "already_active",
    ],
    [{ ...base, phone: "6900000000" }, "no_customer"],
    [{ ...base, honeypot: "https://spam.example" }, "captcha"],
  ];
  for (const [input, code] of formErrors) {
    await submitSignup(page, input);
    await expect(alert, code).toContainText(el(`auth:signup.errors.${code}`));
    await hydrated(page);
    if (code === "already_active") {
      // #35 §5: next to the VAT and in the summary, the ways on: sign in, or a new password.
      await expect(f.vat).toHaveAccessibleDescription(contains(el(`auth:signup.errors.${code}`)));
      const form = page
        .locator("form")
        .filter({ has: page.getByLabel(el("auth:signup.supply_number")) });
      for (const scope of [alert, form]) {
        await expect(
          scope.getByRole("link", { name: el("auth:signup.alreadyActiveLogin"), exact: true }),
        ).toHaveAttribute("href", "/login");
        await expect(
          scope.getByRole("link", { name: el("auth:signup.alreadyActiveReset"), exact: true }),
        ).toHaveAttribute("href", "/forgot-password");
      }
    }
    await expect(f.vat).toHaveValue(input.vat);
    await expect(f.supply).toHaveValue(input.supply);
    await expect(f.email).toHaveValue(input.email);
    // With JavaScript the honeypot is caught before sending: nothing was submitted.
    if (code !== "captcha" || noJs()) {
      await expect(f.password).toHaveValue("");
      await expect(f.confirmation).toHaveValue("");
    }
  }
  await checkA11y(page);

  // Field-level answers: next to their field.
  await submitSignup(page, { ...base, email: household.email });
  await expect(f.email).toHaveAccessibleDescription(
    contains(el("auth:signup.errors.email_in_use")),
  );
  await hydrated(page);
  await expect(f.phone).toHaveValue(me.phone);

  await submitSignup(page, { ...base, confirmation: "Allos2026!" });
  await expect(f.confirmation).toHaveAccessibleDescription(
    contains(el("forms:validate.passwordsMatch")),
  );
  await hydrated(page);

  await submitSignup(page, { ...base, terms: false });
  // Next to the checkbox, and listed in the error summary at the top of the form (errors in sight
  // without JavaScript).
  await expect(
    page.locator(".field__error", { hasText: el("forms:validate.terms") }),
  ).toBeVisible();
  await expect(page.locator(".error-summary")).toContainText(el("forms:validate.terms"));
  await hydrated(page);
  await expect(f.email).toHaveValue(me.email);
  await checkA11y(page);
});

test("sign up, get the activation email, activate, sign in", async ({ page, request }) => {
  const me = account();
  await page.goto("/signup");
  const f = signupFields(page);
  if (me.employeeName) {
    // A legal person: the authorised employee's name is required.
    await submitSignup(page, { ...me, password: PASSWORD, employeeName: null });
    await expect(f.employee).toHaveAccessibleDescription(
      contains(el("auth:signup.errors.employee_name_required")),
    );
    await hydrated(page);
    await expect(f.vat).toHaveValue(me.vat);
    await checkA11y(page);
  }
  await submitSignup(page, { ...me, password: PASSWORD });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toContainText(el("auth:notice.signupSuccess"));
  await checkA11y(page);

  // Not active yet.
  await hydrated(page);
  await loginForm(page, me.vat, PASSWORD);
  await expect(page.getByRole("alert")).toContainText(el("auth:login.errors.not_active"));

  // The activation email in the outbox, also listed on /dev/outbox.
  const link = await latestEmailLink(request, { recipient: me.email, pathPrefix: "/activate/" });
  await page.goto("/dev/outbox");
  await expect(page.getByRole("main")).toContainText(me.email);
  await checkA11y(page);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:activate.heading"));
  await checkA11y(page);
  await page.getByRole("button", { name: el("auth:activate.submit") }).click();
  await expect(page.getByRole("status")).toContainText(el("auth:activate.success"));
  await checkA11y(page);
  await hydrated(page);
  await page.getByRole("link", { name: el("auth:activate.toLogin") }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  await loginForm(page, me.vat, PASSWORD);
  await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
  const banner = page.getByRole("region", { name: el("shell:welcome.label") });
  await expect(banner).toContainText(me.supply);
  if (me.employeeName) await expect(banner).toContainText(me.employeeName);

  // The activation link is single use.
  await page.goto(link);
  await page.getByRole("button", { name: el("auth:activate.submit") }).click();
  await expect(page.getByRole("alert")).toContainText(el("auth:activate.failed"));
});

test("reset the password through the emailed link; a reused or made-up link is refused", async ({
  page,
  request,
}) => {
  const me = account();
  await page.goto("/login");
  await page.getByRole("link", { name: el("auth:login.forgot") }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await checkA11y(page);
  await page.getByLabel(el("auth:forgot.afm")).fill(me.vat);
  await page.getByRole("button", { name: el("auth:forgot.submit") }).click();
  await expect(page.getByRole("status")).toContainText(el("auth:forgot.sent"));
  await checkA11y(page);

  const link = await latestEmailLink(request, {
    recipient: me.email,
    pathPrefix: "/reset-password/",
  });
  await page.goto(link);
  const password = page.getByLabel(el("auth:reset.password"));
  const confirmation = page.getByLabel(el("auth:reset.password_confirmation"));
  const submit = page.getByRole("button", { name: el("auth:reset.submit") });
  await checkA11y(page);
  await password.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByRole("status")).toContainText(el("auth:reset.success"));
  await checkA11y(page);

  // The old password no longer works; the new one does.
  await page.goto("/login");
  await loginForm(page, me.vat, PASSWORD);
  await expect(page.getByRole("alert")).toContainText(el("auth:login.errors.wrong_credentials"));
  await hydrated(page);
  await loginForm(page, me.vat, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/b2b\/episkopisi$/);

  // Used link: "expired, repeat the process".
  await page.context().clearCookies();
  await page.goto(link);
  await password.fill("Triti2026!");
  await confirmation.fill("Triti2026!");
  await submit.click();
  await expect(page.getByRole("alert")).toContainText(el("auth:reset.expired"));
  await checkA11y(page);

  // Made-up link: "invalid request".
  await page.goto("/reset-password/this-link-was-never-sent");
  await password.fill("Triti2026!");
  await confirmation.fill("Triti2026!");
  await submit.click();
  await expect(page.getByRole("alert")).toContainText(el("auth:reset.invalid"));
});

test("a user whose supplies disappear is signed out on the next page", async ({
  page,
  request,
}) => {
  const me = account();
  await login(page, me.vat, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
  const removed = await apiPost(request, "/dev/meters/remove", { username: me.vat });
  expect(removed.status()).toBe(204);
  await page.goto("/b2b/help");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("alert")).toContainText(el("auth:notice.noSupplies"));
  await checkA11y(page);
  // All data reset: the signed-in pages are closed.
  await page.goto("/b2b/episkopisi");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("a deactivated account is refused at sign-in", async ({ page, request }) => {
  const me = account();
  const tokens = await apiLogin(request, me.vat, NEW_PASSWORD);
  const response = await apiPost(
    request,
    "/v2/auth/deactivate",
    { username: me.vat },
    tokens.access_token,
  );
  expect(response.status()).toBe(204);
  await page.goto("/login");
  await loginForm(page, me.vat, NEW_PASSWORD);
  await expect(page.getByRole("alert")).toContainText(el("auth:login.errors.deactivated"));
  await hydrated(page);
  await expect(page.getByLabel(el("auth:login.username"))).toHaveValue(me.vat);
  await checkA11y(page);
});
