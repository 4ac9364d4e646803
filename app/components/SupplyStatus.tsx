import { useTranslation } from "react-i18next";
import type { MeterStatusGroup } from "../domain/sidebar";

/** A supply's status as a coloured dot + text (never colour alone). */
export function SupplyStatus({ status, group }: { status: string; group: MeterStatusGroup }) {
  const { t } = useTranslation("shell");
  const label =
    group === "active"
      ? t("status.active")
      : group === "stopped"
        ? t("status.stopped")
        : status === "Inactive"
          ? t("status.inactive")
          : t("status.intermediate");
  return <span className={`status status--${group}`}>{label}</span>;
}
