import type { ApiMeter } from "../../core/contract";
import { supplyNumber as coreSupplyNumber, type SupplyNumberParts } from "../../core/supply-number";

/**
 * Display formats of spec §5: amounts with two decimals, comma decimal separator and dot
 * thousands in BOTH languages; dates DD/MM/YYYY; stamps DD/MM/YYYY HH:mm; zero dates "-".
 *
 * Everything here is deterministic across runtimes: the Worker runs in UTC and the browser in the
 * customer's zone, and server and client must render the same text (hydration). So amounts are
 * grouped by hand rather than by the runtime's ICU data, date-only values are never shifted, and
 * UTC stamps are shown in the supplier's zone, Europe/Athens, explicitly.
 */

export const DISPLAY_TIME_ZONE = "Europe/Athens";
const EMPTY = "-";

/**
 * 1234.5 → "1.234,50 €" (or "1.234,50" with `currency: false`). The space before "€" is a
 * NO-BREAK SPACE (U+00A0): an amount never wraps before its currency sign (spec §5).
 */
export function formatAmount(
  value: number | string | null | undefined,
  options: { currency?: boolean } = {},
): string {
  const number = typeof value === "string" ? Number(value) : (value ?? 0);
  const safe = Number.isFinite(number) ? number : 0;
  // toPrecision drops binary noise first (1.005 * 100 = 100.49999…), then we round half up.
  const cents = Math.round(Number((Math.abs(safe) * 100).toPrecision(12)));
  const negative = safe < 0 && cents !== 0;
  const whole = Math.floor(cents / 100).toString();
  const fraction = (cents % 100).toString().padStart(2, "0");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const text = `${negative ? "-" : ""}${grouped},${fraction}`;
  return options.currency === false ? text : `${text}\u00a0€`;
}

type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_STAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

function isZeroDate(value: DateInput): boolean {
  if (value === null || value === undefined || value === "" || value === 0) return true;
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" || trimmed === "0" || /^0{4}-0{2}-0{2}/.test(trimmed);
  }
  return false;
}

let zonedFormat: Intl.DateTimeFormat | undefined;

/** Wall-clock parts of an instant in the display zone. */
function zonedParts(date: Date): { y: number; m: number; d: number; h: number; min: number } {
  // One formatter per isolate (or page): building one costs far more than using it.
  zonedFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = zonedFormat.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { y: get("year"), m: get("month"), d: get("day"), h: get("hour"), min: get("minute") };
}

/**
 * The calendar date and time to show. Date-only strings are calendar dates (no zone); stamps
 * (with or without a zone designator; the schema stores UTC) are instants shown in Athens time.
 */
function toWallClock(value: DateInput): Date | null {
  if (isZeroDate(value)) return null;
  if (typeof value === "string") {
    const trimmed = value.trim();
    const dateOnly = DATE_ONLY.exec(trimmed);
    if (dateOnly) {
      const [, y, m, d] = dateOnly;
      const date = new Date(Number(y), Number(m) - 1, Number(d));
      return isValid(date) && date.getDate() === Number(d) ? date : null;
    }
    const naive = NAIVE_STAMP.exec(trimmed);
    const instant = naive
      ? new Date(
          Date.UTC(
            Number(naive[1]),
            Number(naive[2]) - 1,
            Number(naive[3]),
            Number(naive[4]),
            Number(naive[5]),
            Number(naive[6] ?? 0),
          ),
        )
      : new Date(trimmed);
    return isValid(instant) ? fromInstant(instant) : null;
  }
  if (value === null || value === undefined) return null;
  const instant = value instanceof Date ? value : new Date(value);
  return isValid(instant) ? fromInstant(instant) : null;
}

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

const pad = (n: number) => String(n).padStart(2, "0");

/** dd/MM/yyyy (and " HH:mm" with `time`) of a wall-clock Date; no date library in the browser. */
function wallClockText(date: Date, time: boolean): string {
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, "0")}`;
  return time ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

function fromInstant(instant: Date): Date {
  const p = zonedParts(instant);
  return new Date(p.y, p.m - 1, p.d, p.h, p.min);
}

/** "2026-03-05" → "05/03/2026"; null, "", 0 and "0000-00-00" → "-". */
export function formatDate(value: DateInput): string {
  const date = toWallClock(value);
  return date ? wallClockText(date, false) : EMPTY;
}

/** "2026-03-05T08:30:00Z" → "05/03/2026 10:30" (Athens time); zero stamps → "-". */
export function formatStamp(value: DateInput): string {
  const date = toWallClock(value);
  return date ? wallClockText(date, true) : EMPTY;
}

/** "2026-03-05T08:30:00Z" → "10:30" (the time of day in Athens); zero stamps → "-". */
export function formatTime(value: DateInput): string {
  const date = toWallClock(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : EMPTY;
}

/** Electricity is division 1; every other division is gas (spec §9). */
export function isElectricity(meter: Pick<ApiMeter, "division">): boolean {
  return meter.division === 1;
}

/** The supply number (core/supply-number.ts), or a dash for a supply without one. */
export function supplyNumber(meter: SupplyNumberParts): string {
  return coreSupplyNumber(meter) || EMPTY;
}

/** "Οδός 12, 11111 Περιοχή" from the physical (supply) or billing address fields. */
export function formatAddress(
  meter: Pick<
    ApiMeter,
    | "phys_street"
    | "phys_street_no"
    | "phys_postal_code"
    | "phys_region"
    | "bill_street"
    | "bill_street_no"
    | "bill_postal_code"
    | "bill_region"
  >,
  which: "phys" | "bill" = "phys",
): string {
  const street =
    which === "phys"
      ? [meter.phys_street, meter.phys_street_no]
      : [meter.bill_street, meter.bill_street_no];
  const place =
    which === "phys"
      ? [meter.phys_postal_code, meter.phys_region]
      : [meter.bill_postal_code, meter.bill_region];
  const line1 = street.filter(Boolean).join(" ");
  const line2 = place.filter(Boolean).join(" ");
  return [line1, line2].filter(Boolean).join(", ") || EMPTY;
}

/** Whole numbers with dot thousands (spec §5 number style): 1234.4 → "1.234". */
export function formatInteger(value: number | null | undefined): string {
  const rounded = Math.round(Number.isFinite(value) ? (value as number) : 0);
  const digits = Math.abs(rounded)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${rounded < 0 ? "-" : ""}${digits}`;
}

/** Energy in whole kWh: 1234 → "1.234 kWh". */
export function formatKwh(value: number | null | undefined): string {
  return `${formatInteger(value)} kWh`;
}

/** A percentage change with its sign and a comma decimal: 12.5 → "+12,5%", -3 → "−3,0%". */
export function formatChange(value: number): string {
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  return `${sign}${Math.abs(value).toFixed(1).replace(".", ",")}%`;
}
