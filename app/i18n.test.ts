import { describe, expect, it } from "vitest";
import { signInLanguage, signOutLanguage } from "./i18n";

describe("#15 English kept after sign-in: language precedence", () => {
  it("keeps the language chosen before signing in, and offers to save it when it differs", () => {
    expect(signInLanguage("en", "el")).toEqual({ language: "en", prompt: "en" });
    expect(signInLanguage("el", "en")).toEqual({ language: "el", prompt: "el" });
  });

  it("asks nothing when the chosen language is the saved one", () => {
    expect(signInLanguage("en", "en")).toEqual({ language: "en", prompt: null });
    expect(signInLanguage("el", "el")).toEqual({ language: "el", prompt: null });
  });

  it("applies the saved language when nothing (or nothing valid) was chosen", () => {
    expect(signInLanguage(undefined, "en")).toEqual({ language: "en", prompt: null });
    expect(signInLanguage(null, "el")).toEqual({ language: "el", prompt: null });
    expect(signInLanguage("de", "en")).toEqual({ language: "en", prompt: null });
  });

  it("treats a profile without a (valid) language as Greek", () => {
    expect(signInLanguage(undefined, null)).toEqual({ language: "el", prompt: null });
    expect(signInLanguage("en", "")).toEqual({ language: "en", prompt: "en" });
    expect(signInLanguage("el", undefined)).toEqual({ language: "el", prompt: null });
  });

  it("goes back to the saved language, or Greek, at sign-out", () => {
    expect(signOutLanguage("en")).toBe("en");
    expect(signOutLanguage("el")).toBe("el");
    expect(signOutLanguage(null)).toBe("el");
    expect(signOutLanguage("fr")).toBe("el");
  });
});
