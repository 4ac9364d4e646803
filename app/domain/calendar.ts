import type { ApiCalendarEvent } from "../../core/contract";
import { shiftMonth } from "./statistics";

/**
 * The calendar page (/b2b/imerologio) and its .ics download: month navigation in the URL
 * (`?month=YYYY-MM`), the agenda grouped by day, and the iCalendar text (RFC 5545). Pure.
 */

export { shiftMonth };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `?month=` when it is a real month within five years of today's, else today's month. */
export function parseMonth(value: string | null | undefined, today: string): string {
  const current = today.slice(0, 7);
  if (!value || !MONTH.test(value)) return current;
  const distance = Math.abs(
    Number(value.slice(0, 4)) * 12 +
      Number(value.slice(5, 7)) -
      (Number(current.slice(0, 4)) * 12 + Number(current.slice(5, 7))),
  );
  return distance <= 60 ? value : current;
}

/** First and last day of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y = 1970, m = 1] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

export interface AgendaDay {
  date: string;
  events: ApiCalendarEvent[];
}

/**
 * Events by day, oldest first. A reading window that opened before the range is listed on the
 * range's first day (it is still running then).
 */
export function agendaDays(events: readonly ApiCalendarEvent[], from: string): AgendaDay[] {
  const days = new Map<string, ApiCalendarEvent[]>();
  for (const event of events) {
    const date = event.date < from ? from : event.date;
    days.set(date, [...(days.get(date) ?? []), event]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => ({ date, events: list }));
}

// ---- iCalendar ----

export interface IcsEvent {
  uid: string;
  /** YYYY-MM-DD, all-day. */
  start: string;
  /** Last day (inclusive); defaults to start. */
  end?: string;
  summary: string;
  description?: string;
}

/** TEXT escaping of RFC 5545 §3.3.11. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets folded with CRLF + space (RFC 5545 §3.1), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replace(/-/g, "");
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A whole VCALENDAR; `stamp` is the DTSTAMP of every event (ISO timestamp). */
export function buildIcs(events: readonly IcsEvent[], name: string, stamp: string): string {
  const dtstamp = stamp.replace(/[-:]/g, "").replace(/\.\d+/, "").slice(0, 15) + "Z";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//nrg//myNRG portal//EL",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compactDate(event.start)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(event.end ?? event.start))}`,
      `SUMMARY:${icsText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
    lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** A stable UID per event, so a calendar app that imports the file again updates, not duplicates. */
export function eventUid(event: ApiCalendarEvent, host: string): string {
  const id =
    event.type === "bill_due"
      ? `bill-${event.invoice_id}`
      : `${event.type}-${event.meter_id}-${event.date}`;
  return `${id}@${host}`;
}
