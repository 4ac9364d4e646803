import { useTranslation } from "react-i18next";
import { useRootData } from "./root-data";
import { Footer } from "./Footer";
import { LanguageSwitch } from "./LanguageSwitch";
import { PublicHeader } from "./PublicHeader";

/**
 * Frame of the signed-out pages (landing, activation, contact, static pages, errors): header with
 * the logo, a link to the account or to sign-in, the language switch; <main id="main"> for the
 * skip link; the footer with the cookie bar.
 */
export function PublicLayout({
  children,
  narrow = false,
  nav,
}: {
  children: React.ReactNode;
  /** A narrow column (forms such as login or activation). */
  narrow?: boolean;
  /** Replaces the default header links (account / sign in, contact). */
  nav?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const rootData = useRootData();
  return (
    <div className="public">
      <PublicHeader home="/" subtitle={t("portalName")} navLabel={t("publicNav.label")}>
        {nav ?? (
          <>
            {rootData?.signedIn ? (
              <a href="/b2b/episkopisi">{t("publicNav.myAccount")}</a>
            ) : (
              <a href="/login">{t("publicNav.login")}</a>
            )}
            <a href="/contact" className="public-header__extra">
              {t("publicNav.contact")}
            </a>
          </>
        )}
        <LanguageSwitch />
      </PublicHeader>
      <main
        id="main"
        tabIndex={-1}
        className={narrow ? "public-main public-main--narrow" : "public-main"}
      >
        {children}
      </main>
      <Footer />
    </div>
  );
}
