import { describe, expect, it } from "vitest";
import { billRf, buildRf, formatRf, isValidRf, RF_LAYOUT, RF_PATTERN, rfFromReference } from "./rf";

/** ISO 7064 MOD 97-10 with BigInt, written independently of core/rf.ts's chunked version. */
function remainder(code: string): bigint {
  const moved = code.slice(4) + code.slice(0, 4);
  const digits = [...moved].map((ch) => parseInt(ch, 36).toString()).join("");
  return BigInt(digits) % 97n;
}

describe("RF codes (ISO 11649)", () => {
  // Published examples: the standard's own (RF18 5390 0754 7034, with and without leading zeros
  // in the reference) and codes used in the test tables of public RF libraries.
  const known = [
    "RF18539007547034",
    "RF18000000000539007547034",
    "RF712348231",
    "RF471234567890",
    "RF45G72UUR",
    "RF6518K5",
    "RF97C2H5OH",
  ];

  it.each(known)(
    "%s is valid, and its check digits are the ones rfFromReference computes",
    (code) => {
      expect(remainder(code)).toBe(1n);
      expect(isValidRf(code)).toBe(true);
      expect(isValidRf(formatRf(code))).toBe(true);
      expect(isValidRf(code.toLowerCase())).toBe(true);
      expect(rfFromReference(code.slice(4))).toBe(code);
    },
  );

  it("refuses tampered codes: a changed, swapped, added or dropped character, bad shapes", () => {
    for (const code of known) {
      const ref = code.slice(4);
      const changed = ref.slice(0, -1) + (ref.endsWith("1") ? "2" : "1");
      expect(isValidRf(`${code.slice(0, 4)}${changed}`), changed).toBe(false);
      expect(isValidRf(`${code.slice(0, -1)}`), code).toBe(false);
      const check = Number(code.slice(2, 4));
      expect(isValidRf(`RF${String((check + 1) % 100).padStart(2, "0")}${ref}`)).toBe(false);
    }
    // Two neighbours swapped: MOD 97-10 catches every transposition.
    expect(isValidRf("RF18539007547043")).toBe(false);
    for (const bad of [
      "",
      "RF",
      "RF18",
      "XX18539007547034",
      "18539007547034",
      "RF1X539007547034",
      "RF18-5390-0754-7034",
      "RF18539007547034Ω",
      `RF${"0".repeat(24)}`,
    ]) {
      expect(isValidRf(bad), bad).toBe(false);
    }
  });

  it("builds a valid code from every bill's contract account and number, in 25 characters", () => {
    expect(RF_LAYOUT.contractAccount + RF_LAYOUT.billNumber).toBeLessThanOrEqual(21);
    const samples: Array<[string, string]> = [
      ["300000000123", "202670000123"],
      ["300000004711", "900000000017"],
      ["1", "1"],
      ["ca-12 34", "INV/2026/0007"],
      ["999999999999999", "X"],
    ];
    for (let i = 0; i < 500; i++) {
      samples.push([
        `3000${String((i * 7919) % 1e8).padStart(8, "0")}`,
        `2026${String(70_000_000 + i * 104_729).padStart(8, "0")}`,
      ]);
    }
    for (const [account, number] of samples) {
      const code = buildRf(account, number);
      expect(code, `${account} ${number}`).toMatch(RF_PATTERN);
      expect(code.length).toBe(25);
      expect(remainder(code)).toBe(1n);
      expect(isValidRf(code)).toBe(true);
    }
    // The layout: the 12-digit account, then the bill number's last nine.
    expect(buildRf("300000000123", "202670000123").slice(4)).toBe("300000000123670000123");
    expect(buildRf("ca-12 34", "INV/2026/0007").slice(4)).toBe("000000CA1234V20260007");
  });

  it("tells apart two bills of an account, and the same bill number of two accounts", () => {
    const a = buildRf("300000000123", "202670000123");
    expect(buildRf("300000000123", "202670000124")).not.toBe(a);
    expect(buildRf("300000000124", "202670000123")).not.toBe(a);
  });

  it("refuses a layout wider than 21 characters", () => {
    expect(() => buildRf("1", "1", { contractAccount: 12, billNumber: 10 })).toThrow(/21/);
    expect(() => rfFromReference("1".repeat(22))).toThrow(/21/);
    expect(() => rfFromReference("--")).toThrow();
  });

  it("formats in groups of four", () => {
    expect(formatRf("RF18539007547034")).toBe("RF18 5390 0754 7034");
    expect(formatRf("RF712348231")).toBe("RF71 2348 231");
    expect(formatRf("rf18 5390 0754 7034")).toBe("RF18 5390 0754 7034");
  });

  it("a bill's code: the billing system's own when valid, otherwise the built one", () => {
    const bill = { contract_account: "300000000123", invoice_no: "202670000123" };
    const built = buildRf(bill.contract_account, bill.invoice_no);
    expect(billRf({ ...bill, rf_code: null })).toBe(built);
    expect(billRf({ ...bill, rf_code: "rf18 5390 0754 7034" })).toBe("RF18539007547034");
    expect(billRf({ ...bill, rf_code: "RF19539007547034" })).toBe(built);
  });
});
