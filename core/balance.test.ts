import { describe, expect, it } from "vitest";
import { accountBalance, isOverdue, owes, owesCents } from "./balance";
import { athensToday } from "./dates";

const supply = (
  id: number,
  running_total: number,
  status = "Active",
  last_invoice_due_date: string | null = "2026-12-21",
) => ({ id, status, running_total, last_invoice_due_date });

describe("owes", () => {
  it("is Active or Stopped with a balance above 0,00 €", () => {
    expect(owes(supply(1, 95.26))).toBe(true);
    expect(owes(supply(1, 61.04, "Stopped"))).toBe(true);
    expect(owes(supply(1, 0.01))).toBe(true);
  });

  it("owes nothing at 0,00 €, on a credit, or when the supply cannot be paid", () => {
    expect(owes(supply(1, 0))).toBe(false);
    expect(owes(supply(1, 0.004))).toBe(false);
    expect(owes(supply(1, -12.5))).toBe(false);
    expect(owes(supply(1, 40, "Inactive"))).toBe(false);
    expect(owes(supply(1, 40, "OpenChecked"))).toBe(false);
    expect(owesCents("Stopped", 1)).toBe(true);
    expect(owesCents("Stopped", 0)).toBe(false);
  });
});

describe("isOverdue", () => {
  it("is a due date before today in Athens; due today is not overdue", () => {
    expect(isOverdue(supply(1, 10, "Active", "2026-12-01"), "2026-12-02")).toBe(true);
    expect(isOverdue(supply(1, 10, "Active", "2026-12-02"), "2026-12-02")).toBe(false);
    expect(isOverdue(supply(1, 10, "Active", "2026-12-03"), "2026-12-02")).toBe(false);
    expect(isOverdue(supply(1, 10, "Active", "2026-12-01T00:00:00Z"), "2026-12-02")).toBe(true);
  });

  it("takes today in Athens: at 23:30 UTC yesterday's due date is already past", () => {
    // 2026-12-01 23:30 UTC is 2026-12-02 01:30 in Athens.
    const today = athensToday(new Date("2026-12-01T23:30:00Z"));
    expect(today).toBe("2026-12-02");
    expect(isOverdue(supply(1, 10, "Active", "2026-12-01"), today)).toBe(true);
    // At 21:30 UTC it is still 23:30 on the 1st in Athens: due today, not overdue.
    const before = athensToday(new Date("2026-12-01T21:30:00Z"));
    expect(isOverdue(supply(1, 10, "Active", "2026-12-01"), before)).toBe(false);
  });

  it("is never overdue without a balance or a due date", () => {
    expect(isOverdue(supply(1, 0, "Active", "2026-06-10"), "2026-12-02")).toBe(false);
    expect(isOverdue(supply(1, -5, "Stopped", "2026-06-10"), "2026-12-02")).toBe(false);
    expect(isOverdue(supply(1, 5, "Stopped", null), "2026-12-02")).toBe(false);
  });
});

describe("accountBalance", () => {
  it("the household 100000003: the main and the stopped supply both owe, the stopped one overdue", () => {
    const b = accountBalance(
      [supply(1, 95.26, "Active", "2026-12-21"), supply(2, 61.04, "Stopped", "2026-06-10")],
      "2026-12-02",
    );
    expect(b.owing.map((m) => m.id)).toEqual([2, 1]);
    expect(b.overdueIds).toEqual([2]);
    expect(b.totalCents).toBe(15630);
    expect(b.total).toBe(156.3);
    expect(b.overdueCents).toBe(6104);
  });

  it("after paying the main supply the stopped one still owes", () => {
    const b = accountBalance(
      [supply(1, 0, "Active"), supply(2, 61.04, "Stopped", "2026-06-10")],
      "2026-12-02",
    );
    expect(b.owing.map((m) => m.id)).toEqual([2]);
    expect(b.total).toBe(61.04);
  });

  it("sums in cents, leaves out credits and 0,00 €, keeps the order of those not overdue", () => {
    const b = accountBalance(
      [
        supply(1, 0.1),
        supply(2, -30),
        supply(3, 0.2),
        supply(4, 0),
        supply(5, 7, "Inactive"),
        supply(6, 5, "Active", "2026-11-01"),
        supply(7, 5, "Active", "2026-10-01"),
      ],
      "2026-12-02",
    );
    expect(b.owing.map((m) => m.id)).toEqual([7, 6, 1, 3]);
    expect(b.totalCents).toBe(1030);
    expect(b.total).toBe(10.3);
  });

  it("nothing owed: an empty list and 0", () => {
    const b = accountBalance([supply(1, 0), supply(2, -1, "Stopped")], "2026-12-02");
    expect(b).toEqual({ owing: [], overdueIds: [], totalCents: 0, total: 0, overdueCents: 0 });
  });

  it("summaries without due dates: nothing is overdue", () => {
    const b = accountBalance(
      [
        { id: 1, status: "Active", running_total: 3 },
        { id: 2, status: "Stopped", running_total: 4 },
      ],
      "2026-12-02",
    );
    expect(b.owing).toHaveLength(2);
    expect(b.overdueIds).toEqual([]);
  });
});

describe("#38 §1 a supply in a kept payment plan", () => {
  const plan = {
    since: "2026-11-30T10:00:00Z",
    next_n: 2,
    next_due_date: "2026-12-30",
    next_amount: 40,
  };
  it("owes, but is not overdue: nor counted as overdue in the account's balance", () => {
    const late = { ...supply(1, 80, "Active", "2026-11-01"), payment_plan: plan };
    expect(owes(late)).toBe(true);
    expect(isOverdue(late, "2026-12-02")).toBe(false);
    const balance = accountBalance([late, supply(2, 10, "Active", "2026-11-01")], "2026-12-02");
    expect(balance.overdueIds).toEqual([2]);
    expect(balance.totalCents).toBe(90_00);
    expect(isOverdue({ ...late, payment_plan: null }, "2026-12-02")).toBe(true);
  });
});
