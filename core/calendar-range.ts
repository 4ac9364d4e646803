import { z } from "zod";

const date = z.iso.date("calendar:errors.range");

/**
 * GET /api/users/{id}/calendar?from=&to= (YYYY-MM-DD; defaults and the longest span in
 * core/calendar.ts). Kept apart from the calendar's rules so the page's bundle does not pull zod.
 */
export const calendarRangeQuery = z.object({ from: date.optional(), to: date.optional() });
