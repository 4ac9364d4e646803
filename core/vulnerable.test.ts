import { describe, expect, it } from "vitest";
import {
  applicationSteps,
  categoryBlocker,
  certificateDeletionDay,
  DECLARATIONS_NEEDED,
  missingDeclarations,
  needsCertificate,
  VULNERABLE_CATEGORIES,
  VULNERABLE_DECLARATIONS,
} from "./vulnerable";

describe("the declarations each category needs", () => {
  it.each([
    [
      "life_support",
      [],
      ["equipment_at_home", "certificate_true", "main_home", "true_and_checkable"],
    ],
    [
      "life_support",
      ["equipment_at_home", "certificate_true", "main_home", "true_and_checkable"],
      [],
    ],
    ["over_70_alone", ["aged_70", "main_home", "true_and_checkable"], ["lives_alone"]],
    // Ticking another category's declarations does not stand in for this one's.
    ["social_tariff", ["aged_70", "lives_alone"], ["main_home", "true_and_checkable"]],
  ] as const)("%s with %j ticked misses %j", (category, ticked, missing) => {
    expect(missingDeclarations(category, ticked)).toEqual(missing);
  });

  it("names only known declarations, and every category asks for the truth of what it says", () => {
    for (const category of VULNERABLE_CATEGORIES) {
      for (const d of DECLARATIONS_NEEDED[category]) expect(VULNERABLE_DECLARATIONS).toContain(d);
      expect(DECLARATIONS_NEEDED[category]).toContain("true_and_checkable");
    }
  });
});

describe("needsCertificate and categoryBlocker", () => {
  it.each([
    ["life_support", true, false, null],
    ["over_70_alone", false, false, null],
    ["social_tariff", false, false, "no_social_tariff"],
    ["social_tariff", false, true, null],
  ] as const)("%s: certificate %s; with ΚΟΤ %s: %s", (category, certificate, kot, blocker) => {
    expect(needsCertificate(category)).toBe(certificate);
    expect(categoryBlocker(category, kot)).toBe(blocker);
  });
});

describe("applicationSteps", () => {
  it.each([
    ["submitted", ["current", "upcoming", "upcoming"]],
    ["in_review", ["done", "current", "upcoming"]],
    ["approved", ["done", "done", "done"]],
    ["rejected", ["done", "done", "done"]],
  ] as const)("%s", (status, states) => {
    expect(applicationSteps(status).map((s) => s.state)).toEqual(states);
    expect(applicationSteps(status).map((s) => s.step)).toEqual([
      "submitted",
      "in_review",
      "decided",
    ]);
  });
});

describe("certificateDeletionDay", () => {
  it.each([
    ["2026-12-04T10:00:00.000Z", 30, "2027-01-03"],
    ["2026-02-01", 30, "2026-03-03"],
    // 00:30 Athens on 5 December (22:30 UTC on the 4th): deleted on the Athens day 30 days on.
    ["2026-12-04T22:30:00.000Z", 30, "2027-01-04"],
  ])("decided %s: deleted on %s + %s days", (decided, days, day) => {
    expect(certificateDeletionDay(decided, days)).toBe(day);
  });
});
