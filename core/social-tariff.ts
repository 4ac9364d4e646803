import { addDays, daysBetween } from "./calendar";
import { SOCIAL_TARIFF, socialTariffCapKwh } from "./hardship";

/**
 * The rules of the social residential tariff (ΚΟΤ, #38 §2) over the figures of core/hardship.ts:
 * which four-month period a day is in, how many kWh of the supply's bills fall in it, how far the
 * household is from its cap, when to renew, and how many kWh of one bill the discount covers.
 *
 * - The periods are the calendar's thirds: January–April, May–August, September–December (the
 *   ministerial decision counts the cap per four months of the year; demo reading, confirmed by
 *   compliance with the rest of core/hardship.ts).
 * - A bill's kWh are spread evenly over the days of its consumption period: a bill of 1 Dec–31 Jan
 *   puts half its kWh in September–December and half in January–April. The billing system knows
 *   the register readings and splits them its own way; the portal's figure is the best it can do
 *   from what a bill carries, and the page says it is worked out from the bills.
 * - The discount applies to days the ΚΟΤ approval covers (valid_from..valid_to) and, in each
 *   period, to the kWh up to the cap: above it, "the discount does not apply to the rest".
 */

/** A span of consumption: its first and last day (YYYY-MM-DD, inclusive) and its kWh. */
export interface KwhSpan {
  from: string;
  to: string;
  kwh: number;
}

export interface Period {
  from: string;
  to: string;
}

/** The ΚΟΤ as the billing system sent it (social_tariffs). */
export interface SocialTariffTerms {
  category: "A" | "B";
  household_size: number;
  valid_from: string;
  valid_to: string;
}

/** The four-month period of `day`: 1 Jan–30 Apr, 1 May–31 Aug or 1 Sep–31 Dec of its year. */
export function fourMonthPeriodOf(day: string): Period {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = Math.floor((month - 1) / SOCIAL_TARIFF.periodMonths) * SOCIAL_TARIFF.periodMonths;
  const from = `${year}-${String(first + 1).padStart(2, "0")}-01`;
  const nextStart =
    first + SOCIAL_TARIFF.periodMonths >= 12
      ? `${year + 1}-01-01`
      : `${year}-${String(first + SOCIAL_TARIFF.periodMonths + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(nextStart, -1) };
}

/** Days of `span` within from..to (inclusive both ends); 0 when they do not meet. */
function overlapDays(span: Period, from: string, to: string): number {
  const start = span.from > from ? span.from : from;
  const end = span.to < to ? span.to : to;
  return end < start ? 0 : daysBetween(start, end) + 1;
}

/** The kWh of `span` that fall within from..to, spread evenly over its days (unrounded). */
export function kwhWithin(span: KwhSpan, from: string, to: string): number {
  if (span.to < span.from || span.kwh <= 0) return 0;
  const days = daysBetween(span.from, span.to) + 1;
  return (span.kwh * overlapDays(span, from, to)) / days;
}

/** Whole kWh of the spans in `period`. */
export function kwhInPeriod(spans: readonly KwhSpan[], period: Period): number {
  return Math.round(spans.reduce((sum, s) => sum + kwhWithin(s, period.from, period.to), 0));
}

export interface CapProgress {
  period: Period;
  usedKwh: number;
  capKwh: number;
  /** kWh left under the cap (0 once it is reached). */
  remainingKwh: number;
  /** The cap is passed: the discount does not apply to the rest of the period. */
  over: boolean;
}

/** How far the household is from its four-month cap on `today`, from its bills' kWh. */
export function capProgress(
  spans: readonly KwhSpan[],
  householdSize: number,
  today: string,
): CapProgress {
  const period = fourMonthPeriodOf(today);
  const usedKwh = kwhInPeriod(spans, period);
  const capKwh = socialTariffCapKwh(householdSize);
  return {
    period,
    usedKwh,
    capKwh,
    remainingKwh: Math.max(0, capKwh - usedKwh),
    over: usedKwh > capKwh,
  };
}

/** Does the approval cover `today`? */
export const isSocialTariffValidOn = (terms: SocialTariffTerms, today: string) =>
  terms.valid_from <= today && today <= terms.valid_to;

/**
 * When to renew: the annual application at the state's portal is due before `valid_to`; from
 * SOCIAL_TARIFF.renewalNoticeDays before it the page says so first ("renew now"), and after it
 * the ΚΟΤ has lapsed.
 */
export function renewalState(
  terms: Pick<SocialTariffTerms, "valid_from" | "valid_to">,
  today: string,
): "not_yet" | "due" | "lapsed" {
  if (today > terms.valid_to) return "lapsed";
  return daysBetween(today, terms.valid_to) <= SOCIAL_TARIFF.renewalNoticeDays ? "due" : "not_yet";
}

/** Every four-month period `span` touches, oldest first. */
function periodsOf(span: Period): Period[] {
  const periods: Period[] = [];
  for (
    let p = fourMonthPeriodOf(span.from);
    p.from <= span.to;
    p = fourMonthPeriodOf(addDays(p.to, 1))
  )
    periods.push(p);
  return periods;
}

export interface BillDiscount {
  /** kWh of the bill the discount covers (whole kWh). */
  kwh: number;
  /** €/kWh off (the category's). */
  perKwh: number;
  /** The discount in cents, positive (the line shows it as a minus). */
  cents: number;
}

/**
 * The ΚΟΤ discount of one bill: in each four-month period the bill's consumption touches, its kWh
 * on days the approval covers, up to what the cap leaves after the `earlier` bills' kWh of that
 * period, × the category's €/kWh. Null when it covers nothing (no day approved, the cap already
 * used up, a bill with no kWh).
 */
export function billDiscount(
  bill: KwhSpan,
  earlier: readonly KwhSpan[],
  terms: SocialTariffTerms,
): BillDiscount | null {
  const cap = socialTariffCapKwh(terms.household_size);
  let covered = 0;
  for (const period of periodsOf(bill)) {
    const from = period.from > terms.valid_from ? period.from : terms.valid_from;
    const to = period.to < terms.valid_to ? period.to : terms.valid_to;
    if (to < from) continue;
    const share = kwhWithin(bill, from, to);
    const before = earlier.reduce((sum, s) => sum + kwhWithin(s, period.from, period.to), 0);
    covered += Math.min(share, Math.max(0, cap - before));
  }
  const kwh = Math.round(covered);
  if (kwh <= 0) return null;
  const perKwh = SOCIAL_TARIFF.discountPerKwh[terms.category];
  return { kwh, perKwh, cents: Math.round(kwh * perKwh * 100) };
}
