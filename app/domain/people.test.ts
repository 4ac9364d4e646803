import { describe, expect, it } from "vitest";
import { peopleFailure, postedSupplies, supplyFilters } from "./people";

describe("people forms", () => {
  it("puts an API refusal next to its field or at the top", () => {
    expect(peopleFailure({ code: "email_in_use", field: "email", status: 400 })).toEqual({
      field: "email",
      message: "people:errors.emailInUse",
    });
    expect(
      peopleFailure({
        code: "validation",
        field: "meter_ids",
        message: "people:errors.supplyNotYours",
        status: 400,
      }),
    ).toEqual({ field: "meter_ids", message: "people:errors.supplyNotYours" });
    expect(peopleFailure({ code: "forbidden", status: 403 })).toEqual({
      form: "people:errors.notPermitted",
    });
    expect(peopleFailure({ code: "already_active", status: 400 })).toEqual({
      form: "people:errors.alreadyActive",
    });
    expect(peopleFailure({ code: "error", status: 0 })).toEqual({ form: "people:errors.failed" });
  });

  it("reads the filters and the ticked supplies of a form", () => {
    const form = new FormData();
    form.set("q", "  Πατησίων ");
    form.append("meter_ids", "1001");
    form.append("meter_ids", "1001");
    form.append("meter_ids", "x");
    form.append("meter_ids", "1002");
    expect(supplyFilters(form)).toEqual({ q: "Πατησίων", region: "", category: "" });
    expect(postedSupplies(form)).toEqual([1001, 1002]);
    expect(supplyFilters(new URLSearchParams("region=Αθήνα&category=Γ21"))).toEqual({
      q: "",
      region: "Αθήνα",
      category: "Γ21",
    });
  });
});
