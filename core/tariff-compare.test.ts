import { describe, expect, it } from "vitest";
import { ratesOf, type ForecastBill } from "./forecast";
import { NRG_HOME_FIXED, NRG_HOME_NIGHT, type ElectricityPrices, type GasPrices } from "./products";
import {
  compareTariffs,
  type AccountFacts,
  type ElectricityCandidate,
  type GasCandidate,
  type ProductCost,
  type TariffCompare,
  type TariffCompareInput,
  type TariffComparison,
  type TariffLine,
} from "./tariff-compare";

// ---- histories ----

const daysIn = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const addMonths = (month: string, n: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};
const r2 = (euros: number) => Math.round(euros * 100) / 100;
const lastDay = (month: string) => `${month}-${String(daysIn(month)).padStart(2, "0")}`;

/** kWh of a month: a number is all day use (a single-register meter). */
type MonthKwh = number | { day: number; night: number };

/**
 * One bill, priced so that its per-kWh figures are round (as in core/forecast.test.ts): energy
 * `energyPerKwh` (0,15 €), regulated 0,05 €/kWh, municipality 0,20 €/day, taxes 10 % of the three.
 * 300 kWh in 31 days: 45,00 + 15,00 + 6,20, taxes 6,62.
 */
function bill(
  type: ForecastBill["type"],
  from: string,
  to: string,
  kwh: MonthKwh,
  options: { estimated?: boolean; energyPerKwh?: number } = {},
): ForecastBill {
  const { day, night } = typeof kwh === "number" ? { day: kwh, night: 0 } : kwh;
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const energy = r2((day + night) * (options.energyPerKwh ?? 0.15));
  const regulated = r2((day + night) * 0.05);
  const municipality = r2(days * 0.2);
  return {
    type,
    issue_date: `${addMonths(to.slice(0, 7), 1)}-01`,
    period_from: from,
    period_to: to,
    consumption_source: options.estimated ? "estimated" : "actual",
    day_kwh: day,
    night_kwh: night,
    energy,
    regulated,
    municipality,
    taxes: r2((energy + regulated + municipality) * 0.1),
  };
}

/** A metered bill (Clearance) for every calendar month from `from`, each with a payment after it. */
function monthly(
  from: string,
  months: number,
  kwh: (month: string) => MonthKwh,
  options: { skip?: readonly string[]; energyPerKwh?: number } = {},
): ForecastBill[] {
  const bills: ForecastBill[] = [];
  for (let i = 0; i < months; i++) {
    const month = addMonths(from, i);
    if (options.skip?.includes(month)) continue;
    bills.push(bill("Clearance", `${month}-01`, lastDay(month), kwh(month), options));
    bills.push({
      ...bill("payment", `${month}-01`, lastDay(month), 0),
      period_from: null,
      period_to: null,
      consumption_source: null,
    });
  }
  return bills;
}

// ---- inputs ----

const HOUSEHOLD: AccountFacts = {
  role: "household",
  smartMeter: false,
  eBill: false,
  directDebit: false,
};

const TODAY = "2027-01-10";

/** Three single-rate products: the fixed one the demo's homes are on, a dearer one, a cheaper one. */
const CHEAP: ElectricityCandidate = {
  name: "CHEAP",
  descr: "Cheap",
  colour: "green",
  prices: { standingPerMonth: 8, day: 0.12 },
};
const DEAR: ElectricityCandidate = {
  name: "DEAR",
  descr: "Dear",
  colour: "yellow",
  prices: { standingPerMonth: 4, day: 0.15, variable: true },
};
const FIXED: ElectricityCandidate = { ...NRG_HOME_FIXED, colour: "blue" };
const NIGHT: ElectricityCandidate = { ...NRG_HOME_NIGHT, colour: "blue" };

/** An orange product: 0,12 €/kWh by day January–June 2026, 0,14 July–December, 0,08 at night. */
const MONTHS_2026 = Array.from({ length: 12 }, (_, k) => addMonths("2026-01", k));
const ORANGE_MONTHLY = MONTHS_2026.map((month) => ({
  month,
  day: month <= "2026-06" ? 0.12 : 0.14,
  night: 0.08,
}));
const ORANGE: ElectricityCandidate = {
  name: "ORANGE",
  descr: "Dynamic",
  colour: "orange",
  prices: { standingPerMonth: 3, day: 0.16, night: 0.1, monthly: ORANGE_MONTHLY },
};

const elec = (
  bills: ForecastBill[],
  products: readonly ElectricityCandidate[],
  current: { name: string; prices: ElectricityPrices | null } | null = {
    name: FIXED.name,
    prices: FIXED.prices,
  },
  account: Partial<AccountFacts> = {},
  today = TODAY,
): TariffCompareInput => ({
  today,
  bills,
  division: "electricity",
  current,
  products,
  account: { ...HOUSEHOLD, ...account },
});

/** Every comparison the table makes, for the checks that hold for all of them. */
const made: [string, TariffComparison][] = [];
function compare(name: string, input: TariffCompareInput): TariffComparison {
  const result: TariffCompare = compareTariffs(input);
  if (result.kind !== "comparison") throw new Error(`no comparison: ${result.reason}`);
  made.push([name, result]);
  return result;
}
const product = (c: TariffComparison, name: string): ProductCost => {
  const found = c.products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
};
const line = <K extends TariffLine["key"]>(p: ProductCost, key: K) =>
  p.lines.find((l): l is Extract<TariffLine, { key: K }> => l.key === key);
const centsOf = (p: ProductCost, key: TariffLine["key"]) => line(p, key)?.cents;

/**
 * 2026 at 300 kWh a month (3 600 kWh, 365 days) against the December 2026 bill's figures
 * (0,15 €/kWh energy, 0,05 €/kWh regulated, 6,20 € ÷ 31 = 0,20 €/day, taxes 6,62 ÷ 66,20 = 10 %):
 * - regulated 3 600 × 0,05 = 180,00 → 18000
 * - municipality 365 × 0,20 = 73,00 → 7300
 * Shared by every product: 18000 + 7300 = 25300. Each product's taxes are 10 % of its own lines +
 * these 25300 (decision 4).
 */
const SHARED_3600 = 25300;
const flat300 = monthly("2025-01", 24, () => 300);

// ---- the table ----

describe("compareTariffs (#37 §3: tariffs priced on my own usage)", () => {
  it("a single-rate customer on three products: the cheapest first, differences from the current", () => {
    const c = compare("single rate", elec(flat300, [FIXED, DEAR, CHEAP]));
    expect(c.window).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      lastMonth: "2026-12",
      days: 365,
      coveredDays: 365,
      estimatedDays: 0,
    });
    expect(c.months).toHaveLength(12);
    expect(c.months[1]).toEqual({
      month: "2026-02",
      days: 28,
      coveredDays: 28,
      estimatedDays: 0,
      dayKwh: 300,
      nightKwh: 0,
      kwhFrom: "bills",
    });
    expect(c.kwh).toEqual({ day: 3600, night: 0 });
    expect(c.estimatesUsed).toBe(false);
    expect(c.reference).toMatchObject({ period_from: "2026-12-01", period_to: "2026-12-31" });

    expect(c.shared.sameForEveryProduct).toBe(true);
    expect(c.shared.cents).toBe(SHARED_3600);
    expect(c.shared.lines.map((l) => [l.key, l.cents])).toEqual([
      ["regulated", 18000],
      ["municipality", 7300],
    ]);

    // FIXED: standing 5 × 12 = 60,00 → 6000; energy 3 600 × 0,139 = 500,40 → 50040; taxes 10 % ×
    // (56040 + 25300 = 81340) = 8134; 81340 + 8134 = 89474.
    const fixed = product(c, "NRG_HOME_FIXED");
    expect(centsOf(fixed, "standing")).toBe(6000);
    expect(centsOf(fixed, "energy")).toBe(50040);
    expect(fixed.productCents).toBe(56040);
    expect(line(fixed, "taxes")).toEqual({
      key: "taxes",
      cents: 8134,
      basis: { baseCents: 81340, share: 0.1 },
    });
    expect(fixed.cents).toBe(56040 + SHARED_3600 + 8134); // 89474
    expect(fixed.current).toBe(true);
    expect(fixed.differenceCents).toBe(0);
    expect(line(fixed, "energy")?.basis).toEqual({
      pricing: "flat",
      usage: [{ register: "day", kwh: 3600, rate: 0.139 }],
      nightAtDayRate: false,
    });
    // DEAR: 4 × 12 = 48,00 → 4800; 3 600 × 0,15 = 540,00 → 54000; 58800 + 25300 = 84100, taxes
    // 8410: 92510.
    expect(product(c, "DEAR").cents).toBe(92510);
    expect(product(c, "DEAR").differenceCents).toBe(92510 - 89474); // +3036: 2760 + 10 %
    // CHEAP: 8 × 12 = 96,00 → 9600; 3 600 × 0,12 = 432,00 → 43200; 52800 + 25300 = 78100, taxes
    // 7810: 85910.
    expect(product(c, "CHEAP").cents).toBe(85910);
    expect(product(c, "CHEAP").differenceCents).toBe(-3564); // −3240 − 10 %

    expect(c.products.map((p) => p.name)).toEqual(["CHEAP", "NRG_HOME_FIXED", "DEAR"]);
    expect(c.current).toEqual({
      name: "NRG_HOME_FIXED",
      pricedFrom: "product",
      cents: 89474,
      lines: [],
    });
    expect(c.products.map((p) => p.colour)).toEqual(["green", "blue", "yellow"]);
    expect(c.assumesOnTime).toBe(false);
  });

  it("a day/night customer: night kWh at the night rate, or at the one rate of a single-rate product", () => {
    const bills = monthly("2025-01", 24, () => ({ day: 200, night: 100 }));
    const c = compare("day/night", elec(bills, [FIXED, NIGHT], NIGHT));
    expect(c.kwh).toEqual({ day: 2400, night: 1200 });
    // Same 3 600 kWh and days: the shared lines are the single-rate customer's.
    expect(c.shared.cents).toBe(SHARED_3600);

    // NIGHT: 6000 + 2 400 × 0,145 (348,00) + 1 200 × 0,099 (118,80) = 466,80 → 46680; taxes 10 % ×
    // (52680 + 25300 = 77980) = 7798.
    const night = product(c, "NRG_HOME_NIGHT");
    expect(centsOf(night, "energy")).toBe(46680);
    expect(centsOf(night, "taxes")).toBe(7798);
    expect(night.cents).toBe(6000 + 46680 + SHARED_3600 + 7798); // 85778
    expect(line(night, "energy")?.basis).toEqual({
      pricing: "flat",
      usage: [
        { register: "day", kwh: 2400, rate: 0.145 },
        { register: "night", kwh: 1200, rate: 0.099 },
      ],
      nightAtDayRate: false,
    });
    // FIXED prices all 3 600 kWh at 0,139: 500,40 → 50040; 89474, +3696 on the current (3360 +
    // 10 %).
    const fixed = product(c, "NRG_HOME_FIXED");
    expect(centsOf(fixed, "energy")).toBe(50040);
    expect(line(fixed, "energy")?.basis).toMatchObject({
      usage: [
        { register: "day", kwh: 2400, rate: 0.139 },
        { register: "night", kwh: 1200, rate: 0.139 },
      ],
      nightAtDayRate: true,
    });
    expect(fixed.differenceCents).toBe(89474 - 85778);
    expect(c.products.map((p) => p.name)).toEqual(["NRG_HOME_NIGHT", "NRG_HOME_FIXED"]);
  });

  it("an orange product: each month's kWh at that month's average day and night prices", () => {
    const bills = monthly("2025-01", 24, () => ({ day: 200, night: 100 }));
    const c = compare("orange", elec(bills, [NIGHT, ORANGE], NIGHT, { smartMeter: true }));
    const orange = product(c, "ORANGE");
    // Standing 3 × 12 = 36,00 → 3600.
    // Day: 6 × 200 × 0,12 = 144,00 (Jan–Jun) + 6 × 200 × 0,14 = 168,00 (Jul–Dec) = 312,00;
    // night: 12 × 100 × 0,08 = 96,00; energy 408,00 → 40800. 44400 + 25300 = 69700, taxes 6970:
    // 76670.
    expect(centsOf(orange, "standing")).toBe(3600);
    expect(centsOf(orange, "energy")).toBe(40800);
    expect(centsOf(orange, "taxes")).toBe(6970);
    expect(orange.cents).toBe(76670);
    expect(orange.differenceCents).toBe(76670 - 85778);
    expect(orange).toMatchObject({
      dynamic: true,
      smartMeterWouldBeExact: true,
      missingMonths: [],
      colour: "orange",
      switchAllowed: true,
      switchRefusal: null,
    });
    const basis = line(orange, "energy")?.basis;
    if (basis?.pricing !== "monthly") throw new Error("not priced monthly");
    expect(basis.usage).toHaveLength(24);
    expect(basis.usage.slice(12, 14)).toEqual([
      { month: "2026-07", register: "day", kwh: 200, rate: 0.14, fromMonthly: true },
      { month: "2026-07", register: "night", kwh: 100, rate: 0.08, fromMonthly: true },
    ]);
    // The fixed-price products are not dynamic.
    expect(product(c, "NRG_HOME_NIGHT")).toMatchObject({
      dynamic: false,
      smartMeterWouldBeExact: false,
    });
    expect(c.products[0]?.name).toBe("ORANGE");
  });

  it("an orange product without December's prices: December at its current rates, flagged", () => {
    const bills = monthly("2025-01", 24, () => ({ day: 200, night: 100 }));
    const lacking: ElectricityCandidate = {
      ...ORANGE,
      prices: { ...ORANGE.prices, monthly: ORANGE_MONTHLY.filter((m) => m.month !== "2026-12") },
    };
    const c = compare("orange missing", elec(bills, [lacking], NIGHT));
    const orange = product(c, "ORANGE");
    expect(orange.missingMonths).toEqual(["2026-12"]);
    // December at 0,16 / 0,10 instead of 0,14 / 0,08: 200 × 0,02 + 100 × 0,02 = 6,00 more;
    // 408,00 + 6,00 = 414,00 → 41400.
    expect(centsOf(orange, "energy")).toBe(41400);
    const basis = line(orange, "energy")?.basis;
    if (basis?.pricing !== "monthly") throw new Error("not priced monthly");
    expect(basis.usage.slice(-2)).toEqual([
      { month: "2026-12", register: "day", kwh: 200, rate: 0.16, fromMonthly: false },
      { month: "2026-12", register: "night", kwh: 100, rate: 0.1, fromMonthly: false },
    ]);
    // The current product (NIGHT) is not in the list: it is listed all the same, marked current.
    expect(product(c, "NRG_HOME_NIGHT")).toMatchObject({ current: true, cents: 85778 });
    // Without a smart meter an orange product is not offered.
    expect(orange).toMatchObject({ switchAllowed: false, switchRefusal: "needs_smart_meter" });
  });

  it("discounts: separate negative lines on the energy charge, on-time assumed", () => {
    const discounted: ElectricityCandidate = {
      name: "DISCOUNTED",
      descr: "With discounts",
      colour: "blue",
      prices: {
        standingPerMonth: 5,
        day: 0.139,
        discounts: [
          { condition: "on_time", percent: 5 },
          { condition: "e_bill", percent: 3 },
          { condition: "direct_debit", percent: 2 },
        ],
      },
    };
    const c = compare("discounts", elec(flat300, [FIXED, discounted], undefined, { eBill: true }));
    const p = product(c, "DISCOUNTED");
    // Energy 50040 (as FIXED); on time 5 % = 2502; e-bill 3 % = 1501,2 → 1501; no direct debit.
    // Taxes 10 % × (6000 + 50040 − 2502 − 1501 + 18000 + 7300 = 77337) = 7733,7 → 7734.
    expect(p.lines.map((l) => [l.key, l.cents])).toEqual([
      ["standing", 6000],
      ["energy", 50040],
      ["discount", -2502],
      ["discount", -1501],
      ["regulated", 18000],
      ["municipality", 7300],
      ["taxes", 7734],
    ]);
    expect(p.lines[2]?.basis).toEqual({
      condition: "on_time",
      percent: 5,
      energyCents: 50040,
      assumed: true,
    });
    expect(p.lines[3]?.basis).toMatchObject({ condition: "e_bill", assumed: false });
    expect(p.discountsNotApplied).toEqual([{ condition: "direct_debit", percent: 2 }]);
    // 6000 + 50040 − 2502 − 1501 = 52037; the difference is the discounts and the tax on them
    // (FIXED's taxes 8134 − 7734 = 400).
    expect(p.productCents).toBe(52037);
    expect(p.cents).toBe(77337 + 7734);
    expect(p.differenceCents).toBe(-2502 - 1501 - 400);
    expect(c.assumesOnTime).toBe(true);

    // Direct debit on too: 2 % of 50040 = 1000,8 → 1001 more off; taxes 10 % × 76336 → 7634.
    const both = compare(
      "discounts, direct debit",
      elec(flat300, [discounted], undefined, { eBill: true, directDebit: true }),
    );
    expect(product(both, "DISCOUNTED").productCents).toBe(52037 - 1001);
    expect(centsOf(product(both, "DISCOUNTED"), "taxes")).toBe(7634);
    expect(product(both, "DISCOUNTED").discountsNotApplied).toEqual([]);
  });

  it("too little history: 10 months of 12 covered is no comparison, with the months it holds", () => {
    const bills = monthly("2026-03", 10, () => 300);
    const result = compareTariffs(elec(bills, [FIXED]));
    expect(result).toMatchObject({
      kind: "none",
      reason: "too_little_history",
      historyMonths: 10,
      window: { from: "2026-01-01", to: "2026-12-31", days: 365, coveredDays: 306 },
    });
    if (result.kind !== "none") throw new Error("a comparison");
    expect(result.months.map((m) => m.coveredDays)).toEqual([
      0, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(compareTariffs(elec([], [FIXED]))).toEqual({
      kind: "none",
      reason: "no_bills",
      historyMonths: 0,
      window: null,
      months: [],
    });
  });

  it("a month missing, 91 % covered: compared, the month from the year's kWh per day", () => {
    const c = compare(
      "a month missing",
      elec(
        monthly("2026-01", 12, () => 300, { skip: ["2026-05"] }),
        [FIXED],
      ),
    );
    expect(c.window.coveredDays).toBe(334); // 365 − 31 ≥ 328,5
    // 3 300 kWh ÷ 334 days × 31 = 306,287 kWh
    expect(c.months[4]).toMatchObject({
      month: "2026-05",
      coveredDays: 0,
      dayKwh: 306.287,
      kwhFrom: "year_average",
    });
    expect(c.kwh.day).toBe(3606.287);
  });

  it("a month partly covered is scaled to its days", () => {
    // November billed from the 11th only: 200 kWh in 20 days → 300 kWh in 30.
    const bills = monthly("2026-01", 12, () => 300).filter((b) => b.period_from !== "2026-11-01");
    bills.push(bill("Clearance", "2026-11-11", "2026-11-30", 200));
    const c = compare("partly covered", elec(bills, [FIXED]));
    expect(c.months[10]).toMatchObject({ coveredDays: 20, dayKwh: 300, kwhFrom: "scaled" });
    expect(c.kwh.day).toBe(3600);
  });

  it("bills to mid-December: the 12 months end with November, the last month covered to its end", () => {
    // Today 15 December: December's bill counts to today only.
    const c = compare("to November", elec(flat300, [FIXED], undefined, {}, "2026-12-15"));
    expect(c.window).toMatchObject({ from: "2025-12-01", to: "2026-11-30", lastMonth: "2026-11" });
    expect(c.months.map((m) => m.month)).toEqual(["2025-12", ...MONTHS_2026.slice(0, 11)]);
  });

  it("estimates marked: the advances since the last Clearance count, as estimated days", () => {
    // The demo's kind: monthly Advances of 90 % (270 kWh), a Clearance each quarter with the metered
    // 900 kWh (spread in the advances' shape: 300 a month); October–December not yet cleared.
    const bills: ForecastBill[] = [];
    for (const month of MONTHS_2026) {
      bills.push(bill("Advance", `${month}-01`, lastDay(month), 270, { estimated: true }));
      if (["2026-03", "2026-06", "2026-09"].includes(month)) {
        bills.push(bill("Clearance", `${addMonths(month, -2)}-01`, lastDay(month), 900));
      }
    }
    const c = compare("estimates", elec(bills, [FIXED, CHEAP]));
    expect(c.months.map((m) => m.estimatedDays)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 31, 30, 31]);
    expect(c.months.map((m) => m.dayKwh)).toEqual([...Array<number>(9).fill(300), 270, 270, 270]);
    expect(c.window.estimatedDays).toBe(92);
    expect(c.estimatesUsed).toBe(true);
    // The last Clearance is July–September's (900 kWh: 135,00, 45,00, 92 × 0,20 = 18,40, 19,84).
    expect(c.reference).toMatchObject({ period_from: "2026-07-01", period_to: "2026-09-30" });
    // 3 510 kWh: regulated 175,50 → 17550; municipality 7300.
    expect(c.shared.cents).toBe(17550 + 7300);
    // FIXED: 6000 + 3 510 × 0,139 = 487,89 → 48789; taxes 10 % × (54789 + 24850 = 79639) → 7964.
    expect(product(c, "NRG_HOME_FIXED").cents).toBe(6000 + 48789 + 24850 + 7964);
  });

  it("no Clearance: advances alone give no regulated, municipal or tax figures", () => {
    const bills = MONTHS_2026.map((month) =>
      bill("Advance", `${month}-01`, lastDay(month), 270, { estimated: true }),
    );
    expect(compareTariffs(elec(bills, [FIXED]))).toMatchObject({
      kind: "none",
      reason: "no_clearance",
      historyMonths: 12,
    });
  });

  it("gas: one rate, no colour, nothing dynamic", () => {
    // 1 000 kWh a month, billed at 0,075 €/kWh energy.
    const bills = monthly("2026-01", 12, () => 1000, { energyPerKwh: 0.075 });
    const gasA: GasCandidate = {
      name: "GAS_A",
      descr: "Gas A",
      prices: { standingPerMonth: 4, perKwh: 0.08 },
    };
    const gasB: GasCandidate = {
      name: "GAS_B",
      descr: "Gas B",
      prices: { standingPerMonth: 6, perKwh: 0.07 },
    };
    const current: { name: string; prices: GasPrices | null } = { name: "GAS_A", prices: null };
    const c = compare("gas", {
      today: TODAY,
      bills,
      division: "gas",
      current,
      products: [gasA, { ...gasB, colour: "orange" } as GasCandidate],
      account: HOUSEHOLD,
    });
    expect(c.division).toBe("gas");
    // Shared: regulated 12 000 × 0,05 = 600,00 → 60000; municipality 7300: 67300. The bill's tax
    // share is 13,12 ÷ (75,00 + 50,00 + 6,20) = 10 %.
    expect(c.shared.cents).toBe(67300);
    // A: 4 × 12 → 4800 + 12 000 × 0,08 = 960,00 → 96000; 100800 + 67300 = 168100, taxes 16810:
    // 184910. B: 6 × 12 → 7200 + 12 000 × 0,07 = 840,00 → 84000; 91200 + 67300 = 158500, taxes
    // 15850: 174350.
    expect(c.products.map((p) => [p.name, p.cents, p.differenceCents])).toEqual([
      ["GAS_B", 174350, -10560],
      ["GAS_A", 184910, 0],
    ]);
    const b = product(c, "GAS_B");
    expect(b).toMatchObject({ colour: null, dynamic: false, smartMeterWouldBeExact: false });
    expect(line(b, "energy")?.basis).toEqual({
      pricing: "flat",
      usage: [{ register: "all", kwh: 12000, rate: 0.07 }],
      nightAtDayRate: false,
    });
    // A current product without prices, but in the list: priced on the list's.
    expect(c.current).toMatchObject({ name: "GAS_A", pricedFrom: "product", cents: 184910 });
  });

  it("no prices for the current product: the yardstick is the last bill's energy per kWh", () => {
    const c = compare(
      "last bill yardstick",
      elec(flat300, [FIXED, CHEAP], { name: "OLD", prices: null }),
    );
    // 3 600 × 0,15 = 540,00 → 54000 + 25300 = 79300, its own taxes 10 % → 7930: 87230.
    expect(c.current.pricedFrom).toBe("last_bill");
    expect(c.current.cents).toBe(87230);
    expect(c.current.lines).toEqual([
      { key: "energy", cents: 54000, basis: { pricing: "last_bill", kwh: 3600, perKwh: 0.15 } },
      ...c.shared.lines,
      { key: "taxes", cents: 7930, basis: { baseCents: 79300, share: 0.1 } },
    ]);
    expect(c.products.map((p) => [p.name, p.differenceCents, p.current])).toEqual([
      ["CHEAP", 85910 - 87230, false],
      ["NRG_HOME_FIXED", 89474 - 87230, false],
    ]);
    // Without any product at all: the same, nameless.
    const none = compare("no product", elec(flat300, [CHEAP], null));
    expect(none.current).toMatchObject({ name: null, pricedFrom: "last_bill", cents: 87230 });
  });

  it("taxes follow the amount: a cheaper product pays less tax, its saving grows by the tax", () => {
    // A product cheaper in energy but dearer in standing charge: its taxes follow its own lines,
    // not its energy alone. LEAN: 12 × 12 = 144,00 → 14400 + 3 600 × 0,10 = 360,00 → 36000 =
    // 50400 (FIXED's 56040 − 5640); taxes 10 % × (50400 + 25300 = 75700) = 7570.
    const lean: ElectricityCandidate = {
      name: "LEAN",
      descr: "Lean",
      colour: "green",
      prices: { standingPerMonth: 12, day: 0.1 },
    };
    const c = compare("taxes follow", elec(flat300, [FIXED, lean]));
    const fixed = product(c, "NRG_HOME_FIXED");
    const cheaper = product(c, "LEAN");
    expect(cheaper.productCents).toBe(50400);
    expect(line(cheaper, "taxes")).toEqual({
      key: "taxes",
      cents: 7570,
      basis: { baseCents: 75700, share: 0.1 },
    });
    expect(centsOf(cheaper, "taxes")).toBeLessThan(centsOf(fixed, "taxes") ?? 0); // 7570 < 8134
    // The saving is its own lines' 5640 plus the 564 less tax on them; the shared lines cancel.
    expect(cheaper.differenceCents).toBe(-5640 - 564);
    expect(cheaper.cents).toBe(75700 + 7570);
  });

  it("sorting: equal totals put the current one first, then by name", () => {
    const twin = (name: string): ElectricityCandidate => ({ ...FIXED, name, descr: name });
    const c = compare("ties", elec(flat300, [twin("B"), twin("A"), FIXED, CHEAP]));
    expect(c.products.map((p) => p.name)).toEqual(["CHEAP", "NRG_HOME_FIXED", "A", "B"]);
  });

  describe("switchAllowed", () => {
    const products = [FIXED, CHEAP, ORANGE];
    const bills = monthly("2026-01", 12, () => ({ day: 200, night: 100 }));
    const refusals = (account: Partial<AccountFacts>) =>
      Object.fromEntries(
        compare(
          `switch ${JSON.stringify(account)}`,
          elec(bills, products, undefined, account),
        ).products.map((p) => [p.name, [p.switchAllowed, p.switchRefusal]]),
      );

    it("a household: every product but the current one; orange only with a smart meter", () => {
      expect(refusals({})).toEqual({
        NRG_HOME_FIXED: [false, "current"],
        CHEAP: [true, null],
        ORANGE: [false, "needs_smart_meter"],
      });
      expect(refusals({ smartMeter: true })).toMatchObject({ ORANGE: [true, null] });
    });

    it("a business account: its master and admins may, its users may not", () => {
      for (const role of ["master", "admin"] as const) {
        expect(refusals({ role, smartMeter: true })).toEqual({
          NRG_HOME_FIXED: [false, "current"],
          CHEAP: [true, null],
          ORANGE: [true, null],
        });
      }
      expect(refusals({ role: "user", smartMeter: true })).toEqual({
        NRG_HOME_FIXED: [false, "current"],
        CHEAP: [false, "business_user"],
        ORANGE: [false, "business_user"],
      });
    });
  });

  // After the table: what holds for every comparison it made.
  it("every comparison: lines add up, shared lines alike, taxes per product, cheapest first", () => {
    expect(made.length).toBeGreaterThanOrEqual(12);
    for (const [name, c] of made) {
      expect(c.months, name).toHaveLength(12);
      const { taxesShare } = ratesOf(c.reference);
      // Taxes last, on every line above them, at the last Clearance's share (decision 4).
      const taxedRight = (lines: readonly TariffLine[], what: string) => {
        const taxes = lines.at(-1);
        if (taxes?.key !== "taxes") throw new Error(`${what}: taxes not last`);
        const baseCents = lines.slice(0, -1).reduce((sum, l) => sum + l.cents, 0);
        expect(taxes, what).toEqual({
          key: "taxes",
          cents: Math.round(baseCents * taxesShare),
          basis: { baseCents, share: taxesShare },
        });
        expect(
          lines.filter((l) => l.key === "taxes"),
          what,
        ).toHaveLength(1);
        return taxes.cents;
      };
      expect(
        c.shared.lines.map((l) => l.key),
        name,
      ).toEqual(["regulated", "municipality"]);
      expect(c.shared.cents, name).toBe(c.shared.lines.reduce((sum, l) => sum + l.cents, 0));
      for (const p of c.products) {
        const what = `${name} ${p.name}`;
        expect(
          p.lines.reduce((sum, l) => sum + l.cents, 0),
          what,
        ).toBe(p.cents);
        const own = p.lines.filter((l) => ["standing", "energy", "discount"].includes(l.key));
        expect(
          own.reduce((sum, l) => sum + l.cents, 0),
          what,
        ).toBe(p.productCents);
        expect(p.lines.slice(0, own.length), what).toEqual(own);
        expect(p.lines.slice(own.length, -1), what).toEqual(c.shared.lines);
        expect(p.cents, what).toBe(p.productCents + c.shared.cents + taxedRight(p.lines, what));
        expect(p.differenceCents, what).toBe(p.cents - c.current.cents);
      }
      if (c.current.pricedFrom === "last_bill") {
        const what = `${name} yardstick`;
        expect(c.current.lines.slice(1, -1), what).toEqual(c.shared.lines);
        expect(
          c.current.lines.reduce((sum, l) => sum + l.cents, 0),
          what,
        ).toBe(c.current.cents);
        taxedRight(c.current.lines, what);
      }
      const totals = c.products.map((p) => p.cents);
      expect(totals, name).toEqual([...totals].sort((a, b) => a - b));
      expect(c.products.filter((p) => p.current).length, name).toBeLessThanOrEqual(1);
      expect(JSON.parse(JSON.stringify(c)), name).toEqual(c);
    }
  });
});
