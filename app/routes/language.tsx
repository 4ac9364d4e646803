import { redirect } from "react-router";
import { cookieConsentHeader } from "../components/cookie-consent";
import { safeRedirect } from "../domain/redirect";
import { isLanguage } from "../i18n";
import { localeCookie } from "../middleware/i18next";
import type { Route } from "./+types/language";

/**
 * POST {lng, redirectTo}: stores the language in the `lng` cookie and goes back (same-origin
 * paths only). POST {intent: "cookie-consent", redirectTo}: hides the cookie bar from now on.
 * GET has nothing to show.
 */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/");
  const secure = new URL(request.url).protocol === "https:";
  if (form.get("intent") === "cookie-consent") {
    return redirect(back, { headers: { "Set-Cookie": cookieConsentHeader(secure) } });
  }
  const lng = form.get("lng");
  if (!isLanguage(lng)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}
