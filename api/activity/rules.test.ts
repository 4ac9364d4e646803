import { describe, expect, it } from "vitest";
import { ACTIVITY_ACTIONS } from "../../core/activity";
import elLocale from "../../locales/el/activity.json";
import enLocale from "../../locales/en/activity.json";
import {
  activityCsv,
  activityView,
  athensDayStart,
  changeText,
  entryVisible,
  filterablePeople,
  oldestDay,
  periodBounds,
  periodError,
  showsIp,
  type AccountPerson,
  type EntryFacts,
} from "./rules";

// The demo account 210000002: master 3 (every supply), admin 11 (1001-1020), user 12 (1001-1005),
// another user 13 outside the admin's supplies (2001).
const range = (from: number, to: number) =>
  new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));
const master: AccountPerson = { id: 3, role: "master", supplies: "all", removed: false };
const admin: AccountPerson = { id: 11, role: "admin", supplies: range(1001, 1020), removed: false };
const user: AccountPerson = { id: 12, role: "user", supplies: range(1001, 1005), removed: false };
const outsider: AccountPerson = { id: 13, role: "user", supplies: new Set([2001]), removed: false };
const people = [master, admin, user, outsider];

const entry = (facts: Partial<EntryFacts>): EntryFacts => ({
  user_id: null,
  meter_id: null,
  subject_user_id: null,
  ...facts,
});

describe("#18 who sees which entries of the activity log", () => {
  const masterView = activityView(master, people);
  const adminView = activityView(admin, people);
  const userView = activityView(user, people);

  const entries = {
    masterLogin: entry({ user_id: 3 }),
    masterPaysAdminSupply: entry({ user_id: 3, meter_id: 1010 }),
    masterPaysOtherSupply: entry({ user_id: 3, meter_id: 1500 }),
    adminLogin: entry({ user_id: 11 }),
    userReading: entry({ user_id: 12, meter_id: 1002 }),
    userLogin: entry({ user_id: 12 }),
    masterInvitesUser: entry({ user_id: 3, subject_user_id: 12 }),
    masterInvitesAdmin: entry({ user_id: 3, subject_user_id: 11 }),
    masterChangesOutsider: entry({ user_id: 3, subject_user_id: 13 }),
    linkAddressChange: entry({ meter_id: 1003 }),
  };
  const seen = (view: ReturnType<typeof activityView>) =>
    Object.entries(entries)
      .filter(([, e]) => entryVisible(view, e))
      .map(([name]) => name);

  it("the master sees every entry of the account", () => {
    expect(masterView).toEqual({ scope: "all" });
    expect(seen(masterView)).toEqual(Object.keys(entries));
  });

  it("an admin sees their supplies' entries, their own actions and those about people they manage", () => {
    expect(seen(adminView)).toEqual([
      "masterPaysAdminSupply",
      "adminLogin",
      "userReading",
      "masterInvitesUser",
      "linkAddressChange",
    ]);
  });

  it("an admin manages only users within their supplies", () => {
    expect(adminView).toMatchObject({ scope: "supplies", people: new Set([12]) });
  });

  it("an admin with every supply sees every entry on a supply", () => {
    const wide = activityView({ ...admin, supplies: "all" }, people);
    expect(entryVisible(wide, entries.masterPaysOtherSupply)).toBe(true);
    expect(entryVisible(wide, entries.masterLogin)).toBe(false);
    expect(entryVisible(wide, entries.masterChangesOutsider)).toBe(true);
  });

  it("a user sees only their own actions", () => {
    expect(seen(userView)).toEqual(["userReading", "userLogin"]);
  });

  it("a user's person filter lists only themselves; the others list everyone", () => {
    expect(filterablePeople(userView, people).map((p) => p.id)).toEqual([12]);
    expect(filterablePeople(adminView, people)).toHaveLength(4);
  });

  it("only the master is shown IP addresses", () => {
    expect([showsIp("master"), showsIp("admin"), showsIp("user")]).toEqual([true, false, false]);
  });
});

describe("#18 the period filter", () => {
  it("goes back two years", () => {
    expect(oldestDay("2026-11-25")).toBe("2024-11-25");
    expect(oldestDay("2028-02-29")).toBe("2026-03-01");
    expect(periodError("2024-11-25", undefined, "2026-11-25")).toBeNull();
    expect(periodError("2024-11-24", undefined, "2026-11-25")).toBe("activity:errors.tooOld");
    expect(periodError("2026-11-02", "2026-11-01", "2026-11-25")).toBe("activity:errors.order");
  });

  it("counts days in Athens time", () => {
    expect(athensDayStart("2026-11-25")).toBe("2026-11-24T22:00:00.000Z");
    expect(athensDayStart("2026-07-01")).toBe("2026-06-30T21:00:00.000Z");
    expect(periodBounds("2026-11-01", "2026-11-01")).toEqual({
      since: "2026-10-31T22:00:00.000Z",
      before: "2026-11-01T22:00:00.000Z",
    });
    expect(periodBounds(undefined, undefined)).toEqual({ since: null, before: null });
  });
});

describe("#18 the activity log written out", () => {
  it("says what changed as old → new", () => {
    const label = (field: string) => ({ email: "Email", amount: "Amount" })[field] ?? field;
    expect(changeText({ email: ["a@b.gr", "c@d.gr"], amount: "12.50" }, label)).toBe(
      "Email: a@b.gr → c@d.gr; Amount: 12.50",
    );
    expect(changeText({ phone: [null, "6900000000"] }, label)).toBe("phone: — → 6900000000");
  });

  it("is a CSV with a byte-order mark, CRLF lines and formula-safe cells", () => {
    const csv = activityCsv(
      ["Ώρα", "Πρόσωπο"],
      [
        ["2026-11-25T10:00:00.000Z", '=HYPERLINK("http://x")'],
        ["-1+2", "Παπαδόπουλος, Γιώργος"],
        ["@SUM(A1)", "+30 690"],
      ],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Ώρα,Πρόσωπο",
      '2026-11-25T10:00:00.000Z,"\'=HYPERLINK(""http://x"")"',
      '\'-1+2,"Παπαδόπουλος, Γιώργος"',
      "'@SUM(A1),'+30 690",
      "",
    ]);
  });
});

describe("#18 every action of the log has words in both languages", () => {
  it.each(ACTIVITY_ACTIONS)("%s", (action) => {
    expect((elLocale.actions as Record<string, string>)[action]).toBeTruthy();
    expect((enLocale.actions as Record<string, string>)[action]).toBeTruthy();
  });
});
