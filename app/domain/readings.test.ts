import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { ApiReading } from "../../api/contract";
import { isElectricityMeter, isPageVisible } from "./meters";
import {
  canSubmitNow,
  canSubmitReadings,
  consumptionPeriods,
  countedReadings,
  hasNightRegister,
  historyRows,
  indicationState,
  isReadingDue,
  lastReadings,
  nextOperatorReading,
  pageOf,
  plausibility,
  previousOperatorReading,
  previousValue,
  readingFormSchema,
  readPaging,
  registerOf,
  registeredByOf,
} from "./readings";

let nextId = 1;
function reading(
  date_ins: string,
  cp_code: string,
  value: number,
  origin = 1,
  registeredBy?: "operator" | "client",
): ApiReading {
  return {
    id: nextId++,
    meter_id: 1,
    date_ins,
    cp_code,
    origin,
    value,
    registeredBy: registeredBy ?? (origin === 1 ? "operator" : "client"),
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
      { from: "2026-01-01", to: "2026-03-02", days: 60, day: 600, night: 300, perDay: 15 },
      { from: "2026-03-02", to: "2026-05-01", days: 60, day: 600, night: 300, perDay: 15 },
    ]);
    expect(consumptionPeriods(rows, 1)).toHaveLength(1);
    expect(consumptionPeriods([reading("2026-01-01", "10", 1)])).toEqual([]);
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
