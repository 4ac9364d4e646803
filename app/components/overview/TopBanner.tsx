import { toCents } from "../../../core/gateway";
import { DownloadLink } from "../bills/DownloadLink";
import { useTranslation } from "react-i18next";
import { BillStatusBadge } from "../BillStatusBadge";
import { formatAmount, formatDate } from "../../domain/format";

import type { TopBannerView } from "./view";
import "./hero.css";
import { TableHead } from "../TableHead";
import { RfCode } from "../bills/RfCode";
import { PaymentsUnavailable, usePaymentsAvailable } from "../checkout/PaymentsUnavailable";

/**
 * The overview's hero ("the money first"): what the supply owes, by when, and the pay
 * button, first on the page at every width. When nothing is owed it says so in words, with the
 * latest bill's status badge ("Paid"), so a paid bill never reads as a bill still to pay.
 *
 * Spec §2 "Banner" still holds inside it: "Pay online" only when something is owed; the deadline
 * when owed, otherwise the last payment date; the latest bill to download; the bill type heading
 * for Clearance/Advance; the bill details table (deadline, previous balance, current bill, bill
 * total, last payment), now below the hero line and with no figure in bold that could be taken for
 * what is owed.
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
  const { t } = useTranslation(["overview", "bills"]);
  const payments = usePaymentsAvailable();
  const { details } = banner;
  const owedCents = toCents(banner.owed);
  const owing = owedCents > 0;
  return (
    <section
      className={owing ? "card top-banner hero" : "card top-banner hero hero--settled"}
      aria-labelledby="top-banner-title"
    >
      <div className="hero__main">
        <div className="hero__money">
          <h2 id="top-banner-title" className="hero__label">
            {owing ? t("hero.owed") : t("hero.nothing")}
          </h2>
          {owing ? <p className="hero__amount amount">{formatAmount(banner.owed)}</p> : null}
          {owedCents < 0 ? (
            <p className="hero__credit">
              {t("hero.credit", { amount: formatAmount(-banner.owed) })}
            </p>
          ) : null}
          <p className="top-banner__date">
            {banner.date.kind === "deadline"
              ? t("topBanner.deadline")
              : t("topBanner.lastPaymentDate")}
            : <strong>{formatDate(banner.date.date)}</strong>
          </p>
        </div>
        {banner.showPay || downloadHref ? (
          <div className="actions hero__actions">
            {banner.showPay && payments ? (
              <a className="btn hero__pay" href={payHref}>
                {t("topBanner.pay")}
              </a>
            ) : banner.showPay ? (
              <PaymentsUnavailable />
            ) : null}
            {downloadHref ? (
              <DownloadLink
                className="btn btn--secondary"
                href={downloadHref}
                filename="invoice.pdf"
              >
                {t("topBanner.download")}
              </DownloadLink>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="hero__bill">
        <div className="hero__bill-head">
          <h3 className="card__title">
            {banner.heading ? t(`topBanner.heading.${banner.heading}`) : t("topBanner.title")}
          </h3>
          <BillStatusBadge status={banner.status} />
        </div>
        {details ? (
          <div className="table-wrap">
            <table className="table table--compact">
              <caption className="visually-hidden">{t("topBanner.details")}</caption>
              <TableHead
                columns={[
                  { label: t("topBanner.dateDue") },
                  { label: t("topBanner.previous"), num: true },
                  { label: t("topBanner.current"), num: true },
                  { label: t("topBanner.total"), num: true },
                  { label: t("topBanner.lastPayment"), num: true },
                ]}
              />
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
                    {formatAmount(details.total)}
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
        ) : null}
        {details?.rfCode ? (
          <p className="hero__rf">
            <span className="hero__rf-label">{t("bills:rf.label")}</span>{" "}
            <RfCode code={details.rfCode} id="top-banner-rf-code" />
          </p>
        ) : null}
        {details ? null : <p className="muted">{t("topBanner.noBill")}</p>}
      </div>
    </section>
  );
}
