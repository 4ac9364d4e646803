import { describe, expect, it } from "vitest";
import {
  INTERMEDIATE_METER_STATUSES,
  PENDING_ONBOARDING_STATUSES,
  userStatusFromMeters,
} from "./meter-status";

const m = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe("userStatusFromMeters", () => {
  it("is inactive without meters", () => {
    expect(userStatusFromMeters([])).toBe("inactive");
  });

  it("is active when any meter is Active or Stopped", () => {
    expect(userStatusFromMeters(m("Active"))).toBe("active");
    expect(userStatusFromMeters(m("Stopped"))).toBe("active");
    expect(userStatusFromMeters(m("Inactive", "OpenUnchecked", "Stopped"))).toBe("active");
  });

  it.each(INTERMEDIATE_METER_STATUSES)(
    "is intermediate when every meter is intermediate (%s)",
    (status) => {
      expect(userStatusFromMeters(m(status))).toBe("intermediate");
      expect(userStatusFromMeters(m("OpenUnchecked", status))).toBe("intermediate");
    },
  );

  it("is inactive when meters are neither active nor all intermediate", () => {
    expect(userStatusFromMeters(m("Inactive"))).toBe("inactive");
    expect(userStatusFromMeters(m("Terminated", "Inactive"))).toBe("inactive");
    expect(userStatusFromMeters(m("OpenChecked", "Inactive"))).toBe("inactive");
  });

  it("is case-sensitive like the billing system", () => {
    expect(userStatusFromMeters(m("active"))).toBe("inactive");
  });
});

describe("PENDING_ONBOARDING_STATUSES", () => {
  it("are the onboarding statuses that have not ended (cancelled or rejected)", () => {
    for (const status of PENDING_ONBOARDING_STATUSES) {
      expect(INTERMEDIATE_METER_STATUSES).toContain(status);
    }
    const ended = INTERMEDIATE_METER_STATUSES.filter(
      (s) => !PENDING_ONBOARDING_STATUSES.includes(s),
    );
    expect(ended.every((s) => /cancel|reject/i.test(s))).toBe(true);
    expect(ended).toHaveLength(5);
  });
});
