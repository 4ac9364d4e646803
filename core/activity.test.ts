import { describe, expect, it } from "vitest";
import { activityDetail, isActivityAction, parseActivityDetail } from "./activity";

describe("activity details", () => {
  it("never stores a password, a card number, a CVV or a code", () => {
    const stored = activityDetail({
      amount: "12.30",
      password: "x",
      card_number: "4111",
      cvv: "123",
      code: "123456",
      ebill: ["0", "1"],
    });
    expect(JSON.parse(stored ?? "")).toEqual({ amount: "12.30", ebill: ["0", "1"] });
    expect(activityDetail({ password: "x" })).toBeNull();
    expect(activityDetail(undefined)).toBeNull();
  });

  it("reads back JSON, and an older free-text detail as a note", () => {
    expect(parseActivityDetail('{"amount":"1.00"}')).toEqual({ amount: "1.00" });
    expect(parseActivityDetail("wrong_credentials")).toEqual({ note: "wrong_credentials" });
    expect(parseActivityDetail(null)).toEqual({});
  });

  it("knows its actions", () => {
    expect(isActivityAction("payment")).toBe(true);
    expect(isActivityAction("drop_table")).toBe(false);
  });
});
