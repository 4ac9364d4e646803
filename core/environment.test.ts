import { describe, expect, it } from "vitest";
import { isDevelopment, isProduction } from "./environment";

describe("environment: production unless explicitly development", () => {
  it.each([undefined, "", "production", "prod", "Development", "development ", "dev", "staging"])(
    "%j is production",
    (value) => {
      expect(isProduction({ ENVIRONMENT: value })).toBe(true);
      expect(isDevelopment({ ENVIRONMENT: value })).toBe(false);
    },
  );
  it("only the exact string development opens development features", () => {
    expect(isDevelopment({ ENVIRONMENT: "development" })).toBe(true);
    expect(isProduction({})).toBe(true);
  });
});
