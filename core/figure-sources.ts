/**
 * Where a figure comes from (issue #20): every reading and every bill's consumption says its source,
 * and a supply whose newest actual reading is older than its billing period says so. Pure rules,
 * shared by the API (which serialises the sources) and the portal (which labels them and shows the
 * notice). docs/decisions/0022-figure-sources.md records why a customer's reading counts as actual.
 */
import {
  BILLED_TYPES,
  canSubmitReadings,
  indicationState,
  type PeriodMeter,
  type ReadingMeter,
} from "./readings";

/** Who gave a reading's value: the network operator, the customer, or an estimate. */
export const READING_SOURCES = ["operator", "client", "estimated"] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

/** Whether a bill's consumption was metered or estimated. */
export const CONSUMPTION_SOURCES = ["actual", "estimated"] as const;
export type ConsumptionSource = (typeof CONSUMPTION_SOURCES)[number];

/**
 * A reading's source: an estimated reading is "estimated" whoever registered it (the operator
 * estimates when a meter was not read); otherwise who registered it.
 */
export function readingSourceOf(reading: {
  estimated: number | boolean;
  registered_by: "operator" | "client";
}): ReadingSource {
  if (reading.estimated === true || reading.estimated === 1) return "estimated";
  return reading.registered_by;
}

/** An actual reading is a metered one: the operator's or the customer's, never an estimate. */
export const isActualReading = (source: ReadingSource) => source !== "estimated";

/**
 * A bill's consumption source: null for rows that bill no consumption (payments, credits,
 * cancelled bills) and where the source is not known (`consumption_estimated` null).
 */
export function consumptionSourceOf(bill: {
  type: string;
  consumption_estimated: number | null;
}): ConsumptionSource | null {
  if (!(BILLED_TYPES as readonly string[]).includes(bill.type)) return null;
  if (bill.consumption_estimated === 1) return "estimated";
  if (bill.consumption_estimated === 0) return "actual";
  return null;
}

/** What the staleness rule reads of a supply (the API computes both dates in its supply read). */
export interface SourcesMeter extends ReadingMeter, PeriodMeter {
  status: string;
  /** The newest actual (not estimated, not corrected, shown) reading's date, or null. */
  last_actual_reading_date: string | null;
  /** period_from of the supply's newest billed bill (by issue date), or null without one. */
  billing_period_from: string | null;
}

export type Staleness =
  | { stale: false }
  | {
      stale: true;
      /** The date of the newest actual reading. */
      lastActual: string;
      /** Where the billing period that the reading predates starts. */
      periodFrom: string;
      /** The customer may submit a reading now: link to the reading page. */
      canSubmit: boolean;
    };

/**
 * Stale when the newest actual reading of a supply is older than the start of its newest bill's
 * period. A supply without a bill (or whose bill has no period) is never stale, nor one without
 * any actual reading: the portal holds no readings of gas supplies, and none of a supply it does
 * not read, so there is nothing to say when it was last read. The notice links to the reading page only when the customer
 * may send one today: an Active supply the reading page is shown for, with its period open.
 */
export function readingStaleness(meter: SourcesMeter, today: string): Staleness {
  const periodFrom = meter.billing_period_from?.slice(0, 10) || null;
  if (!periodFrom) return { stale: false };
  const lastActual = meter.last_actual_reading_date?.slice(0, 10) || null;
  if (lastActual === null || lastActual >= periodFrom) return { stale: false };
  const canSubmit =
    meter.status === "Active" && canSubmitReadings(meter) && indicationState(meter, today).open;
  return { stale: true, lastActual, periodFrom, canSubmit };
}
