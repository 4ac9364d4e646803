import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiForecast,
  ApiInvoice,
  ApiMeter,
  ApiProduct,
  ApiReading,
  ApiShellReads,
} from "../../core/contract/index.ts";
import { athensToday } from "../../core/dates.ts";
import { forecastNextBill } from "../../core/forecast.ts";
import { registerOf } from "../../core/readings.ts";
import { latestBill, lastSixClearance, yearOnYear } from "../../app/domain/overview.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, signInPage } from "./client";
import { fetchWorker } from "../support/fetch-worker";
import { headlineRange } from "../../app/domain/forecast-view.ts";
import { startServer, type TestServer } from "./server";

/**
 * The overview's API call: GET /api/users/{userId}/meters/{meterId}/invoices (one supply's billing
 * history), and the rule that no chart code reaches the browser.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
const h = DEMO.household;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const path_ = (userId: number, meterId: number) => `/users/${userId}/meters/${meterId}/invoices`;

describe("GET /users/:userId/meters/:meterId/invoices", () => {
  it("returns that supply's billing history only, newest first, with exact totals", async () => {
    const r = await api.call<{ data: ApiInvoice[] }>(path_(h.userId, h.mainMeterId), { token });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const rows = r.body.data;
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.every((i) => i.meter_id === h.mainMeterId)).toBe(true);
    const dates = rows.map((i) => i.issue_date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const row of rows) {
      expect(row.total).toBe(Math.round((row.ypoloipo + row.total_value) * 100) / 100);
    }
    expect(rows.filter((i) => i.type === "Clearance").length).toBeGreaterThanOrEqual(6);
  });

  it("matches the history inside /meters?billing_history=true", async () => {
    const meters = await api.call<{ data: ApiMeter[] }>(
      `/users/${h.userId}/meters?billing_history=true`,
      { token },
    );
    const main = meters.body.data.find((m) => m.id === h.mainMeterId);
    const one = await api.call<{ data: ApiInvoice[] }>(path_(h.userId, h.mainMeterId), { token });
    expect(one.body.data).toEqual(main?.billing_history?.data);
  });

  it("#16 ?view=overview sends only the rows the overview uses, and the overview is the same", async () => {
    // Every supply of the household and of the 60- and 200-supply businesses: the newest bill, the
    // charts' six Clearances and the year-on-year pair, from the whole history and from the view.
    const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);
    let compared = 0;
    let fewer = 0;
    for (const account of [DEMO.household, DEMO.company, DEMO.largeCompany]) {
      const own = (await api.login(account.vat)).access_token;
      const userId = account.userId;
      const meters = await api.call<{ data: ApiMeter[] }>(`/users/${userId}/meters`, {
        token: own,
      });
      expect(meters.status).toBe(200);
      for (const meter of meters.body.data) {
        const [all, view] = await Promise.all([
          api.call<{ data: ApiInvoice[] }>(path_(userId, meter.id), { token: own }),
          api.call<{ data: ApiInvoice[] }>(`${path_(userId, meter.id)}?view=overview`, {
            token: own,
          }),
        ]);
        expect([all.status, view.status]).toEqual([200, 200]);
        const full = all.body.data;
        const some = view.body.data;
        const where = `meter ${meter.id}`;
        expect(latestBill(some)?.id ?? null, where).toEqual(latestBill(full)?.id ?? null);
        expect(ids(lastSixClearance(some)), where).toEqual(ids(lastSixClearance(full)));
        const a = yearOnYear(full);
        const b = yearOnYear(some);
        expect([b?.current.id, b?.previous?.id, b?.kwhChange, b?.amountChange], where).toEqual([
          a?.current.id,
          a?.previous?.id,
          a?.kwhChange,
          a?.amountChange,
        ]);
        // The rows sent are rows of the history, whole and in its order.
        expect(some, where).toEqual(full.filter((row) => some.some((s) => s.id === row.id)));
        expect(some.length, where).toBeLessThanOrEqual(10);
        compared++;
        if (some.length < full.length) fewer++;
      }
    }
    expect(compared).toBeGreaterThan(250);
    expect(fewer).toBeGreaterThan(0);
    const household = await api.call<{ data: ApiInvoice[] }>(
      `${path_(h.userId, h.mainMeterId)}?view=overview`,
      { token },
    );
    expect(household.body.data.length).toBeLessThan(10); // of 75
  }, 90_000); // 260 supplies, each twice: about 9 s on an idle 2-core machine, 30 s on a busy one

  it("#16 refuses an unknown view with a 400", async () => {
    const r = await api.call(`${path_(h.userId, h.mainMeterId)}?view=everything`, { token });
    expect(r.status).toBe(400);
  });

  it("answers 404 for another customer's supply, another user's id, or an unknown supply", async () => {
    for (const p of [
      path_(h.userId, DEMO.company.firstMeterId),
      path_(DEMO.company.userId, DEMO.company.firstMeterId),
      path_(h.userId, 999_999),
    ]) {
      const r = await api.call(p, { token });
      expect([p, r.status, r.code]).toEqual([p, 404, "not_found"]);
    }
  });

  it("needs a valid bearer token", async () => {
    const none = await api.call(path_(h.userId, h.mainMeterId));
    expect([none.status, none.code]).toEqual([401, "unauthorized"]);
    const bad = await api.call(path_(h.userId, h.mainMeterId), { token: "not-a-jwt" });
    expect([bad.status, bad.code]).toEqual([401, "unauthorized"]);
  });

  it("costs the same for a 200-supply business as for one supply: only that supply's rows", async () => {
    const big = DEMO.largeCompany;
    const t = (await api.login(big.vat)).access_token;
    const r = await api.call<{ data: ApiInvoice[] }>(path_(big.userId, big.firstMeterId), {
      token: t,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.length).toBeLessThan(30);
    expect(r.body.data.every((i) => i.meter_id === big.firstMeterId)).toBe(true);
  });
});

describe("#37 §1 GET /users/:userId/meters/:meterId/forecast (the next bill's forecast)", () => {
  const forecastPath = (userId: number, meterId: number) =>
    `/users/${userId}/meters/${meterId}/forecast`;

  /** The pure rule on the supply's whole history and its product's prices, as the API has them. */
  async function expected(meterId: number): Promise<ApiForecast> {
    const [bills, meters, products, readings] = await Promise.all([
      api.call<{ data: ApiInvoice[] }>(path_(h.userId, meterId), { token }),
      api.call<{ data: ApiMeter[] }>(`/users/${h.userId}/meters`, { token }),
      api.call<{ data: ApiProduct[] }>("/products"),
      api.call<{ data: ApiReading[] }>(`/users/${h.userId}/readings?meter_id=${meterId}`, {
        token,
      }),
    ]);
    // The actual readings, oldest first (in the order they were sent on one day).
    const actual = readings.body.data
      .filter((r) => r.source !== "estimated" && r.origin !== 5 && !r.corrected_at)
      .sort((a, b) =>
        a.date_ins !== b.date_ins
          ? a.date_ins.localeCompare(b.date_ins)
          : a.created_at !== b.created_at
            ? a.created_at.localeCompare(b.created_at)
            : a.id - b.id,
      )
      .flatMap((r) => {
        const register = registerOf(r);
        return register ? [{ date: r.date_ins, register, value: r.value }] : [];
      });
    const meter = meters.body.data.find((m) => m.id === meterId) as ApiMeter;
    const product = products.body.data.find((p) => p.name === meter.package_name);
    const today = athensToday();
    return product?.division === "gas" || meter.division !== 1
      ? forecastNextBill({
          today,
          bills: bills.body.data,
          division: "gas",
          tariff: product?.division === "gas" ? product.prices : null,
        })
      : forecastNextBill({
          today,
          bills: bills.body.data,
          readings: actual,
          division: "electricity",
          tariff: product?.division === "electricity" ? product.prices : null,
        });
  }

  it("is the rule of core/forecast.ts on the supply's own bills and tariff, with every line", async () => {
    const r = await api.call<{ data: ApiForecast }>(forecastPath(h.userId, h.mainMeterId), {
      token,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const forecast = r.body.data;
    expect(forecast).toEqual(await expected(h.mainMeterId));
    // The demo's 36 months hold the same period of earlier years: a forecast, priced on the
    // household's night tariff (a stand-in of core/products.ts until the billing system sends one).
    if (forecast.kind !== "forecast") throw new Error(`no forecast: ${forecast.reason}`);
    expect(forecast.pricedFrom).toBe("tariff");
    expect(forecast.yearsUsed.length).toBeGreaterThanOrEqual(2);
    expect(forecast.range.lowCents).toBeLessThanOrEqual(forecast.centralCents);
    expect(forecast.centralCents).toBeLessThanOrEqual(forecast.range.highCents);
    expect(forecast.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(forecast.centralCents);
    expect(forecast.period.from > forecast.reference.period_to).toBe(true);
  });

  it("prices gas with the gas rules, and gives nothing for a supply that is not Active", async () => {
    const gas = await api.call<{ data: ApiForecast }>(forecastPath(h.userId, h.gasMeterId), {
      token,
    });
    expect(gas.status).toBe(200);
    expect(gas.body.data).toEqual(await expected(h.gasMeterId));
    const stopped = await api.call<{ data: ApiForecast | null }>(
      forecastPath(h.userId, h.stoppedMeterId),
      { token },
    );
    expect([stopped.status, stopped.body.data]).toEqual([200, null]);
  });

  it("comes in the frame's one call with ?forecast=1, the same as on its own", async () => {
    const alone = await api.call<{ data: ApiForecast }>(forecastPath(h.userId, h.mainMeterId), {
      token,
    });
    const shell = await api.call<{ data: ApiShellReads }>(
      `/users/${h.userId}/meters/${h.mainMeterId}/shell?forecast=1&invoices=overview`,
      { token },
    );
    expect(shell.status).toBe(200);
    expect(shell.body.data.forecast).toEqual(alone.body.data);
    const without = await api.call<{ data: ApiShellReads }>(
      `/users/${h.userId}/meters/${h.mainMeterId}/shell`,
      { token },
    );
    expect("forecast" in without.body.data).toBe(false);
    const stopped = await api.call<{ data: ApiShellReads }>(
      `/users/${h.userId}/meters/${h.stoppedMeterId}/shell?forecast=1`,
      { token },
    );
    expect(stopped.body.data.forecast).toBeNull();
  });

  it("answers 404 for another customer's supply or another user's id, 401 without a token", async () => {
    for (const path of [
      forecastPath(h.userId, DEMO.company.firstMeterId),
      forecastPath(DEMO.company.userId, DEMO.company.firstMeterId),
      forecastPath(h.userId, 99_999_999),
    ]) {
      const r = await api.call(path, { token });
      expect([path, r.status]).toEqual([path, 404]);
    }
    const none = await api.call(forecastPath(h.userId, h.mainMeterId));
    expect(none.status).toBe(401);
    const bad = await api.call(forecastPath(h.userId, 0), { token });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it("a reading sent today is in the forecast at once, and the overview shows the new figure", async () => {
    const before = await api.call<{ data: ApiForecast }>(forecastPath(h.userId, h.mainMeterId), {
      token,
    });
    // The overview as the portal renders it, twice: the second from the page cache.
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const overview = async () => {
      const page = await fetchWorker(`${server.baseUrl}/b2b/episkopisi`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      return /data-testid="forecast-headline"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
    };
    const shown = await overview();
    expect(await overview()).toBe(shown);
    const rows = await api.call<{ data: ApiReading[] }>(
      `/users/${h.userId}/readings?meter_id=${h.mainMeterId}`,
      { token },
    );
    const newest = (register: "day" | "night") =>
      Math.max(...rows.body.data.filter((r) => registerOf(r) === register).map((r) => r.value));
    const sent = await api.call("/readings", {
      method: "POST",
      token,
      body: { meter_id: h.mainMeterId, day: newest("day") + 400, night: newest("night") + 150 },
    });
    expect(sent.status).toBe(201);
    const after = await api.call<{ data: ApiForecast }>(forecastPath(h.userId, h.mainMeterId), {
      token,
    });
    const forecast = after.body.data;
    if (forecast.kind !== "forecast") throw new Error(`no forecast: ${forecast.reason}`);
    expect(forecast.fromReadings?.reading).toBe(athensToday());
    expect(forecast.trend.recent.to).toBe(athensToday());
    expect(forecast).not.toEqual(before.body.data);
    expect(forecast).toEqual(await expected(h.mainMeterId));
    // The page cache follows the data version: the overview shows the new forecast at once.
    const now = await overview();
    expect(now).not.toBe(shown);
    const range = headlineRange(forecast);
    expect(now).toContain(range.one ?? range.high);
  });
});

describe("client bundle", () => {
  it("contains no chart library code (charts are SVG rendered on the server)", () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    const offenders = files.filter((f) =>
      /recharts|victory-vendor|d3-scale|d3-shape/.test(readFileSync(path.join(assets, f), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
