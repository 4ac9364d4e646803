import { useTranslation } from "react-i18next";
import type { ApiReceipt } from "../../../core/contract";
import { formatAmount, formatDate, formatStamp } from "../../domain/format";
import { TitledCard } from "../TitledCard";
import { PaidSupplies } from "./PaidSupplies";

/**
 * One receipt per payment, however many supplies it covered (a copy goes out by email). The
 * "shows within 5 days" note is the page's own (pay and pay-link pages show it under their
 * form): said once, not again in here. Signed in, it downloads as a PDF (#35 §7, `pdfHref`).
 */
export function Receipt({
  receipt,
  backTo,
  pdfHref = null,
}: {
  receipt: ApiReceipt;
  backTo: string;
  /** The receipt's PDF (/b2b/receipt-pdf/{reference}); null where there is no session. */
  pdfHref?: string | null;
}) {
  const { t } = useTranslation("payments");
  return (
    <TitledCard id="receipt-title" title={t("receipt.title")}>
      <dl className="pay-facts">
        <dt>{t("receipt.reference")}</dt>
        <dd>{receipt.reference}</dd>
        <dt>{t("receipt.date")}</dt>
        <dd>
          {receipt.source === "ledger"
            ? formatDate(receipt.completed_at)
            : formatStamp(receipt.completed_at)}
        </dd>
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
      <PaidSupplies
        withTxn
        items={receipt.items.map((item) => ({
          supplyNumber: item.supply_number,
          address: item.address,
          amount: item.amount,
          txn: item.txn_no,
        }))}
      />
      {receipt.source === "ledger" ? (
        <p className="muted">{t("receipt.ledger")}</p>
      ) : (
        <p className="muted">{t("receipt.emailed")}</p>
      )}
      <div className="actions">
        {pdfHref ? (
          <a className="btn" href={pdfHref} download={`NRG-receipt-${receipt.reference}.pdf`}>
            {t("receipt.pdf")}
          </a>
        ) : null}
        <a className="btn btn--secondary" href={backTo}>
          {t("receipt.back")}
        </a>
      </div>
    </TitledCard>
  );
}
