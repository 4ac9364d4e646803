import { describe, expect, it } from "vitest";
import {
  applicationReference,
  isValidIdNumber,
  normaliseIdNumber,
  REFERENCE_PATTERN,
} from "./rules";
import { newSupplyDetailsSchema, newSupplySubmitSchema } from "./new-supply";

const valid = {
  name: "Ελένη Παππά",
  afm: "730000009",
  email: "eleni@example.gr",
  mobile: "6972345678",
  id_number: "ΑΒ123456",
  supply_type: "electricity",
  ownership: "owner",
  supply_count: "2",
  address: "Ερμού 10",
  postal_code: "10563",
  city: "Αθήνα",
};

const firstError = (value: unknown) => {
  const result = newSupplyDetailsSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("ID card number", () => {
  it.each(["ΑΒ123456", "Χ123456", "AB 123456", "ab123456", "x-123456"])("accepts %s", (value) => {
    expect(isValidIdNumber(value)).toBe(true);
  });
  it.each(["123456", "ΑΒΓ123456", "ΑΒ12345", "ΑΒ1234567", "QW123456", "Α12345Χ"])(
    "refuses %s",
    (value) => {
      expect(isValidIdNumber(value)).toBe(false);
    },
  );
  it("writes Latin look-alikes as the Greek letters printed on the card", () => {
    expect(normaliseIdNumber("ab 123456")).toBe("ΑΒ123456");
  });
});

describe("new-supply details", () => {
  it("accepts the form and outputs clean values", () => {
    const result = newSupplyDetailsSchema.parse({ ...valid, mobile: "697 234 5678", fax: "" });
    expect(result).toMatchObject({ mobile: "6972345678", supply_count: 2, fax: undefined });
  });

  it("takes an optional landline fax", () => {
    expect(newSupplyDetailsSchema.parse({ ...valid, fax: "2101234567" }).fax).toBe("2101234567");
    expect(firstError({ ...valid, fax: "6971234567" })).toBe("newSupply:errors.fax");
  });

  it("takes the supply count from the form or as a number", () => {
    expect(newSupplyDetailsSchema.parse({ ...valid, supply_count: 99 }).supply_count).toBe(99);
    expect(newSupplyDetailsSchema.parse({ ...valid, supply_count: "1" }).supply_count).toBe(1);
  });

  it.each([
    [{ supply_count: "0" }, "newSupply:errors.supplyCount"],
    [{ supply_count: "100" }, "newSupply:errors.supplyCount"],
    [{ supply_count: "2.5" }, "newSupply:errors.supplyCount"],
    [{ supply_count: "abc" }, "newSupply:errors.supplyCount"],
    [{ supply_count: undefined }, "validate.require"],
    [{ mobile: "2101234567" }, "validate.phoneNumber"],
    [{ mobile: undefined }, "validate.require"],
    [{ id_number: "12345678" }, "newSupply:errors.idNumber"],
    [{ afm: "730000008" }, "validate.vat"],
    [{ email: "eleni" }, "validate.notValidEmail"],
    [{ supply_type: "water" }, "validate.require"],
    [{ ownership: undefined }, "validate.require"],
    [{ postal_code: "0123" }, "newSupply:errors.postalCode"],
    [{ name: "   " }, "validate.require"],
    [{ city: "x".repeat(81) }, "newSupply:errors.tooLong"],
  ])("refuses %o with %s", (override, message) => {
    expect(firstError({ ...valid, ...override })).toBe(message);
  });

  it("needs the consent on the review", () => {
    expect(newSupplySubmitSchema.safeParse({ consent: true }).success).toBe(true);
    expect(newSupplySubmitSchema.safeParse({ consent: false }).success).toBe(false);
  });
});

describe("reference numbers", () => {
  it("pads the id and marks the kind", () => {
    expect(applicationReference("transfer", 12, 2026)).toBe("T-2026-000012");
    expect(applicationReference("new_supply", 345, 2027)).toBe("N-2027-000345");
    expect(REFERENCE_PATTERN.test("T-2026-000012")).toBe(true);
    expect(REFERENCE_PATTERN.test("C-2026-000012")).toBe(false);
  });
});
