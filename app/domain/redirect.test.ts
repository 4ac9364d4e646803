import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirect("/b2b/paroxes")).toBe("/b2b/paroxes");
    expect(safeRedirect("/b2b/logariasmoi?page=2#top")).toBe("/b2b/logariasmoi?page=2#top");
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "b2b/paroxes",
    "",
    "/logout",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/b2b/episkopisi");
  });
  it("uses the given fallback", () => {
    expect(safeRedirect(null, "/")).toBe("/");
    expect(safeRedirect(42, "/")).toBe("/");
  });
});
