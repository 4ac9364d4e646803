import { redirect } from "react-router";
import { getApi } from "../.server/api";
import { cookieConsentHeader } from "../components/cookie-consent";
import { safeRedirect } from "../domain/redirect";
import { isLanguage } from "../i18n";
import { localeCookie } from "../middleware/i18next";
import { getSession, isSignedIn } from "../middleware/session";
import type { Route } from "./+types/language";
import { saveLanguage } from "../.server/api/settings";

/**
 * POST {lng, redirectTo}: stores the language in the `lng` cookie and goes back (same-origin
 * paths only). POST {intent: "cookie-consent", redirectTo}: hides the cookie bar from now on.
 * The answers to the prompt after sign-in (app/components/LanguagePrompt.tsx):
 * POST {intent: "save-language"} saves the language chosen before sign-in to the profile;
 * POST {intent: "dismiss-language-prompt"} ("not now") hides the prompt for the session.
 * GET has nothing to show.
 */
export function loader() {
  return redirect("/");
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/");
  const secure = new URL(request.url).protocol === "https:";
  const intent = form.get("intent");
  if (intent === "cookie-consent") {
    return redirect(back, { headers: { "Set-Cookie": cookieConsentHeader(secure) } });
  }
  if (intent === "dismiss-language-prompt" || intent === "save-language") {
    const session = getSession(context);
    const prompt = session.get("lang_prompt");
    if (!isSignedIn(session) || !prompt) return redirect(back);
    if (intent === "save-language") {
      const saved = await saveLanguage(getApi(args), prompt);
      if (!saved.ok) {
        // The prompt stays, so the person can try again.
        session.flash("toast", { type: "error", key: "common:languagePrompt.failed" });
        return redirect(back);
      }
      session.flash("toast", { type: "success", key: "common:languagePrompt.saved" });
    }
    session.unset("lang_prompt");
    return redirect(back);
  }
  const lng = form.get("lng");
  if (!isLanguage(lng)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}
