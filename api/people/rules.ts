import type { ActivityDetail } from "../../core/activity";
import type { PersonStatus, Role } from "../../core/contract";
import type { SupplySet } from "../../core/permissions";
import { supplyNumber, type SupplyNumberParts } from "../../core/supply-number";

/**
 * The people's decisions that need no database (#18): a person's status, whether a change ends
 * their sessions, what the activity log records of it, and the supply chooser's filters. Who may
 * do what is core/permissions.ts, the one rule for the API and the portal.
 */

/** An invitation is valid this long (7 days). */
export const INVITATION_SECONDS = 7 * 24 * 3600;

export interface InvitationState {
  used_at: string | null;
  revoked_at: string | null;
  expires_at: string;
}

/** An invitation that can still be accepted: not used, not withdrawn, not past its expiry. */
export function isOpenInvitation(invitation: InvitationState, now: string): boolean {
  return (
    invitation.used_at === null && invitation.revoked_at === null && invitation.expires_at > now
  );
}

/**
 * Active once the person set a password (needs_activation 0); before that invited while the
 * newest invitation can be accepted, otherwise its invitation expired (or was withdrawn).
 */
export function personStatus(
  person: { needs_activation: number },
  newest: InvitationState | null,
  now: string,
): PersonStatus {
  if (!person.needs_activation) return "active";
  return newest && isOpenInvitation(newest, now) ? "invited" : "invitation_expired";
}

/**
 * Whether a person may receive the master role (#35): only an active one (the invitation
 * accepted, a password set) who has signed in at least once. A pending or withdrawn invitation
 * never may: whoever opens the emailed link would become master of the whole account. Who may
 * hand it over to whom is core/permissions.ts (canHandOverMaster: the master, to an admin).
 */
export function mayReceiveMaster(person: {
  needs_activation: number;
  last_login_at: string | null;
  removed_at?: string | null;
}): boolean {
  return !person.needs_activation && person.last_login_at !== null && !person.removed_at;
}

/** A person's supplies from the row's `all_supplies` and their user_meters ids. */
export function supplySet(allSupplies: number | boolean, meterIds: Iterable<number>): SupplySet {
  return allSupplies === 1 || allSupplies === true ? "all" : new Set(meterIds);
}

/** True when `next` leaves out any supply of `before` (the person loses access to something). */
export function narrows(before: SupplySet, next: SupplySet): boolean {
  if (next === "all") return false;
  if (before === "all") return true;
  for (const id of before) if (!next.has(id)) return true;
  return false;
}

/** A role change, or fewer supplies, ends every session of the person at once. */
export function endsSessions(
  before: { role: Role; supplies: SupplySet },
  next: { role: Role; supplies: SupplySet },
): boolean {
  return before.role !== next.role || narrows(before.supplies, next.supplies);
}

/** "all", or the number of supplies: what the activity log says of a person's supplies. */
export function suppliesLabel(supplies: SupplySet): string {
  return supplies === "all" ? "all" : String(supplies.size);
}

function sameSet(a: SupplySet, b: SupplySet): boolean {
  if (a === "all" || b === "all") return a === b;
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/**
 * The activity log's detail of a change: each field that changed as [old, new]; a different
 * list of the same length names both counts too (the ids themselves are not logged).
 */
export function changeDetail(
  before: { role: Role; supplies: SupplySet },
  next: { role: Role; supplies: SupplySet },
): ActivityDetail {
  const detail: ActivityDetail = {};
  if (before.role !== next.role) detail.role = [before.role, next.role];
  if (!sameSet(before.supplies, next.supplies))
    detail.supplies = [suppliesLabel(before.supplies), suppliesLabel(next.supplies)];
  return detail;
}

/** The next state of a person from a PATCH: what is not sent stays as it is. */
export function nextState(
  before: { role: Role; supplies: SupplySet },
  change: { role?: Role; all_supplies?: number; meter_ids?: number[] },
): { role: Role; supplies: SupplySet } {
  const role = change.role ?? before.role;
  let supplies: SupplySet = before.supplies;
  if (change.all_supplies === 1) supplies = "all";
  else if (change.meter_ids !== undefined) supplies = new Set(change.meter_ids);
  else if (change.all_supplies === 0 && before.supplies === "all") supplies = new Set();
  return { role, supplies };
}

/** A supply as the chooser filters it. */
export interface ChoosableSupply extends SupplyNumberParts {
  id: number;
  phys_street: string;
  phys_street_no: string;
  phys_postal_code: string;
  phys_region: string;
  category: string;
}

/** Lower case without Greek accents, so "Αθηνα" finds "ΑΘΗΝΑ" and "Αθήνα". */
export function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

export function supplyAddress(m: ChoosableSupply): string {
  return `${m.phys_street} ${m.phys_street_no}, ${m.phys_postal_code} ${m.phys_region}`.trim();
}

/**
 * The supplies matching the chooser's filters: `q` in the supply number or the address,
 * `region` equal to the city or the postal code, `category` equal to the tariff category.
 */
export function filterSupplies<T extends ChoosableSupply>(
  supplies: readonly T[],
  filters: { q?: string; region?: string; category?: string },
): T[] {
  const q = folded(filters.q ?? "");
  const region = folded(filters.region ?? "");
  const category = filters.category?.trim() ?? "";
  return supplies.filter((m) => {
    if (category && m.category !== category) return false;
    if (region && folded(m.phys_region) !== region && m.phys_postal_code !== region) return false;
    if (!q) return true;
    return supplyNumber(m).includes(q.replace(/\s+/g, "")) || folded(supplyAddress(m)).includes(q);
  });
}
