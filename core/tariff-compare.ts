import type { Role } from "./contract";
import { can } from "./permissions";
import {
  DAYS_PER_MONTH,
  applyReadings,
  billedRows,
  dailyUse,
  dayNumber,
  isCovered,
  isoOf,
  lastClearance,
  ratesOf,
  windowUse,
  wh,
  type DayTable,
  type ForecastBill,
  type ForecastReading,
  type ForecastReference,
  type Rates,
  type UsagePrice,
  type WindowUse,
} from "./forecast";
import { toCents } from "./gateway";
import type { ElectricityPrices, GasPrices, ProductDiscount } from "./products";
import type { TariffColour } from "./tariff-colours";

/**
 * Tariffs priced on the customer's own usage (issue #37 §3): the supply's last 12 months, day and
 * night kWh, priced on each of the supplier's products for its kind, line by line, the cheapest
 * first, with the difference from the tariff it is on now. Pure and plain JSON out: the tariffs
 * page's loader passes the result through; the page opens every figure to its lines from their
 * `basis`. It compares products; it is not a quote (the regulator's tool, energycost.gr, is the
 * independent one) and it never bills.
 *
 * Decisions, as a supplier's analyst would make them:
 *
 * 1. The bills (and the meter readings, decision 8 there) are read as the next-bill forecast
 *    reads them (core/forecast.ts decision 2, the
 *    same exported code, so the two pages never disagree about a month): day by day, a
 *    Clearance's metered kWh in the shape of its advances, Cancelled rows and what they reverse
 *    left out, days after `today` never counted. A day is estimated when its bill is an Advance or
 *    marked estimated; each month says how many of its days are.
 *
 * 2. The 12 months: the 12 whole calendar months ending with the last month that bills cover to
 *    its last day (bills to 31 December: January–December; bills to 14 December: December–
 *    November), so that every month compared is a whole month and a dynamic product's monthly
 *    average applies to a whole month of use. They count when bills cover at least 90 % of their
 *    days, the forecast's rule (a day or two missing is noise, a missing quarter is not a year's
 *    use); otherwise no comparison ("too_little_history", with the months the window holds, so
 *    the page can say what is missing). A month short of some days is scaled to its length (its
 *    kWh per covered day × its days, as the forecast scales a window); a month without any takes
 *    the 12 months' kWh per covered day: a product's yearly cost must be of a year, not of 11
 *    months. kWh are kept to the watt-hour, and the rounded figures are the ones priced.
 *
 * 3. A product's own lines, the ones the supplier's products differ in:
 *    - standing: the standing charge × 12 months;
 *    - energy: day kWh × the day rate + night kWh × the night rate; a product without a night rate
 *      prices the night kWh at its one rate (a single-rate product on a day/night meter), and a
 *      customer without night kWh (a single-register meter) pays the day rate for all;
 *    - an orange (dynamic) product (`monthly` given, or colour orange): each month's day kWh × that
 *      month's average day price + night kWh × its average night price. A month the supplier has
 *      not published (or not yet) is priced at the product's current day/night rates and listed in
 *      `missingMonths`. The customer's day/night split stands in for the hourly profile only a smart
 *      meter records (`smartMeterWouldBeExact`: the page says that the figure would be exact with
 *      its data);
 *    - discounts, each a negative line of `percent` % of the energy line (the kWh charge, not the
 *      standing charge: the price lists grant them on the energy), not compounded: `e_bill` when
 *      e-bill is on, `direct_debit` when direct debit is on, `on_time` always, marked `assumed`
 *      (a bill paid by its due date is the customer's to keep doing; the page states it). The
 *      discounts whose condition the customer does not meet are listed in `discountsNotApplied`
 *      (the page may say "with e-bill, 3 % less").
 *
 * 4. The lines every product shares, from the last Clearance as the forecast prices them (decision
 *    6 there, the same Clearance): regulated € per kWh × the 12 months' kWh (network, ΥΚΩ, ΕΤΜΕΑΡ:
 *    the same whichever supplier); municipality € per day × the 12 months' days (365, or 366 with a
 *    29 February). Taxes are each product's own, last: the Clearance's tax share (of its energy +
 *    regulated + municipality) × that product's standing + energy − discounts + the two shared
 *    lines, as the forecast taxes its lines. A bill's taxes include VAT on the energy charge, so a
 *    product cheaper in energy is cheaper in tax too, and the yearly cost the customer reads must
 *    be what they would pay on it: taxing every product on the bills' own energy would show the
 *    same tax for all and understate what a cheaper product saves. The difference between two
 *    products is then their own lines plus the tax on them, and the page can say "taxes follow
 *    the amount". The yearly totals include them all.
 *
 * 5. The tariff it is on now: the candidate of the same name, priced on the current product's own
 *    prices when given (what this customer pays), else on the candidate's; a current product no
 *    longer offered is listed too. Without a product or its prices, the yardstick is the last
 *    Clearance's energy € per kWh × the 12 months' kWh (`pricedFrom: "last_bill"`, the page says
 *    so), with the shared lines and its own taxes on them (decision 4). Each product's difference
 *    is its total − the yardstick's (negative: cheaper).
 *
 * 6. Switching (the requests flow) is offered per product: not to the current one ("current"),
 *    not for a business account's user, only its master or an admin ("business_user"), not to an
 *    orange product without a smart meter, which a dynamic tariff needs ("needs_smart_meter"); the
 *    first of these that holds is the reason.
 *
 * 7. Cents only at the end of each line; a product's total is the sum of its rounded lines (so
 *    every explanation adds up, as in core/forecast.ts and core/bill-lines.ts). Sorted by total,
 *    the current one first among equals (no switching for nothing), then by name.
 *
 * 8. Gas: one rate, no colour, no dynamic products, no discounts (GasPrices has none).
 */

/** One product of the supplier's list for this supply's kind. */
export interface ElectricityCandidate {
  name: string;
  descr: string;
  colour?: TariffColour | null;
  prices: ElectricityPrices;
}

export interface GasCandidate {
  name: string;
  descr: string;
  prices: GasPrices;
}

/** The supply's product now: its name, and its prices when the portal knows them. */
export interface CurrentProduct<P> {
  name: string;
  descr?: string;
  colour?: TariffColour | null;
  prices: P | null;
}

/** What decides the discounts and whether switching is offered. */
export interface AccountFacts {
  /** A business person's role, or "household" for a household account. */
  role: Role | "household";
  smartMeter: boolean;
  eBill: boolean;
  directDebit: boolean;
}

interface TariffCompareCommon {
  /** Today in Athens (YYYY-MM-DD, core/dates.ts athensToday). */
  today: string;
  /** The supply's bills, in any order (payments may be among them): as the forecast takes them. */
  bills: readonly ForecastBill[];
  /** The supply's actual meter readings, as the forecast takes them (its decision 8). */
  readings?: readonly ForecastReading[];
  account: AccountFacts;
}

/** A union on the division, so that an electricity supply cannot be priced with gas products. */
export type TariffCompareInput = TariffCompareCommon &
  (
    | {
        division: "electricity";
        current: CurrentProduct<ElectricityPrices> | null;
        products: readonly ElectricityCandidate[];
      }
    | {
        division: "gas";
        current: CurrentProduct<GasPrices> | null;
        products: readonly GasCandidate[];
      }
  );

/** One calendar month of the 12 (decision 2). */
export interface UsageMonth {
  /** YYYY-MM */
  month: string;
  days: number;
  coveredDays: number;
  /** Covered days whose figure is an estimate (an Advance, an estimated bill). */
  estimatedDays: number;
  /** The month's kWh (Wh), scaled to its days when some are not covered. */
  dayKwh: number;
  nightKwh: number;
  /** bills: every day covered; scaled: some; year_average: none (the 12 months' per day). */
  kwhFrom: "bills" | "scaled" | "year_average";
}

export interface UsageWindow {
  from: string;
  to: string;
  /** The last month of the 12 (YYYY-MM): the last month bills cover to its end. */
  lastMonth: string;
  days: number;
  coveredDays: number;
  estimatedDays: number;
}

/** A dynamic product's kWh of one register in one month, at that month's average. */
export interface MonthUsagePrice extends UsagePrice {
  month: string;
  /** false: the month is missing from the product's `monthly`; its current rate priced it. */
  fromMonthly: boolean;
}

export type EnergyBasis =
  | {
      pricing: "flat";
      usage: UsagePrice[];
      /** Night kWh at the day rate: a single-rate product on a day/night meter. */
      nightAtDayRate: boolean;
    }
  | { pricing: "monthly"; usage: MonthUsagePrice[] }
  /** The yardstick without a product: the last Clearance's energy € per kWh (decision 5). */
  | { pricing: "last_bill"; kwh: number; perKwh: number };

export type TariffLine =
  | { key: "standing"; cents: number; basis: { perMonth: number; months: 12 } }
  | { key: "energy"; cents: number; basis: EnergyBasis }
  | {
      key: "discount";
      /** Negative. */
      cents: number;
      basis: {
        condition: ProductDiscount["condition"];
        percent: number;
        energyCents: number;
        /** on_time: assumed, not known. */
        assumed: boolean;
      };
    }
  | { key: "regulated"; cents: number; basis: { kwh: number; perKwh: number } }
  | { key: "municipality"; cents: number; basis: { days: number; perDay: number } }
  | {
      key: "taxes";
      cents: number;
      /** baseCents: every line above it (own + shared); share: the last Clearance's (decision 4). */
      basis: { baseCents: number; share: number };
    };

export type SharedLine = Extract<TariffLine, { key: "regulated" | "municipality" }>;

export type SwitchRefusal = "current" | "business_user" | "needs_smart_meter";

export interface ProductCost {
  name: string;
  descr: string;
  colour: TariffColour | null;
  dynamic: boolean;
  /** A dynamic product priced on the day/night split: a smart meter's hourly data would be exact. */
  smartMeterWouldBeExact: boolean;
  /** A dynamic product's months its `monthly` lacks (priced at its current rates). */
  missingMonths: string[];
  current: boolean;
  /** The product's own lines: standing + energy − discounts (decision 3). */
  productCents: number;
  /** The yearly cost: every line, the shared ones and its taxes included. */
  cents: number;
  /** cents − the current tariff's (negative: cheaper). */
  differenceCents: number;
  /** standing, energy, discounts, the shared lines, its taxes: their cents add up to `cents`. */
  lines: TariffLine[];
  discountsNotApplied: ProductDiscount[];
  switchAllowed: boolean;
  switchRefusal: SwitchRefusal | null;
}

export interface TariffComparison {
  kind: "comparison";
  division: "electricity" | "gas";
  window: UsageWindow;
  months: UsageMonth[];
  /** The 12 months' kWh (Wh). */
  kwh: { day: number; night: number };
  estimatesUsed: boolean;
  /** The lines every product has alike (decision 4: not the taxes), and their sum. */
  shared: { sameForEveryProduct: true; cents: number; lines: SharedLine[] };
  /** The yardstick of the differences (decision 5). */
  current: {
    name: string | null;
    pricedFrom: "product" | "last_bill";
    cents: number;
    /** Its lines when priced from the last bill (a listed current product has its own). */
    lines: TariffLine[];
  };
  /** Cheapest first. */
  products: ProductCost[];
  /** Some product's price counts the on-time discount: the page states the assumption. */
  assumesOnTime: boolean;
  reference: ForecastReference;
  historyMonths: number;
}

export interface NoComparison {
  kind: "none";
  reason: "no_bills" | "too_little_history" | "no_clearance";
  /** Days some bill covers ÷ 30.4375, rounded, as the forecast says it. */
  historyMonths: number;
  /** The 12 months looked at and how far bills cover them; null without bills. */
  window: UsageWindow | null;
  months: UsageMonth[];
}

export type TariffCompare = TariffComparison | NoComparison;

// ---- the 12 months ----

const MONTHS = 12;

const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
/** The first and last day numbers of a month index. */
const monthDays = (index: number) => {
  const first = Date.UTC(Math.floor(index / 12), index % 12, 1) / 86_400_000;
  const next = Date.UTC(Math.floor((index + 1) / 12), (index + 1) % 12, 1) / 86_400_000;
  return { first, last: next - 1 };
};

function usageWindow(uses: DayTable): {
  window: UsageWindow;
  months: UsageMonth[];
  total: WindowUse;
} {
  const lastCovered = uses.lastDay();
  const lastIndex = monthIndex(isoOf(lastCovered));
  // The last month that bills cover to its last day (decision 2).
  const end = monthDays(lastIndex).last === lastCovered ? lastIndex : lastIndex - 1;
  const indexes = Array.from({ length: MONTHS }, (_, k) => end - MONTHS + 1 + k);
  const raw = indexes.map((index) => {
    const { first, last } = monthDays(index);
    return { month: monthOf(index), use: windowUse(uses, first, last) };
  });
  const from = monthDays(end - MONTHS + 1).first;
  const total = windowUse(uses, from, monthDays(end).last);
  const perCovered = (kwh: number) => (total.coveredDays > 0 ? kwh / total.coveredDays : 0);

  const months = raw.map(({ month, use }): UsageMonth => {
    const common = {
      month,
      days: use.days,
      coveredDays: use.coveredDays,
      estimatedDays: use.estimatedDays,
    };
    if (use.coveredDays === use.days) {
      return { ...common, dayKwh: wh(use.dayKwh), nightKwh: wh(use.nightKwh), kwhFrom: "bills" };
    }
    if (use.coveredDays > 0) {
      const scale = (kwh: number) => wh((kwh / use.coveredDays) * use.days);
      return {
        ...common,
        dayKwh: scale(use.dayKwh),
        nightKwh: scale(use.nightKwh),
        kwhFrom: "scaled",
      };
    }
    return {
      ...common,
      dayKwh: wh(perCovered(total.dayKwh) * use.days),
      nightKwh: wh(perCovered(total.nightKwh) * use.days),
      kwhFrom: "year_average",
    };
  });

  return {
    window: {
      from: isoOf(from),
      to: isoOf(monthDays(end).last),
      lastMonth: monthOf(end),
      days: total.days,
      coveredDays: total.coveredDays,
      estimatedDays: total.estimatedDays,
    },
    months,
    total,
  };
}

// ---- pricing ----

const sumCents = (lines: readonly TariffLine[]) => lines.reduce((sum, l) => sum + l.cents, 0);
/** Cents of a share of cents, rounded as toCents rounds (no 0.4999… of binary noise). */
const shareOf = (cents: number, percent: number) =>
  Math.round(Number(((cents * percent) / 100).toPrecision(12)));

function sharedLines(kwh: number, days: number, rates: Rates): SharedLine[] {
  const regulated: SharedLine = {
    key: "regulated",
    cents: toCents(kwh * rates.regulatedPerKwh),
    basis: { kwh, perKwh: rates.regulatedPerKwh },
  };
  const municipality: SharedLine = {
    key: "municipality",
    cents: toCents(days * rates.municipalityPerDay),
    basis: { days, perDay: rates.municipalityPerDay },
  };
  return [regulated, municipality];
}

/** Lines with their taxes last, on the sum of them all (decision 4, as core/forecast.ts taxes). */
function withTaxes(lines: readonly TariffLine[], rates: Rates): TariffLine[] {
  const baseCents = sumCents(lines);
  const taxes: TariffLine = {
    key: "taxes",
    cents: Math.round(baseCents * rates.taxesShare),
    basis: { baseCents, share: rates.taxesShare },
  };
  return [...lines, taxes];
}

interface Usage {
  months: readonly UsageMonth[];
  day: number;
  night: number;
}

const euros = (usage: readonly UsagePrice[]) =>
  usage.reduce((sum, part) => sum + part.kwh * part.rate, 0);

function electricityEnergy(
  prices: ElectricityPrices,
  dynamic: boolean,
  usage: Usage,
): { line: TariffLine; missingMonths: string[] } {
  if (dynamic) {
    const parts: MonthUsagePrice[] = [];
    const missingMonths: string[] = [];
    for (const month of usage.months) {
      // The newest entry of a month wins (the list has the newest months last).
      const published = prices.monthly?.filter((m) => m.month === month.month).at(-1);
      if (!published) missingMonths.push(month.month);
      const day = published?.day ?? prices.day;
      const night = published?.night ?? prices.night ?? prices.day;
      const fromMonthly = published !== undefined;
      parts.push({
        month: month.month,
        register: "day",
        kwh: month.dayKwh,
        rate: day,
        fromMonthly,
      });
      if (month.nightKwh > 0) {
        parts.push({
          month: month.month,
          register: "night",
          kwh: month.nightKwh,
          rate: night,
          fromMonthly,
        });
      }
    }
    return {
      line: {
        key: "energy",
        cents: toCents(euros(parts)),
        basis: { pricing: "monthly", usage: parts },
      },
      missingMonths,
    };
  }
  const parts: UsagePrice[] = [{ register: "day", kwh: usage.day, rate: prices.day }];
  if (usage.night > 0) {
    parts.push({ register: "night", kwh: usage.night, rate: prices.night ?? prices.day });
  }
  return {
    line: {
      key: "energy",
      cents: toCents(euros(parts)),
      basis: {
        pricing: "flat",
        usage: parts,
        nightAtDayRate: usage.night > 0 && prices.night === undefined,
      },
    },
    missingMonths: [],
  };
}

function discountLines(
  discounts: readonly ProductDiscount[],
  energyCents: number,
  account: AccountFacts,
): { lines: TariffLine[]; notApplied: ProductDiscount[] } {
  const lines: TariffLine[] = [];
  const notApplied: ProductDiscount[] = [];
  for (const discount of discounts) {
    const applies =
      discount.condition === "on_time" ||
      (discount.condition === "e_bill" && account.eBill) ||
      (discount.condition === "direct_debit" && account.directDebit);
    if (!applies) {
      notApplied.push({ condition: discount.condition, percent: discount.percent });
      continue;
    }
    lines.push({
      key: "discount",
      cents: -shareOf(energyCents, discount.percent),
      basis: {
        condition: discount.condition,
        percent: discount.percent,
        energyCents,
        assumed: discount.condition === "on_time",
      },
    });
  }
  return { lines, notApplied };
}

/** One product to price: a candidate, or the current product no longer offered. */
interface Entry {
  name: string;
  descr: string;
  colour: TariffColour | null;
  current: boolean;
  prices:
    { division: "electricity"; prices: ElectricityPrices } | { division: "gas"; prices: GasPrices };
}

/** The candidates, the current one marked and priced on its own prices (decision 5). */
function entriesOf<P>(
  products: readonly { name: string; descr: string; colour?: TariffColour | null; prices: P }[],
  own: CurrentProduct<P> | null,
  wrap: (prices: P) => Entry["prices"],
): Entry[] {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const product of products) {
    // A name twice in the list is one product: the first entry stands.
    if (seen.has(product.name)) continue;
    seen.add(product.name);
    const isCurrent = own !== null && product.name === own.name;
    entries.push({
      name: product.name,
      descr: product.descr,
      colour: product.colour ?? null,
      current: isCurrent,
      prices: wrap((isCurrent ? own.prices : null) ?? product.prices),
    });
  }
  if (own?.prices && !seen.has(own.name)) {
    entries.push({
      name: own.name,
      descr: own.descr ?? own.name,
      colour: own.colour ?? null,
      current: true,
      prices: wrap(own.prices),
    });
  }
  return entries;
}

const entriesOfInput = (input: TariffCompareInput): Entry[] =>
  input.division === "electricity"
    ? entriesOf(input.products, input.current, (prices) => ({ division: "electricity", prices }))
    : // Gas has no colours (decision 8), whatever a caller passes.
      entriesOf(input.products, input.current, (prices) => ({ division: "gas", prices })).map(
        (entry) => ({ ...entry, colour: null }),
      );

function refusalOf(entry: Entry, dynamic: boolean, account: AccountFacts): SwitchRefusal | null {
  if (entry.current) return "current";
  if (account.role !== "household" && !can(account.role, "manage_supply")) return "business_user";
  if (dynamic && !account.smartMeter) return "needs_smart_meter";
  return null;
}

// ---- the comparison ----

/** The supply's last 12 months priced on each product, the cheapest first (decisions 1–8). */
export function compareTariffs(input: TariffCompareInput): TariffCompare {
  const today = dayNumber(input.today);
  const rows = billedRows(input.bills, today);
  const uses = dailyUse(rows, today);
  applyReadings(uses, rows, input.readings ?? [], today);
  const historyMonths = Math.round(uses.size / DAYS_PER_MONTH);
  if (rows.length === 0 || uses.size === 0) {
    return { kind: "none", reason: "no_bills", historyMonths, window: null, months: [] };
  }

  const { window, months, total } = usageWindow(uses);
  if (!isCovered(total)) {
    return { kind: "none", reason: "too_little_history", historyMonths, window, months };
  }
  const reference = lastClearance(rows);
  if (reference === null) {
    return { kind: "none", reason: "no_clearance", historyMonths, window, months };
  }
  const rates = ratesOf(reference);

  const day = wh(months.reduce((sum, m) => sum + m.dayKwh, 0));
  const night = wh(months.reduce((sum, m) => sum + m.nightKwh, 0));
  const all = wh(day + night);
  const shared = sharedLines(all, window.days, rates);
  const sharedCents = sumCents(shared);
  const usage: Usage = { months, day, night };

  const priced = entriesOfInput(input).map((entry) => {
    const { prices } = entry.prices;
    const standing: TariffLine = {
      key: "standing",
      cents: toCents(prices.standingPerMonth * MONTHS),
      basis: { perMonth: prices.standingPerMonth, months: MONTHS },
    };
    let energy: TariffLine;
    let dynamic = false;
    let missingMonths: string[] = [];
    let discounts: { lines: TariffLine[]; notApplied: ProductDiscount[] } = {
      lines: [],
      notApplied: [],
    };
    if (entry.prices.division === "gas") {
      const parts: UsagePrice[] = [{ register: "all", kwh: all, rate: entry.prices.prices.perKwh }];
      energy = {
        key: "energy",
        cents: toCents(euros(parts)),
        basis: { pricing: "flat", usage: parts, nightAtDayRate: false },
      };
    } else {
      const electricity = entry.prices.prices;
      dynamic = electricity.monthly !== undefined || entry.colour === "orange";
      ({ line: energy, missingMonths } = electricityEnergy(electricity, dynamic, usage));
      discounts = discountLines(electricity.discounts ?? [], energy.cents, input.account);
    }
    const own = [standing, energy, ...discounts.lines];
    const lines = withTaxes([...own, ...shared], rates);
    const refusal = refusalOf(entry, dynamic, input.account);
    return {
      name: entry.name,
      descr: entry.descr,
      colour: entry.colour,
      dynamic,
      smartMeterWouldBeExact: dynamic,
      missingMonths,
      current: entry.current,
      productCents: sumCents(own),
      cents: sumCents(lines),
      differenceCents: 0,
      lines,
      discountsNotApplied: discounts.notApplied,
      switchAllowed: refusal === null,
      switchRefusal: refusal,
    } satisfies ProductCost;
  });

  const listed = priced.find((p) => p.current);
  let current: TariffComparison["current"];
  if (listed) {
    current = { name: listed.name, pricedFrom: "product", cents: listed.cents, lines: [] };
  } else {
    const energy: TariffLine = {
      key: "energy",
      cents: toCents(all * rates.energyPerKwh),
      basis: { pricing: "last_bill", kwh: all, perKwh: rates.energyPerKwh },
    };
    const lines = withTaxes([energy, ...shared], rates);
    current = {
      name: input.current?.name ?? null,
      pricedFrom: "last_bill",
      cents: sumCents(lines),
      lines,
    };
  }
  for (const product of priced) product.differenceCents = product.cents - current.cents;

  priced.sort((a, b) => {
    if (a.cents !== b.cents) return a.cents - b.cents;
    if (a.current !== b.current) return a.current ? -1 : 1;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });

  return {
    kind: "comparison",
    division: input.division,
    window,
    months,
    kwh: { day, night },
    estimatesUsed: window.estimatedDays > 0,
    shared: { sameForEveryProduct: true, cents: sharedCents, lines: shared },
    current,
    products: priced,
    assumesOnTime: priced.some((p) => p.lines.some((l) => l.key === "discount" && l.basis.assumed)),
    reference,
    historyMonths,
  };
}
