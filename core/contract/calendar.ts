import { z } from "zod";
import { euros, id, isoDate } from "./common";

/** One event of the calendar page (GET /users/{id}/calendar). */
export const apiCalendarEventSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("reading_window"),
      meter_id: id,
      date: isoDate.meta({ description: "First day" }),
      end: isoDate.meta({ description: "Last day" }),
    })
    .meta({ description: "The customer's reading (indication) period" }),
  z
    .object({ type: z.literal("operator_reading"), meter_id: id, date: isoDate })
    .meta({ description: "The network operator's next reading (next_reading_date)" }),
  z.object({
    type: z.literal("bill_due"),
    meter_id: id,
    date: isoDate.meta({ description: "date_due" }),
    invoice_id: id,
    invoice_no: z.string(),
    amount: euros.meta({ description: "The bill's total, euros" }),
    remaining: euros.meta({ description: "Still unpaid, euros (0: paid)" }),
  }),
]);
export type ApiCalendarEvent = z.infer<typeof apiCalendarEventSchema>;

/** GET /users/{id}/calendar: dated events of all the customer's supplies, oldest first. */
export const apiCalendarSchema = z.object({
  from: isoDate,
  to: isoDate,
  events: z.array(apiCalendarEventSchema),
});
export type ApiCalendar = z.infer<typeof apiCalendarSchema>;
