import { useTranslation } from "react-i18next";
import type { ApiBanner } from "../../../core/contract";
import { safePopupUrl } from "../../domain/overview";

/** Spec §7 `bannersToDisplay` of the selected supply (offers, notices). */
export function Banners({ banners }: { banners: ApiBanner[] }) {
  const { t } = useTranslation("overview");
  if (banners.length === 0) return null;
  return (
    <section aria-labelledby="banners-title">
      <h2 id="banners-title">{t("banners.title")}</h2>
      <ul className="list cards" role="list">
        {banners.map((banner) => {
          const url = safePopupUrl(banner.url);
          const external = url ? !url.startsWith("/") : false;
          return (
            <li key={banner.id} className={`card promo promo--${banner.kind}`}>
              <h3 className="card__title">{banner.title}</h3>
              <p>{banner.body}</p>
              {url ? (
                <p>
                  <a
                    className="btn btn--secondary btn--small"
                    href={url}
                    rel={external ? "noopener noreferrer" : undefined}
                  >
                    {t("banners.more")}
                    <span className="visually-hidden">: {banner.title}</span>
                  </a>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
