import { useTranslation } from "react-i18next";
import type { ApiNotice } from "../../../core/contract";

/** "Important" / "Urgent" next to a notice; nothing for a normal one. */
export function ImportanceBadge({ importance }: { importance: ApiNotice["importance"] }) {
  const { t } = useTranslation("notices");
  if (importance === "normal") return null;
  return (
    <span className={importance === "urgent" ? "badge badge--danger" : "badge badge--warning"}>
      {t(`importance.${importance}`)}
    </span>
  );
}
