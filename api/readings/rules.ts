import type { ApiReading, ApiReadingSaved } from "../../core/contract";
import { badRequest } from "../lib/errors";
import {
  hasNightRegister,
  lastReadings,
  type ReadingLike,
  type RegisterValue,
} from "../../core/readings";

/** The day (and night) values of a body, checked against the supply's night register. */
export function registerValues(
  meter: Parameters<typeof hasNightRegister>[0],
  history: ReadingLike[],
  body: { day: number; night?: number | null },
): RegisterValue[] {
  const withNight = hasNightRegister(meter, history);
  const night = body.night ?? null;
  if (withNight && night === null) throw badRequest("validation", "night", "validate.require");
  if (!withNight && night !== null)
    throw badRequest("validation", "night", "readings:errors.noNight");
  const values: RegisterValue[] = [{ register: "day", value: body.day }];
  if (night !== null) values.push({ register: "night", value: night });
  return values;
}

/** The customer's reading of today with exactly these values, if it is the last one saved. */
export function sameAsLastClientReading(
  history: ApiReading[],
  today: string,
  day: number,
  night: number | null,
): ApiReadingSaved | null {
  const last = lastReadings(history);
  if (!last || last.date !== today || last.registeredBy !== "client") return null;
  if (last.day?.value !== day || (last.night?.value ?? null) !== night) return null;
  const rows = [last.day, last.night].filter((r): r is ApiReading => r !== null);
  return { date_ins: today, readings: rows, duplicate: true };
}
