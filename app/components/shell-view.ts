import type { ApiMeter, ApiMeterSummary, ApiUser, Role } from "../../core/contract";
import { METER_IDS_LIMIT } from "../../core/limits";
import { owes } from "../../core/balance";
import type { ShellData } from "../.server/shell-types";
import { formatAddress, isElectricity, supplyNumber } from "../domain/format";
import {
  meterStatusGroup,
  sidebarItems,
  type MeterStatusGroup,
  type SidebarItem,
} from "../domain/sidebar";

/**
 * What the signed-in layout sends to the browser: only what the chrome shows. ShellData holds
 * whole meters (and possibly billing history); serialising that into every page would cost
 * kilobytes of hydration data, so the loader projects it here.
 */

export type MeterKind = "electricity" | "gas";

export interface MeterOption {
  id: number;
  kind: MeterKind;
  status: string;
  statusGroup: MeterStatusGroup;
  address: string;
  supplyNumber: string;
  selected: boolean;
}

export interface SelectedMeterView extends MeterOption {
  sapId: string;
  packageDescr: string;
  meterType: ApiMeter["meter_type"];
}

export interface ShellView {
  user: {
    id: number;
    name: string;
    welcomeName: string;
    username: string;
    sapId: string;
    initials: string;
    role: Role | null;
  };
  selected: SelectedMeterView;
  meterMenu: {
    electricity: MeterOption[];
    gas: MeterOption[];
    /** All drop-down meters, before the search filter. */
    total: number;
    /** Options listed (after the filter, capped at METER_MENU_LIMIT). */
    shown: number;
    query: string;
    searchable: boolean;
  };
  unread: { count: number; items: { id: number; title: string }[] };
  sidebar: SidebarItem[];
}

/** Beyond this many supplies the drop-down offers a search box and lists the first matches. */
export const METER_SEARCH_THRESHOLD = 8;
/**
 * Options the drop-down lists: the selected supply, then the first in list order; the search box
 * (above METER_SEARCH_THRESHOLD) and "see all" (/b2b/paroxes) reach the others. 15, not 30: a
 * longer list is scrolled past, not read, and every option is rendered on every signed-in page.
 */
export const METER_MENU_LIMIT = 15;
const UNREAD_IN_MENU = 5;

export function meterOption(meter: ApiMeter, selectedId: number): MeterOption {
  return {
    id: meter.id,
    kind: isElectricity(meter) ? "electricity" : "gas",
    status: meter.status,
    statusGroup: meterStatusGroup(meter.status),
    address: formatAddress(meter),
    supplyNumber: supplyNumber(meter),
    selected: meter.id === selectedId,
  };
}

/**
 * The drop-down supplies a page shows in full: the selected one, the drop-down's first
 * METER_MENU_LIMIT entries (selected first, then in list order, as `buildShellView` lists them)
 * and every one that owes (the pay-several dialog and the pay page: Active or Stopped with a
 * balance). "all" while the drop-down is searched (the search reads every address), or when
 * they are more than one request may ask for (METER_IDS_LIMIT).
 */
export function shownMeterIds(
  dropdown: readonly Pick<ApiMeterSummary, "id" | "status" | "running_total">[],
  selectedId: number,
  meterQuery: string,
): number[] | "all" {
  if (dropdown.length > METER_SEARCH_THRESHOLD && meterQuery) return "all";
  const ids = new Set([selectedId]);
  for (const meter of dropdown) {
    if (ids.size >= METER_MENU_LIMIT) break;
    ids.add(meter.id);
  }
  for (const meter of dropdown) {
    if (owes(meter)) ids.add(meter.id);
  }
  return ids.size > METER_IDS_LIMIT ? "all" : [...ids];
}

export function initials(user: Pick<ApiUser, "welcome_name" | "name">): string {
  const source = (user.welcome_name || user.name || "").trim();
  const letters = source
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toLocaleUpperCase() ?? "");
  return letters.join("") || "?";
}

/** Case- and accent-insensitive ("αθηνα" finds "Αθήνα"). */
export function normaliseSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("el");
}

export function matchesMeterQuery(option: MeterOption, meter: ApiMeter, query: string): boolean {
  const needle = normaliseSearch(query.trim());
  if (!needle) return true;
  const haystack = normaliseSearch(
    [option.address, option.supplyNumber, meter.sap_id, formatAddress(meter, "bill")].join(" "),
  );
  return haystack.includes(needle) || option.supplyNumber.includes(query.replace(/\s+/g, ""));
}

export function buildShellView(shell: ShellData, meterQuery = ""): ShellView {
  const { user, selectedMeter } = shell;
  const selectedOption = meterOption(selectedMeter, selectedMeter.id);
  const query = meterQuery.trim().slice(0, 100);
  const searchable = shell.meterCount > METER_SEARCH_THRESHOLD;

  const matching = shell.meters
    .map((meter) => ({ meter, option: meterOption(meter, selectedMeter.id) }))
    .filter(({ meter, option }) => !searchable || matchesMeterQuery(option, meter, query));
  // The selected supply stays first in its group so it is always visible.
  matching.sort((a, b) => Number(b.option.selected) - Number(a.option.selected));
  const listed = matching.slice(0, METER_MENU_LIMIT).map(({ option }) => option);

  const unreadMessages = shell.messages.filter((m) => m.read_status === 0);
  return {
    user: {
      id: user.id,
      name: user.name,
      welcomeName: user.welcome_name || user.name,
      username: user.username,
      sapId: user.sap_id,
      initials: initials(user),
      role: user.test_role,
    },
    selected: {
      ...selectedOption,
      sapId: selectedMeter.sap_id,
      packageDescr: selectedMeter.package_print_descr,
      meterType: selectedMeter.meter_type,
    },
    meterMenu: {
      electricity: listed.filter((o) => o.kind === "electricity"),
      gas: listed.filter((o) => o.kind === "gas"),
      total: shell.meterCount,
      shown: listed.length,
      query: searchable ? query : "",
      searchable,
    },
    unread: {
      count: shell.unreadCount,
      items: unreadMessages.slice(0, UNREAD_IN_MENU).map((m) => ({ id: m.id, title: m.title })),
    },
    sidebar: sidebarItems({
      meter: selectedMeter,
      role: user.test_role,
      legalPerson: user.is_legal_person,
      counters: shell.counters,
    }),
  };
}
