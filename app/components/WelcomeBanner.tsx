import { useTranslation } from "react-i18next";
import type { ShellView } from "./shell-view";

/** Spec §1: name, address, supply number, user SAP id, meter SAP id, package and meter type. */
export function WelcomeBanner({ view }: { view: ShellView }) {
  const { t } = useTranslation("shell");
  const { user, selected } = view;
  return (
    <section className="welcome" aria-label={t("welcome.label")}>
      <p className="welcome__title">
        <strong>{t("welcome.hello", { name: user.welcomeName })}</strong>
      </p>
      <p className="welcome__addr">{selected.address}</p>
      <dl>
        <div>
          <dt>{t("welcome.supplyNumber")}</dt>
          <dd>{selected.supplyNumber}</dd>
        </div>
        <div>
          <dt>{t("welcome.customerCode")}</dt>
          <dd>{user.sapId}</dd>
        </div>
        <div>
          <dt>{t("welcome.meterCode")}</dt>
          <dd>{selected.sapId}</dd>
        </div>
        <div>
          <dt>{t("welcome.package")}</dt>
          <dd>{selected.packageDescr || "-"}</dd>
        </div>
        <div>
          <dt>{t("welcome.meterType")}</dt>
          <dd>{t(`meterType.${selected.meterType}`)}</dd>
        </div>
      </dl>
    </section>
  );
}
