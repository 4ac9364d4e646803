import { describe, expect, it } from "vitest";
import type { InvoiceType } from "../../core/contract";
import { billStatus, hasStatus } from "./bill-status";

const bill = (
  over: Partial<{ type: InvoiceType; total: number; remaining: number; date_due: string | null }>,
) => ({
  type: "Clearance" as InvoiceType,
  total: 95.26,
  remaining: 95.26,
  date_due: "2026-11-30",
  ...over,
});

describe("bill status (issue #15)", () => {
  const today = "2026-11-24";

  it("paid when nothing remains", () => {
    expect(billStatus(bill({ remaining: 0 }), today)).toBe("paid");
    expect(billStatus(bill({ remaining: 0, date_due: "2020-01-01" }), today)).toBe("paid");
  });

  it("unpaid when nothing was paid and the due date has not passed", () => {
    expect(billStatus(bill({}), today)).toBe("unpaid");
    expect(billStatus(bill({ date_due: today }), today)).toBe("unpaid");
    expect(billStatus(bill({ date_due: null }), today)).toBe("unpaid");
  });

  it("partly paid when something was paid and something remains", () => {
    expect(billStatus(bill({ remaining: 40 }), today)).toBe("partlyPaid");
    expect(billStatus(bill({ remaining: 0.01 }), today)).toBe("partlyPaid");
  });

  it("overdue when something remains after the due date, paid in part or not", () => {
    expect(billStatus(bill({ date_due: "2026-11-23" }), today)).toBe("overdue");
    expect(billStatus(bill({ remaining: 40, date_due: "2026-11-23" }), today)).toBe("overdue");
    expect(billStatus(bill({ date_due: "2026-11-23T00:00:00" }), today)).toBe("overdue");
  });

  it("compares cents, not floating euros", () => {
    expect(billStatus(bill({ total: 0.3, remaining: 0.1 + 0.2 }), today)).toBe("unpaid");
  });

  it("Credit, Cancelled and payment rows have no status", () => {
    for (const type of ["Credit", "Cancelled", "payment"] as const) {
      expect(hasStatus(type)).toBe(false);
      expect(billStatus(bill({ type, remaining: 10 }), today)).toBeNull();
    }
    for (const type of ["Clearance", "Advance", "Manual"] as const)
      expect(hasStatus(type)).toBe(true);
  });
});

describe("#38 §1 a bill in a kept payment plan", () => {
  const today = "2026-12-02";
  const plan = {
    since: "2026-11-30T10:00:00Z",
    next_n: 2,
    next_due_date: "2026-12-30",
    next_amount: 40,
  };
  it("an overdue bill issued up to the plan's day is in the plan, not overdue", () => {
    const late = bill({ date_due: "2026-11-23" });
    expect(billStatus({ ...late, issue_date: "2026-11-03" }, today, plan)).toBe("inPlan");
    expect(billStatus({ ...late, issue_date: "2026-11-30" }, today, plan)).toBe("inPlan");
  });
  it("a later bill, one not yet due, a paid one or no plan keep their status", () => {
    expect(
      billStatus({ ...bill({ date_due: "2026-11-23" }), issue_date: "2026-12-01" }, today, plan),
    ).toBe("overdue");
    expect(
      billStatus({ ...bill({ date_due: "2026-12-10" }), issue_date: "2026-11-03" }, today, plan),
    ).toBe("unpaid");
    expect(billStatus({ ...bill({ remaining: 0 }), issue_date: "2026-11-03" }, today, plan)).toBe(
      "paid",
    );
    expect(
      billStatus({ ...bill({ date_due: "2026-11-23" }), issue_date: "2026-11-03" }, today, null),
    ).toBe("overdue");
  });
});
