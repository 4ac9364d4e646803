import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO } from "../seed/accounts.ts";
import { startTwilioStub, type TwilioStub } from "../tests/support/twilio-stub.ts";
import { checkA11y, expect, hydrated, test } from "./fixtures";
import { el, ownClientAddress } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * Messages delivered for real (issue #34), JavaScript off and on: this spec starts its own Worker
 * (once per project) with EMAIL_PROVIDER=cloudflare, so the activation email goes through
 * miniflare's `send_email` simulation (which writes the text and HTML to files and names them in
 * wrangler's log), and SMS_PROVIDER=twilio against the loopback Twilio stand-in. The other specs
 * keep the development outbox.
 */

let server: RunningServer;
let twilio: TwilioStub;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  // A Worker of its own with a fresh copy of the demo data: 10–40 s on a busy 2-core machine,
  // past the 30 s a hook gets by default.
  test.setTimeout(120_000);
  twilio = await startTwilioStub();
  server = await startServer({
    vars: {
      EMAIL_PROVIDER: "cloudflare",
      SMS_PROVIDER: "twilio",
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
    },
  });
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
  await twilio?.stop();
});

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

const url = (path: string) => `${server.baseURL}${path}`;

/** The text of the newest email sent through `send_email` to `to` (polls wrangler's log). */
async function sentEmailText(to: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      () => {
        const log = readFileSync(server.log, "utf8");
        const at = log.lastIndexOf(`To: ${to}`);
        const file = at >= 0 ? /Text: (\S+\.txt)/.exec(log.slice(at))?.[1] : undefined;
        text = file ? readFileSync(file, "utf8") : "";
        return text;
      },
      { timeout: 15_000 },
    )
    .toContain("/activate/");
  return text;
}

const dd = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "locales", "el", "directDebit.json"), "utf8"),
);

test("sign-up: the activation email reaches send_email and its link activates the account", async ({
  page,
}) => {
  const me = DEMO.signupPerson;
  const email = "sofia.delivered@example.gr";
  await page.goto(url("/signup"));
  const form = page
    .locator("form")
    .filter({ has: page.getByLabel(el("auth:signup.supply_number")) });
  await form.getByLabel(el("auth:signup.afm")).fill(me.vat);
  await form.getByLabel(el("auth:signup.supply_number")).fill(me.perCode);
  await form.getByLabel(el("auth:signup.phone")).fill(me.phone);
  await form.getByLabel(el("auth:signup.email")).fill(email);
  await form.getByLabel(el("auth:signup.password")).fill("Eggrafi2026!");
  await form.getByLabel(el("auth:signup.password_confirmation")).fill("Eggrafi2026!");
  await form.getByRole("checkbox").setChecked(true);
  await form.getByRole("button", { name: el("auth:signup.submit") }).click();
  await expect(page.getByRole("status")).toContainText(el("auth:notice.signupSuccess"));

  const text = await sentEmailText(email);
  const link = /https?:\/\/\S+\/activate\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, "the activation link in the email").toBeTruthy();
  expect(new URL(link!).origin).toBe(server.baseURL);
  await page.goto(link!);
  await hydrated(page);
  await page.getByRole("button", { name: el("auth:activate.submit") }).click();
  await expect(page.getByRole("status")).toContainText(el("auth:activate.success"));
  await checkA11y(page);
});

test("direct debit: the code arrives by SMS through the Twilio stand-in and is accepted", async ({
  page,
}) => {
  const h = DEMO.household;
  const before = twilio.messages.length;
  await page.goto(url("/direct-debit"));
  await page.getByLabel(dd.vat.label).fill(h.vat);
  await page.getByRole("button", { name: dd.vat.submit }).click();
  await expect(page.getByRole("heading", { name: dd.code.title })).toBeVisible();

  await expect.poll(() => twilio.messages.length, { timeout: 15_000 }).toBeGreaterThan(before);
  const sms = twilio.messages[twilio.messages.length - 1]!;
  expect(sms.to).toBe(`+30${h.phone}`);
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  expect(code, "the code in the SMS").toBeTruthy();
  await hydrated(page);
  await page.getByLabel(dd.code.label).fill(code!);
  await page.getByRole("button", { name: dd.code.submit, exact: true }).click();
  await expect(page.getByLabel(dd.card.number)).toBeVisible();
  await checkA11y(page);
});

test("direct debit: a number the provider refuses is told at once, the VAT kept", async ({
  page,
}) => {
  const en = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "locales", "en", "directDebit.json"), "utf8"),
  );
  twilio.behave("invalid_number", 1);
  await page.goto(url("/direct-debit?lng=en"));
  await hydrated(page);
  await page.getByLabel(en.vat.label).fill(DEMO.household.vat);
  await page.getByRole("button", { name: en.vat.submit }).click();
  await expect(page.getByText(en.errors.smsNotSent).first()).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel(en.vat.label)).toHaveValue(DEMO.household.vat);
  await checkA11y(page);
});
