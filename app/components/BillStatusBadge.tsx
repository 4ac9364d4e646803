import { useTranslation } from "react-i18next";
import type { BillStatus } from "../domain/bill-status";

const TONE: Record<BillStatus, string> = {
  paid: "badge--success",
  partlyPaid: "badge--warning",
  unpaid: "badge--unpaid",
  overdue: "badge--danger",
  inPlan: "badge--warning",
};

/**
 * A bill's payment status as a badge: the word carries the meaning (colour only
 * repeats it), so it reads the same in every skin and to a screen reader. Every status has a
 * fixed colour of its own (app.css, never the skin's): unpaid is never styled like paid.
 */
export function BillStatusBadge({ status }: { status: BillStatus | null }) {
  // In common, not bills: the overview shows the badge without embedding the bills namespace.
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <span className={["badge", TONE[status]].filter(Boolean).join(" ")}>
      {t(`billStatus.${status}`)}
    </span>
  );
}
