import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/errors";
import { signupUniqueViolation, welcomeNameOf } from "./rules";

describe("signupUniqueViolation", () => {
  const code = (error: unknown) => {
    const mapped = signupUniqueViolation(error);
    return mapped instanceof ApiError ? [mapped.status, mapped.code] : mapped;
  };

  it("answers a lost race as the pre-check would have", () => {
    const email = new Error("D1_ERROR", {
      cause: new Error("UNIQUE constraint failed: users.registration_email"),
    });
    expect(code(email)).toEqual([400, "email_in_use"]);
    expect(code(new Error("UNIQUE constraint failed: users.registration_phone"))).toEqual([
      400,
      "mobile_in_use",
    ]);
    expect(code(new Error("UNIQUE constraint failed: users.customer_id"))).toEqual([
      400,
      "already_active",
    ]);
  });

  it("leaves any other failure alone", () => {
    expect(signupUniqueViolation(new Error("D1_ERROR: network"))).toBeNull();
  });
});

describe("welcomeNameOf", () => {
  it("greets a person by the first name, a business by its contact person", () => {
    expect(welcomeNameOf({ name: " Maria  Papadopoulou", is_legal_person: 0 }, undefined)).toBe(
      "Maria",
    );
    expect(welcomeNameOf({ name: "ACME SA", is_legal_person: 1 }, "Nikos")).toBe("Nikos");
    expect(welcomeNameOf({ name: "ACME SA", is_legal_person: 1 }, undefined)).toBe("ACME SA");
  });
});
