import { describe, expect, it } from "vitest";
import type { ApiCalendarEvent } from "../../core/contract";
import { calendarEvents } from "../../core/calendar";
import {
  agendaDays,
  buildIcs,
  eventUid,
  foldLine,
  icsText,
  monthRange,
  parseMonth,
  shiftMonth,
} from "./calendar";

const meter = {
  id: 1,
  status: "Active",
  division: 1,
  category: "G1",
  voltage_type: "01",
  indication_open_from: "2026-11-19",
  indication_open_to: "2026-11-29",
  next_reading_date: "2027-01-15",
};
const bill = (id: number, due: string, remaining = 10) => ({
  id,
  meter_id: 1,
  invoice_no: `INV${id}`,
  date_due: due,
  total_cents: 4210,
  remaining_cents: remaining * 100,
});

describe("calendarEvents (the API's rule)", () => {
  it("lists reading windows, operator readings and bill due dates in the range, by date", () => {
    const events = calendarEvents(
      [meter],
      [bill(7, "2026-12-05"), bill(8, "2026-10-01"), bill(9, "2027-06-01")],
      "2026-11-01",
      "2027-01-31",
    );
    expect(events.map((e) => [e.type, e.date])).toEqual([
      ["reading_window", "2026-11-19"],
      ["bill_due", "2026-12-05"],
      ["operator_reading", "2027-01-15"],
    ]);
    expect(events[1]).toMatchObject({ amount: 42.1, remaining: 10, invoice_no: "INV7" });
  });

  it("keeps a window that started before the range and is still open in it", () => {
    const events = calendarEvents([meter], [], "2026-11-25", "2026-11-30");
    expect(events).toEqual([
      { type: "reading_window", meter_id: 1, date: "2026-11-19", end: "2026-11-29" },
    ]);
  });

  it("has no reading windows for gas, B1/G22, voltage 02/03 or a Stopped supply", () => {
    for (const other of [
      { division: 2 },
      { category: "B1" },
      { voltage_type: "03" },
      { status: "Stopped" },
    ]) {
      const events = calendarEvents([{ ...meter, ...other }], [], "2026-11-01", "2026-11-30");
      expect(events.filter((e) => e.type === "reading_window")).toEqual([]);
    }
  });

  it("ignores intermediate supplies and bills of supplies not listed", () => {
    expect(
      calendarEvents([{ ...meter, status: "OpenChecked" }], [], "2026-01-01", "2027-12-31"),
    ).toEqual([]);
    expect(calendarEvents([], [bill(1, "2026-11-10")], "2026-11-01", "2026-11-30")).toEqual([]);
  });
});

describe("month navigation", () => {
  it("reads ?month= within five years of today, else today's month", () => {
    expect(parseMonth("2026-12", "2026-11-22")).toBe("2026-12");
    expect(parseMonth(null, "2026-11-22")).toBe("2026-11");
    for (const bad of ["2026-13", "2026-1", "abc", "1990-01"]) {
      expect(parseMonth(bad, "2026-11-22")).toBe("2026-11");
    }
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-11")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(shiftMonth("2026-11", 2)).toBe("2027-01");
  });

  it("groups events by day; a running window shows on the month's first day", () => {
    const events: ApiCalendarEvent[] = [
      { type: "reading_window", meter_id: 1, date: "2026-10-28", end: "2026-11-03" },
      { type: "operator_reading", meter_id: 2, date: "2026-11-10" },
      { type: "operator_reading", meter_id: 3, date: "2026-11-10" },
    ];
    expect(agendaDays(events, "2026-11-01").map((d) => [d.date, d.events.length])).toEqual([
      ["2026-11-01", 1],
      ["2026-11-10", 2],
    ]);
  });
});

describe("iCalendar", () => {
  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(icsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `SUMMARY:${"Λογαριασμός ".repeat(10)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });

  it("writes all-day events with an exclusive end date and CRLF lines", () => {
    const ics = buildIcs(
      [
        { uid: "a@x", start: "2026-11-19", end: "2026-11-29", summary: "Reading, open" },
        { uid: "b@x", start: "2026-12-31", summary: "Bill due", description: "42,10 €" },
      ],
      "myNRG",
      "2026-11-22T10:11:12.345Z",
    );
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("DTSTART;VALUE=DATE:20261119\r\nDTEND;VALUE=DATE:20261130\r\n");
    expect(ics).toContain("DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n");
    expect(ics).toContain("SUMMARY:Reading\\, open");
    expect(ics).toContain("DESCRIPTION:42\\,10 €");
    expect(ics).toContain("DTSTAMP:20261122T101112Z");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it("gives each event a stable uid", () => {
    expect(
      eventUid(
        {
          type: "bill_due",
          meter_id: 1,
          date: "2026-12-01",
          invoice_id: 5,
          invoice_no: "X",
          amount: 1,
          remaining: 1,
        },
        "portal.example",
      ),
    ).toBe("bill-5@portal.example");
    expect(
      eventUid({ type: "operator_reading", meter_id: 3, date: "2027-01-15" }, "portal.example"),
    ).toBe("operator_reading-3-2027-01-15@portal.example");
  });
});
