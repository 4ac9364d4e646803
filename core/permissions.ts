import type { Role } from "./contract/users";

/**
 * Who may do what on an account run by several people (#18). One table, read by the API (every
 * route names its action: api/middleware/permit.ts) and by the portal (what it shows: a page or a
 * button a person cannot use is left out). The holder of the account is its master; an admin or a
 * user sees and acts only on the supplies given to them (`all_supplies`, `user_meters`): that
 * scoping is the API's supply queries, not this table.
 */
export type Action =
  /** Bills, payments, readings, messages, documents, PDFs and data downloads of a supply. */
  | "read"
  /** Send and correct a meter reading. */
  | "submit_reading"
  /** The person's own profile, password, avatar, skin and language. */
  | "own_profile"
  /** Pay, per-supply e-bill and SMS settings, direct debit, requests, address change. */
  | "manage_supply"
  /** Invite, change and remove people (an admin: only users, within the admin's supplies). */
  | "manage_people"
  /** Read the activity log (what of it: `activityScope`). */
  | "view_activity";

export const ACTIONS: readonly Action[] = [
  "read",
  "submit_reading",
  "own_profile",
  "manage_supply",
  "manage_people",
  "view_activity",
];

export const PERMISSIONS: Readonly<Record<Action, readonly Role[]>> = {
  read: ["master", "admin", "user"],
  submit_reading: ["master", "admin", "user"],
  own_profile: ["master", "admin", "user"],
  manage_supply: ["master", "admin"],
  manage_people: ["master", "admin"],
  view_activity: ["master", "admin", "user"],
};

/** A missing or unknown role is refused everything but what every role may do. */
export function can(role: Role | null | undefined, action: Action): boolean {
  const allowed = PERMISSIONS[action];
  return role ? allowed.includes(role) : allowed.length === 3;
}

/** Which entries of the activity log a person reads: all, those of their supplies, their own. */
export function activityScope(role: Role): "all" | "supplies" | "own" {
  return role === "master" ? "all" : role === "admin" ? "supplies" : "own";
}

/** A person's supplies: every supply of the account, or the listed ones. */
export type SupplySet = "all" | ReadonlySet<number>;

export interface Person {
  id: number;
  role: Role;
  supplies: SupplySet;
}

function within(inner: SupplySet, outer: SupplySet): boolean {
  if (outer === "all") return true;
  if (inner === "all") return false;
  for (const id of inner) if (!outer.has(id)) return false;
  return true;
}

/**
 * May `actor` invite, change or remove `target` (for an invitation: the person as invited)? A
 * master manages everyone but themselves; an admin only users, and only within the admin's own
 * supplies; a user no one. The master's role is handed over with `canHandOverMaster`, never here.
 */
export function canManagePerson(
  actor: Person,
  target: Omit<Person, "id"> & { id?: number },
): boolean {
  if (!can(actor.role, "manage_people")) return false;
  if (target.id === actor.id) return false;
  if (target.role === "master") return false;
  if (actor.role === "master") return true;
  return target.role === "user" && within(target.supplies, actor.supplies);
}

/** May `actor` change `target` from what it is to `next` (role and supplies)? Both must pass. */
export function canChangePerson(actor: Person, target: Person, next: Omit<Person, "id">): boolean {
  return canManagePerson(actor, target) && canManagePerson(actor, { ...next, id: target.id });
}

/** Only the master hands the role over, and only to an admin of the account. */
export function canHandOverMaster(actor: Person, target: Person): boolean {
  return actor.role === "master" && target.role === "admin" && target.id !== actor.id;
}
