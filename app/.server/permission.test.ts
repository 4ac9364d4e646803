import { describe, expect, it } from "vitest";
import { NOT_PERMITTED, notPermitted, permissionError, requirePermission } from "./permission";

function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe("the portal's refusal of what a role does not allow (#18)", () => {
  it("lets a master and an admin manage supplies, refuses a user with the 403 page", () => {
    expect(thrownBy(() => requirePermission({ test_role: "master" }, "manage_supply"))).toBeNull();
    expect(thrownBy(() => requirePermission({ test_role: "admin" }, "manage_supply"))).toBeNull();
    const refused = thrownBy(() => requirePermission({ test_role: "user" }, "manage_supply"));
    expect(refused).toEqual(notPermitted());
    expect((refused as ReturnType<typeof notPermitted>).init?.status).toBe(403);
  });

  it("lets every role read", () => {
    for (const role of ["master", "admin", "user"] as const) {
      expect(thrownBy(() => requirePermission({ test_role: role }, "read"))).toBeNull();
    }
  });

  it("turns only the API's not_permitted into the form message", () => {
    expect(permissionError({ status: 403, code: "not_permitted" })).toBe(NOT_PERMITTED);
    expect(permissionError({ status: 403, code: "forbidden" })).toBeNull();
    expect(permissionError({ status: 400, code: "validation" })).toBeNull();
    expect(NOT_PERMITTED).toBe("common:error.notPermitted");
  });
});
