import { isActiveMeterStatus } from "./meter-status";
import { canSubmitReadings } from "./readings";

import type { ApiCalendarEvent } from "./contract/calendar";

export type { ApiCalendarEvent };

/**
 * The calendar of a customer's supplies: reading (indication) windows, the network
 * operator's next reading date, and bill due dates, between two dates. Pure, so the API and the
 * tests build the same list.
 */

export const DEFAULT_PAST_DAYS = 60;
export const DEFAULT_FUTURE_DAYS = 180;
/** The widest range one call may ask for. */
export const MAX_RANGE_DAYS = 400;

export interface CalendarMeter {
  id: number;
  status: string;
  division: number;
  category: string | null;
  voltage_type: string | null;
  indication_open_from: string | null;
  indication_open_to: string | null;
  next_reading_date: string | null;
}

export interface CalendarBill {
  id: number;
  meter_id: number;
  invoice_no: string;
  date_due: string | null;
  total_cents: number;
  remaining_cents: number;
}

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const inRange = (date: string, from: string, to: string) => from <= date && date <= to;

/** Only supplies in a normal status have reading periods; a reading window needs the reading page. */
const readsMeters = (meter: CalendarMeter) => isActiveMeterStatus(meter.status);

const KIND_ORDER: Record<ApiCalendarEvent["type"], number> = {
  reading_window: 0,
  operator_reading: 1,
  bill_due: 2,
};

export function calendarEvents(
  meters: readonly CalendarMeter[],
  bills: readonly CalendarBill[],
  from: string,
  to: string,
): ApiCalendarEvent[] {
  const events: ApiCalendarEvent[] = [];
  for (const meter of meters) {
    if (!readsMeters(meter)) continue;
    const open = day(meter.indication_open_from);
    const close = day(meter.indication_open_to);
    // A window that overlaps the range at all is listed on its first day.
    if (meter.status === "Active" && canSubmitReadings(meter) && open && close && open <= close) {
      if (open <= to && close >= from) {
        events.push({ type: "reading_window", meter_id: meter.id, date: open, end: close });
      }
    }
    const next = day(meter.next_reading_date);
    if (next && inRange(next, from, to)) {
      events.push({ type: "operator_reading", meter_id: meter.id, date: next });
    }
  }
  const known = new Set(meters.map((m) => m.id));
  for (const bill of bills) {
    const due = day(bill.date_due);
    if (!due || !known.has(bill.meter_id) || !inRange(due, from, to)) continue;
    events.push({
      type: "bill_due",
      meter_id: bill.meter_id,
      date: due,
      invoice_id: bill.id,
      invoice_no: bill.invoice_no,
      amount: Math.round(bill.total_cents) / 100,
      remaining: Math.round(bill.remaining_cents) / 100,
    });
  }
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      KIND_ORDER[a.type] - KIND_ORDER[b.type] ||
      a.meter_id - b.meter_id,
  );
}

/** Whole days from a to b (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
