import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { athensToday } from "../core/dates.ts";
import { checkA11y, expect, hydrated, test } from "./fixtures";
import { DEMO, tr, type Lng } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * #37 §2 an alert the household sets, JavaScript off and on (the projects): on its own Worker (a
 * fresh copy of the demo database per project, as e2e/bill-run.spec.ts) at 11:00 Athens, the
 * household sets an alert on its main supply at /b2b/eidopoiiseis (a refused amount first: the
 * summary, the message by the field, the typed value kept), with an amount below any bill the
 * demo's bill run issues; the bill run trips it, and the message with the bill's link is in the
 * household's inbox, and the trip on the page. Greek at 360 px and English at 1280 px, axe on both.
 */

const DAY = athensToday();
const CLOCK = `${DAY}T09:00:00Z`;
const h = DEMO.household;
const root = path.resolve(import.meta.dirname, "..");
const PAGE = "/b2b/eidopoiiseis";

let server: RunningServer;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
});

const url = (p: string, lng?: Lng) => `${server.baseURL}${p}${lng ? `?lng=${lng}` : ""}`;

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

test("the household sets an alert, the next bill run trips it, and the message links the bill", async ({
  page,
}) => {
  const t = (key: string, values?: Record<string, string | number>) => tr("el", key, values);
  await signIn(page);

  // Greek, 360 px: the menu leads here; a refused amount, then the alert saved.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url(PAGE, "el"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("alerts:title"));
  await expect(page.locator("section.forecast-card")).toHaveCount(1);
  await expect(page.getByText(t("alerts:trips.none"))).toBeVisible();
  await checkA11y(page);
  const amount = page.getByLabel(t("alerts:form.amount"));
  await amount.fill("12,345");
  await page.getByRole("button", { name: t("alerts:form.save") }).click();
  const summary = page.getByRole("alert").filter({ hasText: t("alerts:errors.amountFormat") });
  await expect(summary.first()).toBeVisible();
  await expect(amount).toHaveValue("12,345");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await checkA11y(page);
  await amount.fill("5");
  await page.getByLabel(t("alerts:form.emailTo", { email: h.email })).check();
  await page.getByRole("button", { name: t("alerts:form.save") }).click();
  await expect(page.getByText(t("alerts:saved"))).toBeVisible();
  await expect(page.getByText(t("alerts:form.stateOn"))).toBeVisible();
  await expect(page.getByLabel(t("alerts:form.amount"))).toHaveValue("5,00");

  // The demo's next bill run: every bill it issues is above 5 €.
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
  // Through the page's request context: a plain fetch may reuse a socket the local proxy closed.
  const outbox = (await (await page.request.get(url("/api/dev/outbox"))).json()) as {
    data: Array<{ template: string; recipient: string; link: string | null }>;
  };
  const mail = outbox.data.find((m) => m.template === "alert_tripped" && m.recipient === h.email);
  expect(mail?.link).toMatch(/^\/b2b\/logariasmoi\/\d+$/);

  // The message is in the household's inbox, with the bill's link.
  await page.goto(url("/b2b/mhnymata"));
  await hydrated(page);
  const title = "Ειδοποίηση: ο λογαριασμός ξεπερνά το όριό σας";
  const message = page.locator("article").filter({ hasText: title });
  await expect(message).toHaveCount(1);
  await message.getByRole("button", { name: tr("el", "messages:open") }).click();
  const link = page.locator("article").filter({ hasText: title }).getByRole("link", {
    name: mail!.link!,
  });
  await expect(link).toBeVisible();
  await checkA11y(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${mail!.link}$`));

  // English, 1280 px: the trip is listed on the page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url(PAGE, "en"));
  await hydrated(page);
  const en = (key: string) => tr("en", key);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("alerts:title"));
  const trips = page.getByRole("table", { name: en("alerts:trips.title") });
  await expect(trips.locator("tbody tr")).toHaveCount(1);
  await expect(trips).toContainText(en("alerts:trips.sources.bill"));
  await expect(page.getByText(en("alerts:form.stateOn"))).toBeVisible();
  await checkA11y(page);
});
