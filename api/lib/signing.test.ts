import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "./signing";
import { base64url, sha256 } from "../../core/tokens";

const secret = "test-secret";
const future = Math.floor(Date.now() / 1000) + 600;

describe("signToken / verifyToken", () => {
  it("round-trips the data for the same purpose", async () => {
    const token = await signToken(secret, "pay", { meterId: 7 }, future);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyToken(secret, "pay", token)).toEqual({ ok: true, data: { meterId: 7 } });
  });

  it("is bound to its purpose and secret", async () => {
    const token = await signToken(secret, "pay", 1, future);
    expect(await verifyToken(secret, "all-smart", token)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyToken("other-secret", "pay", token)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("rejects tampered and malformed tokens", async () => {
    const token = await signToken(secret, "pay", { amount: 10 }, future);
    const [payload, signature] = token.split(".");
    const forged = base64url(
      new TextEncoder().encode(JSON.stringify({ p: "pay", d: { amount: 1 }, e: future })),
    );
    expect((await verifyToken(secret, "pay", `${forged}.${signature}`)).ok).toBe(false);
    expect((await verifyToken(secret, "pay", `${payload}.`)).ok).toBe(false);
    expect((await verifyToken(secret, "pay", "garbage")).ok).toBe(false);
    expect((await verifyToken(secret, "pay", `${token}.x`)).ok).toBe(false);
  });

  it("reports expiry", async () => {
    const token = await signToken(secret, "mymarket", "x", 1000);
    expect(await verifyToken(secret, "mymarket", token)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("sha256", () => {
  it("is base64url without padding", async () => {
    expect(await sha256("abc")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  });
});
