import { useTranslation } from "react-i18next";
import type { ApiReceipt } from "../../../core/contract";
import { formatAmount, formatStamp } from "../../domain/format";
import { TitledCard } from "../TitledCard";

/**
 * One receipt per payment, however many supplies it covered (a copy goes out by email). The
 * "shows within 5 days" note is the page's own (pay and pay-link pages show it under their
 * form): said once, not again in here.
 */
export function Receipt({ receipt, backTo }: { receipt: ApiReceipt; backTo: string }) {
  const { t } = useTranslation("payments");
  return (
    <TitledCard id="receipt-title" title={t("receipt.title")}>
      <dl className="pay-facts">
        <dt>{t("receipt.reference")}</dt>
        <dd>{receipt.reference}</dd>
        <dt>{t("receipt.date")}</dt>
        <dd>{formatStamp(receipt.completed_at)}</dd>
        {receipt.card_last4 ? (
          <>
            <dt>{t("receipt.card")}</dt>
            <dd>•••• {receipt.card_last4}</dd>
          </>
        ) : null}
        <dt>{t("receipt.total")}</dt>
        <dd>
          <strong>{formatAmount(receipt.amount)}</strong>
        </dd>
      </dl>
      <div className="table-wrap">
        <table className="table table--compact">
          <caption>{t("receipt.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("receipt.supply")}</th>
              <th scope="col">{t("receipt.txn")}</th>
              <th scope="col" className="num">
                {t("receipt.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.items.map((item) => (
              <tr key={item.txn_no}>
                <th scope="row">
                  {item.supply_number}
                  <br />
                  <span className="muted">{item.address}</span>
                </th>
                <td>{item.txn_no}</td>
                <td className="num">{formatAmount(item.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t("receipt.emailed")}</p>
      <a className="btn btn--secondary" href={backTo}>
        {t("receipt.back")}
      </a>
    </TitledCard>
  );
}
