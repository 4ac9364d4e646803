import { useTranslation } from "react-i18next";
import { PublicLayout } from "../components/PublicLayout";
import type { RouteHandle } from "../root";

export const handle: RouteHandle = { i18n: ["offline"], title: "offline:title" };

/**
 * The portal's own offline page (#39): the service worker (public/sw.js) keeps a copy in each
 * language and answers a navigation that failed offline with it. It shows nothing personal: the
 * worker puts only the page asked for into the retry link and the last page's skin on <html>
 * (docs/decisions/0036-offline.md). Online it is an ordinary public page
 * without a loader, so the copy the worker keeps is the one every test and every reader sees.
 */
export default function Offline() {
  const { t } = useTranslation("offline");
  return (
    <PublicLayout narrow>
      <div className="card">
        <h1>{t("title")}</h1>
        <p>{t("lead")}</p>
        <h2>{t("available.title")}</h2>
        <ul>
          <li>{t("available.open")}</li>
          <li>{t("available.nothing")}</li>
        </ul>
        <p>{t("retryHint")}</p>
        <p>
          <a className="btn" href="/" data-offline-retry="">
            {t("retry")}
          </a>
        </p>
      </div>
    </PublicLayout>
  );
}
