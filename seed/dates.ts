/** Dates (YYYY-MM-DD, UTC) and fixed-width numbers of the demo data. */

export const DAY = 86_400_000;
export function parseDate(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}
export function fmt(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}
export function addDays(iso: string, days: number): string {
  return fmt(parseDate(iso) + days * DAY);
}
/** Adds calendar months, clamping the day to the target month's length. */
export function addMonths(iso: string, months: number): string {
  const [y = 1970, m = 1, d = 1] = iso.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fmt(Date.UTC(year, month, Math.min(d, last)));
}
export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
export function stamp(iso: string, time = "09:00:00.000"): string {
  return `${iso}T${time}Z`;
}
export function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}
export function monthOf(iso: string): number {
  return Number(iso.slice(5, 7)) - 1;
}
