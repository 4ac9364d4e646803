import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { pathWithoutLng } from "./safe-redirect";

/**
 * After signing in with a language other than the profile's (chosen on the login
 * page), the portal keeps it and asks once whether to save it to the profile. A real form posting
 * to /language (works without JavaScript): "save-language" stores it through the API,
 * "dismiss-language-prompt" answers "not now" for the rest of the session. Either way the page
 * comes back without the prompt. The root layout shows it on every signed-in page until answered.
 */
export function LanguagePrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="alert lang-prompt" aria-labelledby="lang-prompt-question">
      <p id="lang-prompt-question" className="lang-prompt__question">
        <strong>{t("languagePrompt.question")}</strong>{" "}
        <span className="lang-prompt__hint">{t("languagePrompt.hint")}</span>
      </p>
      <form method="post" action="/language" className="lang-prompt__actions">
        <input
          type="hidden"
          name="redirectTo"
          value={pathWithoutLng(location.pathname, location.search)}
        />
        <button type="submit" name="intent" value="save-language" className="btn btn--small">
          {t("languagePrompt.save")}
        </button>
        <button
          type="submit"
          name="intent"
          value="dismiss-language-prompt"
          className="btn btn--small btn--secondary"
        >
          {t("languagePrompt.dismiss")}
        </button>
      </form>
    </section>
  );
}
