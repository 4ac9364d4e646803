import { href, redirect } from "react-router";
import { addDays } from "../../../core/calendar";
import { getApi } from "../../.server/api";
import { requireAllMeters, requireShell } from "../../.server/shell";
import { describeEvent, supplyIndex } from "../../.server/calendar";
import { buildIcs, eventUid } from "../../domain/calendar";
import { sidebarAllows } from "../../domain/sidebar";
import { getInstance } from "../../middleware/i18next";
import type { Route } from "./+types/imerologio-ics";
import { athensToday } from "../../../core/dates";
import { calendar as calendarEvents } from "../../.server/api/calendar";

/** How far the download reaches: recent past and the coming half year. */
const PAST_DAYS = 30;
const FUTURE_DAYS = 180;

/**
 * /b2b/imerologio.ics: the calendar's dates (reading windows, operator readings, bill due dates of
 * all the customer's supplies) as an iCalendar file to import into any calendar app. Event UIDs
 * are stable, so importing again updates the events instead of duplicating them.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  if (!sidebarAllows("calendar", { meter: shell.selectedMeter, role: shell.user.test_role })) {
    throw redirect(href("/b2b/episkopisi"));
  }
  const today = athensToday();
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, FUTURE_DAYS);
  const [calendar, meters] = await Promise.all([
    calendarEvents(getApi(args), shell.user.id, from, to),
    requireAllMeters(args),
  ]);
  const supplies = supplyIndex(meters, calendar.events);
  const t = getInstance(args.context).getFixedT(null, "calendar");
  const host = new URL(args.request.url).hostname;
  const events = calendar.events.map((event) => ({
    uid: eventUid(event, host),
    start: event.date,
    end: event.type === "reading_window" ? event.end : undefined,
    ...describeEvent(event, supplies[event.meter_id], t),
  }));
  const body = buildIcs(events, t("ics.name"), new Date().toISOString());
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="mynrg-calendar.ics"',
      "Cache-Control": "no-store",
    },
  });
}
