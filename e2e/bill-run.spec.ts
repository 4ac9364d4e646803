import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { athensToday } from "../core/dates.ts";
import { TEST_3DS_CODE, TEST_CARDS } from "../core/gateway.ts";
import { checkA11y, expect, test } from "./fixtures";
import { DEMO, el } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * #36 §3 a bill run you can watch, JavaScript off and on: this spec starts its own Worker (a fresh
 * copy of the demo database per project) at 11:00 Athens (DEV_CLOCK: outside the quiet hours
 * whatever the hour the suite runs at) and runs `npm run bill-run` against it. The household then
 * sees the new bill on the overview and the bills page and its message in the inbox, and the
 * e-bill email's pay link, opened without signing in, pays it by card.
 */

const DAY = athensToday();
const CLOCK = `${DAY}T09:00:00Z`;
const h = DEMO.household;
const root = path.resolve(import.meta.dirname, "..");

let server: RunningServer;
interface Mail {
  template: string;
  recipient: string;
  subject: string;
  link: string | null;
  status: string;
}
let mail: Mail;
/** The new bill's total as the pages print it ("62,91 €", a no-break space before "€"). */
let total: string;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, "scripts", "bill-run.ts"),
      "--quiet",
      "--persist-to",
      path.join(server.dir, "state"),
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, BASE_URL: server.baseURL } },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const outbox = (await (await fetch(`${server.baseURL}/api/dev/outbox`)).json()) as {
    data: Mail[];
  };
  const found = outbox.data.find((m) => m.template === "new_bill" && m.recipient === h.email);
  if (!found?.link) throw new Error("the household's e-bill email is not in the outbox");
  mail = found;
  total = /: (\S+\u00a0€)/.exec(mail.subject)?.[1] ?? "";
  expect(total, mail.subject).not.toBe("");
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
});

const url = (p: string) => `${server.baseURL}${p}`;

async function signIn(page: Page) {
  const origin = { Origin: server.baseURL };
  const response = await page.request.post(url("/login"), {
    form: { intent: "login", username: h.vat, password: "Demo2026!" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const later = await page.request.post(url("/b2b/episkopisi"), {
    form: { intent: "dismiss-pay-several" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(later.status()).toBe(303);
}

test("after a bill run the household sees its new bill and message, and the e-bill email's link pays it", async ({
  page,
  browser,
}) => {
  expect(mail.status).toBe("sent");
  await signIn(page);
  await page.goto(url("/b2b/episkopisi"));
  await expect(page.locator("main")).toContainText(total);
  await page.goto(url("/b2b/logariasmoi"));
  await expect(page.locator("main")).toContainText(total);
  await page.goto(url("/b2b/mhnymata"));
  await expect(page.locator("main")).toContainText("Νέος λογαριασμός");
  await checkA11y(page);

  // The email's link, in a browser that is not signed in.
  const stranger = await browser.newContext({
    javaScriptEnabled: test.info().project.name !== "nojs",
  });
  const visitor = await stranger.newPage();
  await visitor.goto(url(mail.link!));
  await expect(
    visitor.getByRole("heading", { level: 1, name: el("payments:link.payTitle") }),
  ).toBeVisible();
  await expect(visitor.locator("main")).toContainText(total);
  await checkA11y(visitor);
  await visitor.getByLabel(new RegExp(el("payments:link.consent"))).check();
  await visitor.getByRole("button", { name: el("payments:submit") }).click();
  await visitor.waitForURL(/\/gateway\/pay\//);
  await visitor.getByLabel(el("payments:card.number")).fill(TEST_CARDS.success);
  await visitor.getByLabel(el("payments:card.month"), { exact: true }).selectOption("12");
  await visitor
    .getByLabel(el("payments:card.year"), { exact: true })
    .selectOption(String(new Date().getFullYear() + 2));
  await visitor.getByLabel(el("payments:card.cvv")).fill("123");
  await visitor.getByLabel(el("payments:card.holder")).fill("Test Holder");
  await visitor
    .getByRole("button", { name: new RegExp(`^${el("payments:card.pay", { amount: "" }).trim()}`) })
    .click();
  // Above the exemption the test issuer asks for its 3-D Secure code.
  const code = visitor.getByLabel(el("payments:threeds.code"));
  await Promise.race([visitor.waitForURL(/checkout=success/), code.waitFor()]);
  if (!/checkout=success/.test(visitor.url())) {
    await code.fill(TEST_3DS_CODE);
    await visitor.getByRole("button", { name: el("payments:threeds.confirm") }).click();
    await visitor.waitForURL(/checkout=success/);
  }
  await expect(
    visitor.locator("dialog[open], [role=alertdialog], [role=dialog]").first(),
  ).toContainText(total);
  await stranger.close();
});
