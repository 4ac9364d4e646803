import { describe, expect, it } from "vitest";
import { changesChannels, uniqueViolation } from "./rules";

describe("changesChannels", () => {
  const stored = { ebill: 1, sms_bill: 0, ebill_email: "a@example.gr", sms_number: "6900000000" };

  it("is false for the channels as stored (an SMS number kept on file while SMS is off)", () => {
    expect(changesChannels({ email: "a@example.gr", phone: null }, stored)).toBe(false);
  });

  it("is true for a channel turned on or off, or another address", () => {
    expect(changesChannels({ email: null, phone: null }, stored)).toBe(true);
    expect(changesChannels({ email: "a@example.gr", phone: "6900000000" }, stored)).toBe(true);
    expect(changesChannels({ email: "b@example.gr", phone: null }, stored)).toBe(true);
  });
});

describe("uniqueViolation", () => {
  it("names the email or the phone another account uses", () => {
    const email = new Error("D1_ERROR", {
      cause: new Error("UNIQUE constraint failed: users.registration_email"),
    });
    expect(uniqueViolation(email)).toBe("emailInUse");
    expect(uniqueViolation(new Error("UNIQUE constraint failed: users.registration_phone"))).toBe(
      "phoneInUse",
    );
  });

  it("is null for any other failure", () => {
    expect(uniqueViolation(new Error("UNIQUE constraint failed: meters.pod"))).toBeNull();
    expect(uniqueViolation(new Error("D1_ERROR: network"))).toBeNull();
  });
});
