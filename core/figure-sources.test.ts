import { describe, expect, it } from "vitest";
import {
  consumptionSourceOf,
  isActualReading,
  readingSourceOf,
  readingStaleness,
  type SourcesMeter,
} from "./figure-sources";

describe("readingSourceOf", () => {
  it.each([
    [0, "operator", "operator"],
    [0, "client", "client"],
    [1, "operator", "estimated"],
    [1, "client", "estimated"],
    [true, "operator", "estimated"],
    [false, "client", "client"],
  ] as const)("estimated %s, registered by %s → %s", (estimated, registered_by, source) => {
    expect(readingSourceOf({ estimated, registered_by })).toBe(source);
  });

  it("only an estimate is not actual (a customer's reading is actual, ADR 0022)", () => {
    expect(isActualReading("operator")).toBe(true);
    expect(isActualReading("client")).toBe(true);
    expect(isActualReading("estimated")).toBe(false);
  });
});

describe("consumptionSourceOf", () => {
  it.each([
    ["Clearance", 0, "actual"],
    ["Clearance", 1, "estimated"],
    ["Advance", 1, "estimated"],
    ["Advance", 0, "actual"],
    ["Manual", 1, "estimated"],
    ["Clearance", null, null],
    ["Credit", 1, null],
    ["Cancelled", 0, null],
    ["payment", null, null],
    ["payment", 1, null],
  ] as const)("%s with consumption_estimated %s → %s", (type, consumption_estimated, source) => {
    expect(consumptionSourceOf({ type, consumption_estimated })).toBe(source);
  });
});

describe("readingStaleness", () => {
  const TODAY = "2026-11-29";
  const meter = (over: Partial<SourcesMeter> = {}): SourcesMeter => ({
    status: "Active",
    division: 1,
    category: "Γ1",
    voltage_type: "01",
    indication_open_from: "2026-11-26",
    indication_open_to: "2026-12-06",
    next_reading_date: "2027-01-13",
    last_actual_reading_date: "2026-03-01",
    billing_period_from: "2026-08-19",
    ...over,
  });

  it.each([
    ["actual reading before the period: stale", "2026-08-18", "2026-08-19", true],
    ["actual reading on the period's first day: not stale", "2026-08-19", "2026-08-19", false],
    ["actual reading inside the period: not stale", "2026-10-01", "2026-08-19", false],
    ["no actual reading at all (gas, unread supplies): not stale", null, "2026-08-19", false],
    ["no bill (no period): never stale", "2020-01-01", null, false],
    ["no reading and no bill: not stale", null, null, false],
    ["timestamps compare by date", "2026-08-19T23:00:00Z", "2026-08-19", false],
  ] as const)("%s", (_, last_actual_reading_date, billing_period_from, stale) => {
    const result = readingStaleness(
      meter({ last_actual_reading_date, billing_period_from }),
      TODAY,
    );
    expect(result.stale).toBe(stale);
  });

  it("says the last actual reading's date and the period's start", () => {
    expect(readingStaleness(meter(), TODAY)).toEqual({
      stale: true,
      lastActual: "2026-03-01",
      periodFrom: "2026-08-19",
      canSubmit: true,
    });
  });

  it.each([
    ["the reading period is open", {}, true],
    [
      "the period is closed",
      { indication_open_from: "2026-10-01", indication_open_to: "2026-10-10" },
      false,
    ],
    ["the period opens later", { indication_open_from: "2026-12-01" }, false],
    ["no period at all", { indication_open_from: null, indication_open_to: null }, false],
    ["a stopped supply", { status: "Stopped" }, false],
    ["gas (division 2)", { division: 2 }, false],
    ["category B1", { category: "B1" }, false],
    ["category G22", { category: "G22" }, false],
    ["voltage 02", { voltage_type: "02" }, false],
    ["voltage 03", { voltage_type: "03" }, false],
  ] as const)("links to the reading page when %s: %s", (_, over, canSubmit) => {
    const result = readingStaleness(meter(over), TODAY);
    expect(result).toMatchObject({ stale: true, canSubmit });
  });
});
