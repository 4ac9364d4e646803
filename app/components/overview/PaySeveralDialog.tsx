import { useTranslation } from "react-i18next";
import { formatAmount } from "../../domain/format";
import { IntentButton } from "../form/IntentButton";
import { OverviewDialog } from "./OverviewDialog";
import { PaymentsUnavailable, usePaymentsAvailable } from "../checkout/PaymentsUnavailable";
import type { PaySeveralView } from "./view";
import { OverdueBadge } from "../OverdueBadge";

/**
 * Spec §2 Modals, "pay multiple meters": the supplies that owe (core/balance.ts: Active or Stopped
 * with a balance, overdue first and marked) and their sum.
 * Paying is the bills-and-payments page's job; until it takes a selection, the button leads there.
 */
export function PaySeveralDialog({
  view,
  action,
  payHref,
}: {
  view: PaySeveralView;
  action: string;
  payHref: string;
}) {
  const { t } = useTranslation("overview");
  const payments = usePaymentsAvailable();
  return (
    <OverviewDialog
      id="pay-several"
      title={t("paySeveral.title")}
      closeIntent="dismiss-pay-several"
      action={action}
    >
      <p>{t("paySeveral.intro", { count: view.rows.length })}</p>
      {/* Scrolls when many supplies owe: focusable so keyboard users can scroll it too. */}
      <div
        className="table-wrap dialog__scroll"
        tabIndex={0}
        role="region"
        aria-label={t("paySeveral.caption")}
      >
        <table className="table table--compact">
          <caption className="visually-hidden">{t("paySeveral.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("paySeveral.supply")}</th>
              <th scope="col" className="num">
                {t("paySeveral.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  {/* Wraps on a phone: the amount column must stay in view at 320 px. */}
                  <span>
                    {t(`kind.${row.kind}`)} · {row.supplyNumber}
                  </span>
                  <br />
                  <span className="muted">{row.address}</span>
                </th>
                <td className="num">
                  {formatAmount(row.balance)}
                  {row.overdue ? (
                    <>
                      <br />
                      <OverdueBadge />
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("paySeveral.total")}</th>
              <td className="num">
                <strong>{formatAmount(view.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="actions">
        {payments ? (
          <a className="btn" href={payHref}>
            {t("paySeveral.pay")}
          </a>
        ) : (
          <PaymentsUnavailable />
        )}
        <IntentButton intent="dismiss-pay-several" action={action} className="btn btn--secondary">
          {t("paySeveral.later")}
        </IntentButton>
      </div>
    </OverviewDialog>
  );
}
