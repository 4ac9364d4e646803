import { describe, expect, it } from "vitest";
import { isValidLoginName, isValidPassword, isValidVat, normaliseLoginName } from "./validation";

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

describe("the login name (#18): a VAT or an email", () => {
  it("normalises a VAT without spaces and an email trimmed and lower-cased", () => {
    expect(normaliseLoginName(" 100 000 003 ")).toBe("100000003");
    expect(normaliseLoginName("  ADMIN@Beta.Example ")).toBe("admin@beta.example");
    expect(normaliseLoginName("user@beta.example")).toBe("user@beta.example");
  });

  it.each(["100000003", "admin@beta.example", "a.b+c@mail.example.gr"])("accepts %s", (name) =>
    expect(isValidLoginName(normaliseLoginName(name))).toBe(true),
  );

  it.each([
    "",
    "100000004",
    "12345678",
    "1234567890",
    "admin",
    "admin@",
    "@beta.example",
    "admin@beta",
    "admin@.example",
    "a@b@c.example",
    `${"a".repeat(250)}@b.example`,
  ])("refuses %j", (name) => expect(isValidLoginName(normaliseLoginName(name))).toBe(false));
});
