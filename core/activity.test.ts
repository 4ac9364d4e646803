import { describe, expect, it } from "vitest";
import {
  activityDetail,
  activityFieldKey,
  activityFieldShown,
  isActivityAction,
  parseActivityDetail,
  type ActivityDetail,
} from "./activity";
import { activityValueKeys } from "./activity-words";

describe("activity details", () => {
  it("never stores a password, a card number, a CVV or a code", () => {
    const stored = activityDetail({
      amount: "12.30",
      password: "x",
      card_number: "4111",
      cvv: "123",
      code: "123456",
      ebill: ["0", "1"],
    } as ActivityDetail);
    expect(JSON.parse(stored ?? "")).toEqual({ amount: "12.30", ebill: ["0", "1"] });
    expect(activityDetail({ password: "x" } as ActivityDetail)).toBeNull();
    expect(activityDetail(undefined)).toBeNull();
  });

  it("reads back JSON, a sign-in failure's code as its reason and other free text as a note", () => {
    expect(parseActivityDetail('{"amount":"1.00"}')).toEqual({ amount: "1.00" });
    expect(parseActivityDetail("wrong_credentials")).toEqual({ reason: "wrong_credentials" });
    expect(parseActivityDetail("no_user 123456789")).toEqual({
      reason: "no_user",
      username: "123456789",
    });
    expect(parseActivityDetail("called the helpdesk")).toEqual({ note: "called the helpdesk" });
    expect(parseActivityDetail(null)).toEqual({});
  });

  it("names every code by a locale key, never as the code itself", () => {
    expect(activityValueKeys("reason", "wrong_credentials")).toEqual([
      "values.reason.wrong_credentials",
    ]);
    expect(activityValueKeys("reason", "disk_full")).toEqual(["values.unknown"]);
    expect(activityValueKeys("scopes", "bills,personal")).toEqual([
      "values.scopes.bills",
      "values.scopes.personal",
    ]);
    expect(activityValueKeys("ebill", "off")).toEqual(["values.off"]);
    expect(activityValueKeys("amount", "12.30")).toBeNull();
    expect(activityFieldKey("reason")).toBe("fields.reason");
    expect(activityFieldKey("legacy_field")).toBe("fields.other");
    expect(activityFieldShown("from")).toBe(false);
    expect(activityFieldShown("role")).toBe(true);
  });

  it("knows its actions", () => {
    expect(isActivityAction("payment")).toBe(true);
    expect(isActivityAction("drop_table")).toBe(false);
  });
});
