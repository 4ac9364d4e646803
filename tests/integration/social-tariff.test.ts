import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { athensToday } from "../../core/dates.ts";
import { billDiscount, fourMonthPeriodOf, kwhInPeriod } from "../../core/social-tariff.ts";
import { fetchWorker } from "../support/fetch-worker";
import { pdfPlainText } from "../support/pdf-text";
import { DEMO } from "../../seed/accounts.ts";
import { createServiceClient, keySupply } from "./backoffice-client";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

/*
 * #38 §2 the social residential tariff (ΚΟΤ) against the real Worker: the demo household's main
 * supply has category Α for the year (seed/hardship.ts); its four-month cap's progress is the kWh
 * of its bills in the current period (core/social-tariff.ts, worked out here again from the rows);
 * the billing system sets and ends a supply's ΚΟΤ through PUT/DELETE (scope supplies, the whole
 * state, unchanged when sent again); another's supply is 404; the card on who is entitled closes
 * for good, per person.
 */
const h = DEMO.household;
const today = athensToday();
const year = today.slice(0, 4);

let server: TestServer;
let api: ReturnType<typeof createClient>;
let household: string;
let company: string;
let bearer: string;
let wrongScope: string;

const get = (meterId: number, token = household, userId: number = h.userId) =>
  api.call(`/users/${userId}/meters/${meterId}/social-tariff`, { token });
const feed = (key: string, method: "PUT" | "DELETE", body?: unknown, credential = bearer) =>
  api.call(`/backoffice/supplies/${key}/social-tariff`, {
    method,
    body,
    headers: { authorization: `Bearer ${credential}` },
    origin: false,
  });

/** The kWh of the supply's bills in today's four-month period, from the rows themselves. */
function kwhFromRows(meterId: number) {
  const rows = server.query<{ f: string; t: string; kwh: number }>(
    `SELECT COALESCE(consumption_from, period_from) AS f, COALESCE(consumption_to, period_to) AS t,
            day_kwh + night_kwh AS kwh
       FROM invoices WHERE meter_id = ${meterId} AND type IN ('Clearance', 'Manual')`,
  );
  return kwhInPeriod(
    rows
      .filter((r) => r.f && r.t)
      .map((r) => ({ from: r.f.slice(0, 10), to: r.t.slice(0, 10), kwh: r.kwh })),
    fourMonthPeriodOf(today),
  );
}

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  household = (await api.login(h.vat)).access_token;
  company = (await api.login(DEMO.company.vat)).access_token;
  bearer = createServiceClient(server, "kot-feed", ["supplies"]).credential;
  wrongScope = createServiceClient(server, "kot-wrong", ["invoices"]).credential;
  keySupply(server, "KOT-MAIN", h.mainMeterId);
  keySupply(server, "KOT-GAS", h.gasMeterId);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("#38 §2 a supply's ΚΟΤ as the household sees it", () => {
  it("the demo's main supply: category Α for the year, the cap's progress from its bills", async () => {
    const r = await get(h.mainMeterId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const period = fourMonthPeriodOf(today);
    expect(r.body.data).toMatchObject({
      tariff: {
        category: "A",
        household_size: 1,
        valid_from: `${year}-01-01`,
        valid_to: `${year}-12-31`,
        discount_per_kwh: 0.045,
      },
      progress: { period_from: period.from, period_to: period.to, cap_kwh: 1_400 },
      application_url: "https://www.kot.gov.gr/",
      card_dismissed: false,
    });
    const used = kwhFromRows(h.mainMeterId);
    expect(used).toBeGreaterThan(0);
    expect(r.body.data.progress.used_kwh).toBe(used);
    expect(r.body.data.progress.remaining_kwh).toBe(Math.max(0, 1_400 - used));
  });

  it("a gas supply has none; another customer's supply or another person's path is 404", async () => {
    const gas = await get(h.gasMeterId);
    expect(gas.status).toBe(200);
    expect(gas.body.data).toMatchObject({ tariff: null, progress: null });
    expect((await get(h.mainMeterId, company, DEMO.company.userId)).status).toBe(404);
    expect((await get(DEMO.company.firstMeterId)).status).toBe(404);
    expect((await get(h.mainMeterId, company, h.userId)).status).toBe(404);
  });
});

describe("#38 §2 the billing system's ΚΟΤ feed", () => {
  const item = {
    category: "B",
    household_size: 3,
    valid_from: `${year}-01-01`,
    valid_to: `${year}-12-31`,
  };

  it("refuses a credential without the supplies scope, an unknown key and a bad item", async () => {
    expect((await feed("KOT-MAIN", "PUT", item, wrongScope)).status).toBe(403);
    expect((await feed("NO-SUCH-SUPPLY", "PUT", item)).status).toBe(404);
    for (const [bad, field] of [
      [{ ...item, category: "C" }, "category"],
      [{ ...item, household_size: 0 }, "household_size"],
      [{ ...item, valid_to: `${Number(year) - 1}-12-31` }, "valid_to"],
      [{ ...item, valid_from: "31/12/2026" }, "valid_from"],
      [{ ...item, extra: 1 }, undefined],
    ] as const) {
      const r = await feed("KOT-MAIN", "PUT", bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      if (field) expect(r.field).toBe(field);
    }
  });

  it("sets a supply's ΚΟΤ (updated, then unchanged), its cap follows the household", async () => {
    const first = await feed("KOT-MAIN", "PUT", item);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({
      key: "KOT-MAIN",
      meter_id: h.mainMeterId,
      outcome: "updated",
    });
    const stamp = server.query<{ updated_at: string }>(
      `SELECT updated_at FROM social_tariffs WHERE meter_id = ${h.mainMeterId}`,
    )[0]!.updated_at;
    const again = await feed("KOT-MAIN", "PUT", item);
    expect(again.body.data.outcome).toBe("unchanged");
    expect(
      server.query<{ updated_at: string }>(
        `SELECT updated_at FROM social_tariffs WHERE meter_id = ${h.mainMeterId}`,
      )[0]!.updated_at,
    ).toBe(stamp);
    const r = await get(h.mainMeterId);
    expect(r.body.data.tariff).toMatchObject({
      category: "B",
      household_size: 3,
      discount_per_kwh: 0.03,
    });
    expect(r.body.data.progress.cap_kwh).toBe(2_000);
  });

  it("ends it (204, twice alike), and sets it anew (created)", async () => {
    expect((await feed("KOT-MAIN", "DELETE")).status).toBe(204);
    expect((await feed("KOT-MAIN", "DELETE")).status).toBe(204);
    expect((await get(h.mainMeterId)).body.data).toMatchObject({ tariff: null, progress: null });
    const created = await feed("KOT-MAIN", "PUT", { ...item, category: "A", household_size: 1 });
    expect(created.body.data.outcome).toBe("created");
    expect((await get(h.mainMeterId)).body.data.tariff.category).toBe("A");
  });

  it("a lapsed approval shows as lapsed, with no progress", async () => {
    const last = `${Number(year) - 1}`;
    await feed("KOT-GAS", "PUT", {
      ...item,
      valid_from: `${last}-01-01`,
      valid_to: `${last}-12-31`,
    });
    // ΚΟΤ is electricity's: even when a feed sends one for gas, the page shows none.
    expect((await get(h.gasMeterId)).body.data.tariff).toBeNull();
    await feed("KOT-MAIN", "PUT", {
      ...item,
      valid_from: `${last}-01-01`,
      valid_to: `${last}-12-31`,
    });
    const r = await get(h.mainMeterId);
    expect(r.body.data.tariff.renewal).toBe("lapsed");
    expect(r.body.data.progress).toBeNull();
    await feed("KOT-MAIN", "PUT", { ...item, category: "A", household_size: 1 });
  });
});

describe("#38 §2 the card on who is entitled", () => {
  it("closes for good for the person who closed it (idempotent), not for anyone else", async () => {
    const dismiss = (token: string, userId: number) =>
      api.call(`/users/${userId}/social-tariff-card/dismissal`, { method: "POST", token });
    expect((await dismiss(household, DEMO.company.userId)).status).toBe(404);
    expect((await dismiss(household, h.userId)).status).toBe(200);
    expect((await dismiss(household, h.userId)).status).toBe(200);
    expect((await get(h.mainMeterId)).body.data.card_dismissed).toBe(true);
    const other = await get(DEMO.company.firstMeterId, company, DEMO.company.userId);
    expect(other.body.data.card_dismissed).toBe(false);
  });
});

describe("#38 §2 the discount line of a ΚΟΤ supply's bill", () => {
  it("is the bill's kWh up to what the cap leaves × the category's rate, on the page and the PDF", async () => {
    const [bill] = server.query<{ id: number; f: string; t: string }>(
      `SELECT id, COALESCE(consumption_from, period_from) AS f, COALESCE(consumption_to, period_to) AS t
         FROM invoices WHERE meter_id = ${h.mainMeterId} AND type = 'Clearance'
          AND COALESCE(consumption_from, period_from) >= '${year}-01-01'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(bill).toBeTruthy();
    const rows = server.query<{ id: number; f: string; t: string; kwh: number }>(
      `SELECT id, COALESCE(consumption_from, period_from) AS f, COALESCE(consumption_to, period_to) AS t,
              day_kwh + night_kwh AS kwh
         FROM invoices WHERE meter_id = ${h.mainMeterId} AND type IN ('Clearance', 'Manual')`,
    );
    const span = (r: (typeof rows)[number]) => ({
      from: r.f.slice(0, 10),
      to: r.t.slice(0, 10),
      kwh: r.kwh,
    });
    const own = rows.find((r) => r.id === bill!.id)!;
    const expected = billDiscount(
      span(own),
      rows.filter((r) => r.id !== own.id && r.f && r.t.slice(0, 10) < own.f.slice(0, 10)).map(span),
      { category: "A", household_size: 1, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` },
    );
    const r = await api.call(`/invoices/${bill!.id}/social-tariff`, { token: household });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(expected).not.toBeNull();
    expect(r.body.data).toEqual({
      kwh: expected!.kwh,
      per_kwh: 0.045,
      amount: -expected!.cents / 100,
    });
    // Another customer's bill is 404; a gas bill has none.
    expect((await api.call(`/invoices/${bill!.id}/social-tariff`, { token: company })).status).toBe(
      404,
    );
    const [gas] = server.query<{ id: number }>(
      `SELECT id FROM invoices WHERE meter_id = ${h.gasMeterId} AND type = 'Clearance' ORDER BY id DESC LIMIT 1`,
    );
    expect(
      (await api.call(`/invoices/${gas!.id}/social-tariff`, { token: household })).body.data,
    ).toBeNull();

    const cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
    const page = await fetchWorker(`${server.baseUrl}/b2b/logariasmoi/${bill!.id}`, {
      headers: { cookie, connection: "close" },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("εκ των οποίων έκπτωση ΚΟΤ");
    const kwh = String(expected!.kwh).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
    expect(html).toContain(`${kwh} kWh έως το όριο του τετραμήνου`);
    const pdf = await fetchWorker(`${server.baseUrl}/api/getInvoicePdf/${bill!.id}`, {
      headers: { authorization: `Bearer ${household}`, connection: "close" },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // The note under the total: the charges above it still add up (tests/integration/bill-lines).
    const text = await pdfPlainText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Εκ των οποίων έκπτωση ΚΟΤ");
    expect(text).toMatch(new RegExp(`${expected!.kwh}\\s+kWh × 0,0450`));
  });
});
