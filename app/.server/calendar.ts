import type { ApiCalendarEvent, ApiMeter } from "../../core/contract";
import {
  formatAddress,
  formatAmount,
  formatDate,
  isElectricity,
  supplyNumber,
} from "../domain/format";

/** What the calendar shows of a supply next to each of its events. */
export interface CalendarSupply {
  number: string;
  address: string;
  kind: "electricity" | "gas";
}

/** Only the supplies the events mention: a 200-supply account sends no more than it shows. */
export function supplyIndex(
  meters: readonly ApiMeter[],
  events: readonly ApiCalendarEvent[],
): Record<string, CalendarSupply> {
  const wanted = new Set(events.map((e) => e.meter_id));
  const index: Record<string, CalendarSupply> = {};
  for (const meter of meters) {
    if (!wanted.has(meter.id)) continue;
    index[meter.id] = {
      number: supplyNumber(meter),
      address: formatAddress(meter),
      kind: isElectricity(meter) ? "electricity" : "gas",
    };
  }
  return index;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The summary and description of an event in the .ics file, in the page's language. */
export function describeEvent(
  event: ApiCalendarEvent,
  supply: CalendarSupply | undefined,
  t: Translate,
): { summary: string; description: string } {
  const where = supply ? `${supply.number} · ${supply.address}` : "";
  switch (event.type) {
    case "reading_window":
      return {
        summary: t("ics.readingWindow", { number: supply?.number ?? "" }),
        description: `${t("events.readingWindow", { from: formatDate(event.date), to: formatDate(event.end) })}\n${where}`,
      };
    case "operator_reading":
      return {
        summary: t("ics.operatorReading", { number: supply?.number ?? "" }),
        description: `${t("events.operatorReading")}\n${where}`,
      };
    case "bill_due":
      return {
        summary: t("ics.billDue", { number: supply?.number ?? "" }),
        description: `${t("events.billDue", { invoice: event.invoice_no, amount: formatAmount(event.amount, { currency: false }) })}\n${where}`,
      };
  }
}
