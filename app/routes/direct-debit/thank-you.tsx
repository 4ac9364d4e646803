import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { HomeButton } from "../../components/HomeButton";
import { PublicLayout } from "../../components/PublicLayout";
import { MandateFacts } from "../../components/direct-debit/MandateFacts";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/thank-you";
import { loadFlowState } from "../../.server/direct-debit-flow";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = { i18n: ["directDebit"], title: "directDebit:done.title" };

export const headers = noStoreHeaders;

/** The end of the flow: which supply, which card, and when the card is charged each month. */
export async function loader(args: Route.LoaderArgs) {
  const state = await loadFlowState(args);
  if (state.kind !== "flow" || state.flow.step !== "done" || !state.flow.mandate) {
    throw redirect("/direct-debit", { headers: NO_STORE });
  }
  return data({ mandate: state.flow.mandate }, { headers: NO_STORE });
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directDebit");
  const { mandate } = loaderData;
  return (
    <PublicLayout narrow>
      <div className="page-head">
        <h1>{t("done.title")}</h1>
      </div>
      <section className="card">
        <div className="alert alert--success" role="status">
          <p>{t("done.body")}</p>
        </div>
        <MandateFacts mandate={mandate}>
          <dt>{t("summary.supply")}</dt>
          <dd>
            {mandate.supply_number}, {mandate.address}
          </dd>
        </MandateFacts>
        <HomeButton>{t("done.home")}</HomeButton>
      </section>
    </PublicLayout>
  );
}
