import { checkA11y, DEMO_PASSWORD, expect, login, test } from "./fixtures";
import { apiGet, apiLogin, DEMO, el, type ApiMeterLite } from "./support/app";

/** The onboarding applicant 300000009 and the application tracking of spec §2 / §4. */

// Multi-page flows on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** Spec §4: the step (of 4) from the meter status, and the statuses flagged as a problem. */
function expectedStep(status: string): number {
  if (status === "OpenUnchecked") return 1;
  if (["OpenChecked", "Submitted", "Submited"].includes(status)) return 2;
  if (
    [
      "ThallisConfirmed",
      "ThalisConfirmed",
      "OpenPending",
      "OpenCanceled",
      "OpenRejected",
      "Cancelled",
      "Canceled",
    ].includes(status)
  ) {
    return 3;
  }
  return 4;
}

const PROBLEM = [
  "ThallisRejected",
  "OpenPending",
  "OpenCanceled",
  "OpenRejected",
  "Cancelled",
  "Canceled",
];

const STEPS = ["form_submitted", "check_documents", "form_entried", "meter_representation"];

test("300000009 is sent to /intermediate: 4 steps, the step number, problem flags, 'within 2 days'", async ({
  page,
}) => {
  const applicant = DEMO.applicant;
  const tokens = await apiLogin(page.request, applicant.vat, DEMO_PASSWORD);
  const meters = await apiGet<ApiMeterLite[]>(
    page.request,
    `/users/${tokens.user_id}/meters`,
    tokens.access_token,
  );
  expect(meters.map((m) => m.status).sort()).toEqual([...applicant.meterStatuses].sort());

  await login(page, applicant.vat);
  await expect(page).toHaveURL(/\/intermediate$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(el("auth:intermediate.heading"));
  await expect(page.getByRole("main")).toContainText(el("auth:intermediate.received"));

  for (const meter of meters) {
    const number = meter.division === 1 ? meter.per_code : meter.pod;
    const card = page.getByRole("region", {
      name: el("auth:intermediate.supply", { number: number ?? "" }),
      exact: false,
    });
    const step = expectedStep(meter.status);
    await expect(card, meter.status).toContainText(
      el("auth:intermediate.stepOf", { current: step, total: 4 }),
    );
    const items = card.getByRole("listitem");
    await expect(items).toHaveCount(4);
    for (const [index, label] of STEPS.entries()) {
      await expect(items.nth(index)).toContainText(el(`auth:tracking.${label}`));
    }
    await expect(card.locator('[aria-current="step"]')).toContainText(
      el(`auth:tracking.${STEPS[step - 1]}`),
    );
    if (PROBLEM.includes(meter.status)) {
      await expect(card.getByRole("note")).toContainText(el("auth:intermediate.problem"));
      await expect(card.getByRole("note")).toContainText(el("auth:tracking.contact_nrg"));
    } else {
      await expect(card.getByRole("note")).toHaveCount(0);
    }
  }
  await checkA11y(page);

  // The signed-in area is for active users: an applicant goes back to the tracking page.
  for (const path of ["/b2b", "/b2b/episkopisi", "/b2b/paroxes", "/"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/intermediate$/);
  }
});
