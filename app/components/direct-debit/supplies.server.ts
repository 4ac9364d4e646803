import type { RouterContextProvider } from "react-router";
import type { ApiDirectDebit } from "../../../api/direct-debit/contract";
import { getApi } from "../../.server/api";

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
  const result = await api.request<ApiDirectDebit[]>("GET", `/users/${api.userId()}/direct-debits`);
  if (!result.ok) return {};
  return Object.fromEntries(
    result.data.map((m) => [m.meter_id, { last4: m.card_last4, day: m.charge_day }]),
  );
}
