import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { checkA11y, DEMO_PASSWORD, expect, login, loginOnly, test } from "./fixtures";

/**
 * The settings dialog (spec §2 "Settings modal", §4 "Settings save", §5, §8). The nojs and js
 * projects share one database: each uses its own customer and restores what it changes
 * (skin, language, password, switches). 600000007 (nojs) is the demo's first-login account;
 * 200000006 (js, 60 supplies, the Stopped ones with e-bill editing locked) gets the flag set through the API.
 */
const el = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", "el", `${ns}.json`), "utf8"));
const en = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", "en", `${ns}.json`), "utf8"));
const S = el("settings").settingsModal;
const P = el("settings").password;
const V = el("forms").validate;

const vatFor = (project: string) => (project === "nojs" ? "600000007" : "200000006");

async function apiToken(request: APIRequestContext, vat: string, password = DEMO_PASSWORD) {
  const r = await request.post("/api/v2/auth/login", {
    headers: { authorization: `Basic ${Buffer.from(`${vat}:${password}`).toString("base64")}` },
  });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { data: { access_token: string } }).data.access_token;
}

const dialog = (page: Page) => page.getByRole("dialog", { name: S.title });
async function openSettings(page: Page, step = 1) {
  await page.goto(`/b2b/episkopisi?modal=settings&step=${step}`);
  // With JavaScript, the dialog's own code must have run before anything is typed into it: until
  // its chunk arrives React keeps the server's HTML of the lazy dialog, and a click in it can be
  // lost (a flaky "no error shown"). showModal() in its effect is the sign that it has.
  if (test.info().project.name === "js") {
    await expect.poll(() => dialog(page).evaluate((d) => d.matches(":modal"))).toBe(true);
  }
}

test.describe.configure({ mode: "serial" });
test.slow();

test.describe("settings dialog", () => {
  test("opens by itself on the first login, once; accessible at step 1", async ({
    page,
    request,
  }, info) => {
    const vat = vatFor(info.project.name);
    const token = await apiToken(request, vat);
    const set = await request.put("/api/user/first-login-settings", {
      headers: { authorization: `Bearer ${token}` },
      data: { open: 1 },
    });
    expect(set.status()).toBe(204);
    await login(page, vat);
    await expect(page).toHaveURL(/modal=settings&step=1/);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByText(S.step1)).toBeVisible();
    await checkA11y(page);
    await dialog(page).getByRole("link", { name: S.cancel }).click();
    await expect(dialog(page)).toHaveCount(0);
    await page.goto("/b2b/episkopisi");
    await expect(dialog(page)).toHaveCount(0);
  });

  test("bad inputs are refused next to their fields, values kept; steps keep the values", async ({
    page,
  }, info) => {
    await login(page, vatFor(info.project.name));
    await openSettings(page);
    const d = dialog(page);
    const email = d.getByLabel(S.email, { exact: true });
    const phone = d.getByLabel(new RegExp(`^${S.phone}`));
    const savedEmail = await email.inputValue();
    await email.fill("not-an-email");
    await phone.fill("2101234567");
    await d.getByRole("button", { name: S.next }).click();
    await expect(dialog(page).locator(".field__error").getByText(V.notValidEmail)).toBeVisible();
    await expect(
      dialog(page).locator(".field__error").getByText(V.phoneNumber).first(),
    ).toBeVisible();
    await expect(dialog(page).getByLabel(S.email, { exact: true })).toHaveValue("not-an-email");
    await expect(dialog(page).getByText(S.step1)).toBeVisible();

    // An SMS bill switched on needs its phone.
    const sms = dialog(page).getByRole("switch", { name: S.smsBill, exact: true }).first();
    await dialog(page).getByLabel(S.email, { exact: true }).fill(savedEmail);
    await dialog(page)
      .getByLabel(new RegExp(`^${S.phone}`))
      .fill("");
    const smsWasOn = await sms.isChecked();
    if (!smsWasOn) {
      await sms.check({ force: true });
      await dialog(page).getByLabel(S.smsPhone).first().fill("");
      await dialog(page).getByRole("button", { name: S.next }).click();
      await expect(
        dialog(page).locator(".field__error").getByText(V.require).first(),
      ).toBeVisible();
      await dialog(page).getByLabel(S.smsPhone).first().fill("6900000009");
    }
    const indication = dialog(page).getByRole("switch", { name: S.indicationSms, exact: true });
    await indication.check({ force: true });
    await dialog(page).getByRole("button", { name: S.next }).click();
    await expect(dialog(page).getByText(S.step2)).toBeVisible();
    await checkA11y(page);
    await dialog(page).getByRole("button", { name: S.back }).click();
    await expect(dialog(page).getByText(S.step1)).toBeVisible();
    await expect(
      dialog(page).getByRole("switch", { name: S.indicationSms, exact: true }),
    ).toBeChecked();
    await expect(
      dialog(page).getByRole("switch", { name: S.smsBill, exact: true }).first(),
    ).toBeChecked();
    await expect(dialog(page).getByLabel(new RegExp(`^${S.phone}`))).toHaveValue("");
  });

  test("below 619px one switch set at a time, by a tab choice; accessible at both steps", async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await login(page, vatFor(info.project.name));
    await openSettings(page);
    const d = dialog(page);
    await expect(d.getByRole("radio", { name: S.tabEmail })).toBeChecked();
    await expect(d.getByRole("switch", { name: S.ebill, exact: true }).first()).toBeVisible();
    await expect(d.getByRole("switch", { name: S.smsBill, exact: true }).first()).toBeHidden();
    await d.getByRole("radio", { name: S.tabSms }).check();
    await expect(d.getByRole("switch", { name: S.smsBill, exact: true }).first()).toBeVisible();
    await expect(d.getByRole("switch", { name: S.ebill, exact: true }).first()).toBeHidden();
    await checkA11y(page);
    await page.screenshot({ path: info.outputPath("settings-360-step1.png") });
    await openSettings(page, 2);
    await expect(dialog(page).getByText(S.step2)).toBeVisible();
    await checkA11y(page);
  });

  test("#35 at 360 px every summary entry names its field and its link reaches it in the set that holds it; step 2 opens on its heading", async ({
    page,
  }, info) => {
    const js = info.project.name === "js";
    await page.setViewportSize({ width: 360, height: 780 });
    await login(page, vatFor(info.project.name));
    await openSettings(page);
    const d = dialog(page);
    // The first supply whose bill switches may be changed.
    const row = d.locator(".settings-supply:not(:has(.settings-supply__locked))").first();
    const smsPhone = row.getByLabel(S.smsPhone);
    const ebillEmail = row.getByLabel(S.ebillEmail);
    // An SMS bill without its mobile, an e-bill to a bad address, a bad account email.
    await d.getByRole("radio", { name: S.tabSms }).check();
    await row.getByRole("switch", { name: S.smsBill, exact: true }).check({ force: true });
    await smsPhone.fill("");
    await d.getByRole("radio", { name: S.tabEmail }).check();
    await row.getByRole("switch", { name: S.ebill, exact: true }).check({ force: true });
    await ebillEmail.fill("not-an-email");
    await d.getByLabel(S.email, { exact: true }).fill("also-not-an-email");
    await d.getByRole("button", { name: S.next }).click();

    const summary = d.locator(".error-summary");
    await expect(summary).toBeVisible();
    // Each entry is "Label: message"; a supply's field names the supply too.
    await expect(summary.getByRole("link", { name: `${S.email}:` })).toHaveCount(1);
    const toPhone = summary.getByRole("link", { name: `${S.smsPhone} (` });
    const toEbill = summary.getByRole("link", { name: `${S.ebillEmail} (` });
    await expect(toPhone).toHaveCount(1);
    await expect(toEbill).toHaveCount(1);
    for (const text of await summary.getByRole("link").allTextContents())
      expect(text, "a summary entry without its field's name").toMatch(/^[^:]+\S: \S/);
    await checkA11y(page);

    // Only one set is shown at 360 px: each link shows the set that holds its field.
    await toPhone.click();
    await expect(smsPhone).toBeVisible();
    if (js) await expect(smsPhone).toBeFocused();
    await toEbill.click();
    await expect(ebillEmail).toBeVisible();
    if (js) await expect(ebillEmail).toBeFocused();
    await toPhone.click();
    await expect(smsPhone).toBeVisible();

    // Step 2 (nothing changed this time) opens at its top, focus on its heading, not on "Save".
    await openSettings(page);
    await dialog(page).getByRole("button", { name: S.next }).click();
    const heading = dialog(page).getByRole("heading", { name: new RegExp(S.step2) });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(dialog(page).getByRole("button", { name: S.save })).not.toBeFocused();
    await dialog(page).getByRole("link", { name: S.cancel }).click();
  });

  test("the all-email switch turns every editable supply on with the main email", async ({
    page,
  }, info) => {
    await login(page, vatFor(info.project.name));
    await openSettings(page);
    const d = dialog(page);
    const all = d.getByRole("switch", { name: S.allEmail });
    if ((await all.getAttribute("aria-checked")) === "true") await all.click();
    await expect(dialog(page).getByRole("switch", { name: S.allEmail })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await dialog(page).getByRole("switch", { name: S.allEmail }).click();
    await expect(dialog(page).getByRole("switch", { name: S.allEmail })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    const rows = dialog(page).locator(".settings-supply");
    const count = Math.min(await rows.count(), 5);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const locked = (await row.locator(".settings-supply__locked").count()) > 0;
      const sw = row.getByRole("switch", { name: S.ebill, exact: true });
      if (locked) await expect(sw).toBeDisabled();
      else {
        await expect(sw).toBeChecked();
        await expect(row.getByLabel(S.ebillEmail)).not.toHaveValue("");
      }
    }
  });

  test("avatar: a renamed SVG and a 1 MB file are refused; a PNG shows in the header", async ({
    page,
  }, info) => {
    await login(page, vatFor(info.project.name));
    await openSettings(page, 2);
    const file = () => dialog(page).getByLabel(S.avatar);
    await file().setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    await dialog(page).getByRole("button", { name: S.save }).click();
    await expect(dialog(page).locator(".field__error").getByText(S.fileErrorFormt)).toBeVisible();
    const big = Buffer.alloc(1024 * 1024 + 1);
    PNG.copy(big);
    await dialog(page)
      .getByLabel(S.avatar)
      .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    await dialog(page).getByRole("button", { name: S.save }).click();
    await expect(dialog(page).locator(".field__error").getByText(S.fileErrorSize)).toBeVisible();
    await dialog(page)
      .getByLabel(S.avatar)
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await dialog(page).getByRole("button", { name: S.save }).click();
    await expect(page.getByText(S.changesSaved)).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page)).toHaveCount(0);
    const img = page.locator("header img.avatar");
    await expect(img).toHaveAttribute("src", /^\/b2b\/avatar\?v=avatar-/);
    const response = await page.request.get((await img.getAttribute("src")) ?? "");
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("skin and language change the whole portal; restored afterwards", async ({ page }, info) => {
    await login(page, vatFor(info.project.name));
    await openSettings(page, 2);
    const skinBefore = await page.locator("html").getAttribute("data-skin");
    const other = skinBefore === "2" ? "3" : "2";
    await dialog(page).getByRole("radio", { name: S.skins[other] }).check({ force: true });
    await dialog(page).getByRole("radio", { name: "English" }).check({ force: true });
    await dialog(page).getByRole("button", { name: S.save }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en", { timeout: 15_000 });
    await expect(page.locator("html")).toHaveAttribute("data-skin", other);
    await expect(page.getByText(en("settings").settingsModal.changesSaved)).toBeVisible();
    // Restore (in English now).
    const E = en("settings").settingsModal;
    await page.goto("/b2b/episkopisi?modal=settings&step=2");
    await page
      .getByRole("dialog", { name: E.title })
      .getByRole("radio", { name: E.skins[skinBefore ?? "1"] })
      .check({ force: true });
    await page
      .getByRole("dialog", { name: E.title })
      .getByRole("radio", { name: "Ελληνικά" })
      .check({ force: true });
    await page.getByRole("dialog", { name: E.title }).getByRole("button", { name: E.save }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "el", { timeout: 15_000 });
    await expect(page.locator("html")).toHaveAttribute("data-skin", skinBefore ?? "1");
  });

  test("an email of another account is refused with the spec's message", async ({ page }, info) => {
    await login(page, vatFor(info.project.name));
    await openSettings(page);
    await dialog(page).getByLabel(S.email, { exact: true }).fill("giorgos.papadopoulos@example.gr");
    await dialog(page).getByRole("button", { name: S.next }).click();
    await dialog(page).getByLabel(S.currentPassword).fill(DEMO_PASSWORD);
    await dialog(page).getByRole("button", { name: S.save }).click();
    await expect(page.getByText(S.emailInUse)).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page)).toHaveCount(0);
  });

  test("password change: rules, new differs from old, success; restored", async ({
    page,
  }, info) => {
    await loginOnly(page, vatFor(info.project.name));
    await page.goto("/b2b/episkopisi?modal=password");
    const d = () => page.getByRole("dialog", { name: P.title });
    await d().getByLabel(P.old).fill(DEMO_PASSWORD);
    await d().getByLabel(P.new, { exact: true }).fill(DEMO_PASSWORD);
    await d().getByLabel(P.confirm).fill(DEMO_PASSWORD);
    await d().getByRole("button", { name: P.submit }).click();
    await expect(d().getByText(S.passwordSameAsOld).first()).toBeVisible();
    await d().getByLabel(P.old).fill("Wrong2026!");
    await d().getByLabel(P.new, { exact: true }).fill("Newpass2026");
    await d().getByLabel(P.confirm).fill("Newpass2026");
    await d().getByRole("button", { name: P.submit }).click();
    await expect(d().getByText(S.wrongPassword).first()).toBeVisible();
    await d().getByLabel(P.old).fill(DEMO_PASSWORD);
    await d().getByLabel(P.new, { exact: true }).fill("Newpass2026");
    await d().getByLabel(P.confirm).fill("Newpass2026");
    await d().getByRole("button", { name: P.submit }).click();
    await expect(page.getByText(P.changed)).toBeVisible();
    await expect(page).toHaveURL(/modal=settings&step=2/);
    // Restore the demo password.
    await page.goto("/b2b/episkopisi?modal=password");
    await d().getByLabel(P.old).fill("Newpass2026");
    await d().getByLabel(P.new, { exact: true }).fill(DEMO_PASSWORD);
    await d().getByLabel(P.confirm).fill(DEMO_PASSWORD);
    await d().getByRole("button", { name: P.submit }).click();
    await expect(page.getByText(P.changed)).toBeVisible();
  });
});

/** A 1×1 PNG with a tEXt chunk (metadata the server drops). */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c48900000006744558744750533a3132000000000000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
  "hex",
);
