import { Hono } from "hono";
import { z } from "zod";
import type { ApiCalendar } from "../contract";
import { badRequest, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { REMOVED_METER_STATUS, assertOwnUser, findUserWithCustomer } from "../services/customers";
import type { ApiEnv } from "../types";
import {
  addDays,
  calendarEvents,
  daysBetween,
  DEFAULT_FUTURE_DAYS,
  DEFAULT_PAST_DAYS,
  MAX_RANGE_DAYS,
  type CalendarBill,
  type CalendarMeter,
} from "../../core/calendar";
import { athensToday } from "../../core/dates";

const date = z.iso.date("calendar:errors.range");
const rangeQuery = z.object({ from: date.optional(), to: date.optional() });

/** Bills with a due date; payments, credit notes and cancellations have none worth a reminder. */
const BILL_TYPES = "'Clearance', 'Advance', 'Manual'";

/**
 * Mounted at /api. GET /users/:userId/calendar: the dated events of ALL the customer's supplies in
 * two indexed queries, whatever the number of supplies (a 200-supply account costs the same two
 * round trips as a household).
 */
export const calendarRoutes = new Hono<ApiEnv>().get(
  "/users/:userId/calendar",
  requireBearer,
  validate("query", rangeQuery),
  async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.param("userId"));
    const query = c.req.valid("query");
    const today = athensToday();
    const from = query.from ?? addDays(today, -DEFAULT_PAST_DAYS);
    const to = query.to ?? addDays(today, DEFAULT_FUTURE_DAYS);
    const span = daysBetween(from, to);
    if (span < 0) throw badRequest("validation", "to", "calendar:errors.range");
    if (span > MAX_RANGE_DAYS) throw badRequest("validation", "to", "calendar:errors.range");

    const db = c.get("db");
    const found = await findUserWithCustomer(db, userId);
    if (!found) throw notFound();
    const customerId = found.customer.id;
    const [meterRows, billRows] = await db.$client.batch([
      db.$client
        .prepare(
          `SELECT id, status, division, category, voltage_type, indication_open_from,
                  indication_open_to, next_reading_date
             FROM meters WHERE customer_id = ? AND status <> ?`,
        )
        .bind(customerId, REMOVED_METER_STATUS),
      db.$client
        .prepare(
          `SELECT i.id, i.meter_id, i.invoice_no, i.date_due,
                  i.ypoloipo_cents + i.total_value_cents AS total_cents, i.remaining_cents
             FROM invoices i JOIN meters m ON m.id = i.meter_id
            WHERE m.customer_id = ? AND m.status <> ? AND i.type IN (${BILL_TYPES})
              AND i.date_due BETWEEN ? AND ?`,
        )
        .bind(customerId, REMOVED_METER_STATUS, from, to),
    ]);
    const data: ApiCalendar = {
      from,
      to,
      events: calendarEvents(
        (meterRows?.results ?? []) as CalendarMeter[],
        (billRows?.results ?? []) as CalendarBill[],
        from,
        to,
      ),
    };
    return c.json({ data });
  },
);
