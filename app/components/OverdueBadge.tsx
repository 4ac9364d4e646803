import { useTranslation } from "react-i18next";

/**
 * "Ληξιπρόθεσμο" / "Overdue" next to an amount whose due date has passed (core/balance.ts
 * isOverdue, #35 §1): the word carries the meaning, the colour only repeats it.
 */
export function OverdueBadge() {
  const { t } = useTranslation();
  return <span className="badge badge--danger">{t("amountOverdue")}</span>;
}
