import { useTranslation } from "react-i18next";
import { useRootData } from "../root-data";

/**
 * Card payments are off (PAYMENT_PROVIDER off, or not configured: ADR 0025): every place that
 * would show a pay button says how to pay instead. Server-rendered, so it works without JavaScript.
 */
export function usePaymentsAvailable(): boolean {
  return useRootData()?.payments ?? true;
}

export function PaymentsUnavailable({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <p className={`alert alert--warning payments-off ${className}`.trim()} role="note">
      {t("paymentsUnavailable")}
    </p>
  );
}
