import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { greekVocative } from "../../core/vocative";
import type { ShellView } from "./shell-view";
import "./welcome.css";

/** The overview's route id (app/routes.ts): it shows the full banner itself, below its hero. */
export const OVERVIEW_ROUTE_ID = "routes/b2b/episkopisi";

/**
 * Spec §1: name, address, supply number, user SAP id, meter SAP id, package and meter type.
 *
 * In full on the overview only, where the overview places it after what the customer
 * owes (`full`); every other signed-in page gets one line (greeting and supply number) from the
 * layout, so that the page's own task is above the fold on a phone. On the overview the layout's
 * copy renders nothing: one banner per page.
 *
 * The greeting addresses the customer in the Greek vocative ("Καλώς ήρθατε, Γιώργο").
 */
export function WelcomeBanner({ view, full = false }: { view: ShellView; full?: boolean }) {
  const { t, i18n } = useTranslation("shell");
  const onOverview = useMatches().some((match) => match.id === OVERVIEW_ROUTE_ID);
  if (!full && onOverview) return null;
  const { user, selected } = view;
  const name = i18n.language.startsWith("el") ? greekVocative(user.welcomeName) : user.welcomeName;
  const greeting = t("welcome.hello", { name });
  if (!full) {
    return (
      <section className="welcome welcome--compact" aria-label={t("welcome.label")}>
        <p className="welcome__line">
          <strong className="welcome__hello">{greeting}</strong>
          <span className="welcome__supply">
            <span className="visually-hidden">{t("welcome.supplyNumber")}: </span>
            {selected.supplyNumber}
          </span>
        </p>
      </section>
    );
  }
  return (
    <section className="welcome" aria-label={t("welcome.label")}>
      <p className="welcome__title">
        <strong>{greeting}</strong>
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
