import { describe, expect, it } from "vitest";
import { roleSchema, type Role } from "./contract/users";
import {
  ACTIONS,
  activityScope,
  allowedActions,
  assignableRoles,
  can,
  canChooseTrustedPerson,
  canChangePerson,
  canHandOverMaster,
  canManagePerson,
  ROLES,
  type Action,
  type Person,
} from "./permissions";

/**
 * The issues' table (#18; the viewer of #38 §4, ADR 0034), written out once more by hand: the
 * rule must say the same.
 */
const TABLE: Record<Action, Record<Role, boolean>> = {
  read: { master: true, admin: true, user: true, viewer: true },
  submit_reading: { master: true, admin: true, user: true, viewer: false },
  own_profile: { master: true, admin: true, user: true, viewer: true },
  manage_supply: { master: true, admin: true, user: false, viewer: false },
  manage_people: { master: true, admin: true, user: false, viewer: false },
  view_activity: { master: true, admin: true, user: true, viewer: true },
  apply_register: { master: true, admin: false, user: false, viewer: false },
};

describe("the roles", () => {
  it("are the contract's, in the order the people lists sort by", () => {
    expect(ROLES).toEqual(roleSchema.options);
  });
});

describe("can(role, action)", () => {
  for (const action of ACTIONS)
    for (const role of ROLES)
      it(`${role} ${TABLE[action][role] ? "may" : "may not"} ${action}`, () => {
        expect(can(role, action)).toBe(TABLE[action][role]);
      });

  it("gives a missing role only what every role may do", () => {
    for (const action of ACTIONS)
      expect(can(null, action)).toBe(Object.values(TABLE[action]).every(Boolean));
  });
});

describe("the activity log's scope", () => {
  it("is everything, the supplies, or the person's own", () => {
    expect(activityScope("master")).toBe("all");
    expect(activityScope("admin")).toBe("supplies");
    expect(activityScope("user")).toBe("own");
    expect(activityScope("viewer")).toBe("own");
  });
});

describe("what a level may do (the people pages' description)", () => {
  const cases: [Role, Action[]][] = [
    [
      "master",
      [
        "read",
        "submit_reading",
        "own_profile",
        "manage_supply",
        "manage_people",
        "view_activity",
        "apply_register",
      ],
    ],
    [
      "admin",
      ["read", "submit_reading", "own_profile", "manage_supply", "manage_people", "view_activity"],
    ],
    ["user", ["read", "submit_reading", "own_profile", "view_activity"]],
    ["viewer", ["read", "own_profile", "view_activity"]],
  ];
  for (const [role, actions] of cases)
    it(`${role}: ${actions.join(", ")}`, () => {
      expect(allowedActions(role)).toEqual(actions);
    });

  it("never lets a viewer pay, send a reading or manage anyone", () => {
    for (const action of ["manage_supply", "submit_reading", "manage_people"] as const)
      expect(can("viewer", action)).toBe(false);
  });
});

describe("the levels a person may give", () => {
  const cases: [Role, Role[]][] = [
    ["master", ["admin", "user", "viewer"]],
    ["admin", ["user", "viewer"]],
    ["user", []],
    ["viewer", []],
  ];
  for (const [actor, roles] of cases)
    it(`${actor}: ${roles.join(", ") || "none"}`, () => {
      expect(assignableRoles(actor)).toEqual(roles);
    });
});

describe("managing people", () => {
  const master: Person = { id: 1, role: "master", supplies: "all" };
  const admin: Person = { id: 2, role: "admin", supplies: new Set([10, 11, 12]) };
  const otherAdmin: Person = { id: 3, role: "admin", supplies: new Set([10]) };
  const user: Person = { id: 4, role: "user", supplies: new Set([10, 11]) };
  const wideUser: Person = { id: 5, role: "user", supplies: new Set([10, 99]) };
  const allUser: Person = { id: 6, role: "user", supplies: "all" };
  const viewer: Person = { id: 7, role: "viewer", supplies: new Set([11]) };
  const wideViewer: Person = { id: 8, role: "viewer", supplies: new Set([99]) };

  it("lets the master manage everyone but themselves and the master role", () => {
    for (const p of [admin, otherAdmin, user, wideUser, allUser])
      expect(canManagePerson(master, p)).toBe(true);
    expect(canManagePerson(master, master)).toBe(false);
    expect(canManagePerson(master, { role: "master", supplies: "all" })).toBe(false);
  });

  it("lets an admin manage users within the admin's supplies only", () => {
    expect(canManagePerson(admin, user)).toBe(true);
    expect(canManagePerson(admin, wideUser)).toBe(false);
    expect(canManagePerson(admin, allUser)).toBe(false);
    expect(canManagePerson(admin, otherAdmin)).toBe(false);
    expect(canManagePerson(admin, master)).toBe(false);
    expect(canManagePerson(admin, admin)).toBe(false);
  });

  it("lets an admin manage viewers within the admin's supplies too", () => {
    expect(canManagePerson(admin, viewer)).toBe(true);
    expect(canManagePerson(admin, wideViewer)).toBe(false);
    expect(canManagePerson(master, wideViewer)).toBe(true);
    expect(canChangePerson(admin, user, { role: "viewer", supplies: new Set([10]) })).toBe(true);
    expect(canChangePerson(admin, viewer, { role: "admin", supplies: new Set([11]) })).toBe(false);
  });

  it("lets a user or a viewer manage no one", () => {
    expect(canManagePerson(user, { role: "user", supplies: new Set([10]) })).toBe(false);
    expect(canManagePerson(viewer, { role: "viewer", supplies: new Set([11]) })).toBe(false);
  });

  it("checks a change before and after", () => {
    expect(canChangePerson(admin, user, { role: "user", supplies: new Set([12]) })).toBe(true);
    expect(canChangePerson(admin, user, { role: "admin", supplies: new Set([12]) })).toBe(false);
    expect(canChangePerson(admin, user, { role: "user", supplies: new Set([99]) })).toBe(false);
    expect(canChangePerson(admin, wideUser, { role: "user", supplies: new Set([10]) })).toBe(false);
    expect(canChangePerson(master, user, { role: "admin", supplies: "all" })).toBe(true);
  });

  it("hands the master role over only from the master to an admin", () => {
    expect(canHandOverMaster(master, admin)).toBe(true);
    expect(canHandOverMaster(master, user)).toBe(false);
    expect(canHandOverMaster(master, viewer)).toBe(false);
    expect(canHandOverMaster(admin, otherAdmin)).toBe(false);
  });
});

describe("who chooses the trusted person for copies of the notices (#38 §4)", () => {
  const master: Person = { id: 1, role: "master", supplies: "all" };
  const cases: [string, Person, Pick<Person, "id" | "role">, boolean][] = [
    ["the master, a viewer", master, { id: 2, role: "viewer" }, true],
    ["the master, a user", master, { id: 3, role: "user" }, true],
    ["the master, an admin", master, { id: 4, role: "admin" }, true],
    ["the master, themselves", master, { id: 1, role: "master" }, false],
    [
      "an admin, a viewer",
      { id: 4, role: "admin", supplies: "all" },
      { id: 2, role: "viewer" },
      false,
    ],
    [
      "a viewer, themselves",
      { id: 2, role: "viewer", supplies: "all" },
      { id: 2, role: "viewer" },
      false,
    ],
  ];
  for (const [name, actor, target, allowed] of cases)
    it(`${name}: ${allowed ? "yes" : "no"}`, () => {
      expect(canChooseTrustedPerson(actor, target)).toBe(allowed);
    });
});
