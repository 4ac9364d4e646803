import { describe, expect, it } from "vitest";
import type { Role } from "./contract/users";
import {
  ACTIONS,
  activityScope,
  can,
  canChangePerson,
  canHandOverMaster,
  canManagePerson,
  type Action,
  type Person,
} from "./permissions";

/** The table (#18), written out once more by hand: the rule must say the same. */
const TABLE: Record<Action, Record<Role, boolean>> = {
  read: { master: true, admin: true, user: true },
  submit_reading: { master: true, admin: true, user: true },
  own_profile: { master: true, admin: true, user: true },
  manage_supply: { master: true, admin: true, user: false },
  manage_people: { master: true, admin: true, user: false },
  view_activity: { master: true, admin: true, user: true },
};

describe("can(role, action)", () => {
  for (const action of ACTIONS)
    for (const role of ["master", "admin", "user"] as const)
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
  });
});

describe("managing people", () => {
  const master: Person = { id: 1, role: "master", supplies: "all" };
  const admin: Person = { id: 2, role: "admin", supplies: new Set([10, 11, 12]) };
  const otherAdmin: Person = { id: 3, role: "admin", supplies: new Set([10]) };
  const user: Person = { id: 4, role: "user", supplies: new Set([10, 11]) };
  const wideUser: Person = { id: 5, role: "user", supplies: new Set([10, 99]) };
  const allUser: Person = { id: 6, role: "user", supplies: "all" };

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

  it("lets a user manage no one", () => {
    expect(canManagePerson(user, { role: "user", supplies: new Set([10]) })).toBe(false);
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
    expect(canHandOverMaster(admin, otherAdmin)).toBe(false);
  });
});
