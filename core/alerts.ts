/**
 * Alerts the customer sets (issue #37 §2): "warn me when the forecast or a new bill exceeds X €,
 * or the same period last year by X %". Pure rules, shared by the API (api/alerts/), the hourly
 * job and the page (/b2b/eidopoiiseis). Decided here:
 *
 * 1. One alert per person and supply; its notice goes to that person only (their own email and
 *    mobile, the inbox of that person), never to the account: another person of a business
 *    account sets their own.
 * 2. The amount: 1 to 100 000 €, at most two decimals, a comma or a dot before them ("82,50",
 *    "82.50", "82"); no thousands separator (a "1.234" would be ambiguous: refused, three
 *    decimals). Stored in cents. The percentage: a whole number, 1 to 500.
 * 3. Turned on, it needs at least one of the two rules and at least one channel; SMS needs the
 *    person's mobile, email their address. Turned off, whatever it holds is kept (so turning it
 *    on again is one switch) and nothing is checked but the ranges of what was typed.
 * 4. "Exceeds" is strictly more: a bill of exactly 80,00 € does not trip an 80 € alert. A
 *    percentage trips when the amount is more than last year's × (1 + X/100).
 * 5. "The same period last year" is the supply's bill whose period ends closest to one year
 *    before this period's end, within 20 days either side (a billing cycle drifts a few days a
 *    year; beyond 20 days it is another period), and its own charges for the period, never a
 *    balance carried over (a Clearance's `total_value`, not `ypoloipo`). Only bills of a period
 *    (Clearance, Advance, Manual). None found (a new supply, a gap): the percentage rule cannot
 *    trip, and the page says so.
 * 6. For the forecast, the figure compared is its central one (centralCents), for the forecast's
 *    period; for a new bill, its own charges, for the bill's period.
 * 7. Once per bill period (`periodKey` "YYYY-MM-DD/YYYY-MM-DD"), whichever trips it first: the
 *    forecast in the hourly job, or the bill when it is written. The database row decides
 *    (alert_trips' unique index), so two runs at once still send one notice. The forecast's
 *    period is worked out from the usual billing cycle and the bill's own may differ by a few
 *    days: a period that overlaps one already tripped by more than its end day
 *    (`periodsOverlap`) is the same bill period, and trips nothing more.
 * 8. A Credit or a Cancelled bill, or one without a period, trips nothing: it bills no period.
 */

export const ALERT_AMOUNT_MIN_CENTS = 100;
export const ALERT_AMOUNT_MAX_CENTS = 10_000_000;
export const ALERT_PERCENT_MIN = 1;
export const ALERT_PERCENT_MAX = 500;
/** How far from a year before a bill's period may end and still be "the same period". */
export const SAME_PERIOD_WINDOW_DAYS = 20;
/** The bill types that bill a period of consumption. */
export const PERIOD_BILL_TYPES = ["Clearance", "Advance", "Manual"] as const;

export type AlertField = "enabled" | "amount" | "percent" | "email" | "sms";

export interface AlertIssue {
  field: AlertField;
  /** A translation key of the `alerts` namespace. */
  message: string;
}

/** An alert as it is set: the figures already parsed. */
export interface AlertSettings {
  enabled: boolean;
  amountCents: number | null;
  percent: number | null;
  email: boolean;
  sms: boolean;
}

/** Where the person's notices can go. */
export interface AlertContact {
  email: string | null;
  mobile: string | null;
}

const AMOUNT_TEXT = /^(\d{1,6})(?:[.,](\d{1,2}))?$/;

/**
 * "82,50", "82.5", "82" or a number of euros → cents; "" or null → null (not set); anything else
 * (three decimals, letters, a negative) → NaN, which `alertIssues` refuses.
 */
export function parseAmount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return Number.NaN;
    const cents = Math.round(value * 100);
    return Math.abs(cents - value * 100) < 1e-6 ? cents : Number.NaN;
  }
  const text = value.trim().replace(/\s*€$/, "");
  if (text === "") return null;
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** "25" or 25 → 25; "" or null → null; anything but a whole number → NaN. */
export function parsePercent(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isInteger(value) ? value : Number.NaN;
  const text = value.trim().replace(/\s*%$/, "");
  if (text === "") return null;
  return /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
}

/** Every reason the alert cannot be saved as it is, in the form's order (empty: it can). */
export function alertIssues(alert: AlertSettings, contact: AlertContact): AlertIssue[] {
  const issues: AlertIssue[] = [];
  const amount = alert.amountCents;
  if (amount !== null) {
    if (Number.isNaN(amount))
      issues.push({ field: "amount", message: "alerts:errors.amountFormat" });
    else if (amount < ALERT_AMOUNT_MIN_CENTS || amount > ALERT_AMOUNT_MAX_CENTS)
      issues.push({ field: "amount", message: "alerts:errors.amountRange" });
  }
  const percent = alert.percent;
  if (percent !== null) {
    if (Number.isNaN(percent))
      issues.push({ field: "percent", message: "alerts:errors.percentFormat" });
    else if (percent < ALERT_PERCENT_MIN || percent > ALERT_PERCENT_MAX)
      issues.push({ field: "percent", message: "alerts:errors.percentRange" });
  }
  if (!alert.enabled) return issues;
  if (amount === null && percent === null)
    issues.push({ field: "amount", message: "alerts:errors.ruleRequired" });
  if (!alert.email && !alert.sms)
    issues.push({ field: "email", message: "alerts:errors.channelRequired" });
  if (alert.email && !contact.email)
    issues.push({ field: "email", message: "alerts:errors.noEmail" });
  if (alert.sms && !contact.mobile)
    issues.push({ field: "sms", message: "alerts:errors.noMobile" });
  return issues;
}

/** A bill of the supply, as the "same period last year" rule reads it. */
export interface PeriodBill {
  type: string;
  period_to: string | null;
  /** This period's charges, in cents (not a balance carried over). */
  cents: number;
}

const dayNumber = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** The same calendar day a year before (29 February → 28 February). */
export function yearBefore(day: string): string {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${String(y - 1).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * The charges of the same period last year (decision 5): of the bills of a period, the one whose
 * period ends closest to a year before `periodTo`, within 20 days; on a tie, the later end, then
 * the later bill in the list. null when none.
 */
export function samePeriodLastYear(bills: readonly PeriodBill[], periodTo: string): number | null {
  const target = dayNumber(yearBefore(periodTo));
  let best: { distance: number; end: number; cents: number } | null = null;
  for (const bill of bills) {
    if (!bill.period_to || !(PERIOD_BILL_TYPES as readonly string[]).includes(bill.type)) continue;
    const end = dayNumber(bill.period_to);
    const distance = Math.abs(end - target);
    if (distance > SAME_PERIOD_WINDOW_DAYS) continue;
    if (!best || distance < best.distance || (distance === best.distance && end >= best.end))
      best = { distance, end, cents: bill.cents };
  }
  return best ? best.cents : null;
}

/** The key of a bill period: "YYYY-MM-DD/YYYY-MM-DD". */
export const periodKeyOf = (from: string, to: string) => `${from.slice(0, 10)}/${to.slice(0, 10)}`;

/** The two periods ("YYYY-MM-DD/YYYY-MM-DD") share more than a boundary day (decision 7). */
export function periodsOverlap(a: string, b: string): boolean {
  const [aFrom = "", aTo = ""] = a.split("/");
  const [bFrom = "", bTo = ""] = b.split("/");
  return aFrom < bTo && bFrom < aTo;
}

/** Does this bill bill a period (decision 8)? */
export const billsAPeriod = (bill: {
  type: string;
  period_from: string | null;
  period_to: string | null;
}) =>
  Boolean(bill.period_from && bill.period_to) &&
  (PERIOD_BILL_TYPES as readonly string[]).includes(bill.type);

export interface AlertRule {
  enabled: boolean;
  amountCents: number | null;
  percent: number | null;
}

export interface AlertCheck {
  periodKey: string;
  source: "forecast" | "bill";
  /** The forecast's central figure, or the new bill's own charges. */
  amountCents: number;
  /** The same period last year's charges (`samePeriodLastYear`), null when none. */
  lastYearCents: number | null;
}

export type AlertVerdict =
  | { trips: false }
  | {
      trips: true;
      periodKey: string;
      source: "forecast" | "bill";
      /** Which rule the notice names: the amount when it tripped, else the percentage. */
      rule: "amount" | "percent";
      amountCents: number;
      /** The threshold in € (the amount rule), else null. */
      thresholdCents: number | null;
      /** Last year's charges of the same period, when known (the notice names them either way). */
      referenceCents: number | null;
      /** How much more than last year, in whole per cent (rounded down), when it is known. */
      overPercent: number | null;
    };

/** Does the alert trip on this figure (decisions 4 to 6), and with which figures for the notice. */
export function alertTrips(alert: AlertRule, check: AlertCheck): AlertVerdict {
  if (!alert.enabled) return { trips: false };
  const last = check.lastYearCents !== null && check.lastYearCents > 0 ? check.lastYearCents : null;
  const overPercent = last === null ? null : Math.floor(((check.amountCents - last) * 100) / last);
  const byAmount = alert.amountCents !== null && check.amountCents > alert.amountCents;
  const byPercent =
    alert.percent !== null &&
    last !== null &&
    check.amountCents * 100 > last * (100 + alert.percent);
  if (!byAmount && !byPercent) return { trips: false };
  return {
    trips: true,
    periodKey: check.periodKey,
    source: check.source,
    rule: byAmount ? "amount" : "percent",
    amountCents: check.amountCents,
    thresholdCents: byAmount ? alert.amountCents : null,
    referenceCents: last,
    overPercent: overPercent !== null && overPercent > 0 ? overPercent : null,
  };
}

/** "82,50" for a form's field from cents (no thousands separator: the form reads none). */
export const amountText = (cents: number | null) =>
  cents === null ? "" : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
