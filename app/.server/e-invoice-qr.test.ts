import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PublicOriginError } from "../../core/public-origin";
import { cloudflareContext, type CloudflareContext } from "../context";
import { eInvoiceQr } from "./e-invoice-qr";

const MARK = "400000000594038";

function contextWith(env: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env } as unknown as CloudflareContext);
  return context;
}

describe("eInvoiceQr", () => {
  it("encodes the verification page on the configured origin, never the request's host", () => {
    const context = contextWith({ ENVIRONMENT: "production", PRODUCTION_HOST: "my.nrg.gr" });
    const request = new Request(`https://attacker.example/b2b/logariasmoi/1`, {
      headers: { host: "attacker.example" },
    });
    const qr = eInvoiceQr(context, request, MARK);
    expect(qr.url).toBe(`https://my.nrg.gr/e-invoice/${MARK}`);
    expect(qr.size).toBeGreaterThan(21);
    expect(qr.path).toMatch(/^M4 4h7v1h-7z/);
  });

  it("uses PUBLIC_ORIGIN when set, and fails closed on a bad one", () => {
    const ok = contextWith({ ENVIRONMENT: "production", PUBLIC_ORIGIN: "https://portal.nrg.gr" });
    expect(eInvoiceQr(ok, new Request("https://x.example/"), MARK).url).toBe(
      `https://portal.nrg.gr/e-invoice/${MARK}`,
    );
    const bad = contextWith({ ENVIRONMENT: "production", PUBLIC_ORIGIN: "http://portal.nrg.gr" });
    expect(() => eInvoiceQr(bad, new Request("https://x.example/"), MARK)).toThrow(
      PublicOriginError,
    );
  });
});
