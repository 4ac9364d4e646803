import { describe, expect, it } from "vitest";
import { isValidPassword, isValidVat } from "./validation";

describe("isValidVat", () => {
  it.each([
    "100000003",
    "200000006",
    "300000009",
    "400000001",
    "500000004",
    "600000007",
    "800000002",
    "900000005",
    "094014201",
  ])("accepts %s", (vat) => expect(isValidVat(vat)).toBe(true));
  it.each(["000000000", "100000004", "12345678", "1000000030", "10000000a", ""])(
    "rejects %s",
    (vat) => expect(isValidVat(vat)).toBe(false),
  );
});

describe("isValidPassword", () => {
  it.each(["Demo2026!", "Abcdefg1", "A1b~!@#$%^&*_-+=\\(){}[]:,.?"])("accepts %s", (p) =>
    expect(isValidPassword(p)).toBe(true),
  );
  it.each([
    "Demo26!",
    "demo2026!",
    "DEMO2026!",
    "DemoDemo!",
    "Demo 2026!",
    "Demo2026€",
    "Demo2026<",
  ])("rejects %s", (p) => expect(isValidPassword(p)).toBe(false));
});
