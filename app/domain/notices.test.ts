import { describe, expect, it } from "vitest";
import { excerpt } from "./notices";

describe("notice excerpt", () => {
  it("keeps a short body as it is, spaces collapsed", () => {
    expect(excerpt("  Σύντομο   κείμενο\n")).toBe("Σύντομο κείμενο");
  });

  it("cuts a long body at a word and marks the cut", () => {
    const body = "λέξη ".repeat(60);
    const short = excerpt(body, 50);
    expect(short.endsWith("λέξη…")).toBe(true);
    expect(short.length).toBeLessThanOrEqual(51);
  });

  it("cuts inside a very long word when there is no space to cut at", () => {
    expect(excerpt("x".repeat(300), 10)).toBe(`${"x".repeat(10)}…`);
  });
});
