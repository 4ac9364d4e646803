import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiMeter, ApiReading, ApiReadingSaved } from "../../core/contract/index.ts";
import { lastReadings, plausibility, previousValue } from "../../core/readings.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";
import { athensToday } from "../../core/dates.ts";
import { readingStaleness } from "../../core/figure-sources.ts";
import type { ApiInvoice } from "../../core/contract/index.ts";

/**
 * Meter readings (spec §7): GET /users/{id}/readings, POST /readings, POST /getNewReadings.
 * Ownership, the page-visibility rule, the reading period, the previous value, plausibility and
 * the "two tabs, one reading" rule, all against the real Worker and D1.
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

async function readings(meterId: number = h.mainMeterId, t = token, userId: number = h.userId) {
  const r = await api.call<{ data: ApiReading[] }>(
    `/users/${userId}/readings?meter_id=${meterId}`,
    {
      token: t,
    },
  );
  expect(r.status).toBe(200);
  return r.body.data;
}

/** A value far above what the history predicts (a warning) yet within the consumption cap. */
function tooHigh(rows: ApiReading[], register: "day" | "night"): number {
  const previous = previousValue(rows, register) as number;
  const probe = plausibility(rows, register, previous + 1_000_000, athensToday());
  const expectedUse = probe.status === "warn" ? probe.expectedUse : 100;
  return previous + Math.max(6 * expectedUse, expectedUse + 600);
}

const post = (body: unknown, t = token) =>
  api.call<{ data: ApiReadingSaved }>("/readings", { method: "POST", body, token: t, lang: "en" });

/** The household's full supply rows (with the two dates of issue #20). */
async function fullMeters(): Promise<ApiMeter[]> {
  const r = await api.call<{ data: ApiMeter[] }>(`/users/${h.userId}/meters`, { token });
  expect(r.status).toBe(200);
  return r.body.data;
}

describe("figure sources (issue #20)", () => {
  it("every reading says its source: the operator's, the customer's or an estimate", async () => {
    const rows = await readings();
    const sources = new Set(rows.map((r) => r.source));
    expect([...sources].sort()).toEqual(["client", "estimated", "operator"]);
    for (const r of rows) {
      if (r.source !== "estimated") expect(r.source).toBe(r.registeredBy);
    }
    // The demo's main supply was not read for eight months: its newest readings are estimates.
    const newest = [...rows].sort((a, b) => b.date_ins.localeCompare(a.date_ins))[0];
    expect(newest?.source).toBe("estimated");
  });

  it("every bill says whether its consumption is actual or estimated; payments say nothing", async () => {
    const r = await api.call<{ data: ApiInvoice[] }>(
      `/users/${h.userId}/meters/${h.mainMeterId}/invoices`,
      { token },
    );
    expect(r.status).toBe(200);
    const bills = r.body.data;
    for (const bill of bills) {
      if (["Clearance", "Advance", "Manual"].includes(bill.type)) {
        expect(["actual", "estimated"], bill.invoice_no).toContain(bill.consumption_source);
      } else {
        expect(bill.consumption_source, bill.invoice_no).toBeNull();
      }
    }
    const newestBill = bills.find((b) => b.type === "Clearance" || b.type === "Advance");
    expect(newestBill?.consumption_source).toBe("estimated");
    expect(bills.some((b) => b.consumption_source === "actual")).toBe(true);
    // The field sits right after pv_kwh.
    const keys = Object.keys(bills[0] as ApiInvoice);
    expect(keys[keys.indexOf("pv_kwh") + 1]).toBe("consumption_source");
  });

  it("a supply carries its newest actual reading and its billing period: the main one is stale", async () => {
    const meters = await fullMeters();
    const main = meters.find((m) => m.id === h.mainMeterId) as ApiMeter;
    const rows = await readings();
    const actual = rows
      .filter((r) => r.source !== "estimated" && r.origin !== 5 && !r.corrected_at)
      .map((r) => r.date_ins)
      .sort();
    expect(main.last_actual_reading_date).toBe(actual.at(-1));
    expect(main.billing_period_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(readingStaleness(main, athensToday())).toMatchObject({ stale: true, canSubmit: true });
    // Gas: no readings in the portal, so nothing to call stale.
    const gas = meters.find((m) => m.id === h.gasMeterId) as ApiMeter;
    expect(gas.last_actual_reading_date).toBeNull();
    expect(readingStaleness(gas, athensToday())).toEqual({ stale: false });
  });
});

describe("GET /users/:userId/readings", () => {
  it("lists the readings of the user's supplies from data, newest first, origin 5 included", async () => {
    const r = await api.call<{ data: ApiReading[] }>(`/users/${h.userId}/readings`, { token });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const rows = r.body.data;
    expect(rows.length).toBeGreaterThan(10);
    const meterIds = new Set(rows.map((x) => x.meter_id));
    expect(
      [...meterIds].every((id) =>
        ([h.mainMeterId, h.gasMeterId, h.stoppedMeterId] as number[]).includes(id),
      ),
    ).toBe(true);
    expect(rows.some((x) => x.origin === 5)).toBe(true);
    const main = rows.filter((x) => x.meter_id === h.mainMeterId).map((x) => x.date_ins);
    expect(main).toEqual([...main].sort().reverse());
    const sample = rows[0] as ApiReading;
    expect(Object.keys(sample).sort()).toEqual(
      [
        "cp_code",
        "corrected_at",
        "created_at",
        "date_ins",
        "id",
        "meter_id",
        "origin",
        "registeredBy",
        "source",
        "value",
      ].sort(),
    );
  });

  it("filters by ?meter_id= and answers 404 for another customer's meter or user id", async () => {
    const one = await readings();
    expect(one.every((x) => x.meter_id === h.mainMeterId)).toBe(true);
    for (const path of [
      `/users/${h.userId}/readings?meter_id=${DEMO.company.firstMeterId}`,
      `/users/${DEMO.company.userId}/readings`,
      `/users/${h.userId}/readings?meter_id=999999`,
    ]) {
      const r = await api.call(path, { token });
      expect([path, r.status, r.code]).toEqual([path, 404, "not_found"]);
    }
  });

  it("needs a bearer token", async () => {
    const r = await api.call(`/users/${h.userId}/readings`);
    expect([r.status, r.code]).toEqual([401, "unauthorized"]);
  });
});

describe("POST /readings", () => {
  it("refuses non-numeric, missing and negative values with the field", async () => {
    for (const [body, field, message] of [
      [{ meter_id: h.mainMeterId, day: "abc", night: 1 }, "day", "validate.number"],
      [{ meter_id: h.mainMeterId, day: 12.5, night: 1 }, "day", "validate.number"],
      [{ meter_id: h.mainMeterId, day: -1, night: 1 }, "day", "validate.number"],
      [{ meter_id: h.mainMeterId }, "day", "validate.require"],
      [{ meter_id: h.mainMeterId, day: 1, night: "x" }, "night", "validate.number"],
    ] as const) {
      const r = await post(body);
      expect([
        r.status,
        r.code,
        r.field,
        (r.body as { error?: { message?: string } }).error?.message,
      ]).toEqual([400, "validation", field, message]);
    }
  });

  it("needs the night value for a supply with a night register", async () => {
    const r = await post({ meter_id: h.mainMeterId, day: 999_999 });
    expect([r.status, r.code, r.field]).toEqual([400, "validation", "night"]);
  });

  it("refuses a value not greater than the previous reading, and saves nothing", async () => {
    const before = await readings();
    const day = previousValue(before, "day") as number;
    const night = previousValue(before, "night") as number;
    const same = await post({ meter_id: h.mainMeterId, day, night: night + 1 });
    expect([same.status, same.code, same.field]).toEqual([400, "reading_not_greater", "day"]);
    const lowNight = await post({ meter_id: h.mainMeterId, day: day + 1, night: night - 1 });
    expect([lowNight.status, lowNight.code, lowNight.field]).toEqual([
      400,
      "reading_not_greater",
      "night",
    ]);
    expect(await readings()).toHaveLength(before.length);
  });

  it("#15 a reading implying over 12× the highest billed period is refused, even confirmed", async () => {
    const before = await readings();
    // 20× the index: far beyond 12 × the household's largest bill of two years (call 18101).
    const day = (previousValue(before, "day") as number) * 20;
    const night = (previousValue(before, "night") as number) + 1;
    for (const confirm of [false, true]) {
      const r = await post({ meter_id: h.mainMeterId, day, night, confirm });
      expect([r.status, r.code, r.field]).toEqual([400, "reading_too_high", "day"]);
    }
    expect(await readings()).toHaveLength(before.length);
  });

  it("warns about a far higher value and saves it only when confirmed", async () => {
    const before = await readings();
    const day = tooHigh(before, "day");
    const night = (previousValue(before, "night") as number) + 1;
    const warned = await post({ meter_id: h.mainMeterId, day, night });
    expect([warned.status, warned.code, warned.field]).toEqual([400, "reading_implausible", "day"]);
    expect((warned.body as { error?: { message?: string } }).error?.message).toBe("high");
    expect(await readings()).toHaveLength(before.length);

    const saved = await post({ meter_id: h.mainMeterId, day, night, confirm: true });
    expect(saved.status).toBe(201);
    expect(saved.body.data.duplicate).toBe(false);
    expect(
      saved.body.data.readings.map((r) => [r.cp_code, r.origin, r.value, r.registeredBy]),
    ).toEqual([
      ["11", 2, day, "client"],
      ["13", 2, night, "client"],
    ]);
    const after = await readings();
    const last = lastReadings(after);
    expect(last).toMatchObject({ date: saved.body.data.date_ins, registeredBy: "client" });
    expect([last?.day?.value, last?.night?.value]).toEqual([day, night]);
  });

  it("two tabs sending the same reading at once record it once", async () => {
    const before = await readings();
    const day = (previousValue(before, "day") as number) + 3;
    const night = (previousValue(before, "night") as number) + 2;
    const [a, b] = await Promise.all([
      post({ meter_id: h.mainMeterId, day, night }),
      post({ meter_id: h.mainMeterId, day, night }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const after = await readings();
    expect(after.length - before.length).toBe(2);
    // And a plain resubmission later is answered as a duplicate, not saved again.
    const again = await post({ meter_id: h.mainMeterId, day, night });
    expect([again.status, again.body.data.duplicate]).toEqual([200, true]);
    expect(await readings()).toHaveLength(after.length);
  });

  it("refuses gas, a Stopped supply, B1/G22 and voltage 02/03 supplies", async () => {
    for (const meterId of [h.gasMeterId, h.stoppedMeterId]) {
      const r = await post({ meter_id: meterId, day: 999_999 });
      expect([meterId, r.status, r.code]).toEqual([meterId, 400, "reading_not_allowed"]);
    }
    const c = DEMO.company;
    const t = (await api.login(c.vat)).access_token;
    const meters = await api.call<{ data: ApiMeter[] }>(`/users/${c.userId}/meters`, { token: t });
    const hidden = (pred: (m: ApiMeter) => boolean) =>
      meters.body.data.find((m) => m.status === "Active" && pred(m));
    const targets = [
      hidden((m) => m.division === 2),
      hidden((m) => m.category.includes("B1")),
      hidden((m) => m.category.includes("G22")),
      hidden((m) => m.voltage_type === "02"),
      hidden((m) => m.voltage_type === "03"),
    ];
    for (const meter of targets) {
      expect(meter).toBeDefined();
      const r = await post({ meter_id: meter?.id, day: 999_999, night: 999_999, confirm: true }, t);
      expect([meter?.id, r.status, r.code]).toEqual([meter?.id, 400, "reading_not_allowed"]);
    }
  });

  it("refuses a supply whose reading period is closed, and saves nothing", async () => {
    const c = DEMO.company;
    const t = (await api.login(c.vat)).access_token;
    const meters = await api.call<{ data: ApiMeter[] }>(`/users/${c.userId}/meters`, { token: t });
    const closed = meters.body.data.find(
      (m) =>
        m.status === "Active" &&
        m.division === 1 &&
        !/B1|G22/.test(m.category) &&
        m.voltage_type === "01" &&
        m.indication_open_from === null,
    ) as ApiMeter;
    const before = await readings(closed.id, t, c.userId);
    const r = await post({ meter_id: closed.id, day: 999_999, night: 999_999, confirm: true }, t);
    expect([r.status, r.code]).toEqual([400, "reading_period_closed"]);
    expect(await readings(closed.id, t, c.userId)).toHaveLength(before.length);
  });

  it("answers 404 for another customer's meter", async () => {
    const r = await post({ meter_id: DEMO.company.firstMeterId, day: 999_999, night: 999_999 });
    expect([r.status, r.code]).toEqual([404, "not_found"]);
  });
});

describe("#15 POST /readings/correction (correct my reading)", () => {
  const correct = (body: unknown, t = token) =>
    api.call<{ data: ApiReadingSaved }>("/readings/correction", {
      method: "POST",
      body,
      token: t,
      lang: "en",
    });

  /** Sends a wrong (far too high, confirmed) reading and answers the rows before and its ids. */
  async function sendWrong() {
    const before = await readings();
    const day = tooHigh(before, "day");
    const night = tooHigh(before, "night");
    const r = await post({ meter_id: h.mainMeterId, day, night, confirm: true });
    expect(r.status).toBe(201);
    const [dayRow, nightRow] = r.body.data.readings as [ApiReading, ApiReading];
    return { before, dayRow, nightRow };
  }

  it("#15 replaces the latest own reading, judged against the one before it; the old one stays, corrected", async () => {
    const { before, dayRow, nightRow } = await sendWrong();
    const day = (previousValue(before, "day") as number) + 40;
    const night = (previousValue(before, "night") as number) + 10;
    // Refused as the old rule did ("not greater") only when not above the reading BEFORE it.
    const low = await correct({
      meter_id: h.mainMeterId,
      reading_id: dayRow.id,
      day: previousValue(before, "day"),
      night,
    });
    expect([low.status, low.code, low.field]).toEqual([400, "reading_not_greater", "day"]);

    const r = await correct({ meter_id: h.mainMeterId, reading_id: dayRow.id, day, night });
    expect(r.status).toBe(201);
    expect(r.body.data.readings.map((x) => [x.cp_code, x.value, x.registeredBy])).toEqual([
      ["11", day, "client"],
      ["13", night, "client"],
    ]);
    const after = await readings();
    expect(after).toHaveLength(before.length + 4);
    const old = after.filter((x) => x.id === dayRow.id || x.id === nightRow.id);
    expect(old.map((x) => [x.value, Boolean(x.corrected_at)])).toEqual(
      expect.arrayContaining([
        [dayRow.value, true],
        [nightRow.value, true],
      ]),
    );
    const last = lastReadings(after);
    expect([last?.day?.value, last?.night?.value, last?.registeredBy]).toEqual([
      day,
      night,
      "client",
    ]);
    expect(previousValue(after, "day")).toBe(day);
    // The old rows cannot be corrected again; the new ones can.
    const again = await correct({ meter_id: h.mainMeterId, reading_id: dayRow.id, day, night });
    expect([again.status, again.code]).toEqual([409, "reading_not_correctable"]);
  });

  it("#15 the corrected value must still be plausible or confirmed, and within the cap", async () => {
    const { before, dayRow } = await sendWrong();
    const night = (previousValue(before, "night") as number) + 1;
    const far = await correct({
      meter_id: h.mainMeterId,
      reading_id: dayRow.id,
      day: (previousValue(before, "day") as number) * 20,
      night,
      confirm: true,
    });
    expect([far.status, far.code]).toEqual([400, "reading_too_high"]);
    const warned = await correct({
      meter_id: h.mainMeterId,
      reading_id: dayRow.id,
      day: tooHigh(before, "day"),
      night,
    });
    expect([warned.status, warned.code]).toEqual([400, "reading_implausible"]);
    // Leave a sane reading for the tests after this one.
    const fixed = await correct({
      meter_id: h.mainMeterId,
      reading_id: dayRow.id,
      day: (previousValue(before, "day") as number) + 5,
      night,
    });
    expect(fixed.status).toBe(201);
  });

  it("#15 two corrections of one reading at once: one wins, the other is refused", async () => {
    const { before, dayRow } = await sendWrong();
    const base = previousValue(before, "day") as number;
    const night = (previousValue(before, "night") as number) + 2;
    const results = await Promise.all(
      [11, 12, 13, 14].map((plus) =>
        correct({ meter_id: h.mainMeterId, reading_id: dayRow.id, day: base + plus, night }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const after = await readings();
    // One replacement: the wrong pair plus one correction pair, nothing else.
    expect(after).toHaveLength(before.length + 4);
    const winner = results.find((r) => r.status === 201)?.body.data.readings[0]?.value;
    expect(lastReadings(after)?.day?.value).toBe(winner);
    expect(after.filter((x) => x.corrected_at).map((x) => x.id)).toContain(dayRow.id);
  });

  it("#15 another customer's reading or supply cannot be corrected; nor an operator's; nor when closed", async () => {
    const c = DEMO.company;
    const t = (await api.login(c.vat)).access_token;
    const own = (await readings())[0] as ApiReading;
    // The company, with the household's supply: 404 as for a supply that does not exist.
    const foreign = await correct(
      { meter_id: h.mainMeterId, reading_id: own.id, day: 1, night: 1 },
      t,
    );
    expect([foreign.status, foreign.code]).toEqual([404, "not_found"]);
    // The household, with a company reading id on its own supply: not its latest reading.
    const companyRows = await readings(c.firstMeterId, t, c.userId);
    const theirs = companyRows[0] as ApiReading;
    const wrongId = await correct({
      meter_id: h.mainMeterId,
      reading_id: theirs.id,
      day: 999_999,
      night: 999_999,
    });
    expect([wrongId.status, wrongId.code]).toEqual([409, "reading_not_correctable"]);
    // …and with the company's supply: 404.
    const theirMeter = await correct({
      meter_id: c.firstMeterId,
      reading_id: theirs.id,
      day: 999_999,
      night: 999_999,
    });
    expect([theirMeter.status, theirMeter.code]).toEqual([404, "not_found"]);
    // An operator's reading (the newest operator row of the household's supply).
    const operator = (await readings()).find((x) => x.origin === 1) as ApiReading;
    const op = await correct({
      meter_id: h.mainMeterId,
      reading_id: operator.id,
      day: 999_999,
      night: 999_999,
    });
    expect([op.status, op.code]).toEqual([409, "reading_not_correctable"]);
    // A supply whose period is closed.
    const meters = await api.call<{ data: ApiMeter[] }>(`/users/${c.userId}/meters`, { token: t });
    const closed = meters.body.data.find(
      (m) =>
        m.status === "Active" &&
        m.division === 1 &&
        !/B1|G22/.test(m.category) &&
        m.voltage_type === "01" &&
        m.indication_open_from === null,
    ) as ApiMeter;
    const closedRows = await readings(closed.id, t, c.userId);
    const shut = await correct(
      { meter_id: closed.id, reading_id: closedRows[0]?.id ?? 1, day: 999_999, night: 999_999 },
      t,
    );
    expect([shut.status, shut.code]).toEqual([400, "reading_period_closed"]);
    expect(await readings(closed.id, t, c.userId)).toHaveLength(closedRows.length);
  });
});

describe("POST /getNewReadings", () => {
  it("lists the readings registered after `since`, own meters only", async () => {
    const r = await api.call<{ data: ApiReading[] }>("/getNewReadings", {
      method: "POST",
      token,
      body: { since: "2000-01-01" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(10);
    const recent = await api.call<{ data: ApiReading[] }>("/getNewReadings", {
      method: "POST",
      token,
      body: { since: new Date(Date.now() - 3_600_000).toISOString(), meter_id: h.mainMeterId },
    });
    // The client readings saved above, and nothing older.
    expect(recent.body.data.length).toBeGreaterThanOrEqual(2);
    expect(
      recent.body.data.every((x) => x.registeredBy === "client" && x.meter_id === h.mainMeterId),
    ).toBe(true);
    const other = await api.call("/getNewReadings", {
      method: "POST",
      token,
      body: { meter_id: DEMO.company.firstMeterId },
    });
    expect([other.status, other.code]).toEqual([404, "not_found"]);
    const bad = await api.call("/getNewReadings", {
      method: "POST",
      token,
      body: { since: "yesterday" },
    });
    expect([bad.status, bad.code]).toEqual([400, "validation"]);
  });
});

describe("figure sources after a reading (issue #20)", () => {
  it("the customer's reading is actual: the supply is no longer stale", async () => {
    const rows = await readings();
    expect(rows.some((r) => r.source === "client" && r.date_ins === athensToday())).toBe(true);
    const main = (await fullMeters()).find((m) => m.id === h.mainMeterId) as ApiMeter;
    expect(main.last_actual_reading_date).toBe(athensToday());
    expect(readingStaleness(main, athensToday())).toEqual({ stale: false });
  });
});
