import { useTranslation } from "react-i18next";
import { href } from "react-router";

/**
 * One supply's direct debit on /b2b/paroxes: "active, card •••• 1234, charged monthly on day N"
 * or "none", and a link to see, change or cancel it (Active supplies, or one that has a card).
 */
export function SupplyDirectDebit({
  meterId,
  supplyNumber,
  active,
  directDebit,
}: {
  meterId: number;
  supplyNumber: string;
  active: boolean;
  directDebit: { last4: string; day: number } | null;
}) {
  const { t } = useTranslation("directDebit");
  if (!active && !directDebit) return null;
  return (
    <p className="supply__dd">
      {directDebit ? (
        <span className="badge badge--success">
          {t("manage.line", { last4: directDebit.last4, day: directDebit.day })}
        </span>
      ) : (
        <span className="muted">{t("manage.lineInactive")}</span>
      )}{" "}
      <a href={href("/b2b/paroxes/:meterId/direct-debit", { meterId: String(meterId) })}>
        {t("manage.link")}
        <span className="visually-hidden"> {supplyNumber}</span>
      </a>
    </p>
  );
}
