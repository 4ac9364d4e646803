import { describe, expect, it } from "vitest";
import { PDF_TEMPLATE_VERSION } from "../pdf/invoice-pdf";
import { billAddress, pdfCacheKey, physAddress, supplyNumberOf } from "./rules";

describe("supplyNumberOf", () => {
  const parts = { per_code: null, id_code: null, next_code: null, pod: null };

  it("joins electricity's parts, skipping the missing ones; gas is its POD", () => {
    expect(supplyNumberOf({ ...parts, division: 1, per_code: "112345678", id_code: "01" })).toBe(
      "11234567801",
    );
    expect(supplyNumberOf({ ...parts, division: 2, pod: "GR123" })).toBe("GR123");
  });

  it("is a dash when there is nothing to show", () => {
    expect(supplyNumberOf({ ...parts, division: 1 })).toBe("-");
    expect(supplyNumberOf({ ...parts, division: 2 })).toBe("-");
  });
});

describe("addresses", () => {
  const meter = {
    phys_street: "Ermou",
    phys_street_no: "12",
    phys_postal_code: "10563",
    phys_region: "",
    bill_street: "",
    bill_street_no: "",
    bill_postal_code: "",
    bill_region: "",
  };

  it("leaves out the missing parts, and a missing half with its comma", () => {
    expect(physAddress(meter)).toBe("Ermou 12, 10563");
    expect(billAddress(meter)).toBe("");
  });
});

it("a cached PDF is kept per invoice, language, template version and RF code", () => {
  expect(pdfCacheKey(7, "en")).toBe(`invoices/7/v${PDF_TEMPLATE_VERSION}-en.pdf`);
  expect(pdfCacheKey(7, "el", "RF18539007547034")).toBe(
    `invoices/7/v${PDF_TEMPLATE_VERSION}-el-RF18539007547034.pdf`,
  );
});
