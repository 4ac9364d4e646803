import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, redirect } from "react-router";
import { alertIssues, parseAmount, parsePercent, amountText } from "../../../core/alerts";
import type { ApiAlert } from "../../../core/contract";
import { getApi } from "../../.server/api";
import { getAlert, putAlert } from "../../.server/api/alerts";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { pageCache } from "../../.server/page-cache";
import { permissionError } from "../../.server/permission";
import { withModal } from "../../.server/settings";
import { requireShell, withForecast } from "../../.server/shell";
import { ForecastCard } from "../../components/forecast/ForecastCard";
import {
  ErrorSummary,
  FieldErrors,
  getFormProps,
  getInputProps,
  SubmitButton,
  TextField,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import { TitledCard } from "../../components/TitledCard";
import { ALERT_LABEL_KEYS, alertFieldOf } from "../../domain/alerts-form";
import { alertFormSchema, type AlertForm } from "../../.server/alerts-form";
import { forecastHeadline, formatCents } from "../../domain/forecast-view";
import { can } from "../../../core/permissions";
import { formatDate, supplyNumber } from "../../domain/format";
import { sidebarAllows } from "../../domain/sidebar";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/eidopoiiseis";

export const handle: RouteHandle = {
  i18n: ["alerts", "forecast.card", "forms"],
  title: "alerts:title",
  breadcrumb: "alerts:title",
};

/** The GET only reads; the forecast's headline comes with the frame's reads (one D1 batch). */
export const middleware: Route.MiddlewareFunction[] = [pageCache, withForecast];

export const headers = noStoreHeaders;

const PATH = "/b2b/eidopoiiseis";

/** The selected supply, when alerts are for it (an Active supply, as the menu shows them). */
async function alertSupply(args: Route.LoaderArgs | Route.ActionArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  if (!sidebarAllows("alerts", { meter, role: shell.user.test_role })) {
    throw redirect(href("/b2b/episkopisi"));
  }
  return { shell, meter };
}

/**
 * The alert the signed-in person sets on the selected supply (#37 §2): "warn me when the forecast
 * or a new bill exceeds X €, or the same period last year by X %", by email and/or SMS to their
 * own address and number (changed in the settings dialog, which this page links to), with the
 * forecast's headline and the bill periods it tripped for. Each person of an account sets their
 * own; its notices and inbox messages are theirs only.
 */
export async function loader(args: Route.LoaderArgs) {
  const { shell, meter } = await alertSupply(args);
  const alert = await getAlert(getApi(args), meter.id);
  if (!alert.ok) throw data({ reason: "unavailable" }, { status: 503 });
  return data(
    {
      supply: supplyNumber(meter),
      forecast: forecastHeadline(shell.forecast),
      mayReport: can(shell.user.test_role, "submit_reading"),
      alert: alert.data,
      settingsHref: withModal(href(PATH), "settings", 2),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const { meter } = await alertSupply(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: alertFormSchema });
  const fail = (result: SubmissionResult<string[]>) =>
    data({ result }, { status: 400, headers: NO_STORE });
  if (submission.status !== "success") return fail(submission.reply());
  const api = getApi(args);
  const form = submission.value;
  const current = await getAlert(api, meter.id);
  if (!current.ok) return fail(submission.reply({ formErrors: ["alerts:errors.failed"] }));
  // The same rule as the API's (core/alerts.ts), here to list every issue at once, by its field.
  const issues = alertIssues(
    {
      enabled: form.enabled,
      amountCents: parseAmount(form.amount ?? null),
      percent: parsePercent(form.percent ?? null),
      email: form.email,
      sms: form.sms,
    },
    current.data.contact,
  );
  if (issues.length > 0) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of issues) (fieldErrors[issue.field] ??= []).push(issue.message);
    return fail(submission.reply({ fieldErrors }));
  }
  const saved = await putAlert(api, meter.id, {
    enabled: form.enabled,
    amount: form.amount?.trim() || null,
    percent: form.percent?.trim() || null,
    email: form.email,
    sms: form.sms,
  });
  if (!saved.ok) {
    const field = alertFieldOf(saved.field);
    const key =
      permissionError(saved) ??
      (saved.code === "validation" && saved.message ? saved.message : "alerts:errors.failed");
    return fail(
      field
        ? submission.reply({ fieldErrors: { [field]: [key] } })
        : submission.reply({ formErrors: [key] }),
    );
  }
  getSession(args.context).flash("toast", { type: "success", key: "alerts:saved" });
  throw redirect(href(PATH), { status: 303, headers: NO_STORE });
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const { supply, forecast, alert, settingsHref, mayReport } = loaderData;
  return (
    <div className="alerts-page">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p>{t("intro", { supply })}</p>
      <AlertFormCard alert={alert} settingsHref={settingsHref} lastResult={actionData?.result} />
      <ForecastCard forecast={forecast} mayReport={mayReport} />
      <TripsCard trips={alert.trips} />
    </div>
  );
}

function AlertFormCard({
  alert,
  settingsHref,
  lastResult,
}: {
  alert: ApiAlert;
  settingsHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation(["alerts", "forms"]);
  const saved = alert.alert;
  // The amount as the reader writes it (the form takes a comma or a dot either way).
  const amount = saved?.amount == null ? "" : amountText(Math.round(saved.amount * 100));
  // A new alert starts on, by email: the two choices most people make.
  const [form, fields] = useForm<AlertForm>({
    lastResult,
    defaultValue: {
      enabled: saved ? saved.enabled : true,
      amount: i18n.language === "en" ? amount.replace(",", ".") : amount,
      percent: saved?.percent == null ? "" : String(saved.percent),
      email: saved ? saved.email : true,
      sms: saved ? saved.sms : false,
    },
  });
  const { email, mobile } = alert.contact;
  const channelErrors = [...(fields.email.errors ?? []), ...(fields.sms.errors ?? [])];
  const channelsErrorId = `${form.id}-channels-error`;
  return (
    <TitledCard id="alert-form-title" title={t("form.title")}>
      <p className="muted">
        {saved ? (saved.enabled ? t("form.stateOn") : t("form.stateOff")) : t("form.stateNone")}
      </p>
      <Form method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary form={form} ns={["alerts", "forms", "common"]} labelKey={ALERT_LABEL_KEYS} />
        <div className="check">
          <input
            {...getInputProps(fields.enabled, { type: "checkbox" })}
            key={fields.enabled.key}
          />
          <label htmlFor={fields.enabled.id}>{t("form.enabled")}</label>
        </div>
        <TextField
          meta={fields.amount}
          label={t("form.amount")}
          hint={t("form.amountHint")}
          optional
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
        />
        <TextField
          meta={fields.percent}
          label={t("form.percent")}
          hint={t("form.percentHint")}
          optional
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
        />
        <fieldset
          className="alerts-channels"
          aria-describedby={channelErrors.length > 0 ? channelsErrorId : undefined}
        >
          <legend>{t("form.channels")}</legend>
          <div className="check">
            <input {...getInputProps(fields.email, { type: "checkbox" })} key={fields.email.key} />
            <label htmlFor={fields.email.id}>
              {email ? t("form.emailTo", { email }) : t("form.emailNone")}
            </label>
          </div>
          <div className="check">
            <input {...getInputProps(fields.sms, { type: "checkbox" })} key={fields.sms.key} />
            <label htmlFor={fields.sms.id}>
              {mobile ? t("form.smsTo", { mobile }) : t("form.smsNone")}
            </label>
          </div>
          <FieldErrors
            id={channelsErrorId}
            errors={channelErrors.length > 0 ? channelErrors : undefined}
            ns={["alerts", "forms", "common"]}
          />
          <p className="muted">
            {t("form.contactHint")} <a href={settingsHref}>{t("form.contactLink")}</a>
          </p>
        </fieldset>
        <p className="muted">{t("form.once")}</p>
        <div className="actions">
          <SubmitButton>{t("form.save")}</SubmitButton>
        </div>
      </Form>
    </TitledCard>
  );
}

function TripsCard({ trips }: { trips: ApiAlert["trips"] }) {
  const { t } = useTranslation("alerts");
  return (
    <TitledCard id="alert-trips-title" title={t("trips.title")}>
      {trips.length === 0 ? (
        <p className="muted">{t("trips.none")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <caption className="visually-hidden">{t("trips.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("trips.date")}</th>
                <th scope="col">{t("trips.source")}</th>
                <th scope="col">{t("trips.period")}</th>
                <th scope="col" className="num">
                  {t("trips.amount")}
                </th>
                <th scope="col" className="num">
                  {t("trips.reference")}
                </th>
              </tr>
            </thead>
            <tbody>
              {trips.map((trip) => (
                <tr key={`${trip.period_from}/${trip.period_to}`}>
                  <td data-label={t("trips.date")}>{formatDate(trip.created_at)}</td>
                  <td data-label={t("trips.source")}>{t(`trips.sources.${trip.source}`)}</td>
                  <td data-label={t("trips.period")}>
                    {formatDate(trip.period_from)}–{formatDate(trip.period_to)}
                  </td>
                  <td data-label={t("trips.amount")} className="num">
                    {formatCents(Math.round(trip.amount * 100))}
                  </td>
                  <td data-label={t("trips.reference")} className="num">
                    {trip.reference === null ? "—" : formatCents(Math.round(trip.reference * 100))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledCard>
  );
}
