import { describe, expect, it } from "vitest";
import { athensDayOf } from "./dates";
import { clientSendsOn, type ReadingLike } from "./readings";

/** #35 §7: a second reading of the same day replaces the first; the page says so. */
const reading = (over: Partial<ReadingLike>): ReadingLike => ({
  date_ins: "2026-12-02",
  cp_code: "11",
  origin: 2,
  value: 100,
  registeredBy: "client",
  corrected_at: null,
  ...over,
});

describe("clientSendsOn", () => {
  it("lists the customer's sends of the day, oldest first, one per send (day and night together)", () => {
    const readings = [
      reading({ id: 3, value: 120, created_at: "2026-12-02T09:40:00.000Z" }),
      reading({ id: 4, cp_code: "13", value: 60, created_at: "2026-12-02T09:40:00.000Z" }),
      reading({ id: 1, value: 110, created_at: "2026-12-02T06:05:00.000Z" }),
      reading({ id: 2, cp_code: "13", value: 55, created_at: "2026-12-02T06:05:00.000Z" }),
    ];
    expect(clientSendsOn(readings, "2026-12-02")).toEqual([
      "2026-12-02T06:05:00.000Z",
      "2026-12-02T09:40:00.000Z",
    ]);
  });

  it("leaves out other days, the operator's readings, corrected and excluded ones", () => {
    const readings = [
      reading({ id: 1, date_ins: "2026-12-01", created_at: "2026-12-01T10:00:00.000Z" }),
      reading({ id: 2, origin: 1, registeredBy: "operator", created_at: "2026-12-02T08:00:00Z" }),
      reading({ id: 3, corrected_at: "2026-12-02T09:00:00Z", created_at: "2026-12-02T07:00:00Z" }),
      reading({ id: 4, origin: 5, registeredBy: undefined, created_at: "2026-12-02T07:30:00Z" }),
    ];
    expect(clientSendsOn(readings, "2026-12-02")).toEqual([]);
  });

  it("counts a send at 23:30 UTC on the Athens day it was made (the reading's date_ins)", () => {
    // Sent at 01:30 Athens time on 02/12: the API dates it 2026-12-02 (athensToday).
    const sentAt = "2026-12-01T23:30:00.000Z";
    const readings = [reading({ id: 1, date_ins: athensDayOf(sentAt)!, created_at: sentAt })];
    expect(clientSendsOn(readings, "2026-12-02")).toEqual([sentAt]);
    expect(clientSendsOn(readings, "2026-12-01")).toEqual([]);
  });
});
