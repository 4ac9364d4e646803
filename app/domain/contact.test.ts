import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact";

const valid = {
  name: "Μαρία Παπαδοπούλου",
  email: "maria@example.gr",
  subject: "Λογαριασμός",
  message: "Καλησπέρα",
};

describe("contactSchema", () => {
  it("accepts a complete message, with or without a mobile number", () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, phone: "6912345678" }).success).toBe(true);
  });

  it("answers translation keys for each refused field", () => {
    const result = contactSchema.safeParse({
      ...valid,
      name: " ",
      email: "not-an-email",
      phone: "2101234567",
      subject: "x".repeat(201),
      website: "bot",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      name: "validate.require",
      email: "validate.notValidEmail",
      phone: "validate.phoneNumber",
      subject: "contact:errors.tooLong",
      website: "contact:errors.spam",
    });
  });
});
