import { describe, expect, it } from "vitest";
import {
  activeUser,
  alreadyLoggedIn,
  authenticate,
  intermediateCheck,
  pageVisibility,
  roleGuard,
  unauthorisedUser,
} from "./guards";

describe("guards (spec §2)", () => {
  it("alreadyLoggedIn sends signed-in users to the overview", () => {
    expect(alreadyLoggedIn(true)).toEqual({ redirect: "/b2b/episkopisi" });
    expect(alreadyLoggedIn(false)).toEqual({ ok: true });
  });

  it("authenticate sends users without a token to /login, remembering the page", () => {
    expect(authenticate(true, "/b2b/paroxes")).toEqual({ ok: true });
    expect(authenticate(false, "/b2b/paroxes?page=2")).toEqual({
      redirect: "/login?redirectTo=%2Fb2b%2Fparoxes%3Fpage%3D2",
    });
    expect(authenticate(false)).toEqual({ redirect: "/login" });
    expect(authenticate(false, "/")).toEqual({ redirect: "/login" });
  });

  it("activeUser lets active users in, intermediate to /intermediate, others to /login", () => {
    expect(activeUser("active")).toEqual({ ok: true });
    expect(activeUser("intermediate")).toEqual({ redirect: "/intermediate" });
    expect(activeUser("inactive")).toEqual({ redirect: "/login" });
  });

  it("intermediateCheck keeps only intermediate users", () => {
    expect(intermediateCheck("intermediate")).toEqual({ ok: true });
    expect(intermediateCheck("active")).toEqual({ redirect: "/b2b/episkopisi" });
    expect(intermediateCheck("inactive")).toEqual({ redirect: "/b2b/episkopisi" });
  });

  it("unauthorisedUser sends signed-in users to /", () => {
    expect(unauthorisedUser(true)).toEqual({ redirect: "/" });
    expect(unauthorisedUser(false)).toEqual({ ok: true });
  });

  it("pageVisibility sends hidden meters to the overview", () => {
    expect(pageVisibility({ division: 1, category: "Γ1", voltage_type: "01" })).toEqual({
      ok: true,
    });
    expect(pageVisibility({ division: 1, category: "B1", voltage_type: "01" })).toEqual({
      redirect: "/b2b/episkopisi",
    });
    expect(pageVisibility({ division: 1, category: "Γ1", voltage_type: "03" })).toEqual({
      redirect: "/b2b/episkopisi",
    });
    expect(pageVisibility({ division: 2, category: "", voltage_type: "01" })).toEqual({
      redirect: "/b2b/episkopisi",
    });
    expect(pageVisibility(undefined)).toEqual({ redirect: "/b2b/episkopisi" });
  });

  it("roleGuard redirects master, admin and user alike", () => {
    for (const role of ["master", "admin", "user"] as const) {
      expect(roleGuard(role)).toEqual({ redirect: "/b2b/episkopisi" });
    }
    expect(roleGuard(null)).toEqual({ ok: true });
  });
});
