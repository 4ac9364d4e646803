import type { Locator, Page } from "@playwright/test";
import { greekVocative } from "../core/vocative";
import { checkA11y, DEMO_PASSWORD, expect, hydrated, login, noJs, test } from "./fixtures";
import {
  apiGet,
  apiLogin,
  apiLoginStatus,
  contains,
  DEMO,
  ownClientAddress,
  el,
  exact,
  type ApiMeterLite,
  type ApiUserLite,
} from "./support/app";

/**
 * What a person must be able to do to get in and out: the landing screen, signing in, every login
 * error, the guards, signing out and /redirect-login. Runs in both projects (nojs, js) against one
 * server and database, so every test either only reads or uses data of its own project.
 */

// Multi-page flows on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const household = DEMO.household;

/** A valid VAT (check digit) with no customer and no account. */
const UNKNOWN_VAT = "123456783";

function loginForm(page: Page) {
  const form = page.locator("form").filter({ has: page.getByLabel(el("auth:login.username")) });
  return {
    form,
    vat: form.getByLabel(el("auth:login.username")),
    password: form.getByLabel(el("auth:login.password")),
    submit: form.getByRole("button", { name: el("auth:login.submit") }),
  };
}

async function submitLogin(page: Page, vat: string, password: string) {
  const f = loginForm(page);
  await f.vat.fill(vat);
  await f.password.fill(password);
  await f.submit.click();
}

function definition(region: Locator, term: string): Locator {
  return region
    .locator("div")
    .filter({ has: region.page().locator("dt", { hasText: exact(term) }) })
    .locator("dd");
}

test.describe("landing and sign-in", () => {
  test("#16 /login carries part of the sign-in texts; when the rest cannot load, /signup loads as a page", async ({
    page,
  }) => {
    test.skip(noJs(), "without JavaScript every link is a new page with its own texts");
    await page.goto("/login");
    // The translations the next page needs fail to load (a dropped connection).
    let refused = 0;
    await page.route("**/locales/**", (route) => {
      refused++;
      return route.abort();
    });
    await page
      .getByRole("main")
      .getByRole("link", { name: el("auth:login.toSignup") })
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    // Not the raw keys: the page came as a document, with its own texts.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:signup.heading"));
    await expect(page.getByLabel(el("auth:signup.supply_number"))).toBeVisible();
    expect(refused).toBe(1);
  });

  test("the landing screen switches between login and signup with real links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:login.heading"));
    await expect(loginForm(page).vat).toBeVisible();
    await checkA11y(page);

    await page
      .getByRole("main")
      .getByRole("link", { name: el("auth:login.toSignup") })
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:signup.heading"));
    await expect(page.getByLabel(el("auth:signup.supply_number"))).toBeVisible();
    await checkA11y(page);

    await page
      .getByRole("main")
      .getByRole("link", { name: el("auth:signup.toLogin") })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:login.heading"));
    await checkA11y(page);
  });

  test("100000003 signs in and sees the shell and the welcome banner of the main supply", async ({
    page,
    request,
  }) => {
    const tokens = await apiLogin(request, household.vat, DEMO_PASSWORD);
    const user = await apiGet<ApiUserLite>(request, "/v2/me", tokens.access_token);
    const meters = await apiGet<ApiMeterLite[]>(
      request,
      `/users/${tokens.user_id}/meters`,
      tokens.access_token,
    );
    const main = meters.find((m) => m.id === household.mainMeterId);
    if (!main?.per_code) throw new Error("the demo household has no main electricity supply");

    await page.goto("/");
    await submitLogin(page, household.vat, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);

    // The shell: header with the supply picker, sidebar, breadcrumb, footer.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("navigation", { name: el("shell:nav.label") })).toBeAttached();
    await expect(
      page.getByRole("navigation", { name: el("shell:breadcrumb.label") }),
    ).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    const banner = page.getByRole("region", { name: el("shell:welcome.label") });
    await expect(banner).toContainText(greekVocative(user.welcome_name)); // greeted in the vocative, as Greek does
    await expect(banner).toContainText(main.phys_street);
    await expect(definition(banner, el("shell:welcome.supplyNumber"))).toContainText(main.per_code);
    await expect(definition(banner, el("shell:welcome.customerCode"))).toHaveText(user.sap_id);
    await expect(definition(banner, el("shell:welcome.meterCode"))).toHaveText(main.sap_id);
    await expect(definition(banner, el("shell:welcome.package"))).toHaveText(
      main.package_print_descr,
    );
    await expect(definition(banner, el("shell:welcome.meterType"))).toHaveText(
      el(`shell:meterType.${main.meter_type}`),
    );
    await checkA11y(page);
  });

  test("#35 a household signs in with its own (verified) email; the hint says which emails sign in", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(loginForm(page).vat).toHaveAccessibleDescription(
      contains(el("auth:login.usernameHint")),
    );
    // An unknown email answers as a wrong password: nothing tells which addresses are customers'.
    await submitLogin(page, "nobody-here@example.gr", DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(el("auth:login.errors.wrong_credentials"));
    await hydrated(page);
    await submitLogin(page, household.email.toUpperCase(), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    await checkA11y(page);
  });

  test("each login error is shown; the VAT number stays filled and the password does not", async ({
    page,
  }) => {
    const cases = [
      { vat: household.vat, password: "Wrong2026!", key: "wrong_credentials" },
      { vat: DEMO.unactivated.vat, password: DEMO_PASSWORD, key: "not_active" },
      { vat: UNKNOWN_VAT, password: DEMO_PASSWORD, key: "no_user" },
    ];
    await page.goto("/login");
    for (const { vat, password, key } of cases) {
      await submitLogin(page, vat, password);
      await expect(page.getByRole("alert")).toContainText(el(`auth:login.errors.${key}`));
      await expect(page).toHaveURL(/\/login$/);
      await hydrated(page);
      const f = loginForm(page);
      await expect(f.vat).toHaveValue(vat);
      await expect(f.password).toHaveValue("");
      await checkA11y(page);
    }
  });

  test("a former customer (500000004, inactive) is refused", async ({ page }) => {
    await page.goto("/login");
    await submitLogin(page, DEMO.former.vat, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(el("auth:notice.deactivated"));
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/b2b/episkopisi");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await checkA11y(page);
  });

  test("after 10 failures in a day the VAT number is refused with 'daily attempts exceeded'", async ({
    page,
    request,
  }) => {
    // A VAT of its own per project (valid check digit, no account): both projects share the
    // database, and the limit is per VAT. Nine failures through the API, the tenth and the
    // eleventh through the form.
    const vat = noJs() ? "700000011" : "700000023";
    // One client of its own (failures are also limited per client address, 30 an hour).
    const client = ownClientAddress();
    await page.setExtraHTTPHeaders(client);
    for (let i = 0; i < 9; i++) {
      expect(await apiLoginStatus(request, vat, DEMO_PASSWORD, client)).toBe(400);
    }
    await page.goto("/login");
    await submitLogin(page, vat, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(el("auth:login.errors.no_user"));
    await hydrated(page);
    await submitLogin(page, vat, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText(
      el("auth:login.errors.daily_attempts_exceeded"),
    );
    await hydrated(page);
    await expect(loginForm(page).vat).toHaveValue(vat);
    await checkA11y(page);
  });
});

test.describe("guards", () => {
  test("a signed-in user opening / or /login goes to the overview", async ({ page }) => {
    await login(page, household.vat);
    for (const path of ["/", "/login", "/signup"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    }
    // An active user is not an onboarding applicant.
    await page.goto("/intermediate");
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    await checkA11y(page);
  });

  test("a signed-out user is sent to /login?redirectTo=… and lands there after signing in", async ({
    page,
  }) => {
    await page.goto("/b2b/paroxes");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fb2b%2Fparoxes$/);
    await checkA11y(page);
    await submitLogin(page, household.vat, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/b2b\/paroxes$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("overview:supplies.title"));
    await checkA11y(page);
  });

  test("/b2b and unknown /b2b/… addresses lead to the overview", async ({ page }) => {
    await page.goto("/b2b");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await login(page, household.vat);
    for (const path of ["/b2b", "/b2b/xyz", "/b2b/no/such/page"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    }
    await expect(page.getByRole("region", { name: el("shell:welcome.label") })).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("signing out", () => {
  test("sign out is a POST; Back shows no signed-in page; the old cookie is refused", async ({
    page,
    context,
  }) => {
    await login(page, household.vat);
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    const signedInCookies = await context.cookies();

    await page.getByLabel(el("shell:header.account")).click();
    const signOut = page.getByRole("button", { name: el("shell:header.logout") });
    await expect(signOut).toBeVisible();
    await expect(signOut.locator("xpath=ancestor::form[1]")).toHaveAttribute("method", "post");
    await signOut.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText(el("auth:notice.loggedOut"));
    await hydrated(page);
    await checkA11y(page);

    await page.goBack();
    await expect(page).not.toHaveURL(/\/b2b\//);
    await expect(page.getByRole("region", { name: el("shell:welcome.label") })).toHaveCount(0);
    await expect(page.getByLabel(el("shell:header.account"))).toHaveCount(0);

    // Replaying the session cookie of before the sign-out: the server has ended that session.
    await context.clearCookies();
    await context.addCookies(signedInCookies);
    await page.goto("/b2b/episkopisi");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("region", { name: el("shell:welcome.label") })).toHaveCount(0);
    await checkA11y(page);
  });
});

test.describe("/redirect-login/{token}", () => {
  /** A fresh single-use token for `vat` and the name the portal greets that account with. */
  async function redirectToken(
    request: Parameters<typeof apiLogin>[0],
    vat: string = household.vat,
  ) {
    const tokens = await apiLogin(request, vat, DEMO_PASSWORD);
    const user = await apiGet<ApiUserLite>(request, "/v2/me", tokens.access_token);
    const response = await request.post("/api/v2/auth/redirect-token", {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status()).toBe(200);
    const token = ((await response.json()) as { data: { token: string } }).data.token;
    return { token, name: user.welcome_name };
  }

  const banner = (page: Page) => page.getByRole("region", { name: el("shell:welcome.label") });

  test("the link asks first; its button signs in once; a used or bad token goes to /login", async ({
    page,
    context,
    request,
  }) => {
    const { token, name } = await redirectToken(request);
    await page.goto(`/redirect-login/${token}`);
    // Opening the link signs nobody in: it asks (no login CSRF).
    await expect(page).toHaveURL(new RegExp(`/redirect-login/${token}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      el("auth:redirectLogin.heading"),
    );
    await checkA11y(page);
    await page.getByRole("button", { name: el("auth:redirectLogin.continue", { name }) }).click();
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    await expect(banner(page)).toContainText(greekVocative(name));
    await checkA11y(page);

    await context.clearCookies();
    await page.goto(`/redirect-login/${token}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toContainText(el("auth:notice.redirectLoginFailed"));
    await checkA11y(page);

    await page.goto("/redirect-login/not-a-real-token");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toContainText(el("auth:notice.redirectLoginFailed"));

    await page.goto("/redirect-login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("signed in, another account's link keeps the session unless the person continues", async ({
    page,
    request,
  }) => {
    await login(page, household.vat);
    const own = await redirectToken(request);
    const other = await redirectToken(request, DEMO.company.vat);

    await page.goto(`/redirect-login/${other.token}`);
    await expect(page.getByRole("status")).toContainText(
      el("auth:redirectLogin.signedInAs", { current: own.name }),
    );
    await checkA11y(page);
    await page
      .getByRole("link", { name: el("auth:redirectLogin.stay", { current: own.name }) })
      .click();
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    await expect(banner(page)).toContainText(greekVocative(own.name));

    // The link of one's own account: nothing to switch.
    await page.goto(`/redirect-login/${own.token}`);
    await expect(page.getByText(el("auth:redirectLogin.same", { name: own.name }))).toBeVisible();
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);

    // The other link was not used up by looking at it: its button switches accounts.
    await page.goto(`/redirect-login/${other.token}`);
    await page
      .getByRole("button", { name: el("auth:redirectLogin.continue", { name: other.name }) })
      .click();
    await expect(page).toHaveURL(/\/b2b\/episkopisi$/);
    await expect(banner(page)).toContainText(greekVocative(other.name));
  });
});
