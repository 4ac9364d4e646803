import { describe, expect, it } from "vitest";
import { cookieConsentHeader, hasCookieConsent, showCookieBar } from "./cookie-consent";
import { pathWithoutLng } from "./safe-redirect";

describe("pathWithoutLng", () => {
  it("drops only the lng parameter", () => {
    expect(pathWithoutLng("/terms", "?lng=en")).toBe("/terms");
    expect(pathWithoutLng("/b2b/mhnymata", "?id=3&lng=el")).toBe("/b2b/mhnymata?id=3");
  });
});

describe("cookie consent", () => {
  it("reads the consent cookie among others", () => {
    expect(hasCookieConsent("lng=en; cookie_consent=1")).toBe(true);
    expect(hasCookieConsent("cookie_consent=0")).toBe(false);
    expect(hasCookieConsent(null)).toBe(false);
  });

  it("hides the bar after consent or with show_buttons=no", () => {
    expect(showCookieBar(new Request("http://x/"))).toBe(true);
    expect(showCookieBar(new Request("http://x/?show_buttons=no"))).toBe(false);
    expect(
      showCookieBar(new Request("http://x/", { headers: { Cookie: "cookie_consent=1" } })),
    ).toBe(false);
  });

  it("sets a year-long, Lax cookie, Secure over https", () => {
    expect(cookieConsentHeader(true)).toMatch(
      /^cookie_consent=1; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/,
    );
    expect(cookieConsentHeader(false)).not.toContain("Secure");
  });
});
