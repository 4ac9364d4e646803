import { Hono } from "hono";
import { apiCalendarSchema, type ApiCalendar } from "../../core/contract";
import { badRequest } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser, personOf } from "../services/customers";
import type { ApiEnv } from "../types";
import {
  addDays,
  calendarEvents,
  daysBetween,
  DEFAULT_FUTURE_DAYS,
  DEFAULT_PAST_DAYS,
  MAX_RANGE_DAYS,
} from "../../core/calendar";
import { calendarRangeQuery } from "../../core/calendar-range";
import { athensToday } from "../../core/dates";
import { userParams } from "../../core/contract/params";
import { calendarRows } from "./service";
import { data, documented } from "../lib/openapi";

const doc = documented("Calendar");

/** Mounted at /api. GET /users/:userId/calendar: the dated events of all the customer's supplies. */
export const calendarRoutes = new Hono<ApiEnv>().get(
  "/users/:userId/calendar",
  doc({
    summary: "The dated events of the caller's supplies in a range",
    ok: data(apiCalendarSchema),
  }),
  requireBearer,
  permit("read"),
  validate("param", userParams, { invalid: "not_found" }),
  validate("query", calendarRangeQuery),
  async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.valid("param").userId);
    const query = c.req.valid("query");
    const today = athensToday();
    const from = query.from ?? addDays(today, -DEFAULT_PAST_DAYS);
    const to = query.to ?? addDays(today, DEFAULT_FUTURE_DAYS);
    const span = daysBetween(from, to);
    if (span < 0) throw badRequest("validation", "to", "calendar:errors.range");
    if (span > MAX_RANGE_DAYS) throw badRequest("validation", "to", "calendar:errors.range");

    const db = c.get("db");
    const rows = await calendarRows(db, await personOf(db, userId), from, to);
    const data: ApiCalendar = {
      from,
      to,
      events: calendarEvents(rows.meters, rows.bills, from, to),
    };
    return c.json({ data });
  },
);
