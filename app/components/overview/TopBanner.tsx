import { DownloadLink } from "../bills/DownloadLink";
import { useTranslation } from "react-i18next";
import { formatAmount, formatDate } from "../../domain/format";
import type { TopBannerView } from "./view";

/**
 * Spec §2 "Banner": the last invoice of the selected supply. The bill type heading only for
 * Clearance/Advance; "Pay online" only when something is owed; the deadline when owed, otherwise
 * the last payment date; the latest bill to download; the bill details table.
 */
export function TopBanner({
  banner,
  payHref,
  downloadHref,
}: {
  banner: TopBannerView;
  payHref: string;
  downloadHref: string | null;
}) {
  const { t } = useTranslation("overview");
  const { details } = banner;
  return (
    <section className="card top-banner" aria-labelledby="top-banner-title">
      <div className="top-banner__head">
        <div>
          <h2 id="top-banner-title" className="card__title">
            {banner.heading ? t(`topBanner.heading.${banner.heading}`) : t("topBanner.title")}
          </h2>
          <p className="top-banner__date">
            {banner.date.kind === "deadline"
              ? t("topBanner.deadline")
              : t("topBanner.lastPaymentDate")}
            : <strong>{formatDate(banner.date.date)}</strong>
          </p>
        </div>
        <div className="actions">
          {banner.showPay ? (
            <a className="btn" href={payHref}>
              {t("topBanner.pay")}
            </a>
          ) : null}
          {downloadHref ? (
            <DownloadLink className="btn btn--secondary" href={downloadHref} filename="invoice.pdf">
              {t("topBanner.download")}
            </DownloadLink>
          ) : null}
        </div>
      </div>
      {details ? (
        <div className="table-wrap">
          <table className="table table--compact">
            <caption className="visually-hidden">{t("topBanner.details")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("topBanner.dateDue")}</th>
                <th scope="col" className="num">
                  {t("topBanner.previous")}
                </th>
                <th scope="col" className="num">
                  {t("topBanner.current")}
                </th>
                <th scope="col" className="num">
                  {t("topBanner.total")}
                </th>
                <th scope="col" className="num">
                  {t("topBanner.lastPayment")}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td data-label={t("topBanner.dateDue")}>{formatDate(details.dateDue)}</td>
                <td className="num" data-label={t("topBanner.previous")}>
                  {formatAmount(details.previous)}
                </td>
                <td className="num" data-label={t("topBanner.current")}>
                  {formatAmount(details.current)}
                </td>
                <td className="num" data-label={t("topBanner.total")}>
                  <strong>{formatAmount(details.total)}</strong>
                </td>
                <td className="num" data-label={t("topBanner.lastPayment")}>
                  <span>
                    {formatAmount(banner.lastPayment.amount)}
                    <br />
                    <span className="muted">{formatDate(banner.lastPayment.date)}</span>
                  </span>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("topBanner.noBill")}</p>
      )}
    </section>
  );
}
