import { describe, expect, it } from "vitest";
import {
  dayNumber,
  FORECAST_LINE_KEYS,
  forecastNextBill,
  type Forecast,
  type ForecastBill,
  type ForecastFigures,
  type ForecastInput,
} from "./forecast";
import { NRG_HOME_FIXED, NRG_HOME_NIGHT, type ElectricityPrices, type GasPrices } from "./products";

// ---- histories ----

/** kWh a day in a month (YYYY-MM): a number is all day use; night apart for day/night meters. */
type PerDay = number | { day: number; night: number };

interface HistoryOptions {
  /** The first month billed, YYYY-MM. */
  from: string;
  months: number;
  perDay: (month: string) => PerDay;
  /** A Clearance every this many months (the demo's 3), settling their advances; 0: none. */
  clearanceEvery?: number;
  /** Every bill's consumption estimated (the Clearances' too). */
  estimated?: boolean;
  /** Months without any bill (a gap: whole quarters, so no Clearance covers them either). */
  skip?: readonly string[];
  municipalityPerDay?: number;
}

const daysIn = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const addMonths = (month: string, n: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};
const r2 = (euros: number) => Math.round(euros * 100) / 100;

/**
 * The demo's kind of history (seed/invoices.ts): a calendar month's Advance each month, billing 90 %
 * of the month's use as an estimate, and every third month a Clearance with the quarter's metered
 * kWh, issued on the 1st of the month after, each followed by a payment (no period, no kWh).
 *
 * The Clearances' prices are chosen so that their per-kWh figures are round: energy 0,15 €/kWh,
 * regulated 0,05 €/kWh, municipality 0,20 €/day, taxes 10 % of the three (whole kWh make those
 * sums whole tens of cents, so 10 % of them is exact).
 */
function history(options: HistoryOptions): ForecastBill[] {
  const every = options.clearanceEvery ?? 3;
  const municipality = options.municipalityPerDay ?? 0.2;
  const source = options.estimated ? "estimated" : "actual";
  const bills: ForecastBill[] = [];
  const row = (
    type: ForecastBill["type"],
    from: string,
    to: string,
    day: number,
    night: number,
    days: number,
  ): ForecastBill => {
    const energy = r2((day + night) * 0.15);
    const regulated = r2((day + night) * 0.05);
    const municipal = r2(days * municipality);
    return {
      type,
      issue_date: `${addMonths(to.slice(0, 7), 1)}-01`,
      period_from: from,
      period_to: to,
      consumption_source: source,
      day_kwh: day,
      night_kwh: night,
      energy,
      regulated,
      municipality: municipal,
      taxes: r2((energy + regulated + municipal) * 0.1),
    };
  };
  for (let i = 0; i < options.months; i++) {
    const month = addMonths(options.from, i);
    if (options.skip?.includes(month)) continue;
    const use = options.perDay(month);
    const { day, night } = typeof use === "number" ? { day: use, night: 0 } : use;
    const days = daysIn(month);
    const last = `${month}-${String(days).padStart(2, "0")}`;
    bills.push(row("Advance", `${month}-01`, last, day * days * 0.9, night * days * 0.9, days));
    if (every > 0 && (i + 1) % every === 0) {
      const quarter = Array.from({ length: every }, (_, k) => addMonths(month, k - every + 1));
      if (!quarter.some((m) => options.skip?.includes(m))) {
        let dayKwh = 0;
        let nightKwh = 0;
        for (const m of quarter) {
          const u = options.perDay(m);
          dayKwh += (typeof u === "number" ? u : u.day) * daysIn(m);
          nightKwh += (typeof u === "number" ? 0 : u.night) * daysIn(m);
        }
        const quarterDays = quarter.reduce((sum, m) => sum + daysIn(m), 0);
        bills.push(row("Clearance", `${quarter[0]}-01`, last, dayKwh, nightKwh, quarterDays));
      }
    }
    bills.push({
      ...row("payment", last, last, 0, 0, 0),
      period_from: null,
      period_to: null,
      consumption_source: null,
    });
  }
  return bills;
}

/**
 * Seasonal use: winter high, summer low. January and July differ from year to year (the range);
 * the other months repeat, so the trend between the same quarters of two years is 1.
 */
const JANUARY: Record<string, number> = { "2024": 28, "2025": 32, "2026": 30 };
const JULY: Record<string, number> = { "2024": 11, "2025": 13 };
function seasonal(month: string): number {
  const [year = "", mm = ""] = month.split("-");
  if (mm === "01") return JANUARY[year] ?? 30;
  if (mm === "07") return JULY[year] ?? 12;
  if (["11", "12", "02"].includes(mm)) return 25;
  if (["06", "08"].includes(mm)) return 12;
  return 18;
}

const elec = (
  bills: ForecastBill[],
  tariff: ElectricityPrices | null = NRG_HOME_FIXED.prices,
  today = "2027-01-10",
): ForecastInput => ({ today, bills, division: "electricity", tariff });

function figures(forecast: Forecast): ForecastFigures {
  if (forecast.kind !== "forecast") throw new Error(`no forecast: ${forecast.reason}`);
  return forecast;
}
const cents = (f: ForecastFigures, key: (typeof FORECAST_LINE_KEYS)[number]) =>
  f.lines.find((line) => line.key === key)?.cents;

/** Every forecast the table makes, for the checks that hold for all of them. */
const made: [string, ForecastFigures][] = [];
const forecast = (name: string, input: ForecastInput) => {
  const f = figures(forecastNextBill(input));
  made.push([name, f]);
  return f;
};

// The standing charge of NRG_HOME_FIXED / NRG_HOME_NIGHT over a 31-day period: 5 € × 31 ÷ 30.4375.
const STANDING_31 = (5 * 31) / 30.4375;

// ---- the table ----

describe("forecastNextBill (#37 §1: the next bill's forecast)", () => {
  const seasonalBills = history({ from: "2024-01", months: 36, perDay: seasonal });

  it("seasonal, January: last January's use, the range of the three Januaries", () => {
    const f = forecast("seasonal January", elec(seasonalBills));
    // Monthly bills: the next period is the month after the newest bill's, 31 days.
    expect(f.period).toEqual({ from: "2027-01-01", to: "2027-01-31", days: 31 });
    expect(f.yearsUsed).toEqual([2026, 2025, 2024]);
    // Oct–Dec 2026 as Oct–Dec 2025: no trend.
    expect(f.trend).toMatchObject({ factor: 1, raw: 1, clamped: false });
    expect(f.trend.recent).toMatchObject({ from: "2026-10-03", to: "2026-12-31", days: 90 });
    expect(f.trend.yearBefore).toMatchObject({ from: "2025-10-03", to: "2025-12-31" });
    // January 2026: 30 kWh a day × 31 (the Jan–Mar Clearance spread as its advances were).
    expect(f.kwh).toEqual({ day: 30 * 31, night: 0 });
    expect(f.years.map((y) => y.dayKwh)).toEqual([30 * 31, 32 * 31, 28 * 31]);
    expect(f.pricedFrom).toBe("tariff");
    expect(f.estimatesUsed).toBe(false);
    expect(f.historyMonths).toBe(36);
    expect(f.reference).toMatchObject({ period_from: "2026-10-01", period_to: "2026-12-31" });

    // energy 5 × 31 ÷ 30,4375 + 930 × 0,139 = 134,3624 → 13436
    expect(cents(f, "energy")).toBe(Math.round((STANDING_31 + 930 * 0.139) * 100));
    expect(cents(f, "energy")).toBe(13436);
    expect(cents(f, "regulated")).toBe(930 * 5); // 930 kWh × 0,05 €
    expect(cents(f, "municipality")).toBe(31 * 20); // 31 days × 0,20 €
    expect(cents(f, "taxes")).toBe(Math.round((13436 + 4650 + 620) * 0.1)); // 1870,6 → 1871
    expect(f.centralCents).toBe(13436 + 4650 + 620 + 1871);
    // low: January 2024, 28 × 31 = 868 kWh; high: January 2025, 32 × 31 = 992 kWh.
    const low = Math.round((STANDING_31 + 868 * 0.139) * 100) + 868 * 5 + 620; // 12574 + 4340 + 620
    const high = Math.round((STANDING_31 + 992 * 0.139) * 100) + 992 * 5 + 620; // 14298 + 4960 + 620
    expect(f.range).toEqual({
      lowCents: low + Math.round(low * 0.1),
      highCents: high + Math.round(high * 0.1),
    });
    expect(f.range).toEqual({ lowCents: 19287, highCents: 21866 });
    expect(f.years.map((y) => y.cents)).toEqual([f.centralCents, 21866, 19287]);
  });

  it("seasonal, July: a summer month forecasts lower than a winter one", () => {
    const bills = history({ from: "2024-01", months: 30, perDay: seasonal });
    const f = forecast("seasonal July", elec(bills, NRG_HOME_FIXED.prices, "2026-07-05"));
    // Spacings of the last period ends 31, 28, 31, 30, 31, 30: median 30,5 → 31 days.
    expect(f.period).toEqual({ from: "2026-07-01", to: "2026-07-31", days: 31 });
    expect(f.yearsUsed).toEqual([2025, 2024]);
    expect(f.kwh.day).toBe(13 * 31);
    // 403 kWh: 5 × 31 ÷ 30,4375 + 403 × 0,139 = 61,1094 → 6111; + 2015 + 620; taxes 874,6 → 875
    expect(f.centralCents).toBe(6111 + 2015 + 620 + 875);
    // 341 kWh: 52,4914 → 5249; + 1705 + 620; taxes 757,4 → 757
    expect(f.range).toEqual({ lowCents: 5249 + 1705 + 620 + 757, highCents: f.centralCents });
    const january = figures(forecastNextBill(elec(seasonalBills)));
    expect(f.centralCents).toBeLessThan(january.centralCents);
  });

  /** 20 kWh a day until January 2026, then `after` a day: this year against last. */
  const growing = (after: number) =>
    history({
      from: "2024-01",
      months: 36,
      perDay: (month) => (month >= "2026-02" ? after : 20),
    });
  // 5 × 31 ÷ 30,4375 + kWh × 0,139, + kWh × 0,05 + 620, + 10 % taxes.
  const total = (kwh: number) => {
    const base = Math.round((STANDING_31 + kwh * 0.139) * 100) + Math.round(kwh * 0.05 * 100) + 620;
    return base + Math.round(base * 0.1);
  };

  it("growing: +20 % this year scales last year's January by 1,2", () => {
    const f = forecast("growing 20 %", elec(growing(24)));
    expect(f.trend).toMatchObject({ factor: 1.2, raw: 1.2, clamped: false });
    // January 2026 was still 20 a day: 620 kWh × 1,2 = 744.
    expect(f.kwh.day).toBe(744);
    // 108,5084 → 10851; + 3720 + 620 = 15191; taxes 1519,1 → 1519
    expect(f.centralCents).toBe(10851 + 3720 + 620 + 1519);
    expect(f.centralCents).toBe(total(744));
    // Every January was 620 kWh: the range is the central figure.
    expect(f.range).toEqual({ lowCents: f.centralCents, highCents: f.centralCents });
  });

  it("growing: a +60 % jump is clamped at 1,3", () => {
    const f = forecast("growing 60 %", elec(growing(32)));
    expect(f.trend).toMatchObject({ factor: 1.3, raw: 1.6, clamped: true });
    expect(f.kwh.day).toBe(806); // 620 × 1,3
    expect(f.centralCents).toBe(total(806));
  });

  it("a fall of 40 % is clamped at 0,7", () => {
    const f = forecast("falling 40 %", elec(growing(12)));
    expect(f.trend).toMatchObject({ factor: 0.7, raw: 0.6, clamped: true });
    expect(f.kwh.day).toBe(434); // 620 × 0,7
  });

  it("new supply: 8 months of bills is too little history, and says how much there is", () => {
    const bills = history({ from: "2026-05", months: 8, perDay: seasonal });
    expect(forecastNextBill(elec(bills))).toEqual({
      kind: "none",
      reason: "too_little_history",
      historyMonths: 8,
    });
  });

  it("estimates only: still a forecast, marked as made of estimates", () => {
    const bills = history({ from: "2024-01", months: 36, perDay: seasonal, estimated: true });
    const f = forecast("estimates only", elec(bills));
    expect(f.estimatesUsed).toBe(true);
    expect(f.years.every((y) => y.estimatedDays === y.days)).toBe(true);
    // The same figures as the metered history: only the flag differs.
    const metered = figures(forecastNextBill(elec(seasonalBills)));
    expect(f.centralCents).toBe(metered.centralCents);
    expect(f.range).toEqual(metered.range);
  });

  it("the trend comes from metered bills, not the advances since the last Clearance", () => {
    // Two advances after the last Clearance (Oct–Dec 2026): January and February 2027.
    const bills = history({ from: "2024-01", months: 38, perDay: seasonal });
    const f = forecast("advances since", elec(bills, NRG_HOME_FIXED.prices, "2027-03-10"));
    expect(f.period.from).toBe("2027-03-01");
    expect(f.trend.recent.to).toBe("2026-12-31");
    expect(f.trend.recent.estimatedDays).toBe(0);
    expect(f.estimatesUsed).toBe(false);
  });

  describe("meter readings (decision 8)", () => {
    // The bills of "advances since": the last Clearance ends 31/12/2026, then the January and
    // February 2027 advances (estimates). Today 10/03/2027.
    const bills = history({ from: "2024-01", months: 38, perDay: seasonal });
    const today = "2027-03-10";
    const reading = (date: string, value: number, register: "day" | "night" = "day") => ({
      date,
      register,
      value,
    });

    it("a reading sent today replaces the estimates since the last Clearance, and the trend ends on it", () => {
      // 69 days (01/01–10/03/2027) at 36 kWh a day: 2 484 kWh between the two readings.
      const readings = [reading("2026-12-31", 10_000), reading(today, 12_484)];
      const without = figures(forecastNextBill(elec(bills, NRG_HOME_FIXED.prices, today)));
      const f = forecast("reading today", {
        ...elec(bills, NRG_HOME_FIXED.prices, today),
        readings,
      });
      expect(without.trend.recent.to).toBe("2026-12-31");
      expect(without.fromReadings).toBeNull();
      expect(f.fromReadings).toEqual({
        from: "2027-01-01",
        to: today,
        days: 69,
        reading: today,
      });
      // The last 90 days now end today: 11–31/12/2026 (21 × 25 kWh = 525) + 2 484 = 3 009 kWh;
      // the same days a year before: 525 + 31 × 30 + 28 × 25 + 10 × 18 = 2 335 kWh.
      expect(f.trend.recent).toMatchObject({ from: "2026-12-11", to: today, kwh: 3009 });
      expect(f.trend.recent.estimatedDays).toBe(0);
      expect(f.trend.yearBefore.kwh).toBe(2335);
      expect(f.trend.raw).toBe(1.2887); // 3 009 ÷ 2 335 = 1,28865…
      // March 2026, 18 kWh × 31 = 558 kWh, × 1,2887 = 719,0946 → 719,095.
      expect(f.kwh.day).toBe(719.095);
      expect(f.centralCents).toBeGreaterThan(without.centralCents);
      expect(f.estimatesUsed).toBe(false);
    });

    it("never overrides an actual bill; a register that went down, or one missing, gives nothing", () => {
      const base = figures(forecastNextBill(elec(bills, NRG_HOME_FIXED.prices, today)));
      const same = (readings: ReturnType<typeof reading>[]) => {
        const f = figures(
          forecastNextBill({ ...elec(bills, NRG_HOME_FIXED.prices, today), readings }),
        );
        expect(f.fromReadings).toBeNull();
        expect(f.centralCents).toBe(base.centralCents);
        expect(f.trend).toEqual(base.trend);
      };
      // Both inside the Clearances' metered days: the bills stand.
      same([reading("2026-06-30", 5_000), reading("2026-09-30", 99_999)]);
      // A new meter (the index went down).
      same([reading("2026-12-31", 10_000), reading(today, 3)]);
      // After today: not yet.
      same([reading("2026-12-31", 10_000), reading("2027-03-20", 12_000)]);

      // A supply billed at night too needs both registers on both days.
      const nightBills = history({
        from: "2024-01",
        months: 38,
        perDay: (month) => ({ day: seasonal(month), night: 8 }),
      });
      const night = (readings: ReturnType<typeof reading>[]) =>
        figures(
          forecastNextBill({
            ...elec(nightBills, NRG_HOME_NIGHT.prices, today),
            readings,
          }),
        ).fromReadings;
      expect(night([reading("2026-12-31", 10_000), reading(today, 12_000)])).toBeNull();
      expect(
        night([
          reading("2026-12-31", 10_000),
          reading("2026-12-31", 4_000, "night"),
          reading(today, 12_000),
          reading(today, 4_552, "night"),
        ]),
      ).toMatchObject({ from: "2027-01-01", to: today, days: 69 });
    });
  });

  describe("a gap", () => {
    const gap = ["2025-01", "2025-02", "2025-03"];

    it("a year missing the period's months is not used", () => {
      const bills = history({ from: "2024-01", months: 36, perDay: seasonal, skip: gap });
      const f = forecast("gap", elec(bills));
      expect(f.yearsUsed).toEqual([2026, 2024]);
      expect(f.years.find((y) => y.year === 2025)).toMatchObject({
        used: false,
        coveredDays: 0,
        cents: null,
      });
      // January 2024 (868 kWh) and 2026 (930 kWh): the range is theirs.
      expect(f.range).toEqual({ lowCents: 19287, highCents: f.centralCents });
      expect(f.historyMonths).toBe(33); // (1096 − 90) days ÷ 30,4375 = 33,05
    });

    it("with fewer than two years left: none", () => {
      const bills = history({ from: "2025-01", months: 24, perDay: seasonal, skip: gap });
      expect(forecastNextBill(elec(bills))).toEqual({
        kind: "none",
        reason: "too_little_history",
        historyMonths: 21, // Apr 2025 – Dec 2026: 640 days ÷ 30,4375 = 21,03
      });
    });
  });

  it("no tariff: priced from the last Clearance's cost per kWh, and says so", () => {
    const f = forecast("no tariff", elec(seasonalBills, null));
    expect(f.pricedFrom).toBe("last_bill");
    expect(f.lines[0]).toEqual({
      key: "energy",
      cents: 930 * 15, // 930 kWh × 0,15 €, the Oct–Dec 2026 Clearance's energy ÷ its kWh
      basis: { pricedFrom: "last_bill", kwh: 930, perKwh: 0.15 },
    });
    expect(f.centralCents).toBe(13950 + 4650 + 620 + 1922); // taxes 10 % of 19220
  });

  describe("day/night tariff and single rate", () => {
    const bills = history({
      from: "2024-01",
      months: 36,
      perDay: () => ({ day: 20, night: 10 }),
    });

    it("a day/night tariff prices night kWh at the night rate", () => {
      const f = forecast("day/night", elec(bills, NRG_HOME_NIGHT.prices));
      expect(f.kwh).toEqual({ day: 620, night: 310 });
      const energy = f.lines[0];
      expect(energy?.basis).toEqual({
        pricedFrom: "tariff",
        standingPerMonth: 5,
        days: 31,
        daysPerMonth: 30.4375,
        usage: [
          { register: "day", kwh: 620, rate: 0.145 },
          { register: "night", kwh: 310, rate: 0.099 },
        ],
      });
      // 5,0924 + 620 × 0,145 + 310 × 0,099 = 125,6824 → 12568
      expect(energy?.cents).toBe(Math.round((STANDING_31 + 620 * 0.145 + 310 * 0.099) * 100));
      // + 930 kWh × 0,05 + 31 × 0,20 = 17838; taxes 1783,8 → 1784
      expect(f.centralCents).toBe(12568 + 4650 + 620 + 1784);
    });

    it("a single-rate tariff prices night kWh at its day rate", () => {
      const f = forecast("single rate", elec(bills, NRG_HOME_FIXED.prices));
      const energy = f.lines[0];
      expect(energy?.basis).toMatchObject({
        usage: [
          { register: "day", kwh: 620, rate: 0.139 },
          { register: "night", kwh: 310, rate: 0.139 },
        ],
      });
      expect(f.centralCents).toBe(13436 + 4650 + 620 + 1871); // as 930 kWh at 0,139
    });
  });

  it("gas: one rate for all kWh; no municipal charge on the bills, none forecast", () => {
    const gas: GasPrices = { standingPerMonth: 3, perKwh: 0.08 };
    const bills = history({
      from: "2024-01",
      months: 36,
      perDay: (month) => (["12", "01", "02"].includes(month.slice(5)) ? 60 : 10),
      municipalityPerDay: 0,
    });
    const f = forecast("gas", { today: "2027-01-10", bills, division: "gas", tariff: gas });
    expect(f.kwh).toEqual({ day: 1860, night: 0 });
    expect(f.lines[0]?.basis).toMatchObject({
      usage: [{ register: "all", kwh: 1860, rate: 0.08 }],
    });
    // 3 × 31 ÷ 30,4375 + 1860 × 0,08 = 151,8554 → 15186
    expect(cents(f, "energy")).toBe(Math.round(((3 * 31) / 30.4375 + 1860 * 0.08) * 100));
    expect(cents(f, "municipality")).toBe(0);
    // + 1860 × 0,05 = 9300; taxes 2448,6 → 2449
    expect(f.centralCents).toBe(15186 + 9300 + 0 + 2449);
  });

  it("a cancelled advance and its manual re-issue: the wrong figure bends nothing", () => {
    const bills = history({ from: "2024-01", months: 36, perDay: seasonal });
    const advance = bills.find((b) => b.type === "Advance" && b.period_from === "2026-01-01");
    if (!advance) throw new Error("no January advance");
    const wrong = { ...advance, day_kwh: advance.day_kwh * 10, energy: r2(advance.energy * 10) };
    const cancelled: ForecastBill = {
      ...wrong,
      type: "Cancelled",
      issue_date: "2026-02-03",
      day_kwh: 0,
      energy: -wrong.energy,
      regulated: -wrong.regulated,
      municipality: -wrong.municipality,
      taxes: -wrong.taxes,
    };
    const manual: ForecastBill = { ...advance, type: "Manual", issue_date: "2026-02-03" };
    const reissued = bills.flatMap((b) => (b === advance ? [wrong, cancelled, manual] : [b]));
    const plain = figures(forecastNextBill(elec(bills)));
    expect(forecast("cancelled", elec(reissued))).toEqual(plain);
    // Left in (no cancellation), the wrong advance would pull January's share of its quarter up.
    const bent = figures(forecastNextBill(elec(bills.map((b) => (b === advance ? wrong : b)))));
    expect(bent.kwh.day).toBeGreaterThan(plain.kwh.day);
  });

  it("a supply that used nothing: standing charge and municipal charge only", () => {
    const bills = history({ from: "2024-01", months: 36, perDay: () => 0 });
    const f = forecast("zero kWh", elec(bills));
    expect(f.kwh).toEqual({ day: 0, night: 0 });
    expect(f.trend).toMatchObject({ factor: 1, raw: null });
    // 5 × 31 ÷ 30,4375 = 5,0924 → 509; + 620; taxes 112,9 → 113
    expect(f.centralCents).toBe(509 + 0 + 620 + 113);
  });

  describe("leap years", () => {
    it("a period with 29 February: kWh per day of the 30-day windows × its 31 days", () => {
      const bills = history({ from: "2025-01", months: 37, perDay: () => 20 });
      const f = forecast("leap period", elec(bills, NRG_HOME_FIXED.prices, "2028-02-10"));
      expect(f.period).toEqual({ from: "2028-02-01", to: "2028-03-02", days: 31 });
      expect(f.years.slice(0, 2).map((y) => [y.from, y.to, y.days])).toEqual([
        ["2027-02-01", "2027-03-02", 30],
        ["2026-02-01", "2026-03-02", 30],
      ]);
      expect(f.kwh.day).toBe(20 * 31);
    });

    it("a period from 29 February: the earlier years' window starts on 28 February", () => {
      const bills = history({ from: "2025-01", months: 37, perDay: () => 20 });
      bills.push({
        ...(bills.at(-2) as ForecastBill),
        period_from: "2028-02-01",
        period_to: "2028-02-28",
        issue_date: "2028-02-29",
        day_kwh: 20 * 28 * 0.9,
      });
      const f = forecast("from 29 Feb", elec(bills, NRG_HOME_FIXED.prices, "2028-03-05"));
      expect(f.period.from).toBe("2028-02-29");
      expect(f.years[0]).toMatchObject({ from: "2027-02-28", year: 2027, used: true });
    });
  });

  describe("what there is nothing to forecast from", () => {
    it("no bills, or only payments: no_bills", () => {
      expect(forecastNextBill(elec([]))).toEqual({
        kind: "none",
        reason: "no_bills",
        historyMonths: 0,
      });
      const payments = seasonalBills.filter((b) => b.type === "payment");
      expect(forecastNextBill(elec(payments))).toMatchObject({ reason: "no_bills" });
    });

    it("advances only, no Clearance to take the charges from: no_clearance", () => {
      const bills = history({ from: "2024-01", months: 36, perDay: seasonal, clearanceEvery: 0 });
      expect(forecastNextBill(elec(bills))).toEqual({
        kind: "none",
        reason: "no_clearance",
        historyMonths: 36,
      });
    });

    it("bills with no period, and days after today, are left out", () => {
      const withNull = [
        ...seasonalBills,
        { ...(seasonalBills[0] as ForecastBill), period_from: null, period_to: null },
        {
          ...(seasonalBills[0] as ForecastBill),
          period_from: "2027-02-01",
          period_to: "2027-02-28",
        },
      ];
      expect(forecastNextBill(elec(withNull))).toEqual(forecastNextBill(elec(seasonalBills)));
    });
  });

  // After the table: what holds for every forecast it made.
  it("every forecast: the lines add up, low ≤ central ≤ high, plain JSON", () => {
    expect(made.length).toBeGreaterThanOrEqual(10);
    for (const [name, f] of made) {
      expect(
        f.lines.map((line) => line.key),
        name,
      ).toEqual([...FORECAST_LINE_KEYS]);
      expect(
        f.lines.reduce((sum, line) => sum + line.cents, 0),
        name,
      ).toBe(f.centralCents);
      expect(f.range.lowCents, name).toBeLessThanOrEqual(f.centralCents);
      expect(f.centralCents, name).toBeLessThanOrEqual(f.range.highCents);
      expect(JSON.parse(JSON.stringify(f)), name).toEqual(f);
      const taxes = f.lines[3];
      if (taxes?.key === "taxes") {
        expect(taxes.basis.baseCents, name).toBe(f.centralCents - taxes.cents);
      }
    }
  });
});

describe("dayNumber", () => {
  it("is Date.parse's day for every day of 1999–2032, and NaN for what is not a date", () => {
    for (
      let day = Date.UTC(1999, 0, 1) / 86_400_000;
      day <= Date.UTC(2032, 11, 31) / 86_400_000;
      day++
    ) {
      const iso = new Date(day * 86_400_000).toISOString();
      expect(dayNumber(iso.slice(0, 10))).toBe(day);
      if (day % 97 === 0) expect(dayNumber(iso)).toBe(day);
    }
    for (const bad of ["", "2026-13-01", "2026-02-30", "2025-02-29", "2026/01/01", "abcd-ef-gh"]) {
      expect([bad, dayNumber(bad)]).toEqual([bad, Number.NaN]);
    }
    expect(dayNumber("2024-02-29")).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
  });
});
