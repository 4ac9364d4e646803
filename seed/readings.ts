import type { Builder } from "./builder.ts";
import { addDays, addMonths, DAY, parseDate, stamp } from "./dates.ts";
import type { Rng } from "./random.ts";
import type { MeterRow } from "./rows.ts";

export interface ReadingOptions {
  months: number;
  endMonthsAgo?: number;
  monthlyKwh: number;
  client?: boolean;
  excluded?: boolean;
  /**
   * The operator's readings of the newest this-many months are estimates (the meter was not read),
   * and the customer sent none in them: the supply's newest actual reading is older.
   */
  estimatedMonths?: number;
}

/**
 * Cumulative meter readings: the network operator every 4 months (day cp 10, night cp 12),
 * client readings between them (11/13) and, when asked, excluded origin-5 rows (21/24).
 */
export function meterReadings(
  b: Builder,
  meter: MeterRow,
  rng: Rng,
  options: ReadingOptions,
): void {
  const end = addMonths(addDays(b.today, -40), -(options.endMonthsAgo ?? 0));
  type Point = { date: string; origin: 1 | 2 | 5; estimated?: boolean; dropped?: boolean };
  const points: Point[] = [];
  const recent = (m: number) => m < (options.estimatedMonths ?? 0);
  for (let m = 0; m < options.months; m += 4) {
    const date = addMonths(end, -m);
    points.push({ date, origin: 1, estimated: recent(m) });
    // A dropped point still draws its random numbers, so the rest of the demo data stays the same.
    if (options.client && m >= 4 && rng.chance(0.6))
      points.push({ date: addMonths(date, 2), origin: 2, dropped: recent(m - 2) });
  }
  if (options.excluded && points.length > 3) {
    const base = points[1] as Point;
    points.push({ date: addDays(base.date, 9), origin: 5 });
  }
  points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let day = rng.int(8_000, 20_000);
  let night = rng.int(3_000, 9_000);
  let previous = points[0]?.date ?? end;
  const dailyDay = (options.monthlyKwh * (meter.has_night ? 0.68 : 1)) / 30;
  const dailyNight = (options.monthlyKwh * 0.32) / 30;
  for (const point of points) {
    const days = (parseDate(point.date) - parseDate(previous)) / DAY;
    previous = point.date;
    day += Math.round(days * dailyDay * (0.9 + rng.next() * 0.2));
    night += Math.round(days * dailyNight * (0.9 + rng.next() * 0.2));
    if (point.dropped) continue;
    const registeredBy = point.origin === 2 ? "client" : "operator";
    const codes: readonly [day: string, night: string] =
      point.origin === 1 ? ["10", "12"] : point.origin === 2 ? ["11", "13"] : ["21", "24"];
    const created = stamp(point.date, "10:30:00.000");
    const push = (cpCode: string, value: number) => {
      b.lastId.readings += 1;
      b.tables.readings.push({
        id: b.lastId.readings,
        meter_id: meter.id,
        date_ins: point.date,
        cp_code: cpCode,
        origin: point.origin,
        value,
        registered_by: registeredBy,
        created_at: created,
        estimated: point.estimated ? 1 : 0,
      });
    };
    push(codes[0], day);
    if (meter.has_night) push(codes[1], night);
  }
}
