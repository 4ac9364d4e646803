import { useTranslation } from "react-i18next";
import { formatAmount } from "../../domain/format";

export interface PaidSupply {
  supplyNumber: string;
  address: string;
  amount: number;
  /** The payment's transaction number for this supply (the receipt shows it). */
  txn?: string;
}

/**
 * The supplies a payment paid, each with its amount (#35 §7): in the success dialog after a card
 * payment and on the receipt page, which adds each supply's transaction number. Below 480 px each
 * supply reads as a block of label/value lines (.table--stack), so no amount hides in a scroll.
 */
export function PaidSupplies({
  items,
  withTxn = false,
}: {
  items: PaidSupply[];
  withTxn?: boolean;
}) {
  const { t } = useTranslation("payments");
  return (
    <div className="table-wrap">
      <table className="table table--compact table--stack">
        <caption>{t("receipt.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("receipt.supply")}</th>
            {withTxn ? <th scope="col">{t("receipt.txn")}</th> : null}
            <th scope="col" className="num">
              {t("receipt.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.txn ?? `${item.supplyNumber}-${item.address}`}>
              <th scope="row">
                <span>
                  {item.supplyNumber}
                  <br />
                  <span className="muted">{item.address}</span>
                </span>
              </th>
              {withTxn ? <td data-label={t("receipt.txn")}>{item.txn}</td> : null}
              <td className="num" data-label={t("receipt.amount")}>
                {formatAmount(item.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
