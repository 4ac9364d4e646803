import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "./tokens.ts";

describe("the demo access tokens (#19)", () => {
  it("are stored as the SHA-256 of their secrets", () => {
    for (const token of Object.values(DEMO_TOKENS)) {
      expect(createHash("sha256").update(token.secret).digest("hex")).toBe(token.id);
    }
  });
});
