import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { invoices, meters } from "../db/schema";
import { personMeter, type SupplyScope } from "../services/customers";
import type { CalendarBill, CalendarMeter } from "../../core/calendar";

/** Bills with a due date; payments, credit notes and cancellations have none worth a reminder. */
const BILL_TYPES = ["Clearance", "Advance", "Manual"] as const;

/**
 * The dated facts of ALL the customer's supplies in one batch of two indexed queries, whatever the
 * number of supplies (a 200-supply account costs the same round trip as a household).
 */
export async function calendarRows(
  db: Db,
  person: SupplyScope,
  from: string,
  to: string,
): Promise<{ meters: CalendarMeter[]; bills: CalendarBill[] }> {
  const [meterRows, billRows] = await db.batch([
    db
      .select({
        id: meters.id,
        status: meters.status,
        division: meters.division,
        category: meters.category,
        voltage_type: meters.voltage_type,
        indication_open_from: meters.indication_open_from,
        indication_open_to: meters.indication_open_to,
        next_reading_date: meters.next_reading_date,
      })
      .from(meters)
      .where(personMeter(person)),
    db
      .select({
        id: invoices.id,
        meter_id: invoices.meter_id,
        invoice_no: invoices.invoice_no,
        date_due: invoices.date_due,
        total_cents: sql<number>`${invoices.ypoloipo_cents} + ${invoices.total_value_cents}`,
        remaining_cents: invoices.remaining_cents,
      })
      .from(invoices)
      .innerJoin(meters, eq(meters.id, invoices.meter_id))
      .where(
        and(
          personMeter(person),
          inArray(invoices.type, [...BILL_TYPES]),
          between(invoices.date_due, from, to),
        ),
      ),
  ]);
  return { meters: meterRows, bills: billRows };
}
