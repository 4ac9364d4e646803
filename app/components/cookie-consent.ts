/**
 * The cookie bar's memory: a plain first-party cookie (no personal data) set by the
 * `intent=cookie-consent` action of /language. The bar also hides with `?show_buttons=no`
 * (spec §2 Layout), which embedded views use.
 */
export const COOKIE_CONSENT_NAME = "cookie_consent";
const ONE_YEAR = 60 * 60 * 24 * 365;

export function hasCookieConsent(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${COOKIE_CONSENT_NAME}=1`);
}

export function cookieConsentHeader(secure: boolean): string {
  return `${COOKIE_CONSENT_NAME}=1; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function showCookieBar(request: Request): boolean {
  const url = new URL(request.url);
  if (url.searchParams.get("show_buttons") === "no") return false;
  return !hasCookieConsent(request.headers.get("Cookie"));
}
