import type { Page } from "@playwright/test";
import { checkA11y, expect, hydrated, test } from "./fixtures";
import { DEMO, tr } from "./support/app";
import { type RunningServer, startServer, stopProcessGroupAndWait } from "./support/server";

/**
 * #38 §2 §3, JavaScript off and on (the projects), on its own Worker (a fresh copy of the demo
 * database per project): the household sees its ΚΟΤ, category Α, and the four-month cap's
 * progress as a meter with its words (Greek at 360 px, English at 1280 px); then it applies to
 * the vulnerable-customers register for life support with a doctor's certificate (a refused
 * submit first: the summary, the message by the field, the category kept), and the page tracks
 * the application's first step. axe on every state.
 */

const h = DEMO.household;
const PDF = Buffer.from("%PDF-1.4\n% a doctor's certificate\n%%EOF\n");

let server: RunningServer;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer();
});

test.afterAll(async () => {
  if (server) await stopProcessGroupAndWait(server.pid);
});

const url = (p: string, lng: "el" | "en") => `${server.baseURL}${p}?lng=${lng}`;

async function signIn(page: Page) {
  const origin = { Origin: server.baseURL };
  const response = await page.request.post(`${server.baseURL}/login`, {
    form: { intent: "login", username: h.vat, password: "Demo2026!" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const later = await page.request.post(`${server.baseURL}/b2b/episkopisi`, {
    form: { intent: "dismiss-pay-several" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(later.status()).toBe(303);
}

test("the household sees its ΚΟΤ and the cap's progress, in Greek and English", async ({
  page,
}) => {
  await signIn(page);
  for (const [lng, width] of [
    ["el", 360],
    ["en", 1280],
  ] as const) {
    const t = (key: string, values?: Record<string, string | number>) => tr(lng, key, values);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url("/b2b/kot", lng));
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("hardship:kot.title"));
    const tariff = page.getByRole("region", { name: t("hardship:kot.tariff.title") });
    await expect(tariff).toContainText(t("hardship:kot.tariff.categories.A"));
    await expect(
      tariff.getByRole("link", { name: t("hardship:kot.tariff.portal") }),
    ).toHaveAttribute("href", "https://www.kot.gov.gr/");
    const cap = page.getByRole("region", { name: t("hardship:kot.cap.title") });
    const meter = cap.getByRole("meter");
    await expect(meter).toHaveAttribute("max", "1400");
    const used = Number(await meter.getAttribute("value"));
    expect(used).toBeGreaterThan(0);
    await expect(cap).toContainText(lng === "el" ? "από 1.400 kWh" : "of 1.400 kWh");
    await checkA11y(page);
  }
});

test("the household applies to the register for life support with a doctor's certificate", async ({
  page,
}) => {
  await signIn(page);
  const t = (key: string, values?: Record<string, string | number>) => tr("el", key, values);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url("/b2b/evalotes", "el"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("hardship:register.title"));
  await checkA11y(page);
  const lifeSupport = page.getByRole("radio", {
    name: t("hardship:register.categories.life_support"),
  });
  await lifeSupport.check();
  const submit = page.getByRole("button", { name: t("hardship:register.form.submit") });
  await submit.click();
  // Refused: the summary at the top, the message by the declarations, the category kept.
  const message = t("hardship:register.errors.declarations");
  await expect(page.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();
  await expect(lifeSupport).toBeChecked();
  await checkA11y(page);

  for (const d of ["equipment_at_home", "certificate_true", "main_home", "true_and_checkable"]) {
    await page
      .getByRole("checkbox", { name: t(`hardship:register.form.declaration.${d}`), exact: true })
      .check();
  }
  await page
    .getByLabel(t("hardship:register.form.certificate"))
    .setInputFiles({ name: "vevaiosi.pdf", mimeType: "application/pdf", buffer: PDF });
  await submit.click();
  await expect(page.getByText(t("hardship:register.sent"))).toBeVisible();
  const application = page.getByRole("region", { name: t("hardship:register.application.title") });
  await expect(application).toContainText(t("hardship:register.application.status.submitted"));
  await expect(application.locator('[aria-current="step"]')).toContainText(
    t("hardship:register.application.steps.submitted"),
  );
  await expect(application.getByRole("link", { name: /vevaiosi\.pdf/ })).toHaveAttribute(
    "href",
    `/b2b/evalotes/vevaiosi?meter=${h.mainMeterId}`,
  );
  await expect(page.getByRole("button", { name: t("hardship:register.form.submit") })).toHaveCount(
    0,
  );
  await checkA11y(page);

  // English, 360 px: the same application, tracked.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url("/b2b/evalotes", "en"));
  await hydrated(page);
  await expect(
    page.getByRole("region", { name: tr("en", "hardship:register.application.title") }),
  ).toContainText(tr("en", "hardship:register.application.status.submitted"));
  await checkA11y(page);
});
