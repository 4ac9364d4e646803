import type { ApiForecast } from "../../core/contract";

/**
 * Display figures of the next-bill forecast (#37 §1): the headline's whole euros, and the
 * explanation's exact figures, written so that every line it shows can be worked again by hand
 * from the figures beside it (core/forecast.ts rounds each basis to the digits shown here). Like
 * app/domain/format.ts: a comma decimal and dot thousands in both languages, by hand (no ICU
 * data), so that the server and the browser write the same text.
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/**
 * `value` with at least `min` and at most `max` decimals (trailing zeros beyond `min` dropped):
 * formatDecimal(370.125, 0, 3) → "370,125"; formatDecimal(0.145, 4, 6) → "0,1450".
 */
export function formatDecimal(value: number, min: number, max: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  const fixed = Math.abs(safe).toFixed(max);
  const [whole = "0", fraction = ""] = fixed.split(".");
  let kept = fraction;
  while (kept.length > min && kept.endsWith("0")) kept = kept.slice(0, -1);
  const negative = safe < 0 && /[1-9]/.test(fixed);
  return `${negative ? "-" : ""}${group(whole)}${kept ? `,${kept}` : ""}`;
}

/** Energy to the watt-hour: 370.125 → "370,125 kWh". */
export const formatForecastKwh = (kwh: number) => `${formatDecimal(kwh, 0, 3)}\u00a0kWh`;

/** A rate in € (per kWh, per day): four decimals at least, six at most. */
export const formatRate = (euros: number) => `${formatDecimal(euros, 4, 6)}\u00a0€`;

/** A share as a percentage: 0.134567 → "13,4567%". */
export const formatShare = (share: number) => `${formatDecimal(share * 100, 0, 4)}%`;

/** A trend factor: 1.2 → "1,2000". */
export const formatFactor = (factor: number) => formatDecimal(factor, 4, 4);

/** Euro cents as the portal writes amounts: 8840 → "88,40 €". */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  return `${negative ? "-" : ""}${group(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, "0")}\u00a0€`;
}

/** Whole euros for a headline range: the low end rounded down, the high end up ("82–94 €"). */
export function wholeEuros(cents: number, direction: "down" | "up"): number {
  return direction === "down" ? Math.floor(cents / 100) : Math.ceil(cents / 100);
}

/** "2026-12-01" → "01/12". */
export const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export type ForecastFiguresView = Extract<ApiForecast, { kind: "forecast" }>;

/** What the forecast's card shows: the headline's figures, not the explanation's lines. */
export type ForecastHeadline =
  | Extract<ApiForecast, { kind: "none" }>
  | Pick<
      ForecastFiguresView,
      "kind" | "period" | "kwh" | "centralCents" | "range" | "estimatesUsed"
    >;

/**
 * The card's figures of a forecast. The overview, the bills page and the alerts page show only
 * the card: their loaders pass this, not the whole forecast, so a fresh render encodes (and the
 * browser downloads and hydrates) a few numbers instead of every line, year and basis of the
 * explanation (#37: the fresh overview's throughput budget).
 */
export function forecastHeadline(
  forecast: ApiForecast | null | undefined,
): ForecastHeadline | null {
  if (!forecast) return null;
  if (forecast.kind === "none") return forecast;
  const { kind, period, kwh, centralCents, range, estimatesUsed } = forecast;
  return { kind, period, kwh, centralCents, range, estimatesUsed };
}

/**
 * The headline's range in whole euros, "82–94 €": `low` without the sign (the range reads as one
 * amount), `high` with it; `one` when both ends round to the same euro ("about 88 €").
 */
export function headlineRange(
  forecast: Pick<ForecastFiguresView, "range">,
): { one: null; low: string; high: string } | { one: string } {
  const low = wholeEuros(forecast.range.lowCents, "down");
  const high = wholeEuros(forecast.range.highCents, "up");
  const euros = (value: number) => `${group(String(value))}\u00a0€`;
  return low === high
    ? { one: euros(low) }
    : { one: null, low: group(String(low)), high: euros(high) };
}
