import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { pathWithoutLng } from "./safe-redirect";

/**
 * Switches between Greek and English: a POST to /language that sets the `lng` cookie and comes
 * back here. A full document load on purpose, so every string of the page is re-rendered.
 * (Links with `?lng=en` work too; the root loader stores the choice.)
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const other = i18n.language === "en" ? "el" : "en";
  return (
    <form method="post" action="/language" className="lang-form">
      <input type="hidden" name="lng" value={other} />
      <input
        type="hidden"
        name="redirectTo"
        value={pathWithoutLng(location.pathname, location.search)}
      />
      <button
        type="submit"
        className="lang-btn"
        lang={other}
        title={t(`language.switchTo.${other}`)}
      >
        <span aria-hidden="true">{other === "en" ? "EN" : "ΕΛ"}</span>
        <span className="visually-hidden">{t(`language.switchTo.${other}`)}</span>
      </button>
    </form>
  );
}
