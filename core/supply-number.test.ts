import { describe, expect, it } from "vitest";
import { supplyNumber } from "./supply-number";

const electricity = {
  division: 1,
  per_code: "123456789",
  id_code: "01",
  next_code: "5",
  pod: null,
};
const gas = { division: 2, per_code: null, id_code: null, next_code: null, pod: "GR000123456789" };

describe("supplyNumber", () => {
  it("joins the electricity codes and skips blank ones", () => {
    expect(supplyNumber(electricity)).toBe("123456789015");
    expect(supplyNumber({ ...electricity, id_code: "  " })).toBe("1234567895");
  });
  it("is the POD for gas", () => {
    expect(supplyNumber(gas)).toBe("GR000123456789");
    expect(supplyNumber({ ...gas, pod: " GR1 " })).toBe("GR1");
  });
  it("is empty when the supply has none", () => {
    expect(supplyNumber({ ...electricity, per_code: null, id_code: null, next_code: null })).toBe(
      "",
    );
    expect(supplyNumber({ ...gas, pod: null })).toBe("");
  });
});
