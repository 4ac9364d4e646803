import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm, ErrorSummary, SubmitButton } from "../../components/form";
import { IntentButton } from "../../components/form/IntentButton";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, redirect } from "react-router";
import { getApi } from "../../.server/api";
import { requireAllMeters, requireShell } from "../../.server/shell";
import { CardFields, DIRECT_DEBIT_LABEL_KEYS } from "../../components/direct-debit/CardFields";
import { ddErrorMessage, manageCardSchema, manageIntentSchema } from "../../domain/direct-debit";
import { MandateFacts } from "../../components/direct-debit/MandateFacts";
import { formatAddress, supplyNumber } from "../../domain/format";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import { permissionError, requirePermission } from "../../.server/permission";
import type { Route } from "./+types/direct-debit";
import { cancelDirectDebit, directDebits, saveDirectDebit } from "../../.server/api/direct-debit";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { cloudflareContext } from "../../context";
import { paymentProviderKind } from "../../../core/payment-provider";

export const handle: RouteHandle = {
  i18n: ["directDebit", "forms"],
  title: "directDebit:manage.title",
  breadcrumb: "directDebit:manage.title",
};

export const headers = noStoreHeaders;

async function ownMeter(args: Route.LoaderArgs | Route.ActionArgs) {
  const shell = await requireShell(args);
  // A supply's direct debit is managing it (#18): a `user` gets the not-permitted page.
  requirePermission(shell.user, "manage_supply");
  const id = args.params.meterId;
  const meter = /^\d{1,12}$/.test(id)
    ? (await requireAllMeters(args)).find((m) => m.id === Number(id))
    : undefined;
  // Another customer's supply answers exactly like one that does not exist.
  if (!meter) throw data(null, { status: 404 });
  return meter;
}

/**
 * The direct debit of one supply, signed in: see the card and the monthly charge day,
 * put a new card (no SMS code: the customer is signed in), or cancel after a confirmation.
 */
export async function loader(args: Route.LoaderArgs) {
  const meter = await ownMeter(args);
  const api = getApi(args);
  const list = await directDebits(api);
  if (!list.ok) throw data({ reason: "unavailable" }, { status: 503 });
  return data(
    {
      meter: {
        id: meter.id,
        supplyNumber: supplyNumber(meter),
        address: formatAddress(meter),
        kind: meter.division === 1 ? ("electricity" as const) : ("gas" as const),
        eligible: meter.status === "Active",
      },
      mandate: list.data.find((m) => m.meter_id === meter.id) ?? null,
      confirmCancel: new URL(args.request.url).searchParams.get("confirm") === "cancel",
      // With Viva a card is entered on Viva's page only: through the set-up flow (ADR 0025).
      viva: paymentProviderKind(args.context.get(cloudflareContext).env) === "viva",
    },
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const meter = await ownMeter(args);
  const api = getApi(args);
  const formData = await args.request.formData();
  const intent = manageIntentSchema.safeParse(formData.get("intent"));
  const self = href("/b2b/paroxes/:meterId/direct-debit", { meterId: String(meter.id) });
  const session = getSession(args.context);
  if (intent.success && intent.data === "cancel") {
    const result = await cancelDirectDebit(api, meter.id);
    if (result.ok) {
      session.flash("toast", { type: "success", key: "directDebit:manage.cancelled" });
    } else {
      session.flash("toast", {
        type: "error",
        key:
          permissionError(result) ??
          (result.status === 404 ? "directDebit:manage.none" : "directDebit:errors.failed"),
      });
    }
    throw redirect(self, { headers: NO_STORE });
  }

  const submission = parseWithZod(formData, { schema: manageCardSchema });
  const hideFields = ["number", "cvv"];
  if (!intent.success || submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400, headers: NO_STORE });
  }
  const saved = await saveDirectDebit(api, meter.id, submission.value);
  if (saved.ok) {
    session.flash("toast", { type: "success", key: "directDebit:manage.saved" });
    throw redirect(self, { headers: NO_STORE });
  }
  const refused = permissionError(saved);
  const shown = refused ? { field: null, key: refused } : ddErrorMessage(saved);
  const reply = shown.field
    ? submission.reply({ hideFields, fieldErrors: { [shown.field]: [shown.key] } })
    : submission.reply({ hideFields, formErrors: [shown.key] });
  return data({ result: reply }, { status: 400, headers: NO_STORE });
}

export default function ManageDirectDebit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("directDebit");
  const { meter, mandate, confirmCancel, viva } = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>{t("manage.title")}</h1>
        <p className="muted">
          {t(`kind.${meter.kind}`)} {meter.supplyNumber}, {meter.address}
        </p>
      </div>
      <section className="card" aria-labelledby="dd-status">
        <h2 id="dd-status" className="card__title">
          {t("manage.status")}
        </h2>
        {mandate ? (
          <>
            <p>
              <span className="badge badge--success">{t("manage.active")}</span>
            </p>
            <MandateFacts mandate={mandate} />
            {confirmCancel ? (
              <div className="alert alert--warning" role="alert">
                <p>{t("manage.confirmCancel", { last4: mandate.card_last4 })}</p>
                <div className="actions">
                  <IntentButton intent="cancel" className="btn btn--danger">
                    {t("manage.confirmYes")}
                  </IntentButton>
                  <a className="btn btn--secondary" href="?">
                    {t("manage.confirmNo")}
                  </a>
                </div>
              </div>
            ) : (
              <div className="actions">
                <a className="btn btn--secondary" href="?confirm=cancel">
                  {t("manage.cancel")}
                </a>
              </div>
            )}
          </>
        ) : (
          <p>{t("manage.inactive")}</p>
        )}
      </section>
      {meter.eligible ? (
        <section className="card" aria-labelledby="dd-card">
          <h2 id="dd-card" className="card__title">
            {mandate ? t("manage.edit") : t("manage.setUp")}
          </h2>
          <p className="muted">{t("monthly")}</p>
          {viva ? (
            <>
              <p>{t("manage.viva")}</p>
              <div className="actions">
                <a className="btn" href="/direct-debit">
                  {t("manage.vivaLink")}
                </a>
              </div>
            </>
          ) : (
            <ManageForm lastResult={actionData?.result} />
          )}
        </section>
      ) : (
        <p className="muted">{t("manage.notEligible")}</p>
      )}
      <p>
        <a href={href("/b2b/paroxes")}>{t("manage.back")}</a>
      </p>
    </>
  );
}

function ManageForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["directDebit", "forms"]);
  const [form, fields] = useForm<{
    holder: string;
    number: string;
    exp_month: string;
    exp_year: string;
    cvv: string;
  }>({ lastResult });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary
        form={form}
        ns={["directDebit", "forms", "common"]}
        labelKey={DIRECT_DEBIT_LABEL_KEYS}
      />
      <CardFields fields={fields} />
      <input type="hidden" name="intent" value="save" />
      <div className="actions">
        <SubmitButton>{t("manage.save")}</SubmitButton>
      </div>
    </Form>
  );
}
