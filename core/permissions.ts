import type { Role } from "./contract/users";

/**
 * Who may do what on an account run by several people (#18) or a household's relatives and
 * carers (#38 §4). One table, read by the API (every route names its action:
 * api/middleware/permit.ts) and by the portal (what it shows: a page or a button a person cannot
 * use is left out; the people pages describe each level from this table, `allowedActions`). The
 * holder of the account is its master; an admin, a user or a viewer sees and acts only on the
 * supplies given to them (`all_supplies`, `user_meters`): that scoping is the API's supply
 * queries, not this table. The viewer (ADR 0034) only looks: bills, payments, messages, documents.
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
  | "view_activity"
  /**
   * Apply to the vulnerable-customers register and read the application's doctor's certificate
   * (#38 §3): the master only. The application declares who lives at the supply and carries
   * health data; an admin or user acts for a business, not for the household behind a supply.
   */
  | "apply_register";

export const ACTIONS: readonly Action[] = [
  "read",
  "submit_reading",
  "own_profile",
  "manage_supply",
  "manage_people",
  "view_activity",
  "apply_register",
];

/**
 * Every role, from the most to the least it may do (the people lists sort by it). roleSchema's
 * options, written out because the browser loads this module and zod is not in its budget (ADR
 * 0007); permissions.test.ts checks the two agree.
 */
export const ROLES: readonly Role[] = ["master", "admin", "user", "viewer"];

export const PERMISSIONS: Readonly<Record<Action, readonly Role[]>> = {
  read: ["master", "admin", "user", "viewer"],
  submit_reading: ["master", "admin", "user"],
  own_profile: ["master", "admin", "user", "viewer"],
  manage_supply: ["master", "admin"],
  manage_people: ["master", "admin"],
  // Their own entries (activityScope): a viewer checks their own sign-ins as everyone does.
  view_activity: ["master", "admin", "user", "viewer"],
  apply_register: ["master"],
};

/** A missing or unknown role is refused everything but what every role may do. */
export function can(role: Role | null | undefined, action: Action): boolean {
  const allowed = PERMISSIONS[action];
  return role ? allowed.includes(role) : ROLES.every((r) => allowed.includes(r));
}

/** What `role` may do, in the table's order: the people pages describe a level with it. */
export function allowedActions(role: Role): Action[] {
  return ACTIONS.filter((action) => can(role, action));
}

/** Which entries of the activity log a person reads: all, those of their supplies, their own. */
export function activityScope(role: Role): "all" | "supplies" | "own" {
  return role === "master" ? "all" : role === "admin" ? "supplies" : "own";
}

/**
 * The roles `actor` may give (invite as, or change someone to): the master every role but its own,
 * an admin only those that manage no one (a user, a viewer), anyone else none.
 */
export function assignableRoles(actor: Role): Role[] {
  if (!can(actor, "manage_people")) return [];
  return ROLES.filter(
    (role) => role !== "master" && (actor === "master" || !can(role, "manage_people")),
  );
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
 * master manages everyone but themselves; an admin only those who manage no one (users, viewers),
 * and only within the admin's own supplies; a user or a viewer no one. The master's role is handed over with `canHandOverMaster`, never here.
 */
export function canManagePerson(
  actor: Person,
  target: Omit<Person, "id"> & { id?: number },
): boolean {
  if (!can(actor.role, "manage_people")) return false;
  if (target.id === actor.id) return false;
  if (target.role === "master") return false;
  if (actor.role === "master") return true;
  return (
    assignableRoles(actor.role).includes(target.role) && within(target.supplies, actor.supplies)
  );
}

/** May `actor` change `target` from what it is to `next` (role and supplies)? Both must pass. */
export function canChangePerson(actor: Person, target: Person, next: Omit<Person, "id">): boolean {
  return canManagePerson(actor, target) && canManagePerson(actor, { ...next, id: target.id });
}

/** Only the master hands the role over, and only to an admin of the account. */
export function canHandOverMaster(actor: Person, target: Person): boolean {
  return actor.role === "master" && target.role === "admin" && target.id !== actor.id;
}

/**
 * May `actor` choose `target` to receive copies of the account's notices (#38 §4)? Only the
 * master, and only for another person of the account who is not the master (any level: a
 * view-only relative is the usual one). Clearing it follows the same rule; the person chosen may
 * always decline for themselves.
 */
export function canChooseTrustedPerson(
  actor: Person,
  target: Pick<Person, "id" | "role">,
): boolean {
  return actor.role === "master" && target.id !== actor.id && target.role !== "master";
}
