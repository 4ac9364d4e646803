import { describe, expect, it } from "vitest";
import { base64url, fromBase64url, hmacSha256, sha256, timingSafeEqual } from "./tokens";

describe("core/tokens", () => {
  it("HMAC-SHA256 gives RFC 4231's test vector (case 2), base64url", async () => {
    // 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
    expect(await hmacSha256("Jefe", "what do ya want for nothing?")).toBe(
      "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM",
    );
    // The key is cached per secret: another secret signs differently.
    expect(await hmacSha256("Jefe2", "what do ya want for nothing?")).not.toBe(
      "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM",
    );
  });

  it("base64url round-trips bytes without padding", () => {
    const bytes = new Uint8Array([0, 1, 250, 251, 252, 253, 254, 255]);
    const text = base64url(bytes);
    expect(text).not.toMatch(/[+/=]/);
    expect([...fromBase64url(text)]).toEqual([...bytes]);
  });

  it("SHA-256 of the empty string, and a constant-time compare", async () => {
    expect(await sha256("")).toBe("47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU");
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "abcd")).toBe(false);
  });
});
