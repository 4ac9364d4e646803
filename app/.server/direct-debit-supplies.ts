import type { RouterContextProvider } from "react-router";
import { getApi } from "./api";
import { directDebits } from "./api/direct-debit";

/** Per supply id: its direct debit's card and charge day (what /b2b/paroxes shows). */
export type SupplyDirectDebits = Record<number, { last4: string; day: number }>;

/**
 * The signed-in user's direct debits for the supplies page. Not worth failing the page for: when
 * the call fails the page shows no direct-debit lines rather than an error.
 */
export async function loadSupplyDirectDebits(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<SupplyDirectDebits> {
  const api = getApi(args);
  const result = await directDebits(api);
  if (!result.ok) return {};
  return Object.fromEntries(
    result.data.map((m) => [m.meter_id, { last4: m.card_last4, day: m.charge_day }]),
  );
}
