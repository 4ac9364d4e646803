import { describe, expect, it } from "vitest";
import type { ApiMeter } from "../../core/contract";
import {
  accountStatusFromCode,
  applicationTracking,
  dropdownMeters,
  hasProblem,
  intermediateStep,
  isIndicationOpen,
  isPageVisible,
  meterKind,
  progressLabel,
  PROGRESS_LABELS,
  resolveSelectedMeter,
  selectMeterOnLogin,
  shellCounters,
  userStatus,
} from "./meters";

type M = Pick<ApiMeter, "id" | "status" | "is_main">;
const meter = (id: number, status: string, is_main: 0 | 1 = 0): M => ({ id, status, is_main });

describe("userStatus (spec §1)", () => {
  it("is active when any meter is Active or Stopped", () => {
    expect(userStatus([{ status: "Active" }])).toBe("active");
    expect(userStatus([{ status: "Inactive" }, { status: "Stopped" }])).toBe("active");
    expect(userStatus([{ status: "OpenUnchecked" }, { status: "Active" }])).toBe("active");
  });
  it("is intermediate when only onboarding meters exist", () => {
    expect(userStatus([{ status: "OpenUnchecked" }, { status: "ThallisRejected" }])).toBe(
      "intermediate",
    );
  });
  it("is inactive otherwise, including without meters", () => {
    expect(userStatus([])).toBe("inactive");
    expect(userStatus([{ status: "Inactive" }, { status: "Terminated" }])).toBe("inactive");
  });
});

describe("accountStatusFromCode (spec §4)", () => {
  it.each([
    [1, "active"],
    [3, "active"],
    ["3", "active"],
    [2, "intermediate"],
    [0, "inactive"],
    [4, "inactive"],
    [null, "inactive"],
    [undefined, "inactive"],
  ] as const)("%s → %s", (code, status) => {
    expect(accountStatusFromCode(code)).toBe(status);
  });
});

describe("meterKind", () => {
  it("division 1 is electricity, anything else gas", () => {
    expect(meterKind({ division: 1 })).toBe("electricity");
    expect(meterKind({ division: 2 })).toBe("gas");
    expect(meterKind({ division: 7 })).toBe("gas");
  });
});

describe("intermediateStep (spec §4)", () => {
  it.each([
    ["OpenUnchecked", 1],
    ["OpenChecked", 2],
    ["Submitted", 2],
    ["Submited", 2],
    ["ThallisConfirmed", 3],
    ["ThalisConfirmed", 3],
    ["OpenPending", 3],
    ["OpenCanceled", 3],
    ["OpenRejected", 3],
    ["Cancelled", 3],
    ["Canceled", 3],
    ["ThallisRejected", 4],
    ["Anything", 4],
  ] as const)("%s is step %i", (status, step) => {
    expect(intermediateStep(status)).toBe(step);
  });
});

describe("hasProblem (spec §4)", () => {
  it.each([
    "ThallisRejected",
    "OpenPending",
    "OpenCanceled",
    "OpenRejected",
    "Cancelled",
    "Canceled",
  ])("%s has a problem", (status) => expect(hasProblem(status)).toBe(true));
  it.each(["OpenUnchecked", "OpenChecked", "Submitted", "ThallisConfirmed", "Active"])(
    "%s has none",
    (status) => expect(hasProblem(status)).toBe(false),
  );
});

describe("progress labels", () => {
  it("names the four steps and falls back to contact_nrg", () => {
    expect(PROGRESS_LABELS).toEqual([
      "form_submitted",
      "check_documents",
      "form_entried",
      "meter_representation",
    ]);
    expect(progressLabel(1)).toBe("form_submitted");
    expect(progressLabel(4)).toBe("meter_representation");
    expect(progressLabel(0)).toBe("contact_nrg");
    expect(progressLabel(5)).toBe("contact_nrg");
  });
  it("marks steps before the current one done and flags problems", () => {
    const tracking = applicationTracking("OpenChecked");
    expect(tracking.current).toBe(2);
    expect(tracking.problem).toBe(false);
    expect(tracking.steps.map((s) => s.state)).toEqual(["done", "current", "todo", "todo"]);
    expect(applicationTracking("OpenRejected").problem).toBe(true);
    expect(applicationTracking("ThallisRejected").steps.map((s) => s.state)).toEqual([
      "done",
      "done",
      "done",
      "current",
    ]);
  });
});

describe("dropdownMeters", () => {
  it("keeps Active, Stopped and onboarding meters", () => {
    const all = [
      meter(1, "Active"),
      meter(2, "Inactive"),
      meter(3, "Stopped"),
      meter(4, "OpenChecked"),
      meter(5, "Removed"),
    ];
    expect(dropdownMeters(all).map((m) => m.id)).toEqual([1, 3, 4]);
  });
});

describe("selectMeterOnLogin (spec §4)", () => {
  it("prefers the main meter", () => {
    expect(selectMeterOnLogin([meter(1, "Active"), meter(2, "Stopped", 1)])?.id).toBe(2);
  });
  it("ignores a main meter that is not in the drop-down", () => {
    expect(selectMeterOnLogin([meter(1, "Inactive", 1), meter(2, "Active")])?.id).toBe(2);
  });
  it("then the only Active meter, even after a Stopped one", () => {
    expect(selectMeterOnLogin([meter(1, "Stopped"), meter(2, "Active")])?.id).toBe(2);
  });
  it("then the first Active or Stopped meter", () => {
    expect(
      selectMeterOnLogin([
        meter(1, "OpenChecked"),
        meter(2, "Stopped"),
        meter(3, "Active"),
        meter(4, "Active"),
      ])?.id,
    ).toBe(2);
  });
  it("then the first onboarding meter", () => {
    expect(
      selectMeterOnLogin([meter(1, "Inactive"), meter(2, "OpenUnchecked"), meter(3, "OpenChecked")])
        ?.id,
    ).toBe(2);
  });
  it("selects nothing without drop-down meters", () => {
    expect(selectMeterOnLogin([meter(1, "Inactive")])).toBeUndefined();
    expect(selectMeterOnLogin([])).toBeUndefined();
  });
  it("keeps a still-valid selection, else selects again", () => {
    const all = [meter(1, "Active", 1), meter(2, "Stopped"), meter(3, "Inactive")];
    expect(resolveSelectedMeter(all, 2)?.id).toBe(2);
    expect(resolveSelectedMeter(all, 3)?.id).toBe(1);
    expect(resolveSelectedMeter(all, 99)?.id).toBe(1);
    expect(resolveSelectedMeter(all, undefined)?.id).toBe(1);
  });
});

describe("isPageVisible (spec §2 page visibility)", () => {
  const base = { division: 1, category: "Γ1", voltage_type: "01" };
  it("shows ordinary electricity meters", () => {
    expect(isPageVisible(base)).toBe(true);
  });
  it.each([
    { category: "B1" },
    { category: "ΤΙΜΟΛΟΓΙΟ B1 ΕΜΠΟΡΙΚΟ" },
    { category: "G22" },
    { category: "xg22x" },
    { voltage_type: "02" },
    { voltage_type: "03" },
    { division: 2 },
  ])("hides %o", (change) => {
    expect(isPageVisible({ ...base, ...change })).toBe(false);
  });
  it("hides when there is no meter", () => {
    expect(isPageVisible(null)).toBe(false);
  });
});

describe("indication period and counters", () => {
  const m = {
    id: 1,
    status: "Active",
    running_total: 12.5,
    division: 1,
    category: "Γ1",
    voltage_type: "01",
    indication_open_from: "2026-11-10",
    indication_open_to: "2026-11-20",
  };
  it("is open between the dates, inclusive", () => {
    expect(isIndicationOpen(m, "2026-11-10")).toBe(true);
    expect(isIndicationOpen(m, "2026-11-20")).toBe(true);
    expect(isIndicationOpen(m, "2026-11-21")).toBe(false);
    expect(
      isIndicationOpen({ indication_open_from: null, indication_open_to: null }, "2026-11-15"),
    ).toBe(false);
  });
  it("counts an open balance and an open reading period on a visible electricity meter", () => {
    expect(shellCounters(m, "2026-11-15", [m])).toEqual({ bills: 1, meter: 1 });
    expect(shellCounters(m, "2026-11-25", [{ ...m, running_total: 0 }])).toEqual({
      bills: 0,
      meter: 0,
    });
    expect(shellCounters({ ...m, division: 2 }, "2026-11-15", [m]).meter).toBe(0);
    expect(shellCounters({ ...m, voltage_type: "02" }, "2026-11-15", [m]).meter).toBe(0);
  });
  it("counts every supply that owes, a stopped one too, not only the selected one (#35)", () => {
    const supplies = [
      { ...m, id: 1, running_total: 0 },
      { ...m, id: 2, status: "Stopped", running_total: 61.04 },
      { ...m, id: 3, running_total: 12 },
      { ...m, id: 4, running_total: -3 },
      { ...m, id: 5, status: "OpenChecked", running_total: 9 },
    ];
    expect(shellCounters(supplies[0]!, "2026-11-25", supplies).bills).toBe(2);
  });
});
