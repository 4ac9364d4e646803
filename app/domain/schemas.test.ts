import { describe, expect, it } from "vitest";
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  selectMeterSchema,
  signupSchema,
} from "./schemas";
import { isValidVat } from "../../core/validation";

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("isValidVat (check digit)", () => {
  it.each(["100000003", "200000006", "300000009", "800000002", "094014201"])(
    "%s is valid",
    (vat) => {
      expect(isValidVat(vat)).toBe(true);
    },
  );
  it.each(["100000004", "12345678", "1234567890", "10000000a", ""])("%s is not", (vat) => {
    expect(isValidVat(vat)).toBe(false);
  });
});

describe("loginSchema", () => {
  it("accepts a valid VAT (spaces removed) and any password", () => {
    const result = loginSchema.safeParse({ username: " 100 000 003 ", password: "x" });
    expect(result.success).toBe(true);
    expect(result.data?.username).toBe("100000003");
  });
  it("requires both fields and a valid VAT", () => {
    expect(issues(loginSchema.safeParse({}))).toEqual({
      username: "validate.require",
      password: "validate.require",
    });
    expect(issues(loginSchema.safeParse({ username: "100000004", password: "x" }))).toEqual({
      username: "validate.loginName",
    });
  });
  it("accepts an email instead, trimmed and lower-cased (#18)", () => {
    const result = loginSchema.safeParse({ username: "  ADMIN@Beta.Example ", password: "x" });
    expect(result.data?.username).toBe("admin@beta.example");
  });
  it("refuses what is neither a VAT nor an email, with one message", () => {
    for (const username of [
      "12345678",
      "1000000031",
      "abc",
      "admin@",
      "@beta.example",
      "a b@c.d",
    ]) {
      expect(issues(loginSchema.safeParse({ username, password: "x" }))).toEqual({
        username: "validate.loginName",
      });
    }
  });
});

const validSignup = {
  afm: "800000002",
  supply_number: "123456789",
  phone: "6912345678",
  email: "maria@example.gr",
  password: "Demo2026!",
  password_confirmation: "Demo2026!",
  terms: true,
};

describe("signupSchema", () => {
  it("accepts a complete form, electricity or gas supply number", () => {
    expect(signupSchema.safeParse(validSignup).success).toBe(true);
    expect(
      signupSchema.safeParse({ ...validSignup, supply_number: "12345678901234" }).success,
    ).toBe(true);
    expect(
      signupSchema.safeParse({ ...validSignup, employee_name: "Νίκος Νικολάου" }).success,
    ).toBe(true);
  });
  it("requires every field except the employee name", () => {
    expect(issues(signupSchema.safeParse({}))).toEqual({
      afm: "validate.require",
      supply_number: "validate.require",
      phone: "validate.require",
      email: "validate.require",
      password: "validate.require",
      password_confirmation: "validate.require",
      terms: "validate.terms",
    });
  });
  it.each([
    [{ supply_number: "12345" }, "supply_number", "validate.supplyNumber"],
    [{ supply_number: "1234567890" }, "supply_number", "validate.supplyNumber"],
    [{ phone: "2101234567" }, "phone", "validate.phoneNumber"],
    [{ phone: "691234567" }, "phone", "validate.phoneNumber"],
    [{ email: "not-an-email" }, "email", "validate.notValidEmail"],
    [{ afm: "123456789" }, "afm", "validate.vat"],
    [
      { password: "short1A", password_confirmation: "short1A" },
      "password",
      "validate.passwordRules",
    ],
    [
      { password: "alllower1", password_confirmation: "alllower1" },
      "password",
      "validate.passwordRules",
    ],
    [
      { password: "Demo2026!<", password_confirmation: "Demo2026!<" },
      "password",
      "validate.passwordRules",
    ],
    [{ password_confirmation: "Demo2026?" }, "password_confirmation", "validate.passwordsMatch"],
    [{ terms: false }, "terms", "validate.terms"],
    [{ website: "http://spam" }, "website", "auth:signup.errors.captcha"],
  ] as const)("%o → %s: %s", (change, path, message) => {
    expect(issues(signupSchema.safeParse({ ...validSignup, ...change }))).toEqual({
      [path]: message,
    });
  });
  it("reports mismatched passwords even when other fields are wrong", () => {
    const result = issues(
      signupSchema.safeParse({ ...validSignup, phone: "1", password_confirmation: "Other2026!" }),
    );
    expect(result).toEqual({
      phone: "validate.phoneNumber",
      password_confirmation: "validate.passwordsMatch",
    });
  });
});

describe("forgot and reset password", () => {
  it("needs a valid VAT or an email", () => {
    expect(forgotPasswordSchema.safeParse({ afm: "100000003" }).success).toBe(true);
    expect(forgotPasswordSchema.safeParse({ afm: " User@Beta.example" }).data?.afm).toBe(
      "user@beta.example",
    );
    expect(issues(forgotPasswordSchema.safeParse({ afm: "1" }))).toEqual({
      afm: "validate.loginName",
    });
  });
  it("needs a valid password twice", () => {
    expect(
      resetPasswordSchema.safeParse({ password: "Abcdefg1", password_confirmation: "Abcdefg1" })
        .success,
    ).toBe(true);
    expect(
      issues(
        resetPasswordSchema.safeParse({ password: "Abcdefg1", password_confirmation: "Abcdefg2" }),
      ),
    ).toEqual({
      password_confirmation: "validate.passwordsMatch",
    });
    expect(
      issues(resetPasswordSchema.safeParse({ password: "abc", password_confirmation: "abc" })),
    ).toEqual({
      password: "validate.passwordRules",
    });
  });
});

describe("selectMeterSchema", () => {
  it("takes a positive integer id", () => {
    expect(selectMeterSchema.safeParse({ meter_id: "12" }).data).toEqual({ meter_id: 12 });
    expect(selectMeterSchema.safeParse({ meter_id: "x" }).success).toBe(false);
  });
});
