import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { ApiReading } from "../../core/contract";
import { isElectricityMeter, isPageVisible } from "./meters";
import {
  canSubmitNow,
  consumptionPeriods,
  historyRows,
  isReadingDue,
  pageOf,
  readingFormSchema,
  readPaging,
} from "./readings";
import {
  CAP_NO_HISTORY_KWH,
  canSubmitReadings,
  consumptionCap,
  correctableReading,
  countedReadings,
  hasNightRegister,
  indicationState,
  lastReadings,
  nextOperatorReading,
  overCap,
  plausibility,
  previousOperatorReading,
  previousValue,
  readingWarnings,
  registerOf,
  registeredByOf,
  roundRatio,
  withoutReading,
  type IndicationState,
} from "../../core/readings";
import en from "../../locales/en/readings.json";
import el from "../../locales/el/readings.json";

let nextId = 1;
function reading(
  date_ins: string,
  cp_code: string,
  value: number,
  origin = 1,
  registeredBy?: "operator" | "client",
): ApiReading {
  const by = registeredBy ?? (origin === 1 ? "operator" : "client");
  return {
    id: nextId++,
    meter_id: 1,
    date_ins,
    cp_code,
    origin,
    value,
    registeredBy: by,
    source: by,
    created_at: `${date_ins}T10:30:00.000Z`,
  };
}

describe("reading classes (spec §4)", () => {
  it("day cp_codes 10, 11, 21, 22, 23, 40–43; night 12, 13, 24, 44; others none", () => {
    for (const code of ["10", "11", "21", "22", "23", "40", "41", "42", "43"])
      expect(registerOf({ cp_code: code })).toBe("day");
    for (const code of ["12", "13", "24", "44"])
      expect(registerOf({ cp_code: code })).toBe("night");
    for (const code of ["14", "20", "45", "", "1O"])
      expect(registerOf({ cp_code: code })).toBeNull();
    expect(registerOf({ cp_code: " 44 " })).toBe("night");
  });

  it("excludes origin 5 and unknown codes", () => {
    const rows = [
      reading("2026-01-01", "10", 1),
      reading("2026-01-02", "21", 2, 5),
      reading("2026-01-03", "99", 3),
    ];
    expect(countedReadings(rows).map((r) => r.value)).toEqual([1]);
  });

  it("registeredBy: the stored flag, else origin 1 = operator", () => {
    expect(registeredByOf({ origin: 1 })).toBe("operator");
    expect(registeredByOf({ origin: 2 })).toBe("client");
    expect(registeredByOf({ origin: 1, registeredBy: "client" })).toBe("client");
  });
});

describe("last readings", () => {
  it("are those sharing the newest date_ins, split into day and night", () => {
    const rows = [
      reading("2026-05-01", "10", 100),
      reading("2026-05-01", "12", 50),
      reading("2026-09-01", "13", 80, 2), // newest date, night first in the list
      reading("2026-09-01", "11", 160, 2),
      reading("2026-07-01", "10", 130),
    ];
    const last = lastReadings(rows);
    expect(last).toMatchObject({ date: "2026-09-01", registeredBy: "client" });
    expect(last?.day?.value).toBe(160);
    expect(last?.night?.value).toBe(80);
  });

  it("ignore a newer origin-5 reading", () => {
    const rows = [reading("2026-05-01", "10", 100), reading("2026-06-01", "21", 999, 5)];
    expect(lastReadings(rows)).toMatchObject({ date: "2026-05-01", registeredBy: "operator" });
  });

  it("handle a supply without a night register, mixed stamps and no readings", () => {
    const rows = [reading("2026-05-01T08:00:00Z", "10", 100), reading("2026-05-01", "10", 101)];
    const last = lastReadings(rows);
    expect(last?.date).toBe("2026-05-01");
    expect(last?.day?.value).toBe(101); // the newest entry of that date
    expect(last?.night).toBeNull();
    expect(lastReadings([])).toBeNull();
    expect(lastReadings([reading("2026-01-01", "21", 5, 5)])).toBeNull();
  });

  it("operator and client on the same date: the client's values, registeredBy client", () => {
    const rows = [reading("2026-05-01", "10", 100), reading("2026-05-01", "11", 104, 2)];
    const last = lastReadings(rows);
    expect(last?.day?.value).toBe(104);
    expect(last?.registeredBy).toBe("client");
  });
});

describe("network-operator readings around a date", () => {
  const rows = [
    reading("2026-01-10", "10", 100),
    reading("2026-01-10", "12", 40),
    reading("2026-03-10", "11", 150, 2),
    reading("2026-05-10", "10", 200),
    reading("2026-06-01", "21", 999, 5), // excluded
    reading("2026-09-10", "10", 300),
  ];
  it("previous: the newest origin-1 reading strictly before", () => {
    expect(previousOperatorReading(rows, "2026-05-10")?.date).toBe("2026-01-10");
    expect(previousOperatorReading(rows, "2026-03-10")?.night?.value).toBe(40);
    expect(previousOperatorReading(rows, "2026-01-10")).toBeNull();
  });
  it("next: the oldest origin-1 reading strictly after", () => {
    expect(nextOperatorReading(rows, "2026-03-10")?.date).toBe("2026-05-10");
    expect(nextOperatorReading(rows, "2026-05-10")?.date).toBe("2026-09-10");
    expect(nextOperatorReading(rows, "2026-09-10")).toBeNull();
  });
  it("previous value: the highest counted value of the register", () => {
    expect(previousValue(rows, "day")).toBe(300);
    expect(previousValue(rows, "night")).toBe(40);
    expect(previousValue([], "day")).toBeNull();
  });
  it("night register: from the meter or from existing night values", () => {
    expect(hasNightRegister({ has_night: 0 }, rows)).toBe(true);
    expect(hasNightRegister({ has_night: 1 }, [])).toBe(true);
    expect(hasNightRegister({ has_night: 0 }, [reading("2026-01-01", "24", 1, 5)])).toBe(false);
  });
});

describe("page visibility (spec §2 kataxorisi)", () => {
  const meter = { division: 1, category: "Γ1", voltage_type: "01" };
  it("electricity only; not B1/G22; not voltage 02/03", () => {
    expect(canSubmitReadings(meter)).toBe(true);
    expect(canSubmitReadings({ ...meter, division: 2 })).toBe(false);
    expect(canSubmitReadings({ ...meter, division: 3 })).toBe(false);
    expect(canSubmitReadings({ ...meter, category: "B1" })).toBe(false);
    expect(canSubmitReadings({ ...meter, category: "xg22" })).toBe(false);
    expect(canSubmitReadings({ ...meter, voltage_type: "02" })).toBe(false);
    expect(canSubmitReadings({ ...meter, voltage_type: "03" })).toBe(false);
    expect(canSubmitReadings({ ...meter, voltage_type: "04" })).toBe(true);
  });
  // The sidebar shows the item for electricity meters that pass the guard (spec §2: "only for
  // electricity meters"; the guard itself names division 2).
  it("agrees with the portal's sidebar rule (electricity + page-visibility guard)", () => {
    for (const division of [1, 2, 3])
      for (const category of ["", "Γ21", "B1", "ΒB1", "G22", "g22x"])
        for (const voltage_type of ["01", "02", "03", " 02 "]) {
          const m = { division, category, voltage_type };
          expect([m, canSubmitReadings(m)]).toEqual([m, isElectricityMeter(m) && isPageVisible(m)]);
        }
  });
});

describe("reading period (indication)", () => {
  const meter = {
    status: "Active",
    division: 1,
    category: "Γ1",
    voltage_type: "01",
    indication_open_from: "2026-11-19",
    indication_open_to: "2026-11-29",
    next_reading_date: "2027-01-06",
  };
  it("is open from ≤ today ≤ to, both ends included", () => {
    expect(indicationState(meter, "2026-11-19")).toEqual({
      open: true,
      from: "2026-11-19",
      until: "2026-11-29",
    });
    expect(indicationState(meter, "2026-11-29").open).toBe(true);
  });
  it("closed: reopens on the future opening date, else the next reading date, else unknown", () => {
    expect(indicationState(meter, "2026-11-18")).toEqual({
      open: false,
      nextOpening: "2026-11-19",
    });
    expect(indicationState(meter, "2026-11-30")).toEqual({
      open: false,
      nextOpening: "2027-01-06",
    });
    expect(
      indicationState(
        { ...meter, indication_open_from: null, indication_open_to: null },
        "2026-11-30",
      ),
    ).toEqual({ open: false, nextOpening: "2027-01-06" });
    expect(indicationState({ ...meter, next_reading_date: "2026-01-01" }, "2026-12-01")).toEqual({
      open: false,
      nextOpening: null,
    });
  });
  it("the form needs an Active, visible supply in an open period", () => {
    expect(canSubmitNow(meter, "2026-11-20")).toBe(true);
    expect(canSubmitNow({ ...meter, status: "Stopped" }, "2026-11-20")).toBe(false);
    expect(canSubmitNow({ ...meter, division: 2 }, "2026-11-20")).toBe(false);
    expect(canSubmitNow(meter, "2026-12-20")).toBe(false);
  });
  it("a reading is due until the customer sends one in this period", () => {
    const before = [reading("2026-10-01", "10", 100), reading("2026-11-01", "11", 120, 2)];
    expect(isReadingDue(meter, before, "2026-11-20")).toBe(true);
    const operatorInPeriod = [...before, reading("2026-11-20", "10", 150)];
    expect(isReadingDue(meter, operatorInPeriod, "2026-11-20")).toBe(true);
    const sent = [...before, reading("2026-11-20", "11", 150, 2)];
    expect(isReadingDue(meter, sent, "2026-11-20")).toBe(false);
    const excluded = [...before, reading("2026-11-20", "21", 150, 5, "client")];
    expect(isReadingDue(meter, excluded, "2026-11-20")).toBe(true);
    expect(isReadingDue(meter, before, "2026-12-20")).toBe(false);
    expect(isReadingDue({ ...meter, voltage_type: "03" }, before, "2026-11-20")).toBe(false);
  });
});

describe("plausibility (spec §5: far higher, possible decimal digit)", () => {
  // 10 kWh a day over 100 days; the last reading 10 days before "today".
  const history = [reading("2026-01-01", "10", 1000), reading("2026-04-11", "10", 2000)];
  const today = "2026-04-21";
  it("expects the average daily use times the days elapsed", () => {
    expect(plausibility(history, "day", 2100, today)).toEqual({ status: "ok", expected: 2100 });
    expect(plausibility(history, "day", 2150, today).status).toBe("ok"); // within the 100 kWh margin
  });
  it("a value ten times the expected index looks like a missed decimal point", () => {
    expect(plausibility(history, "day", 21000, today)).toEqual({
      status: "warn",
      reason: "decimal",
      expected: 2100,
      use: 19000,
      expectedUse: 100,
      ratio: 190,
    });
    expect(plausibility(history, "day", 20999, today)).toMatchObject({
      status: "warn",
      reason: "high",
    });
  });
  it("far higher consumption than expected warns", () => {
    // expected use 100; 301 is over 3× and over +100
    expect(plausibility(history, "day", 2301, today)).toMatchObject({
      status: "warn",
      reason: "high",
    });
    expect(plausibility(history, "day", 2300, today).status).toBe("ok");
  });
  it("at least one day elapses, even for a second reading the same day", () => {
    expect(plausibility(history, "day", 2010, "2026-04-11").status).toBe("ok");
    expect(plausibility(history, "day", 2200, "2026-04-11").status).toBe("warn");
  });
  it("no basis, no warning: one reading, one date, only origin 5, or the other register", () => {
    expect(plausibility([reading("2026-01-01", "10", 1000)], "day", 90000, today).status).toBe(
      "ok",
    );
    expect(
      plausibility(
        [reading("2026-01-01", "10", 1000), reading("2026-01-01", "11", 1001, 2)],
        "day",
        90000,
        today,
      ).status,
    ).toBe("ok");
    expect(plausibility(history, "night", 90000, today).status).toBe("ok");
    const excluded = [reading("2026-01-01", "21", 1000, 5), reading("2026-04-11", "21", 2000, 5)];
    expect(plausibility(excluded, "day", 90000, today).status).toBe("ok");
  });
  it("values not above the previous reading are not its business", () => {
    expect(plausibility(history, "day", 1500, today).status).toBe("ok");
  });
});

describe("the reading form schema (browser and action)", () => {
  const schema = readingFormSchema({ hasNight: true, previous: { day: 2000, night: 900 } });
  const parse = (fields: Record<string, string>, s = schema) => {
    const formData = new FormData();
    for (const [k, v] of Object.entries(fields)) formData.set(k, v);
    return parseWithZod(formData, { schema: s });
  };
  it("accepts whole numbers above the previous values", () => {
    const result = parse({ meter_id: "1", day: " 2010 ", night: "0950", confirm: "on" });
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value).toEqual({ meter_id: 1, day: 2010, night: 950, confirm: true });
  });
  it("required, numeric, whole, at most 9 digits, greater than the previous reading", () => {
    const errors = (fields: Record<string, string>) =>
      parse({ meter_id: "1", ...fields }).reply().error;
    expect(errors({ night: "950" })?.day).toEqual(["validate.require"]);
    expect(errors({ day: "12a", night: "950" })?.day).toEqual(["validate.number"]);
    expect(errors({ day: "-5", night: "950" })?.day).toEqual(["validate.number"]);
    expect(errors({ day: "2010,5", night: "950" })?.day).toEqual(["readings:errors.wholeNumber"]);
    expect(errors({ day: "1234567890", night: "950" })?.day).toEqual(["readings:errors.tooLong"]);
    expect(errors({ day: "2000", night: "950" })?.day).toEqual(["readings:errors.notGreater"]);
    expect(errors({ day: "2010", night: "899" })?.night).toEqual(["readings:errors.notGreater"]);
    expect(errors({ day: "2010" })?.night).toEqual(["validate.require"]);
  });
  it("without a night register the night field is ignored; without history any value goes", () => {
    const single = readingFormSchema({ hasNight: false, previous: { day: null, night: null } });
    const result = parse({ meter_id: "1", day: "5", night: "abc" }, single);
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.night).toBeUndefined();
  });
  it("a day-only supply's form, which has no night field at all, is accepted", () => {
    const single = readingFormSchema({ hasNight: false, previous: { day: 100, night: null } });
    const result = parse({ meter_id: "1", day: "150" }, single);
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value).toEqual({ meter_id: 1, day: 150 });
  });
});

describe("history and consumption", () => {
  const rows = [
    reading("2026-01-01", "10", 1000),
    reading("2026-01-01", "12", 500),
    reading("2026-03-02", "11", 1600, 2),
    reading("2026-03-02", "13", 800, 2),
    reading("2026-03-02", "10", 1590), // operator on the same day: its own row
    reading("2026-04-01", "21", 9999, 5),
    reading("2026-05-01", "10", 2200),
    reading("2026-05-01", "12", 1100),
  ];
  it("history: newest first, one row per date and author, origin 5 left out", () => {
    expect(historyRows(rows).map((r) => [r.date, r.registeredBy, r.day, r.night])).toEqual([
      ["2026-05-01", "operator", 2200, 1100],
      ["2026-03-02", "client", 1600, 800],
      ["2026-03-02", "operator", 1590, null],
      ["2026-01-01", "operator", 1000, 500],
    ]);
  });
  it("consumption between consecutive dates, highest value per date", () => {
    expect(consumptionPeriods(rows)).toEqual([
      {
        from: "2026-01-01",
        to: "2026-03-02",
        days: 60,
        day: 600,
        night: 300,
        perDay: 15,
        estimated: false,
      },
      {
        from: "2026-03-02",
        to: "2026-05-01",
        days: 60,
        day: 600,
        night: 300,
        perDay: 15,
        estimated: false,
      },
    ]);
    expect(consumptionPeriods(rows, 1)).toHaveLength(1);
    expect(consumptionPeriods([reading("2026-01-01", "10", 1)])).toEqual([]);
  });
  it("an estimated reading makes the periods on both sides of it estimated (#20)", () => {
    const estimated = (date: string, cp: string, value: number): ApiReading => ({
      ...reading(date, cp, value),
      source: "estimated",
    });
    const periods = consumptionPeriods([
      reading("2026-01-01", "10", 1000),
      estimated("2026-03-02", "10", 1600),
      reading("2026-05-01", "10", 2200),
      reading("2026-07-01", "10", 2800),
    ]);
    expect(periods.map((p) => [p.from, p.estimated])).toEqual([
      ["2026-01-01", true],
      ["2026-03-02", true],
      ["2026-05-01", false],
    ]);
  });
  it("a register going backwards (meter replaced) gives no period", () => {
    expect(
      consumptionPeriods([reading("2026-01-01", "10", 1000), reading("2026-02-01", "10", 10)]),
    ).toEqual([]);
  });
  it("paging from the URL: defaults, clamping, allowed sizes", () => {
    const p = (q: string, total = 45) => readPaging(new URLSearchParams(q), total);
    expect(p("")).toEqual({ page: 1, size: 10, pageCount: 5, total: 45 });
    expect(p("page=3&size=20")).toEqual({ page: 3, size: 20, pageCount: 3, total: 45 });
    expect(p("page=99")).toMatchObject({ page: 5 });
    expect(p("page=-1&size=7")).toMatchObject({ page: 1, size: 10 });
    expect(p("page=abc", 0)).toEqual({ page: 1, size: 10, pageCount: 1, total: 0 });
    expect(pageOf([1, 2, 3, 4, 5], { page: 2, size: 2, pageCount: 3, total: 5 })).toEqual([3, 4]);
  });
});

describe("#15 readings that can be put right", () => {
  // 26,919 kWh after a year of 10 kWh a day; today 30 days after the last reading: 300 expected.
  const history = [
    reading("2025-10-01", "10", 23_269),
    reading("2025-10-01", "12", 9_000),
    reading("2026-10-01", "10", 26_919),
    reading("2026-10-01", "12", 10_000),
  ];
  const today = "2026-10-31";

  it("#15 the warning states the real ratio against the customer's own history", () => {
    // 30,000 kWh more than expected 300: about 100 times, not "about tenfold".
    const [warning] = readingWarnings(
      history,
      [{ register: "day", value: 26_919 + 30_000 }],
      today,
    );
    expect(warning).toMatchObject({ register: "day", reason: "high", ratio: 100 });
    // 2,712,000 against 26,919 (100× the index): 2,685,081 kWh against 300, about 9,000 times.
    const [slip] = readingWarnings(history, [{ register: "day", value: 2_712_000 }], today);
    expect(slip).toMatchObject({ register: "day", reason: "decimal", ratio: 9_000 });
    expect([roundRatio(3.4), roundRatio(7.6), roundRatio(26.86), roundRatio(2_686)]).toEqual([
      3, 8, 27, 2_700,
    ]);
    // Both languages put the number in the text.
    for (const texts of [en, el]) expect(texts.warning.ratio).toContain("{{ratio}}");
  });

  it("#15 the warning names every suspicious register", () => {
    const values = [
      { register: "day" as const, value: 26_919 + 3_000 },
      { register: "night" as const, value: 10_000 + 2_000 },
    ];
    const warnings = readingWarnings(history, values, today);
    expect(warnings.map((w) => [w.register, w.ratio])).toEqual([
      ["day", 10],
      ["night", 24],
    ]);
    // A plausible night value is not named.
    const dayOnly = readingWarnings(
      history,
      [values[0]!, { register: "night", value: 10_090 }],
      today,
    );
    expect(dayOnly.map((w) => w.register)).toEqual(["day"]);
  });

  it("#15 over 12 times the highest billed period of two years (or 100,000 kWh) is refused", () => {
    const bill = (issue_date: string, day_kwh: number, night_kwh = 0, type = "Clearance") => ({
      type,
      issue_date,
      day_kwh,
      night_kwh,
    });
    const bills = [
      bill("2026-07-01", 900, 300), // highest in the window: 1,200
      bill("2025-01-01", 800),
      bill("2024-10-30", 5_000), // older than two years: ignored
      bill("2026-08-01", 9_000, 0, "Credit"), // not a billed period
    ];
    expect(consumptionCap(bills, today)).toBe(14_400);
    expect(consumptionCap([], today)).toBe(CAP_NO_HISTORY_KWH);
    expect(consumptionCap([bill("2020-01-01", 5_000)], today)).toBe(100_000);
    // day + night consumption together against the cap; the register with the most use is named.
    const at = (day: number, night: number) => [
      { register: "day" as const, value: 26_919 + day },
      { register: "night" as const, value: 10_000 + night },
    ];
    expect(overCap(history, at(10_000, 4_400), 14_400)).toBeNull();
    expect(overCap(history, at(10_000, 4_401), 14_400)).toBe("day");
    expect(overCap(history, at(1_000, 99_001), 100_000)).toBe("night");
    expect(overCap(history, [{ register: "day", value: 2_712_000 }], 14_400)).toBe("day");
  });

  const open: IndicationState = { open: true, from: "2026-10-25", until: "2026-11-05" };
  const withWrong = () => [
    ...history,
    reading("2026-10-31", "11", 269_190, 2), // a decimal digit typed as a whole one
    reading("2026-10-31", "13", 10_300, 2),
  ];

  it("#15 a correction is judged against the reading before it", () => {
    const rows = withWrong();
    const target = correctableReading(rows, open);
    expect(target?.ids).toEqual([rows[4]!.id, rows[5]!.id]);
    expect([target?.day?.value, target?.night?.value]).toEqual([269_190, 10_300]);
    const before = withoutReading(rows, target!);
    expect([previousValue(before, "day"), previousValue(before, "night")]).toEqual([
      26_919, 10_000,
    ]);
    // The right value is below the wrong one: accepted against the reading before it…
    const schema = readingFormSchema({
      hasNight: true,
      previous: { day: previousValue(before, "day"), night: previousValue(before, "night") },
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({ meter_id: "1", day: "27219", night: "10100" }))
      form.set(k, v);
    expect(parseWithZod(form, { schema }).status).toBe("success");
    // …still refused when not above it.
    form.set("day", "26919");
    expect(parseWithZod(form, { schema }).reply().error?.day).toEqual([
      "readings:errors.notGreater",
    ]);
    expect(readingWarnings(before, [{ register: "day", value: 27_219 }], today)).toEqual([]);
  });

  it("#15 a corrected reading stays in the history, marked, and counts no more", () => {
    const rows = withWrong().map((r) =>
      r.value === 269_190 || r.value === 10_300
        ? { ...r, corrected_at: "2026-10-31T12:00:00Z" }
        : r,
    );
    rows.push(
      { ...reading("2026-10-31", "11", 27_219, 2), created_at: "2026-10-31T12:00:00Z" },
      { ...reading("2026-10-31", "13", 10_100, 2), created_at: "2026-10-31T12:00:00Z" },
    );
    expect(previousValue(rows, "day")).toBe(27_219);
    expect(lastReadings(rows)).toMatchObject({ registeredBy: "client" });
    expect([lastReadings(rows)?.day?.value, lastReadings(rows)?.night?.value]).toEqual([
      27_219, 10_100,
    ]);
    expect(countedReadings(rows).some((r) => r.value === 269_190)).toBe(false);
    expect(historyRows(rows).map((r) => [r.date, r.day, r.night, r.corrected])).toEqual([
      ["2026-10-31", 27_219, 10_100, false],
      ["2026-10-31", 269_190, 10_300, true],
      ["2026-10-01", 26_919, 10_000, false],
      ["2025-10-01", 23_269, 9_000, false],
    ]);
    expect(consumptionPeriods(rows).at(-1)).toMatchObject({ day: 300, night: 100 });
    // The replacement is now the one to correct.
    expect(correctableReading(rows, open)?.day?.value).toBe(27_219);
  });

  it("#15 only the customer's own latest reading of the open period can be corrected", () => {
    const rows = withWrong();
    expect(correctableReading(rows, { open: false, nextOpening: null })).toBeNull();
    // Sent before this period opened.
    expect(
      correctableReading(rows, { open: true, from: "2026-11-01", until: "2026-11-05" }),
    ).toBeNull();
    // The network operator read the meter after it.
    expect(correctableReading([...rows, reading("2026-11-01", "10", 27_000)], open)).toBeNull();
    // The latest is the operator's: nothing of the customer's to correct.
    expect(correctableReading(history, open)).toBeNull();
  });
});
