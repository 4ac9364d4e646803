import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { athensToday } from "../../core/dates.ts";
import { formatDate, formatInteger } from "../../app/domain/format.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, signInPage } from "./client";
import { backofficeBatch, createServiceClient, keySupply, outcomes } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §1 the back office's readings: POST /api/backoffice/readings and POST
 * /api/backoffice/reading-periods against the real Worker, on the household (100000003): the
 * network operator's readings created, claimed (the demo's), updated, unchanged or refused per
 * item (future_date, below_previous, no_night_register, unknown_supply, validation), a batch sent
 * twice, the supply's reading period in Athens days, and the reading page showing both at once
 * (data versions).
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
let cookie: string;
const h = DEMO.household;
const today = athensToday();

const batch = (path: string, items: unknown[], credential = bearer) =>
  backofficeBatch(api, credential, path, items);

/** `days` after an ISO day. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function page(path: string) {
  const r = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, connection: "close" } });
  expect([path, r.status]).toEqual([path, 200]);
  return r.text();
}

interface ReadingRow {
  id: number;
  meter_id: number;
  date_ins: string;
  cp_code: string;
  origin: number;
  value: number;
  registered_by: string;
  estimated: number;
}
const readingRow = (id: number) =>
  server.query<ReadingRow>(
    `SELECT id, meter_id, date_ins, cp_code, origin, value, registered_by, estimated
     FROM readings WHERE id = ${id}`,
  )[0];
const readingCount = () =>
  server.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM readings WHERE meter_id = ${h.mainMeterId}`,
  )[0]!.n;

/** The highest counted value of a register of the main supply (as core/readings.ts counts). */
const highest = (codes: string) =>
  server.query<{ v: number }>(
    `SELECT MAX(value) AS v FROM readings WHERE meter_id = ${h.mainMeterId}
     AND origin != 5 AND corrected_at IS NULL AND cp_code IN (${codes})`,
  )[0]!.v;

let dayValue: number;
let nightValue: number;
/** The demo's newest operator day reading of the main supply (claimed by the first batch). */
let demo: ReadingRow;

const dayReading = () => ({
  key: "RD-2026-DAY",
  supply_key: "SUP-MAIN",
  date: today,
  register: "day",
  value: dayValue,
  estimated: false,
});
const nightReading = () => ({
  ...dayReading(),
  key: "RD-2026-NIGHT",
  register: "night",
  value: nightValue,
  estimated: true,
});
const claimReading = () => ({
  key: "RD-DEMO-DAY",
  supply_key: "SUP-MAIN",
  date: demo.date_ins,
  register: "day",
  value: demo.value,
  estimated: demo.estimated === 1,
});

const period = {
  key: "RP-MAIN-1",
  supply_key: "SUP-MAIN",
  opens: addDays(today, -1),
  closes: addDays(today, 10),
};
const gasPeriod = {
  key: "RP-GAS-1",
  supply_key: "SUP-GAS",
  opens: today,
  closes: addDays(today, 30),
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "readings-test", ["readings"]).credential;
  // The supplies batch would have keyed these supplies; here the keys are recorded as it does.
  keySupply(server, "SUP-MAIN", h.mainMeterId);
  keySupply(server, "SUP-GAS", h.gasMeterId);
  dayValue = highest("'10','11','21','22','23','40','41','42','43'") + 150;
  nightValue = highest("'12','13','24','44'") + 60;
  demo = server.query<ReadingRow>(
    `SELECT id, meter_id, date_ins, cp_code, origin, value, registered_by, estimated FROM readings
     WHERE meter_id = ${h.mainMeterId} AND origin = 1 AND cp_code = '10'
     ORDER BY date_ins DESC LIMIT 1`,
  )[0]!;
  cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
});
afterAll(async () => {
  await server?.stop();
});

describe("POST /backoffice/readings", () => {
  it("answers every item: created, claimed, refused with its reason and field", async () => {
    const before = await page("/b2b/kataxorisi?lng=en");
    expect(before).not.toContain(formatInteger(dayValue));
    const rows = readingCount();
    const r = await batch("readings", [
      dayReading(),
      nightReading(),
      claimReading(),
      { ...dayReading(), key: "RD-FUTURE", date: addDays(today, 1) },
      { ...dayReading(), key: "RD-LOW", value: 5 },
      { ...dayReading(), key: "RD-NOBODY", supply_key: "SUP-NOBODY" },
      { ...nightReading(), key: "RD-GAS-NIGHT", supply_key: "SUP-GAS" },
      { ...dayReading(), key: "RD-PV", register: "pv" },
      { ...dayReading(), key: "RD-NEG", value: -1 },
      { ...dayReading(), key: "RD-DAYX", date: "2026-02-30" },
      { ...dayReading(), key: "RD-EST", estimated: "yes" },
      dayReading(),
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["RD-2026-DAY", "created", null, null],
      ["RD-2026-NIGHT", "created", null, null],
      ["RD-DEMO-DAY", "created", null, null],
      ["RD-FUTURE", "refused", "future_date", "date"],
      ["RD-LOW", "refused", "below_previous", "value"],
      ["RD-NOBODY", "refused", "unknown_supply", "supply_key"],
      ["RD-GAS-NIGHT", "refused", "no_night_register", "register"],
      ["RD-PV", "refused", "validation", "register"],
      ["RD-NEG", "refused", "validation", "value"],
      ["RD-DAYX", "refused", "validation", "date"],
      ["RD-EST", "refused", "validation", "estimated"],
      ["RD-2026-DAY", "refused", "duplicate_key", null],
    ]);
    expect(r.body.summary).toEqual({ created: 3, updated: 0, unchanged: 0, refused: 9 });
    // Two new rows; the demo's reading of that day was claimed, not copied.
    expect(readingCount()).toBe(rows + 2);
    expect(r.body.results[2]?.id).toBe(demo.id);
    const [day, night] = [r.body.results[0]!.id!, r.body.results[1]!.id!];
    expect(readingRow(day)).toEqual({
      id: day,
      meter_id: h.mainMeterId,
      date_ins: today,
      cp_code: "10",
      origin: 1,
      value: dayValue,
      registered_by: "operator",
      estimated: 0,
    });
    expect(readingRow(night)).toMatchObject({ cp_code: "12", value: nightValue, estimated: 1 });
    expect(readingRow(demo.id)).toEqual(demo);
  });

  it("a second identical batch is all unchanged; a changed value is updated, still checked", async () => {
    const again = await batch("readings", [dayReading(), nightReading(), claimReading()]);
    expect(outcomes(again.body)).toEqual([
      ["RD-2026-DAY", "unchanged", null, null],
      ["RD-2026-NIGHT", "unchanged", null, null],
      ["RD-DEMO-DAY", "unchanged", null, null],
    ]);
    const rows = readingCount();
    const id = again.body.results[0]!.id!;
    dayValue += 10;
    const changed = await batch("readings", [
      dayReading(),
      { ...nightReading(), value: 1 },
      { ...nightReading(), key: "RD-2026-NIGHT-2", supply_key: "SUP-GAS" },
    ]);
    expect(outcomes(changed.body)).toEqual([
      ["RD-2026-DAY", "updated", null, null],
      ["RD-2026-NIGHT", "refused", "below_previous", "value"],
      ["RD-2026-NIGHT-2", "refused", "no_night_register", "register"],
    ]);
    expect(changed.body.results[0]?.id).toBe(id);
    expect(readingRow(id)?.value).toBe(dayValue);
    expect(readingRow(again.body.results[1]!.id!)?.value).toBe(nightValue);
    expect(readingCount()).toBe(rows);
  });

  it("needs a service credential with the readings scope", async () => {
    const none = await api.call("/backoffice/readings", {
      method: "POST",
      body: { items: [dayReading()] },
    });
    expect(none.status).toBe(401);
    const invoicesOnly = createServiceClient(server, "billing-invoices-only", [
      "invoices",
    ]).credential;
    expect((await batch("readings", [dayReading()], invoicesOnly)).status).toBe(403);
    expect((await batch("reading-periods", [period], invoicesOnly)).status).toBe(403);
  });
});

describe("POST /backoffice/reading-periods", () => {
  it("sets the supply's period: created, refused, a second batch unchanged, a change updated", async () => {
    const r = await batch("reading-periods", [
      period,
      gasPeriod,
      { ...period, key: "RP-BACKWARDS", closes: addDays(period.opens, -1) },
      { ...period, key: "RP-LONG", opens: today, closes: addDays(today, 31) },
      { ...period, key: "RP-NOBODY", supply_key: "SUP-NOBODY" },
      { ...period, key: "RP-BADDAY", opens: "2026-13-01" },
      { ...period, key: "RP-EXTRA", notify: true },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["RP-MAIN-1", "created", null, null],
      ["RP-GAS-1", "created", null, null],
      ["RP-BACKWARDS", "refused", "validation", "closes"],
      ["RP-LONG", "refused", "validation", "closes"],
      ["RP-NOBODY", "refused", "unknown_supply", "supply_key"],
      ["RP-BADDAY", "refused", "validation", "opens"],
      ["RP-EXTRA", "refused", "validation", null],
    ]);
    const periodOf = (id: number) =>
      server.query<{ from: string; to: string }>(
        `SELECT indication_open_from AS "from", indication_open_to AS "to" FROM meters WHERE id = ${id}`,
      )[0];
    expect(periodOf(h.mainMeterId)).toEqual({ from: period.opens, to: period.closes });
    expect(periodOf(h.gasMeterId)).toEqual({ from: gasPeriod.opens, to: gasPeriod.closes });

    const again = await batch("reading-periods", [period, gasPeriod]);
    expect(outcomes(again.body)).toEqual([
      ["RP-MAIN-1", "unchanged", null, null],
      ["RP-GAS-1", "unchanged", null, null],
    ]);
    const moved = await batch("reading-periods", [{ ...gasPeriod, supply_key: "SUP-MAIN" }]);
    expect(outcomes(moved.body)).toEqual([["RP-GAS-1", "refused", "supply_changed", "supply_key"]]);
    expect(periodOf(h.mainMeterId)).toEqual({ from: period.opens, to: period.closes });
  });

  it("the reading page shows the operator's reading and the period at once", async () => {
    const open = await page("/b2b/kataxorisi?lng=en");
    expect(open).toContain(formatInteger(dayValue));
    expect(open).toContain(formatInteger(nightValue));
    expect(open).toContain(`You can submit your reading until ${formatDate(period.closes)}.`);

    // The period moved ahead (Athens days): closed today, opening on its first day.
    const later = { ...period, opens: addDays(today, 5), closes: addDays(today, 20) };
    const changed = await batch("reading-periods", [later]);
    expect(outcomes(changed.body)).toEqual([["RP-MAIN-1", "updated", null, null]]);
    const closed = await page("/b2b/kataxorisi?lng=en");
    expect(closed).toContain(
      `The reading period is closed. It opens again on ${formatDate(later.opens)}.`,
    );
    // Closed, the customer's own reading is refused as the page says.
    const { access_token } = await api.login(h.vat);
    const sent = await api.call("/readings", {
      method: "POST",
      token: access_token,
      body: { meter_id: h.mainMeterId, day: dayValue + 5, night: nightValue + 5 },
    });
    expect([sent.status, sent.code]).toEqual([400, "reading_period_closed"]);
  });
});
