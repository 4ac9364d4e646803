import { paginate, type Page } from "../../domain/paging";
import type { ApiMeter } from "../../../core/contract";
import { formatAddress, isElectricity, supplyNumber } from "../../domain/format";
import { isDropdownMeter } from "../../domain/meters";
import { owes } from "../../../core/balance";
import {
  matchesSupply,
  supplyStatus,
  SUPPLY_PAGE_SIZE,
  type SupplyFilters,
  type SupplyStatus,
} from "../../domain/overview";

/** One supply on /b2b/paroxes, as plain values (what the page shows, nothing more). */
export interface SupplyRow {
  id: number;
  kind: "electricity" | "gas";
  supplyNumber: string;
  address: string;
  billAddress: string;
  packageName: string;
  agreedPower: string | null;
  representationDate: string | null;
  nextReadingDate: string | null;
  status: SupplyStatus;
  /** The billing system's own status (shown beside the simplified one when it says more). */
  meterStatus: string;
  balance: number;
  /** Owes now (core/balance.ts: Active or Stopped with a balance above 0,00 €). */
  owing: boolean;
  isMain: boolean;
  selected: boolean;
  /** Only drop-down meters (Active, Stopped, onboarding) can be chosen as the current supply. */
  selectable: boolean;
}

export interface SuppliesView {
  filters: SupplyFilters;
  page: Page<SupplyRow>;
  /** All supplies before filtering, and per kind / status (for the filter labels). */
  total: number;
  counts: {
    electricity: number;
    gas: number;
    active: number;
    waiting: number;
    inactive: number;
    owing: number;
  };
}

export function supplyRow(meter: ApiMeter, selectedId: number): SupplyRow {
  return {
    id: meter.id,
    kind: isElectricity(meter) ? "electricity" : "gas",
    supplyNumber: supplyNumber(meter),
    address: formatAddress(meter),
    billAddress: formatAddress(meter, "bill"),
    packageName: meter.package_print_descr || meter.package_name || "",
    agreedPower: meter.agreed_power,
    representationDate: meter.representation_date,
    nextReadingDate: meter.next_reading_date,
    status: supplyStatus(meter.status),
    meterStatus: meter.status,
    balance: meter.running_total,
    owing: owes(meter),
    isMain: meter.is_main === 1,
    selected: meter.id === selectedId,
    selectable: isDropdownMeter(meter),
  };
}

const KIND_ORDER = { electricity: 0, gas: 1 } as const;

/**
 * Every supply of the user, electricity first then gas (the page groups them under headings),
 * the main supply first within its kind, filtered by the URL's q/kind/status/balance, 25 to a page.
 */
export function buildSuppliesView(
  meters: readonly ApiMeter[],
  selectedId: number,
  filters: SupplyFilters,
): SuppliesView {
  const rows = meters
    .map((meter) => ({ meter, row: supplyRow(meter, selectedId) }))
    .sort(
      (a, b) =>
        KIND_ORDER[a.row.kind] - KIND_ORDER[b.row.kind] ||
        Number(b.row.isMain) - Number(a.row.isMain) ||
        a.row.id - b.row.id,
    );
  const matching = rows
    .filter(({ meter, row }) =>
      matchesSupply(
        {
          kind: row.kind,
          status: row.status,
          supplyNumber: row.supplyNumber,
          owing: row.owing,
          searchText: [
            row.address,
            row.billAddress,
            row.packageName,
            meter.sap_id,
            meter.per_code ?? "",
            meter.pod ?? "",
          ].join(" "),
        },
        filters,
      ),
    )
    .map(({ row }) => row);
  const all = rows.map(({ row }) => row);
  return {
    filters,
    page: paginate(matching, filters.page, SUPPLY_PAGE_SIZE),
    total: all.length,
    counts: {
      electricity: all.filter((r) => r.kind === "electricity").length,
      gas: all.filter((r) => r.kind === "gas").length,
      active: all.filter((r) => r.status === "active").length,
      waiting: all.filter((r) => r.status === "waiting").length,
      inactive: all.filter((r) => r.status === "inactive").length,
      owing: all.filter((r) => r.owing).length,
    },
  };
}

/** The supplies page URL for other filters or another page (empty values left out). */
export function suppliesHref(filters: SupplyFilters, changes: Partial<SupplyFilters> = {}): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.kind) params.set("kind", next.kind);
  if (next.status) params.set("status", next.status);
  if (next.balance) params.set("balance", next.balance);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return `/b2b/paroxes${query ? `?${query}` : ""}`;
}
