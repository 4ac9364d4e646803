import { describe, expect, it } from "vitest";
import {
  canChangePerson,
  canHandOverMaster,
  canManagePerson,
  type Person,
} from "../../core/permissions";
import {
  changeDetail,
  endsSessions,
  filterSupplies,
  folded,
  isOpenInvitation,
  narrows,
  nextState,
  personStatus,
  supplySet,
  suppliesLabel,
} from "./rules";

const NOW = "2026-11-25T12:00:00.000Z";
const open = { used_at: null, revoked_at: null, expires_at: "2026-12-01T00:00:00.000Z" };

describe("invitations and status", () => {
  it("an invitation is open only unused, not withdrawn and before its expiry", () => {
    expect(isOpenInvitation(open, NOW)).toBe(true);
    expect(isOpenInvitation({ ...open, used_at: NOW }, NOW)).toBe(false);
    expect(isOpenInvitation({ ...open, revoked_at: NOW }, NOW)).toBe(false);
    expect(isOpenInvitation({ ...open, expires_at: NOW }, NOW)).toBe(false);
  });

  it("active once the password is set; else invited or expired by the newest invitation", () => {
    expect(personStatus({ needs_activation: 0 }, null, NOW)).toBe("active");
    expect(personStatus({ needs_activation: 1 }, open, NOW)).toBe("invited");
    expect(personStatus({ needs_activation: 1 }, { ...open, expires_at: NOW }, NOW)).toBe(
      "invitation_expired",
    );
    expect(personStatus({ needs_activation: 1 }, { ...open, revoked_at: NOW }, NOW)).toBe(
      "invitation_expired",
    );
    expect(personStatus({ needs_activation: 1 }, null, NOW)).toBe("invitation_expired");
  });
});

describe("supplies and sessions", () => {
  const five = new Set([1, 2, 3, 4, 5]);
  it("supplySet reads all_supplies first", () => {
    expect(supplySet(1, [1])).toBe("all");
    expect(supplySet(0, [1, 2])).toEqual(new Set([1, 2]));
  });

  it("narrows: any supply lost, all → some; never when growing", () => {
    expect(narrows("all", five)).toBe(true);
    expect(narrows(five, "all")).toBe(false);
    expect(narrows(five, new Set([1, 2, 3, 4, 5, 6]))).toBe(false);
    expect(narrows(five, new Set([1, 2, 3, 4, 6]))).toBe(true);
    expect(narrows("all", "all")).toBe(false);
  });

  it("a role change or fewer supplies ends the sessions", () => {
    expect(endsSessions({ role: "user", supplies: five }, { role: "admin", supplies: five })).toBe(
      true,
    );
    expect(
      endsSessions({ role: "user", supplies: five }, { role: "user", supplies: new Set([1]) }),
    ).toBe(true);
    expect(endsSessions({ role: "user", supplies: five }, { role: "user", supplies: "all" })).toBe(
      false,
    );
  });

  it("the next state keeps what the change does not name", () => {
    expect(nextState({ role: "user", supplies: five }, {})).toEqual({
      role: "user",
      supplies: five,
    });
    expect(
      nextState({ role: "user", supplies: five }, { all_supplies: 1, meter_ids: [1] }),
    ).toEqual({ role: "user", supplies: "all" });
    expect(nextState({ role: "user", supplies: "all" }, { meter_ids: [7] })).toEqual({
      role: "user",
      supplies: new Set([7]),
    });
    expect(nextState({ role: "admin", supplies: "all" }, { all_supplies: 0 }).supplies).toEqual(
      new Set(),
    );
    expect(nextState({ role: "user", supplies: five }, { role: "admin" }).role).toBe("admin");
  });

  it("the log's detail names old → new values, supplies as counts or all", () => {
    expect(
      changeDetail(
        { role: "user", supplies: five },
        { role: "admin", supplies: new Set([1, 2, 3, 4, 5, 6, 7]) },
      ),
    ).toEqual({ role: ["user", "admin"], supplies: ["5", "7"] });
    expect(
      changeDetail({ role: "user", supplies: five }, { role: "user", supplies: five }),
    ).toEqual({});
    expect(
      changeDetail({ role: "user", supplies: "all" }, { role: "user", supplies: five }),
    ).toEqual({ supplies: ["all", "5"] });
    expect(suppliesLabel(new Set())).toBe("0");
  });
});

describe("the supply chooser's filters", () => {
  const supply = (
    id: number,
    region: string,
    postal: string,
    category: string,
    street: string,
  ) => ({
    id,
    division: 1,
    per_code: "100",
    id_code: String(id),
    next_code: "01",
    pod: null,
    phys_street: street,
    phys_street_no: "1",
    phys_postal_code: postal,
    phys_region: region,
    category,
  });
  const list = [
    supply(1001, "ΑΘΗΝΑ", "10431", "Γ21", "Πατησίων"),
    supply(1002, "Πειραιάς", "18531", "Γ22", "Ακτή Μιαούλη"),
    supply(1003, "ΑΘΗΝΑ", "11141", "Γ22", "Λιοσίων"),
  ];
  it("q matches a part of the supply number or of the address, without accents or case", () => {
    expect(filterSupplies(list, { q: "10030" }).map((m) => m.id)).toEqual([1003]);
    expect(filterSupplies(list, { q: "μιαουλη" }).map((m) => m.id)).toEqual([1002]);
    expect(filterSupplies(list, { q: "" }).length).toBe(3);
  });
  it("region is the city or the postal code; category the tariff", () => {
    expect(filterSupplies(list, { region: "Αθήνα" }).map((m) => m.id)).toEqual([1001, 1003]);
    expect(filterSupplies(list, { region: "18531" }).map((m) => m.id)).toEqual([1002]);
    expect(filterSupplies(list, { category: "Γ22" }).map((m) => m.id)).toEqual([1002, 1003]);
    expect(filterSupplies(list, { region: "ΑΘΗΝΑ", category: "Γ22" }).map((m) => m.id)).toEqual([
      1003,
    ]);
  });
  it("folded drops accents and case", () => {
    expect(folded(" Πειραιάς ")).toBe("πειραιας");
  });
});

describe("the rule the people API applies (core/permissions.ts)", () => {
  const master: Person = { id: 3, role: "master", supplies: "all" };
  const admin: Person = { id: 11, role: "admin", supplies: new Set([1, 2, 3]) };
  const user: Person = { id: 12, role: "user", supplies: new Set([1]) };
  it("master manages everyone but themselves; admin only users within its supplies", () => {
    expect(canManagePerson(master, admin)).toBe(true);
    expect(canManagePerson(master, master)).toBe(false);
    expect(canManagePerson(admin, user)).toBe(true);
    expect(canManagePerson(admin, { role: "admin", supplies: new Set([1]) })).toBe(false);
    expect(canManagePerson(admin, { role: "user", supplies: new Set([4]) })).toBe(false);
    expect(canManagePerson(admin, { role: "user", supplies: "all" })).toBe(false);
    expect(canManagePerson(user, { role: "user", supplies: new Set([1]) })).toBe(false);
  });
  it("an admin cannot make a user an admin; only the master hands over to an admin", () => {
    expect(canChangePerson(admin, user, { role: "admin", supplies: user.supplies })).toBe(false);
    expect(canChangePerson(master, user, { role: "admin", supplies: "all" })).toBe(true);
    expect(canHandOverMaster(master, admin)).toBe(true);
    expect(canHandOverMaster(master, user)).toBe(false);
    expect(canHandOverMaster(admin, admin)).toBe(false);
  });
});
