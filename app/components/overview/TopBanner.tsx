import { toCents } from "../../../core/gateway";
import { DownloadLink } from "../bills/DownloadLink";
import { useTranslation } from "react-i18next";
import { BillStatusBadge } from "../BillStatusBadge";
import { formatAmount, formatDate } from "../../domain/format";

import type { AccountBalanceView, TopBannerView } from "./view";
import { OverdueBadge } from "../OverdueBadge";
import { TariffColourMark } from "../TariffColourMark";
import "./hero.css";
import { Form } from "react-router";
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
  account,
  payHref,
  payPath,
  downloadHref,
  meterId,
}: {
  banner: TopBannerView;
  /** The selected supply (its payment plan's page and instalment, #38 §1). */
  meterId: number;
  /** What every supply the person sees owes (core/balance.ts, #35 §1). */
  account: AccountBalanceView;
  payHref: string;
  /** The pay page; `?meter=` / `?meters=` is added for the supplies to pay. */
  payPath: string;
  downloadHref: string | null;
}) {
  const { t } = useTranslation(["overview", "bills"]);
  const payments = usePaymentsAvailable();
  const { details } = banner;
  const owedCents = toCents(banner.owed);
  const owing = owedCents > 0;
  // "Nothing to pay" only when no supply the person sees owes: when only other supplies owe,
  // the hero says what they owe in all and pays them.
  const othersOnly = !owing && account.rows.length > 0;
  const selectedOverdue = account.rows.some((row) => row.selected && row.overdue);
  const showList = account.rows.some((row) => !row.selected);
  const showPay = banner.showPay || (othersOnly && account.mayPay);
  const heroPayHref = othersOnly
    ? `${payPath}?meters=${account.rows.map((row) => row.id).join(",")}`
    : payHref;
  return (
    <section
      className={
        owing || othersOnly ? "card top-banner hero" : "card top-banner hero hero--settled"
      }
      aria-labelledby="top-banner-title"
    >
      <div className="hero__main">
        <div className="hero__money">
          <h2 id="top-banner-title" className="hero__label">
            {owing
              ? t("hero.owed")
              : othersOnly
                ? t("common:accountBalance.othersOwe")
                : t("hero.nothing")}
          </h2>
          {owing ? (
            <p className="hero__amount amount">
              {formatAmount(banner.owed)}
              {selectedOverdue ? (
                <>
                  {" "}
                  <OverdueBadge />
                </>
              ) : null}
            </p>
          ) : null}
          {othersOnly ? <p className="hero__amount amount">{formatAmount(account.total)}</p> : null}
          {owing && banner.tariffColour ? (
            <p className="hero__tariff">
              <TariffColourMark colour={banner.tariffColour} label="shown" />
            </p>
          ) : null}
          {owedCents < 0 ? (
            <p className="hero__credit">
              {t("hero.credit", { amount: formatAmount(-banner.owed) })}
            </p>
          ) : null}
          {banner.plan ? (
            <p className="hero__plan">
              {t("plan.next", {
                amount: formatAmount(banner.plan.amount),
                date: formatDate(banner.plan.date),
              })}{" "}
              <a href={`${PLAN_PAGE}?supply=${meterId}`}>{t("plan.see")}</a>
            </p>
          ) : banner.offerPlan ? (
            <p className="hero__plan">
              <a href={`${PLAN_PAGE}?supply=${meterId}`}>{t("plan.offer")}</a>
            </p>
          ) : null}
          <p className="top-banner__date">
            {banner.date.kind === "deadline"
              ? t("topBanner.deadline")
              : t("topBanner.lastPaymentDate")}
            : <strong>{formatDate(banner.date.date)}</strong>
          </p>
        </div>
        {showPay || downloadHref ? (
          <div className="actions hero__actions">
            {showPay && payments && banner.plan && !othersOnly ? (
              // A kept payment plan (#38 §1): the button pays its next instalment, by card.
              <Form method="post" action={PLAN_PAGE}>
                <input type="hidden" name="supply" value={meterId} />
                <input type="hidden" name="intent" value="pay" />
                <button type="submit" className="btn hero__pay">
                  {t("plan.pay", { amount: formatAmount(banner.plan.amount) })}
                </button>
              </Form>
            ) : showPay && payments ? (
              <a className="btn hero__pay" href={heroPayHref}>
                {t("topBanner.pay")}
              </a>
            ) : showPay ? (
              <PaymentsUnavailable />
            ) : null}
            {downloadHref ? (
              <DownloadLink
                className="btn btn--secondary"
                href={downloadHref}
                filename={banner.pdfFilename ?? "invoice.pdf"}
              >
                {t("topBanner.download")}
              </DownloadLink>
            ) : null}
          </div>
        ) : null}
      </div>
      {showList ? <AccountOwed account={account} payPath={payPath} /> : null}
      <div className="hero__bill">
        <div className="hero__bill-head">
          <h3 className="card__title">
            {banner.heading ? t(`topBanner.heading.${banner.heading}`) : t("topBanner.title")}
          </h3>
          <BillStatusBadge status={banner.status} />
        </div>
        {/* The bill's figures, folded behind their heading (a native disclosure, without
            JavaScript too): on the phone the hero stays the amount, its date and the pay button,
            not the same total four times (#35 §6). */}
        {details ? (
          <details className="accordion hero__fold">
            <summary>{t("topBanner.details")}</summary>
            <div className="table-wrap">
              <table className="table table--compact table--stack">
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
          </details>
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

/** The payment-plan page (app/routes/b2b/diakanonismos.tsx, #38 §1). */
const PLAN_PAGE = "/b2b/diakanonismos";

/** The supplies list, filtered to those that owe (app/routes/b2b/paroxes.tsx, `?balance=owing`). */
const OWING_SUPPLIES = "/b2b/paroxes?balance=owing";

/** At most this many supplies in the hero's list; the rest are one link away (#35 §1). */
export const HERO_OWED_ROWS = 5;

/**
 * The hero's rows: the first HERO_OWED_ROWS in the balance's order (overdue first), and the
 * selected supply always among them when it owes, so a 270-supply account's overview stays a
 * page about the money, not a list of 270 supplies.
 */
export function heroOwedRows<Row extends { selected: boolean }>(rows: readonly Row[]): Row[] {
  const shown = rows.slice(0, HERO_OWED_ROWS);
  const selected = rows.find((row) => row.selected);
  if (!selected || shown.includes(selected)) return shown;
  return [...shown.slice(0, HERO_OWED_ROWS - 1), selected];
}

/**
 * What each supply that owes owes, overdue first, and the account's total (#35 §1): shown when a
 * supply other than the selected one owes, each with its own pay link.
 */
function AccountOwed({ account, payPath }: { account: AccountBalanceView; payPath: string }) {
  const { t } = useTranslation("overview");
  const payments = usePaymentsAvailable();
  const rows = heroOwedRows(account.rows);
  const more = account.rows.length - rows.length;
  return (
    <div className="hero__account">
      <h3 className="card__title">{t("common:accountBalance.title")}</h3>
      <ul className="hero__owed">
        {rows.map((row) => (
          <li key={row.id} className="hero__owed-row">
            <span className="hero__owed-supply">
              <span className="nowrap">
                {t(`kind.${row.kind}`)} · {row.supplyNumber}
              </span>
              {row.selected ? (
                <span className="muted"> ({t("common:accountBalance.selected")})</span>
              ) : null}
              <br />
              <span className="muted">{row.address}</span>
            </span>
            <span className="hero__owed-amount">
              <strong className="amount">{formatAmount(row.balance)}</strong>{" "}
              {row.overdue ? <OverdueBadge /> : null}
              {row.dueDate ? (
                <>
                  <br />
                  <span className="muted">
                    {t("topBanner.deadline")}: {formatDate(row.dueDate)}
                  </span>
                </>
              ) : null}
            </span>
            {account.mayPay && payments ? (
              <a
                className="btn btn--secondary btn--small"
                href={`${payPath}?meter=${row.id}`}
                aria-label={t("common:accountBalance.payOne", { number: row.supplyNumber })}
              >
                {t("common:accountBalance.pay")}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p>
          <a href={OWING_SUPPLIES}>{t("common:accountBalance.more", { count: more })}</a>
        </p>
      ) : null}
      <p className="hero__owed-total">
        {t("common:accountBalance.total")}:{" "}
        <strong className="amount">{formatAmount(account.total)}</strong>
      </p>
    </div>
  );
}
