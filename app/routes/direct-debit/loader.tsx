import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { getApi } from "../../.server/api";
import { IntentButton } from "../../components/form/IntentButton";
import { PublicLayout } from "../../components/PublicLayout";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/loader";
import { clearFlowToken, loadFlowState, readFlowToken } from "../../.server/direct-debit-flow";
import { activateDirectDebitFlow } from "../../.server/api/direct-debit";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["directDebit"],
  title: "directDebit:processing.title",
};

export const headers = noStoreHeaders;

/**
 * The "processing" step: the accepted card is turned into the supply's direct debit by a POST
 * (GET never changes data). With JavaScript the page sends it by itself; without, the customer
 * presses "Activate". A reload or a second submission is harmless: activation is idempotent.
 */
export async function loader(args: Route.LoaderArgs) {
  const state = await loadFlowState(args);
  if (state.kind !== "flow") throw redirect("/direct-debit", { headers: NO_STORE });
  if (state.flow.step === "done") throw redirect("/direct-debit/thank-you", { headers: NO_STORE });
  if (state.flow.step !== "confirm") throw redirect("/direct-debit", { headers: NO_STORE });
  const supply = state.flow.supplies.find((s) => s.meter_id === state.flow.meter_id) ?? null;
  return data({ flow: state.flow, supply }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const token = await readFlowToken(args);
  if (!token) throw redirect("/direct-debit", { headers: NO_STORE });
  const result = await activateDirectDebitFlow(getApi(args), token);
  if (result.ok && result.data.step === "done") {
    throw redirect("/direct-debit/thank-you", { headers: NO_STORE });
  }
  if (!result.ok && result.code === "dd_session_expired") {
    // /direct-debit says "session expired" and starts again.
    throw redirect("/direct-debit", { headers: NO_STORE });
  }
  if (!result.ok && result.status === 404) {
    throw redirect("/direct-debit", { headers: { ...NO_STORE, ...(await clearFlowToken(args)) } });
  }
  return data({ error: "directDebit:errors.failed" }, { status: 400, headers: NO_STORE });
}

export default function Processing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("directDebit");
  const { flow, supply } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const busy = navigation.state !== "idle";
  useEffect(() => {
    // With JavaScript the activation starts by itself, once; after an error the button retries.
    if (!sent.current && !actionData && form.current) {
      sent.current = true;
      void submit(form.current);
    }
  }, [actionData, submit]);
  return (
    <PublicLayout narrow>
      <div className="page-head">
        <h1>{t("processing.title")}</h1>
        <p className="muted">{t("stepOf", { step: 3, total: 3 })}</p>
      </div>
      {actionData?.error ? (
        <div className="alert alert--error" role="alert">
          <p>{t(actionData.error)}</p>
        </div>
      ) : null}
      <section className="card" aria-busy={busy}>
        <dl className="facts">
          <dt>{t("summary.supply")}</dt>
          <dd>{supply ? `${supply.supply_number}, ${supply.address}` : "-"}</dd>
          <dt>{t("summary.card")}</dt>
          <dd>{flow.card ? `•••• ${flow.card.last4}` : "-"}</dd>
        </dl>
        <p className="muted">{t("monthly")}</p>
        <p role="status">{busy ? t("processing.busy") : t("processing.ready")}</p>
        <Form method="post" ref={form}>
          <div className="actions">
            <button type="submit" className="btn" disabled={busy}>
              {t("processing.submit")}
            </button>
          </div>
        </Form>
        <IntentButton intent="restart" action="/direct-debit" className="btn-link">
          {t("restart")}
        </IntentButton>
      </section>
    </PublicLayout>
  );
}
