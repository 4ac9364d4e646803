import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, redirect, redirectDocument } from "react-router";
import type { ApiPaymentPlan, ApiPlan, ApiPlanOption } from "../../../core/contract";
import { PAYMENT_PLAN } from "../../../core/hardship";
import { formatRf } from "../../../core/rf";
import { can } from "../../../core/permissions";
import { getApi } from "../../.server/api";
import {
  createPaymentPlan,
  getPaymentPlan,
  payNextInstalment,
  withdrawPaymentPlan,
} from "../../.server/api/payment-plans";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { permissionError } from "../../.server/permission";
import { planFormSchema, planIntentSchema } from "../../.server/plans-form";
import { requireAllMeters, requireShell } from "../../.server/shell";
import {
  ErrorSummary,
  FieldErrors,
  getFormProps,
  getInputProps,
  SubmitButton,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import { RadioGroup } from "../../components/form/RadioGroup";
import { TitledCard } from "../../components/TitledCard";
import { formatAmount, formatDate, supplyNumber } from "../../domain/format";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/diakanonismos";

export const handle: RouteHandle = {
  i18n: ["plans", "forms"],
  title: "plans:title",
  breadcrumb: "plans:title",
};

export const headers = noStoreHeaders;

const PATH = "/b2b/diakanonismos";

/** The error summary's labels (plans namespace) of the set-up form's fields. */
const LABEL_KEYS = { count: "form.count", accept: "form.accept" } as const;

/**
 * The supply the page is about: `?supply=<id>` (the overdue places link one), else the selected
 * one. One the person does not see answers 404, as one that does not exist.
 */
async function planSupply(args: Route.LoaderArgs | Route.ActionArgs, id: string | null) {
  const shell = await requireShell(args);
  if (id === null || id === "") return { shell, meter: shell.selectedMeter };
  const meter = /^\d{1,12}$/.test(id)
    ? (await requireAllMeters(args)).find((m) => m.id === Number(id))
    : undefined;
  if (!meter) throw data(null, { status: 404 });
  return { shell, meter };
}

const selfHref = (meterId: number) => `${href(PATH)}?supply=${meterId}`;

/**
 * A payment plan (διακανονισμός, #38 §1) the customer sets up for a supply's overdue balance: the
 * instalment counts offered, each with its schedule, the terms with a required "I accept", then
 * the card payment of the first instalment; afterwards the plan with each instalment's state, RF
 * code and the payment of the next one. Works without JavaScript: radio buttons, the schedules in
 * <details>, plain posts.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const { shell, meter } = await planSupply(args, url.searchParams.get("supply"));
  const state = await getPaymentPlan(getApi(args), meter.id);
  if (!state.ok) {
    if (state.status === 404) throw data(null, { status: 404 });
    throw data({ reason: "unavailable" }, { status: 503 });
  }
  return data(
    {
      meterId: meter.id,
      supply: supplyNumber(meter),
      state: state.data,
      canManage: can(shell.user.test_role, "manage_supply"),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const supplyField = formData.get("supply");
  const { meter } = await planSupply(args, typeof supplyField === "string" ? supplyField : null);
  const api = getApi(args);
  const session = getSession(args.context);
  const intent = planIntentSchema.safeParse(formData.get("intent"));
  const back = selfHref(meter.id);

  if (intent.success && intent.data !== "create") {
    if (intent.data === "pay") {
      const started = await payNextInstalment(api, meter.id);
      // The gateway is another site: a full document navigation.
      if (started.ok) throw redirectDocument(started.data.redirect_url);
      session.flash("toast", {
        type: "error",
        key:
          permissionError(started) ??
          (started.code === "payments_unavailable"
            ? "common:paymentsUnavailable"
            : started.code === "plan_not_open"
              ? "plans:errors.notOpen"
              : "plans:errors.failed"),
      });
    } else {
      const withdrawn = await withdrawPaymentPlan(api, meter.id);
      session.flash(
        "toast",
        withdrawn.ok
          ? { type: "success", key: "plans:plan.withdrawn" }
          : { type: "error", key: permissionError(withdrawn) ?? "plans:errors.notOpen" },
      );
    }
    throw redirect(back, { status: 303, headers: NO_STORE });
  }

  const submission = parseWithZod(formData, { schema: planFormSchema });
  const fail = (result: SubmissionResult<string[]>, status = 400) =>
    data({ result }, { status, headers: NO_STORE });
  if (submission.status !== "success") return fail(submission.reply());
  const created = await createPaymentPlan(api, meter.id, {
    count: Number(submission.value.count),
    accept_terms: true,
  });
  if (created.ok) throw redirectDocument(created.data.payment.redirect_url);
  const refused = permissionError(created);
  if (refused) return fail(submission.reply({ formErrors: [refused] }), 403);
  if (created.code === "plan_not_eligible" && created.field === "count") {
    return fail(submission.reply({ fieldErrors: { count: ["plans:errors.count"] } }));
  }
  const key =
    created.code === "plan_open"
      ? "plans:errors.open"
      : created.code === "plan_not_eligible"
        ? "plans:errors.notEligible"
        : created.code === "payments_unavailable"
          ? "common:paymentsUnavailable"
          : "plans:errors.failed";
  // Set up but its payment could not start: the plan page offers the payment again.
  if (created.status >= 500 && created.code !== "error") {
    session.flash("toast", { type: "error", key });
    throw redirect(back, { status: 303, headers: NO_STORE });
  }
  return fail(submission.reply({ formErrors: [key] }));
}

const money = (euros: number) => formatAmount(euros);

export default function PaymentPlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("plans");
  const { meterId, supply, state, canManage } = loaderData;
  const plan = state.plan;
  const live = plan !== null && (plan.status === "open" || plan.status === "kept");
  return (
    <div className="plans-page">
      <div className="page-head">
        <h1>{t("title")}</h1>
        <p className="muted">{t("supply", { supply })}</p>
      </div>
      {plan && live ? (
        <PlanCard plan={plan} meterId={meterId} canManage={canManage} />
      ) : (
        <>
          <p>{t("intro")}</p>
          {state.eligible ? (
            <SetUpCard state={state} meterId={meterId} lastResult={actionData?.result} />
          ) : (
            <p className="alert">
              {t(`reason.${state.reason ?? "not_overdue"}`, {
                min: formatAmount(PAYMENT_PLAN.minOverdueCents / 100),
              })}
            </p>
          )}
          {plan ? <PlanCard plan={plan} meterId={meterId} canManage={false} previous /> : null}
        </>
      )}
    </div>
  );
}

function SetUpCard({
  state,
  meterId,
  lastResult,
}: {
  state: ApiPaymentPlan;
  meterId: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["plans", "forms"]);
  const [form, fields] = useForm<{ supply: string; count: string; accept: boolean }>({
    lastResult,
  });
  const firstOption = state.options[0];
  return (
    <TitledCard id="plan-form-title" title={t("form.title")}>
      <p>
        <strong>{t("overdue", { amount: money(state.overdue) })}</strong>
      </p>
      {state.registered ? (
        <p>{t("registered", { max: PAYMENT_PLAN.maxInstalmentsVulnerable })}</p>
      ) : null}
      <Form method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary form={form} ns={["plans", "forms", "common"]} labelKey={LABEL_KEYS} />
        <input type="hidden" name="supply" value={meterId} />
        <input type="hidden" name="intent" value="create" />
        <RadioGroup
          meta={fields.count}
          legend={t("form.count")}
          options={state.options.map((option) => ({
            value: String(option.count),
            label: t("form.option", { count: option.count }),
            hint: optionHint(option, t),
          }))}
        />
        <div className="plan-schedules">
          <p className="field__label">{t("form.schedules")}</p>
          {state.options.map((option) => (
            <details key={option.count} open={option === firstOption && state.options.length === 1}>
              <summary>
                {t("form.schedule", { count: option.count, total: money(option.total) })}
              </summary>
              <ScheduleTable
                caption={t("form.option", { count: option.count })}
                rows={option.schedule.map((i) => ({ ...i, state: null, rf_code: null }))}
                interest={state.interest_bp > 0}
              />
            </details>
          ))}
        </div>
        <fieldset className="plan-terms">
          <legend className="field__label">{t("form.terms")}</legend>
          <ul>
            <li>{t("form.term1")}</li>
            <li>{t("form.term2")}</li>
            <li>{t("form.term3", { days: state.grace_days })}</li>
            <li>{t("form.term4")}</li>
            <li>
              {state.interest_bp > 0
                ? t("form.interest", {
                    rate: `${(state.interest_bp / 100).toLocaleString("el-GR")} %`,
                  })
                : t("form.interestNone")}
            </li>
          </ul>
          <div className="check">
            <input
              {...getInputProps(fields.accept, { type: "checkbox" })}
              key={fields.accept.key}
            />
            <label htmlFor={fields.accept.id}>{t("form.accept")}</label>
          </div>
          <FieldErrors
            id={fields.accept.errorId}
            errors={fields.accept.errors}
            ns={["plans", "forms", "common"]}
          />
        </fieldset>
        <div className="actions">
          <SubmitButton>{t("form.submit")}</SubmitButton>
        </div>
      </Form>
    </TitledCard>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

function optionHint(option: ApiPlanOption, t: T): string {
  const first = option.schedule[0];
  const second = option.schedule[1];
  const last = option.schedule.at(-1);
  if (!first || !last) return "";
  const lastDay = formatDate(last.due_date);
  return second && first.amount !== second.amount
    ? t("form.optionHint", {
        first: money(first.amount),
        rest: money(second.amount),
        last: lastDay,
      })
    : t("form.optionHintEqual", { each: money(first.amount), last: lastDay });
}

interface Row {
  n: number;
  due_date: string;
  amount: number;
  interest: number;
  state: ApiPlan["instalments"][number]["state"] | null;
  last_day?: string;
  rf_code: string | null;
}

function ScheduleTable({
  caption,
  rows,
  interest,
  withState = false,
}: {
  caption: string;
  rows: Row[];
  interest: boolean;
  withState?: boolean;
}) {
  const { t } = useTranslation("plans");
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("schedule.n")}</th>
            <th scope="col">{t("schedule.date")}</th>
            <th scope="col" className="num">
              {t("schedule.amount")}
            </th>
            {interest ? (
              <th scope="col" className="num">
                {t("schedule.interest")}
              </th>
            ) : null}
            {withState ? (
              <>
                <th scope="col">{t("schedule.state")}</th>
                <th scope="col">{t("schedule.rf")}</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.n}>
              <td data-label={t("schedule.n")}>{row.n}</td>
              <td data-label={t("schedule.date")}>{formatDate(row.due_date)}</td>
              <td data-label={t("schedule.amount")} className="num">
                {money(row.amount)}
              </td>
              {interest ? (
                <td data-label={t("schedule.interest")} className="num">
                  {money(row.interest)}
                </td>
              ) : null}
              {withState ? (
                <>
                  <td data-label={t("schedule.state")}>
                    {row.state ? (
                      <span className={`badge ${STATE_BADGE[row.state]}`}>
                        {t(`schedule.states.${row.state}`, {
                          day: row.last_day ? formatDate(row.last_day) : "",
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t("schedule.rf")}>
                    {row.rf_code ? (
                      <span className="nowrap">{formatRf(row.rf_code)}</span>
                    ) : row.n === 1 ? (
                      t("schedule.rfCard")
                    ) : (
                      t("schedule.rfPending")
                    )}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STATE_BADGE: Record<NonNullable<Row["state"]>, string> = {
  paid: "badge--success",
  due: "badge--warning",
  late: "badge--danger",
  missed: "badge--danger",
  upcoming: "",
};

const STATUS_BADGE: Record<ApiPlan["status"], string> = {
  open: "badge--warning",
  kept: "badge--success",
  completed: "badge--success",
  ended: "",
};

function PlanCard({
  plan,
  meterId,
  canManage,
  previous = false,
}: {
  plan: ApiPlan;
  meterId: number;
  canManage: boolean;
  previous?: boolean;
}) {
  const { t } = useTranslation("plans");
  const next = plan.instalments.find((i) => i.paid_at === null);
  const live = plan.status === "open" || plan.status === "kept";
  return (
    <TitledCard id="plan-title" title={previous ? t("plan.previous") : t("plan.title")}>
      <p>
        <span className={`badge ${STATUS_BADGE[plan.status]}`}>
          {t(`plan.status.${plan.status}`)}
        </span>{" "}
        {t("plan.summary", {
          count: plan.count,
          total: money(plan.total),
          date: formatDate(plan.created_at),
        })}
      </p>
      {plan.status === "open" ? <p>{t("plan.openHint")}</p> : null}
      {plan.status === "ended" && plan.end_reason ? (
        <p>{t(`plan.ended.${plan.end_reason}`)}</p>
      ) : null}
      <ScheduleTable
        caption={t("schedule.caption")}
        rows={plan.instalments}
        interest={plan.interest_bp > 0}
        withState
      />
      {live && next ? (
        <>
          <p>
            <strong>
              {t("plan.next", { amount: money(next.amount), date: formatDate(next.due_date) })}
            </strong>
          </p>
          {canManage ? (
            <div className="actions">
              <Form method="post">
                <input type="hidden" name="supply" value={meterId} />
                <input type="hidden" name="intent" value="pay" />
                <button type="submit" className="btn">
                  {t("plan.pay", { amount: money(next.amount) })}
                </button>
              </Form>
              {plan.status === "open" ? (
                <Form method="post">
                  <input type="hidden" name="supply" value={meterId} />
                  <input type="hidden" name="intent" value="withdraw" />
                  <button type="submit" className="btn btn--secondary">
                    {t("plan.withdraw")}
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </TitledCard>
  );
}
