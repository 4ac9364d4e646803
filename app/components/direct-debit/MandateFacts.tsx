import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ApiDirectDebit } from "../../../core/contract";
import { formatDate } from "../../domain/format";

/**
 * A direct debit as the customer sees it once it is set up: the card (last four digits and
 * expiry), the monthly charge day and the next charge. `children` come first (the supply, where
 * the page does not say it already).
 */
export function MandateFacts({
  mandate,
  children,
}: {
  mandate: ApiDirectDebit;
  children?: ReactNode;
}) {
  const { t } = useTranslation("directDebit");
  return (
    <dl className="facts">
      {children}
      <dt>{t("summary.card")}</dt>
      <dd>
        •••• {mandate.card_last4} ({String(mandate.card_exp_month).padStart(2, "0")}/
        {mandate.card_exp_year})
      </dd>
      <dt>{t("summary.charge")}</dt>
      <dd>{t("chargedMonthly", { day: mandate.charge_day })}</dd>
      <dt>{t("summary.next")}</dt>
      <dd>{formatDate(mandate.next_charge_date)}</dd>
    </dl>
  );
}
