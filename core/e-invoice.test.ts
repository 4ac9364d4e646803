import { describe, expect, it } from "vitest";
import { eInvoicePath, formatMark, isMark, vatSplit } from "./e-invoice";
import { SUPPLIER } from "./supplier";
import { isValidVat } from "./validation";

describe("MARK", () => {
  it("is exactly 15 digits", () => {
    expect(isMark("400000007919113")).toBe(true);
    for (const bad of [
      "40000000791911",
      "4000000079191130",
      "40000000791911a",
      " 400000007919113",
      "",
      400000007919113,
      null,
    ])
      expect(isMark(bad)).toBe(false);
  });

  it("is grouped by three for reading and has one verification path", () => {
    expect(formatMark("400000007919113")).toBe("400 000 007 919 113");
    expect(eInvoicePath("400000007919113")).toBe("/e-invoice/400000007919113");
    expect(() => eInvoicePath("../x")).toThrow();
  });
});

describe("VAT split", () => {
  it("derives net at 6 % to the cent; net + VAT is the total", () => {
    expect(vatSplit(10_600)).toEqual({ net_cents: 10_000, vat_cents: 600 });
    expect(vatSplit(9_999)).toEqual({ net_cents: 9_433, vat_cents: 566 });
    expect(vatSplit(0)).toEqual({ net_cents: 0, vat_cents: 0 });
    for (let total = -5_000; total <= 5_000; total += 7) {
      const { net_cents, vat_cents } = vatSplit(total);
      expect(net_cents + vat_cents).toBe(total);
      expect(vatSplit(-total)).toEqual({ net_cents: -net_cents || 0, vat_cents: -vat_cents || 0 });
    }
  });
});

describe("supplier", () => {
  it("has a valid Greek VAT number", () => {
    expect(isValidVat(SUPPLIER.vat)).toBe(true);
  });
});
