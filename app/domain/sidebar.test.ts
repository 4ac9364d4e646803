import { describe, expect, it } from "vitest";
import type { Role } from "../../core/contract";
import {
  meterReadingAllowed,
  meterStatusGroup,
  PRIVACY_POLICY_URL,
  SIDEBAR_ITEMS,
  sidebarAllows,
  sidebarItems,
  sidebarLinks,
} from "./sidebar";

const electricity = { status: "Active", division: 1, category: "G1", voltage_type: "01" };
/** The spec's five items (group "main"); the "more" group has its own tests below. */
const ids = (input: Parameters<typeof sidebarItems>[0]) =>
  sidebarItems(input)
    .filter((i) => i.group === "main")
    .map((i) => i.id);
const moreIds = (input: Parameters<typeof sidebarItems>[0]) =>
  sidebarItems(input)
    .filter((i) => i.group === "more")
    .map((i) => i.id);

describe("sidebar items for an Active meter", () => {
  it("shows every item for an electricity meter that passes page visibility", () => {
    expect(ids({ meter: electricity, role: null })).toEqual([
      "overview",
      "supplies",
      "bills",
      "meterReading",
      "help",
    ]);
  });

  it("shows the same items to every role, and to a user without a role", () => {
    for (const role of ["master", "admin", "user", null, undefined] as const) {
      expect(ids({ meter: electricity, role })).toEqual([
        "overview",
        "supplies",
        "bills",
        "meterReading",
        "help",
      ]);
    }
  });

  it("hides meter reading for gas (any division other than 1)", () => {
    expect(ids({ meter: { ...electricity, division: 2 }, role: "user" })).toEqual([
      "overview",
      "supplies",
      "bills",
      "help",
    ]);
  });

  it("hides meter reading for categories containing B1 or G22", () => {
    for (const category of ["B1", "XB1", "G22", "G22A", "b1"]) {
      expect(ids({ meter: { ...electricity, category }, role: null })).not.toContain(
        "meterReading",
      );
    }
    expect(ids({ meter: { ...electricity, category: "G21" }, role: null })).toContain(
      "meterReading",
    );
  });

  it("hides meter reading for voltage types 02 and 03", () => {
    expect(ids({ meter: { ...electricity, voltage_type: "02" }, role: null })).not.toContain(
      "meterReading",
    );
    expect(ids({ meter: { ...electricity, voltage_type: "03" }, role: null })).not.toContain(
      "meterReading",
    );
    expect(ids({ meter: { ...electricity, voltage_type: "01" }, role: null })).toContain(
      "meterReading",
    );
  });
});

describe("sidebar items for Stopped and intermediate meters", () => {
  it("shows only items visible when stopped: overview, supplies, bills", () => {
    expect(ids({ meter: { ...electricity, status: "Stopped" }, role: null })).toEqual([
      "overview",
      "supplies",
      "bills",
    ]);
  });

  it("shows only items visible when intermediate: overview, supplies, help", () => {
    for (const status of ["OpenUnchecked", "Submitted", "ThallisRejected", "Inactive"]) {
      expect(ids({ meter: { ...electricity, status }, role: null })).toEqual([
        "overview",
        "supplies",
        "help",
      ]);
    }
  });

  it("treats a missing meter like an intermediate one", () => {
    expect(ids({ meter: null, role: null })).toEqual(["overview", "supplies", "help"]);
  });
});

describe("sidebar counters and paths", () => {
  it("puts the bill and meter counters on their items", () => {
    const items = sidebarItems({
      meter: electricity,
      role: null,
      counters: { bills: 2, meter: 1 },
    });
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(byId.bills?.count).toBe(2);
    expect(byId.meterReading?.count).toBe(1);
    expect(byId.overview?.count).toBe(0);
  });

  it("links to the spec's paths", () => {
    expect(Object.fromEntries(SIDEBAR_ITEMS.map((i) => [i.id, i.path]))).toEqual({
      overview: "/b2b/episkopisi",
      supplies: "/b2b/paroxes",
      bills: "/b2b/logariasmoi",
      meterReading: "/b2b/kataxorisi",
      help: "/b2b/help",
      statistics: "/b2b/statistika",
      alerts: "/b2b/eidopoiiseis",
      tariffs: "/b2b/timologia",
      socialTariff: "/b2b/kot",
      register: "/b2b/evalotes",
      requests: "/b2b/aitimata",
      calendar: "/b2b/imerologio",
      questionnaire: "/b2b/erotimatologio",
      notices: "/b2b/anakoinoseis",
      people: "/b2b/xristes",
      activity: "/b2b/istoriko",
    });
  });
});

describe("the More group", () => {
  const ALL_MORE = [
    "statistics",
    "alerts",
    "tariffs",
    "socialTariff",
    "register",
    "requests",
    "calendar",
    "questionnaire",
    "notices",
    // The account's, in every status (#18; households too since #38 §4); a missing role sees them.
    "people",
    "activity",
  ];
  // The alerts and the tariffs pages are an Active supply's (#37 §2, §3): an alert watches the
  // next bill, and a switch starts in the next billing period; so are ΚΟΤ and the register (#38).
  const STOPPED_MORE = ALL_MORE.filter(
    (id) => !["alerts", "tariffs", "socialTariff", "register"].includes(id),
  );
  const GAS_MORE = ALL_MORE.filter((id) => id !== "socialTariff");

  it("lists every page for an Active meter, electricity or gas, after the main items", () => {
    expect(moreIds({ meter: electricity, role: null })).toEqual(ALL_MORE);
    expect(moreIds({ meter: { ...electricity, division: 2 }, role: "master" })).toEqual(GAS_MORE);
    const groups = sidebarItems({ meter: electricity, role: null }).map((i) => i.group);
    expect(groups.indexOf("more")).toBe(groups.lastIndexOf("main") + 1);
  });

  it("keeps statistics and the calendar for a Stopped meter (it has bills), not its alerts or tariffs", () => {
    expect(moreIds({ meter: { ...electricity, status: "Stopped" }, role: null })).toEqual(
      STOPPED_MORE,
    );
  });

  it("shows only requests, questionnaire, notices and the account's for an intermediate or missing meter", () => {
    for (const meter of [{ ...electricity, status: "OpenChecked" }, null]) {
      expect(moreIds({ meter, role: null })).toEqual([
        "requests",
        "questionnaire",
        "notices",
        "people",
        "activity",
      ]);
    }
  });

  it("offers ΚΟΤ and the register to a household only, ΚΟΤ for electricity only (#38)", () => {
    const company = moreIds({ meter: electricity, role: "master", legalPerson: 1 });
    expect(company).not.toContain("socialTariff");
    expect(company).not.toContain("register");
    // A B1 supply cannot take a reading on the portal, but it has ΚΟΤ like any other.
    expect(moreIds({ meter: { ...electricity, category: "B1" }, role: null })).toContain(
      "socialTariff",
    );
    expect(
      sidebarAllows("socialTariff", { meter: { ...electricity, division: 2 }, role: null }),
    ).toBe(false);
    expect(sidebarAllows("register", { meter: { ...electricity, division: 2 }, role: null })).toBe(
      true,
    );
  });

  it("answers the page guards the same way as the menu", () => {
    expect(sidebarAllows("statistics", { meter: electricity, role: "admin" })).toBe(true);
    expect(
      sidebarAllows("calendar", { meter: { ...electricity, status: "Submitted" }, role: null }),
    ).toBe(false);
    expect(sidebarAllows("notices", { meter: null, role: null })).toBe(true);
  });

  it("never puts a counter on the More items", () => {
    const items = sidebarItems({
      meter: electricity,
      role: null,
      counters: { bills: 3, meter: 2 },
    });
    expect(items.filter((i) => i.group === "more").every((i) => i.count === 0)).toBe(true);
  });
});

describe("the people and activity items (#18, households: #38 §4)", () => {
  const company = (role: Role | null, meter: typeof electricity | null) =>
    moreIds({ meter, role }).filter((id) => id === "people" || id === "activity");

  it("shows people to the master and admins, activity to every role, company or household", () => {
    expect(company("master", electricity)).toEqual(["people", "activity"]);
    expect(company("admin", electricity)).toEqual(["people", "activity"]);
    expect(company("user", electricity)).toEqual(["activity"]);
    expect(company("viewer", electricity)).toEqual(["activity"]);
  });

  it("offers a viewer no reading form, every other role the same main items", () => {
    const main = (role: Role) =>
      sidebarItems({ meter: electricity, role })
        .filter((i) => i.group === "main")
        .map((i) => i.id);
    expect(main("user")).toContain("meterReading");
    expect(main("viewer")).toEqual(main("user").filter((id) => id !== "meterReading"));
  });

  it("keeps them whatever the selected supply's status (they concern the account)", () => {
    for (const meter of [
      { ...electricity, status: "Stopped" },
      { ...electricity, status: "OpenChecked" },
      null,
    ]) {
      expect(company("master", meter)).toEqual(["people", "activity"]);
      expect(company("user", meter)).toEqual(["activity"]);
    }
  });

  it("answers the page guards as the menu does", () => {
    const input = { meter: electricity } as const;
    expect(sidebarAllows("people", { ...input, role: "admin" })).toBe(true);
    expect(sidebarAllows("people", { ...input, role: "user" })).toBe(false);
    expect(sidebarAllows("people", { ...input, role: "viewer" })).toBe(false);
    expect(sidebarAllows("activity", { ...input, role: "user" })).toBe(true);
  });

  it("names the people item in a household's words for a household (#38 §4)", () => {
    const label = (legalPerson: number | undefined) =>
      sidebarItems({ meter: electricity, role: "master", legalPerson }).find(
        (i) => i.id === "people",
      )?.labelKey;
    expect(label(0)).toBe("nav.peopleHousehold");
    expect(label(1)).toBe("nav.people");
    expect(label(undefined)).toBe("nav.people");
  });

  it("comes after the other More items, labelled in the shell namespace", () => {
    const items = sidebarItems({ meter: electricity, role: "master" });
    expect(items.slice(-2).map((i) => [i.id, i.labelKey])).toEqual([
      ["people", "nav.people"],
      ["activity", "nav.activity"],
    ]);
  });
});

describe("meter rules", () => {
  it("groups statuses", () => {
    expect(meterStatusGroup("Active")).toBe("active");
    expect(meterStatusGroup("Stopped")).toBe("stopped");
    expect(meterStatusGroup("OpenChecked")).toBe("intermediate");
    expect(meterStatusGroup(undefined)).toBe("intermediate");
  });

  it("allows meter reading only for plain electricity meters", () => {
    expect(meterReadingAllowed(electricity)).toBe(true);
    expect(meterReadingAllowed({ ...electricity, division: 2 })).toBe(false);
    expect(meterReadingAllowed(null)).toBe(false);
  });
});

describe("sidebar links", () => {
  it("uses the privacy policy of the current language", () => {
    expect(sidebarLinks("el")[0]?.href).toBe(PRIVACY_POLICY_URL.el);
    expect(sidebarLinks("en")[0]?.href).toBe("https://www.nrg.gr/en/privacy-policy");
  });

  it("links terms, cookies policy and the bill-pay terms to /payment-terms", () => {
    expect(sidebarLinks("el").map((l) => l.href)).toEqual([
      "https://www.nrg.gr/el/privacy-policy",
      "/terms",
      "/cookies-policy",
      "/payment-terms",
    ]);
  });
});
