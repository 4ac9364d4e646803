import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useRootData } from "./root-data";
import { PRIVACY_POLICY_URL } from "../domain/sidebar";
import { pathWithoutLng } from "./safe-redirect";

export const CUSTOMER_SERVICE_PHONE = "18101";

/** Site footer shared by the public pages and the signed-in shell. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const privacy = i18n.language === "en" ? PRIVACY_POLICY_URL.en : PRIVACY_POLICY_URL.el;
  return (
    <footer className="footer">
      <CookieBar />
      <ul className="footer__links" aria-label={t("footer.linksLabel")}>
        <li>
          <a href="/terms">{t("footer.terms")}</a>
        </li>
        <li>
          <a href="/cookies-policy">{t("footer.cookies")}</a>
        </li>
        <li>
          <a href="/payment-terms">{t("footer.paymentTerms")}</a>
        </li>
        <li>
          <a href={privacy} rel="noopener">
            {t("footer.privacy")}
          </a>
        </li>
        <li>
          <a href="/contact">{t("footer.contact")}</a>
        </li>
        <li>
          <a href="/metavasi">{t("footer.transfer")}</a>
        </li>
        <li>
          <a href="/nea-paroxi">{t("footer.newSupply")}</a>
        </li>
      </ul>
      <p>
        {t("footer.customerService")}{" "}
        <a className="footer__phone" href={`tel:${CUSTOMER_SERVICE_PHONE}`}>
          {CUSTOMER_SERVICE_PHONE}
        </a>
      </p>
      <p>{t("footer.copyright", { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}

/**
 * Cookie notice (spec §2): hidden once accepted (cookie set by /language intent=cookie-consent)
 * or when the URL has show_buttons=no.
 */
export function CookieBar() {
  const { t } = useTranslation();
  const rootData = useRootData();
  const location = useLocation();
  if (!rootData?.cookieBar) return null;
  return (
    <section className="cookie-bar" aria-label={t("cookieBar.label")}>
      <p>
        {t("cookieBar.text")} <a href="/cookies-policy">{t("cookieBar.more")}</a>
      </p>
      <form method="post" action="/language">
        <input type="hidden" name="intent" value="cookie-consent" />
        <input
          type="hidden"
          name="redirectTo"
          value={pathWithoutLng(location.pathname, location.search)}
        />
        <button type="submit" className="btn btn--small">
          {t("cookieBar.accept")}
        </button>
      </form>
    </section>
  );
}
