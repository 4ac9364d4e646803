import type { ApiInvoice } from "../../core/contract";
import { athensToday } from "../../core/dates";
import type { Forecast } from "../../core/forecast";
import { meterForecast } from "../forecast/service";
import type { Db } from "../db";
import { notFound } from "../lib/errors";
import { personOf, meterInvoices, overviewInvoices, ownMeterSummary } from "../services/customers";
import { toApiInvoice } from "../services/serialize";

/**
 * The billing history of one of the caller's supplies (404 for another's): with `overview`, only
 * the rows the overview uses; otherwise every row (the statistics page).
 */
export async function meterHistory(
  db: Db,
  userId: number,
  meterId: number,
  view: "all" | "overview",
): Promise<ApiInvoice[]> {
  // From the supply summaries the page already read (no round trip of its own).
  const meter = await ownMeterSummary(db, await personOf(db, userId), meterId);
  if (!meter) throw notFound();
  const rows =
    view === "overview"
      ? await overviewInvoices(db, meter.id)
      : await meterInvoices(db, [meter.id]);
  return rows.map(toApiInvoice);
}

/** The next-bill forecast of one of the caller's supplies (404 for another's; null unless Active). */
export async function meterForecastOf(
  db: Db,
  userId: number,
  meterId: number,
): Promise<Forecast | null> {
  const meter = await ownMeterSummary(db, await personOf(db, userId), meterId);
  if (!meter) throw notFound();
  if (meter.status !== "Active") return null;
  return meterForecast(db, meter.id, athensToday());
}
